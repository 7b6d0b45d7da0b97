// Properties of the three-way merge (engine/src/diff/merge.ts) and of writing it back as text
// edits (textEdits.ts), over generated gateway-like documents: objects with scalar members,
// nested objects, identity arrays (load-balancing targets by URL, versions by name, middleware
// lists by path and method) and a plain array. ours and theirs are edits of the base: values
// changed, members added and removed, identity members moved, inserted and deleted.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { merge } from '../../../engine/src/diff/merge';
import { jsonEqual } from '../../../engine/src/diff/semanticDiff';
import { applyValueToText } from '../../../engine/src/diff/textEdits';

type Json = Record<string, unknown>;
const scalar = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b', 'x y'), fc.boolean(), fc.constant(null));
const urls = ['http://a', 'http://b', 'http://c', 'http://d', 'http://e'];
const names = ['v1', 'v2', 'v3', 'v4'];
const endpoints = ['/pets', '/users', '/orders'];

const target = (url: string) => fc.record({ url: fc.constant(url), weight: fc.integer({ min: 0, max: 3 }) });
const subset = <T>(values: readonly T[]) => fc.shuffledSubarray([...values]);

/** A document shaped like a gateway definition. */
const documentArb = fc.record({
  name: scalar,
  rate: scalar,
  upstream: fc.record({
    url: scalar,
    loadBalancing: fc.record({ targets: subset(urls).chain((us) => fc.tuple(...us.map(target))) }),
  }),
  versioning: fc.record({ versions: subset(names).chain((ns) => fc.tuple(...ns.map((n) => fc.record({ name: fc.constant(n), id: scalar })))) }),
  extended_paths: fc.record({
    ignored: subset(endpoints).chain((ps) =>
      fc.tuple(...ps.map((p) => fc.record({ path: fc.constant(p), method: fc.constantFrom('GET', 'POST'), on: scalar }))),
    ),
  }),
  tags: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }),
  extra: fc.option(fc.record({ note: scalar }), { nil: undefined }),
});

/** One edit of a document, applied deterministically from generated numbers. */
const editArb = fc.record({ op: fc.integer({ min: 0, max: 9 }), n: fc.nat(), value: scalar, pick: fc.nat() });
type Edit = { op: number; n: number; value: unknown; pick: number };

function applyEdit(doc: Json, edit: Edit): Json {
  const d = structuredClone(doc) as any;
  const targets: any[] = d.upstream.loadBalancing.targets;
  const versions: any[] = d.versioning.versions;
  const ignored: any[] = d.extended_paths.ignored;
  const at = <T>(list: T[]) => (list.length ? edit.n % list.length : 0);
  switch (edit.op) {
    case 0:
      d.rate = edit.value;
      break;
    case 1:
      d.upstream.url = edit.value;
      break;
    case 2: // change a target's weight
      if (targets.length) targets[at(targets)].weight = edit.pick % 4;
      break;
    case 3: {
      // insert a target not there yet
      const url = urls.find((u, i) => i >= edit.pick % urls.length && !targets.some((t) => t.url === u));
      if (url) targets.splice(edit.n % (targets.length + 1), 0, { url, weight: 1 });
      break;
    }
    case 4: // delete a target
      if (targets.length) targets.splice(at(targets), 1);
      break;
    case 5: // move a target
      if (targets.length > 1) targets.splice(edit.pick % targets.length, 0, ...targets.splice(at(targets), 1));
      break;
    case 6: // a version's id, or a version removed
      if (versions.length) {
        if (edit.pick % 2) versions[at(versions)].id = edit.value;
        else versions.splice(at(versions), 1);
      }
      break;
    case 7: // middleware entry changed or added
      if (ignored.length && edit.pick % 2) ignored[at(ignored)].on = edit.value;
      else {
        const p = endpoints.find((e) => !ignored.some((i) => i.path === e));
        if (p) ignored.push({ path: p, method: 'GET', on: edit.value });
      }
      break;
    case 8: // a plain array: whole-array member
      d.tags = edit.pick % 2 ? [...d.tags, 'z'] : d.tags.slice(1);
      break;
    default: // an object member added or removed
      if (d.extra) delete d.extra;
      else d.extra = { note: edit.value };
  }
  return d;
}

const editsArb = fc.array(editArb, { maxLength: 4 });
const edited = (doc: Json, edits: Edit[]) => edits.reduce(applyEdit, doc);
const clean = (doc: unknown) => JSON.parse(JSON.stringify(doc)) as Json;

const RUNS = { numRuns: 300 };

