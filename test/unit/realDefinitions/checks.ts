// The checks run on a set of real documents, written once and run twice: on the set carried in the
// repository (the *.test.ts files beside this one, part of `npm test`) and on the team's whole set
// outside it (test/conformance/realDefinitions.conformance.test.ts, the optional conformance layer).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refusalsOf } from '../../../validation/src/index';
import { CARRIED_DIR, describe, errorsOf, lint, realDocuments } from './realDefinitions';
import { mutationsOf, setAt } from './mutate';

export interface RealSet {
  /** Shown in the test names. */
  label: string;
  dir: string;
  /** Files the set holds (with documents to lint, or plain OpenAPI without the extension): a lost file fails. */
  files: number;
  /** Least number of one-member mutations "one mistake, one message" must try. */
  oneMistakeMutations: number;
  /** Least number of documents and mutations both the editor and the sandbox must refuse in "one truth". */
  refused: number;
}

const KINDS = ['classic', 'oas', 'streams', 'policy', 'session'] as const;

/** Every real document lints with zero errors: an error must mean "the reference would refuse this". */
export function zeroErrors(set: RealSet): void {
  test(`real definitions (${set.label}): every folder is read and the set is complete`, () => {
    const { documents, notOurs } = realDocuments(set.dir);
    const files = new Set(documents.map((d) => d.name.split('#')[0]));
    assert.equal(files.size + notOurs.length, set.files, `read ${files.size} files with documents and ${notOurs.length} without`);
    for (const kind of [...KINDS, 'dashboard-api']) {
      assert.ok(
        documents.some((d) => d.detection.kind === kind),
        `no ${kind} document among the real definitions`,
      );
    }
    // Only plain OpenAPI documents (no extension: not ours) hold nothing to lint.
    assert.deepEqual(
      notOurs.map((n) => n.reason).filter((r) => r !== 'plain OpenAPI without x-svc-api-gateway'),
      [],
    );
  });

  for (const doc of realDocuments(set.dir).documents) {
    if (TEMPLATES.has(doc.name)) {
      test(`real definition ${doc.name}: refused as an OAS document (missing members), no error as an import template`, () => {
        const asOas = errorsOf(lint({ ...doc, detection: { kind: 'oas', source: 'association' } }));
        assert.ok(asOas.length > 0 && asOas.every((e) => e.code === 'svc.schema.required'), describe(asOas));
        const asTemplate = errorsOf(lint({ ...doc, detection: { kind: 'oas-template', source: 'association' } }));
        assert.equal(asTemplate.length, 0, describe(asTemplate));
      });
      continue;
    }
    const refused = REFUSED_BY_REFERENCE[doc.name];
    if (refused) {
      test(`real definition ${doc.name} (${doc.detection.kind}) is refused by the reference's decoder (${refused})`, () => {
        const errors = errorsOf(lint(doc));
        assert.ok(errors.length > 0, 'no error on a document the reference refuses');
        assert.deepEqual([...new Set(errors.map((e) => e.code))], ['svc.decode'], describe(errors));
      });
      continue;
    }
    test(`real definition ${doc.name} (${doc.detection.kind}) has no errors`, () => {
      const errors = errorsOf(lint(doc));
      assert.equal(errors.length, 0, `errors on a document the reference accepts:\n${describe(errors)}`);
    });
  }
}

/**
 * Documentation samples the reference's own decoder refuses: they write integer members as
 * `1718439136.0` (Go's encoding/json refuses a fraction in an int64, validation/src/semantic/decoding.ts).
 * Each must have errors, and only the decoder's.
 */
const REFUSED_BY_REFERENCE: Record<string, string> = {
  'keys/docs-dashapi__api-apis-apiID-keys-keyID-put-req.json': '`expires` and `quota_renews` written with `.0`',
  'keys/gw-gwapi__svc-keys-keyID-put-req.json': 'integer members written with `.0`',
  'keys/gw-gwapi__svc-keys-post-req.json': 'integer members written with `.0`',
  'policies/docs-dashapi__api-portal-policies-post-req.json': '`key_expires_in` written with `.0`',
  'policies/gw-gwapi__svc-policies-polID-put-req.json': 'integer members written with `.0`',
  'policies/gw-gwapi__svc-policies-post-req.json': 'integer members written with `.0`',
};

