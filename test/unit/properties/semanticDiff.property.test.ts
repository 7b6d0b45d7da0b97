// Properties of the field-level diff on random documents: member order and formatting never
// matter, a document never differs from itself, and applying the changes to one side gives the other.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { diffDocuments, jsonEqual, type FieldChange } from '../../../engine/src/diff/semanticDiff';
import { json, shuffled } from './arbitraries';

const RUNS = { numRuns: 300 };

/** Applies the changes (in their order: members sorted, indexes ascending) to a copy of `before`. */
function apply(before: unknown, changes: FieldChange[]): unknown {
  const holder: { root: unknown } = { root: structuredClone(before) };
  for (const c of changes) {
    let parent: any = holder;
    let key: string | number = 'root';
    for (const segment of c.path) {
      parent = parent[key];
      key = segment;
    }
    if (c.type === 'removed') {
      if (Array.isArray(parent)) {
        if ((key as number) < parent.length) parent.length = key as number;
      } else delete parent[key];
    } else parent[key] = structuredClone(c.newValue);
  }
  return holder.root;
}

test('property: a document never differs from itself, reformatted or with its members in another order', () => {
  fc.assert(
    fc.property(json, fc.integer(), fc.constantFrom(0, 2, '\t', ' '), (doc, seed, indent) => {
      const reformatted = JSON.parse(JSON.stringify(shuffled(doc, seed), null, indent));
      assert.deepEqual(diffDocuments(doc, reformatted), []);
      assert.equal(jsonEqual(doc, reformatted), true);
    }),
    RUNS,
  );
});

test('property: the changes do not depend on member order on either side', () => {
  fc.assert(
    fc.property(json, json, fc.integer(), (a, b, seed) => {
      const strip = (cs: FieldChange[]) => JSON.parse(JSON.stringify(cs));
      assert.deepEqual(strip(diffDocuments(shuffled(a, seed), shuffled(b, seed + 7))), strip(diffDocuments(a, b)));
    }),
    RUNS,
  );
});

test('property: applying the changes from a to b gives b; no change means equal documents', () => {
  fc.assert(
    fc.property(json, json, (a, b) => {
      const changes = diffDocuments(a, b);
      assert.equal(jsonEqual(apply(a, changes), b), true, JSON.stringify({ a, b, changes }));
      assert.equal(changes.length === 0, jsonEqual(a, b));
    }),
    RUNS,
  );
});

test('property: a small edit of a document is reported exactly where it was made', () => {
  fc.assert(
    fc.property(fc.dictionary(fc.string({ maxLength: 5 }), json, { minKeys: 1, maxKeys: 5 }), fc.nat(), (doc, n) => {
      fc.pre(!JSON.stringify(doc).includes('__proto__'));
      const keys = Object.keys(doc);
      const key = keys[n % keys.length];
      const edited = { ...doc, [key]: { marker: n } };
      const changes = diffDocuments(doc, edited);
      assert.ok(changes.length > 0);
      for (const c of changes) assert.equal(c.path[0], key, JSON.stringify(c));
    }),
    RUNS,
  );
});

test('found by the property above: members named like Object.prototype methods are plain members (a removal, not a change to a function)', () => {
  for (const name of ['toString', 'valueOf', 'constructor', 'hasOwnProperty']) {
    const removed = diffDocuments({ [name]: '' }, {});
    assert.deepEqual(JSON.parse(JSON.stringify(removed)), [{ path: [name], pointer: `/${name}`, display: name, type: 'removed', oldValue: '' }], name);
    const added = diffDocuments({}, { [name]: 1 });
    assert.deepEqual(
      added.map((c) => [c.type, c.newValue, 'oldValue' in c]),
      [['added', 1, false]],
      name,
    );
    assert.equal(jsonEqual(apply({ [name]: '' }, removed), {}), true);
  }
});