describe('merge: properties', () => {
  it('merge(base, ours, base) = ours, without conflicts', () => {
    fc.assert(
      fc.property(documentArb, editsArb, (b, e) => {
        const base = clean(b);
        const ours = edited(base, e);
        const r = merge(base, ours, base);
        assert.deepEqual(r.conflicts, []);
        assert.ok(jsonEqual(r.value, ours));
      }),
      RUNS,
    );
  });

  it('merge(base, base, theirs) = theirs, without conflicts', () => {
    fc.assert(
      fc.property(documentArb, editsArb, (b, e) => {
        const base = clean(b);
        const theirs = edited(base, e);
        const r = merge(base, base, theirs);
        assert.deepEqual(r.conflicts, []);
        assert.ok(jsonEqual(r.value, theirs));
      }),
      RUNS,
    );
  });

  it('merge(base, x, x) = x, without conflicts', () => {
    fc.assert(
      fc.property(documentArb, editsArb, (b, e) => {
        const base = clean(b);
        const x = edited(base, e);
        const r = merge(base, x, structuredClone(x));
        assert.deepEqual(r.conflicts, []);
        assert.ok(jsonEqual(r.value, x));
      }),
      RUNS,
    );
  });

  it('without conflicts, the result does not depend on which side is ours', () => {
    let merged = 0;
    fc.assert(
      fc.property(documentArb, editsArb, editsArb, (b, eo, et) => {
        const base = clean(b);
        const ours = edited(base, eo);
        const theirs = edited(base, et);
        const one = merge(base, ours, theirs);
        const other = merge(base, theirs, ours);
        // A conflict on one side is a conflict on the other (same paths, up to the index on each side).
        assert.equal(one.conflicts.length === 0, other.conflicts.length === 0);
        fc.pre(one.conflicts.length === 0);
        merged++;
        assert.ok(jsonEqual(one.value, other.value), JSON.stringify({ one: one.value, other: other.value }));
      }),
      { numRuns: 500 },
    );
    assert.ok(merged > 100, `only ${merged} conflict-free cases were generated`);
  });

  it('a change on one side only is always taken, and each side keeps what only it changed', () => {
    fc.assert(
      fc.property(documentArb, editsArb, editsArb, (b, eo, et) => {
        const base = clean(b);
        const ours = edited(base, eo);
        const theirs = edited(base, et);
        const r = merge(base, ours, theirs);
        fc.pre(r.conflicts.length === 0);
        // Top-level members changed on one side only end up as that side has them.
        for (const key of ['name', 'rate', 'tags', 'extra'] as const) {
          if (jsonEqual(base[key], ours[key])) assert.ok(jsonEqual((r.value as Json)[key], theirs[key]), key);
          else if (jsonEqual(base[key], theirs[key])) assert.ok(jsonEqual((r.value as Json)[key], ours[key]), key);
        }
      }),
      RUNS,
    );
  });

  it("applying the merge's edits to the file's text gives the merged value (2 spaces, 4 spaces, tabs, CRLF)", () => {
    const layouts = fc.constantFrom<[number | string, string]>([2, '\n'], [4, '\n'], ['\t', '\n'], [2, '\r\n']);
    fc.assert(
      fc.property(documentArb, editsArb, editsArb, layouts, (b, eo, et, [indent, eol]) => {
        const base = clean(b);
        const ours = edited(base, eo);
        const theirs = edited(base, et);
        const r = merge(base, ours, theirs, { resolve: () => 'theirs' });
        const text = JSON.stringify(ours, null, indent).replace(/\n/g, eol) + eol;
        const out = applyValueToText(text, ours, r.value);
        assert.ok(jsonEqual(JSON.parse(out), r.value), out);
        if (eol === '\r\n') assert.ok(!/[^\r]\n/.test(out), 'line ends kept');
      }),
      RUNS,
    );
  });

  it('identity arrays: moves, inserts and deletions on both sides merge member by member', () => {
    fc.assert(
      fc.property(documentArb, editsArb, editsArb, (b, eo, et) => {
        const base = clean(b);
        const ours = edited(base, eo);
        const theirs = edited(base, et);
        const r = merge(base, ours, theirs);
        fc.pre(r.conflicts.length === 0);
        const urlsOf = (d: any): string[] => d.upstream.loadBalancing.targets.map((t: any) => t.url);
        const result = urlsOf(r.value);
        // Each URL is there when both sides kept it, or one side added it; gone when a side deleted it.
        for (const url of urls) {
          const [inB, inO, inT] = [base, ours, theirs].map((d) => urlsOf(d).includes(url));
          const expected = inB ? inO && inT : inO || inT;
          assert.equal(result.includes(url), expected, `${url}: base ${inB}, ours ${inO}, theirs ${inT} → ${result.join(',')}`);
        }
        assert.equal(new Set(result).size, result.length, 'no URL twice');
        // Members kept by both keep the relative order of the side that moved them (or the base's).
        const kept = (d: any) => urlsOf(d).filter((u) => result.includes(u) && urlsOf(base).includes(u));
        const resultKept = result.filter((u) => urlsOf(base).includes(u));
        const expected = kept(ours).join() !== kept(base).join() ? kept(ours) : kept(theirs);
        assert.equal(resultKept.join(), expected.join(), 'the order of the side that moved members');
      }),
      RUNS,
    );
  });
});