/**
 * An import template and an extension fragment: they leave out what import fills in, so POST, PUT
 * and PATCH refuse them as OAS documents; marked as templates (`oas-template`) they are checked
 * in the reference's template mode, with no error. The first is marked by its name
 * (`…-oas-template.json`, common/src/detection.ts) and is linted as a template without help.
 */
const TEMPLATES = new Set(['oas/gw__oas__testdata__non-empty-x-svc-ext-oas-template.json', 'oas/docs-dashapi__schemas-JSONRawMessage.json']);

/** Wrong types and values outside a closed set are still errors: at least 95% caught per kind. */
export function mutationsCaught(set: RealSet): void {
  test(`real definitions (${set.label}): wrong types and out-of-set values are still errors (>= 95% per kind)`, () => {
    const byKind = new Map<string, { total: number; caught: number; missed: string[] }>();
    for (const doc of realDocuments(set.dir).documents) {
      // A document refused only for how its numbers are written (`….0`) is mutated from its
      // plain re-serialisation; any other document with errors is skipped.
      const text = errorsOf(lint(doc)).length > 0 ? `${JSON.stringify(JSON.parse(doc.text), null, 2)}\n` : doc.text;
      if (errorsOf(lint(doc, text)).length > 0) continue;
      const root = JSON.parse(text);
      for (const m of mutationsOf(doc, root)) {
        const tally = byKind.get(doc.detection.kind) ?? { total: 0, caught: 0, missed: [] };
        byKind.set(doc.detection.kind, tally);
        tally.total++;
        const errors = errorsOf(lint(doc, JSON.stringify(setAt(root, m.path, m.value), null, 2)));
        if (errors.length > 0) tally.caught++;
        else tally.missed.push(`${doc.name} /${m.path.join('/')} (${m.what})`);
      }
    }
    const report = [...byKind].map(([kind, t]) => `${kind}: ${t.caught}/${t.total}`).join(', ');
    console.log(`mutations caught: ${report}`);
    for (const kind of KINDS) assert.ok((byKind.get(kind)?.total ?? 0) >= 20, `too few ${kind} mutations: ${report}`);
    for (const [kind, t] of byKind) {
      assert.ok(t.caught / t.total >= 0.95, `${kind}: only ${t.caught}/${t.total} caught; missed:\n${t.missed.slice(0, 30).join('\n')}`);
    }
  });
}

type Path = Array<string | number>;

/** A value of another JSON type than `value` (what a typo or a wrong paste gives). */
function wrongTypeFor(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number' || (value !== null && typeof value === 'object')) return 'wrong-type';
  if (typeof value === 'boolean') return 'yes';
  return 5;
}

function memberPaths(root: unknown): Path[] {
  const out: Path[] = [];
  const visit = (value: unknown, path: Path): void => {
    if (path.length >= 6 || value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const childPath = [...path, Array.isArray(value) ? Number(key) : key];
      out.push(childPath);
      visit(child, childPath);
    }
  };
  visit(root, []);
  return out;
}

/** One mistake, one message: a member given a value of another JSON type adds exactly one error. */
export function oneMistakeOneMessage(set: RealSet): void {
  test(`one mistake, one message (${set.label}): a wrong-typed member of a real document adds exactly one error`, () => {
    const noisy: string[] = [];
    const silent: string[] = [];
    let mutations = 0;
    for (const doc of realDocuments(set.dir).documents) {
      const root = JSON.parse(doc.text) as unknown;
      const before = errorsOf(lint(doc, JSON.stringify(root, null, 2))).length;
      memberPaths(root).forEach((path, i) => {
        if (i % 3 !== 0) return;
        let value: unknown = root;
        for (const segment of path) value = (value as Record<string | number, unknown>)[segment];
        const errors = errorsOf(lint(doc, JSON.stringify(setAt(root, path, wrongTypeFor(value)), null, 2)));
        mutations++;
        const added = errors.length - before;
        if (added > 1) noisy.push(`${doc.name} /${path.join('/')}: ${errors.map((e) => e.message).join(' | ')}`);
        if (added < 0) silent.push(`${doc.name} /${path.join('/')}: an error went away`);
      });
    }
    console.log(`one mistake, one message: ${mutations} mutations`);
    assert.ok(mutations >= set.oneMistakeMutations, `only ${mutations} mutations`);
    assert.deepEqual(silent, []);
    assert.deepEqual(noisy.slice(0, 10), [], `${noisy.length} of ${mutations} mutations gave more than one new error`);
  });
}

