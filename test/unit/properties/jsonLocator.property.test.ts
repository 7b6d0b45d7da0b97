// Property: on random documents in any formatting, every JSON pointer maps to the range of its
// value (and of its key), and that range maps back to the same pointer (jsonc-parser as the oracle).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { findNodeAtOffset, getNodePath, parseTree } from 'jsonc-parser';
import { locatePointers } from '../../../server/src/service/parser/jsonLocator';
import { toPointer, valueAtPointer } from '../../../validation/src/jsonPointer';
import { allPaths, json } from './arbitraries';

test('property: pointer → range gives the value (and the key) of that member; the range → the same pointer', () => {
  fc.assert(
    fc.property(json, fc.constantFrom(0, 1, 2, '\t'), (doc, indent) => {
      const text = JSON.stringify(doc, null, indent);
      const parsed: unknown = JSON.parse(text); // what the text says (-0 is written as 0)
      const pointers = allPaths(doc).map((p) => toPointer(p));
      const found = locatePointers(text, pointers);
      const tree = parseTree(text)!;
      for (const [i, path] of allPaths(doc).entries()) {
        const pointer = pointers[i];
        const at = found.get(pointer);
        assert.ok(at, `no range for ${pointer} in ${text}`);
        assert.deepEqual(JSON.parse(text.slice(at.valueOffset, at.valueOffset + at.valueLength)), valueAtPointer(parsed, pointer), pointer);
        const last = path[path.length - 1];
        if (typeof last === 'string') {
          assert.ok(at.keyOffset !== undefined && at.keyLength !== undefined, `no key range for ${pointer}`);
          assert.equal(JSON.parse(text.slice(at.keyOffset, at.keyOffset + at.keyLength)), last);
        } else assert.equal(at.keyOffset, undefined);
        const node = findNodeAtOffset(tree, at.valueOffset)!;
        assert.equal(toPointer(getNodePath(node)), pointer, 'the range maps back to the pointer');
      }
    }),
    { numRuns: 300 },
  );
});

test('property: pointers that are not in the document get no range', () => {
  fc.assert(
    fc.property(json, fc.string({ maxLength: 4 }), (doc, name) => {
      const text = JSON.stringify(doc, null, 2);
      const missing = allPaths(doc)
        .map((p) => toPointer([...p, `${name}\u0000missing`]))
        .concat(toPointer([999999]));
      assert.equal(locatePointers(text, missing).size, 0);
    }),
    { numRuns: 200 },
  );
});