/** One truth: the sandbox's validator and the editor's error diagnostics agree on documents and mutations. */
export function oneTruth(set: RealSet): void {
  test(`one truth (${set.label}): refusals of the shared core = error diagnostics of the editor (real documents and mutations)`, () => {
    const disagreements: string[] = [];
    let compared = 0;
    let refused = 0;
    for (const doc of realDocuments(set.dir).documents) {
      const root = JSON.parse(doc.text);
      const variants = [
        { label: 'as is', value: root },
        ...mutationsOf(doc, root)
          .slice(0, 3)
          .map((m) => ({ label: `/${m.path.join('/')}`, value: setAt(root, m.path, m.value) })),
      ];
      for (const { label, value } of variants) {
        const editor = errorsOf(lint(doc, JSON.stringify(value, null, 2))).length > 0;
        const sandbox = refusalsOf(doc.detection.kind, value).length > 0;
        compared++;
        if (sandbox) refused++;
        if (editor !== sandbox)
          disagreements.push(`${doc.name} ${label}: editor ${editor ? 'errors' : 'no errors'}, sandbox ${sandbox ? 'refuses' : 'accepts'}`);
      }
    }
    console.log(`one truth: ${compared} documents compared, ${refused} refused by both`);
    assert.ok(refused >= set.refused, `only ${refused} refusals to compare: the mutations must give refusals`);
    assert.deepEqual(disagreements, []);
  });
}

/**
 * The "unknown member" warnings left on the team's whole set of real definitions, each with why it
 * stays; a set checks the entries of its own files. A new one fails the test.
 */
const EXPECTED_UNKNOWN: Record<string, string[]> = {
  // A typo in the reference's own test app: "did you mean `custom_middleware`?".
  'classic/gw__apps__coprocess_grpc_app_sample_protected.json': ['custom_middleware_'],
  // Not a member of `proxy.transport` in the reference's schema or facts.
  'classic/gw__error-overrides__apps__test-nrh.json': ['dial_timeout'],
  'classic/gw__error-overrides__apps__test-uct.json': ['dial_timeout'],
  // `extended_paths` belongs inside a version of `version_data.versions`, not at the top.
  'classic/gw__tracing__apps__test-response-mw.json': ['extended_paths'],
  // A plugin's session in another shape: quota counters under names the reference does not read.
  'keys/demo__bearer-token__bearer-token-1-grpc_hmac_key.json': [
    ...['quota_reset', 'quota_used'],
    ...['quota_max', 'quota_renews', 'quota_remaining', 'quota_reset', 'quota_used', 'per', 'expires'],
  ],
  // A policy record's member (gateway-facts §6) in a key.
  'keys/demo__bearer-token__bearer-token-10-jwt_rsa.json': ['access_rights_array'],
  // Not in the reference's `limit` (gateway-facts §5).
  'policies/demo__policies__policy-641c15dd0fffb800010197bf.json': ['set_by_policy', 'set_by_policy'],
  'policies/demo__svc-portal__plan.json': ['oauth2_scopes'],
  // A key's member (the time of the next reset) in a policy, which has `quota_renewal_rate`.
  'policies/gw__policy__testdata__policies.json': ['quota_renews'],
};

/** "Unknown member" on a real document means a member the reference does not know: the ones left are pinned. */
export function unknownMembers(set: RealSet): void {
  test(`real definitions (${set.label}): the "unknown member" warnings left are the expected ones`, () => {
    const { documents } = realDocuments(set.dir);
    const files = new Set(documents.map((d) => d.name.split('#')[0]));
    const found: Record<string, string[]> = {};
    for (const doc of documents) {
      for (const d of lint(doc)) {
        if (d.code !== 'svc.unknown-member') continue;
        const member = /`([^`]+)`/.exec(String(d.message))?.[1] ?? '?';
        (found[doc.name.split('#')[0]] ??= []).push(member);
      }
    }
    assert.deepEqual(found, Object.fromEntries(Object.entries(EXPECTED_UNKNOWN).filter(([name]) => files.has(name))));
  });
}

/** The set carried in the repository (test/fixtures/real-definitions, its README lists every file). */
export const CARRIED: RealSet = { label: 'carried', dir: CARRIED_DIR, files: 79, oneMistakeMutations: 1500, refused: 100 };
