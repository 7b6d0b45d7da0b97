// The field-level diff's edges: undefined members count as absent on either side, and the ignore
// option never hides the document itself (only paths inside it).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffDocuments, jsonEqual } from '../../../engine/src/diff/semanticDiff';

test('jsonEqual: an undefined member is the same as no member, on either side; a real member is not', () => {
  assert.equal(jsonEqual({ a: 1, b: undefined }, { a: 1 }), true);
  assert.equal(jsonEqual({ a: 1 }, { a: 1, b: undefined }), true);
  assert.equal(jsonEqual({ a: 1, b: null }, { a: 1 }), false);
  assert.equal(jsonEqual({ a: 1 }, { b: 1 }), false);
  assert.equal(jsonEqual([1, 2], [1, 2]), true);
  assert.equal(jsonEqual([1, 2], [2, 1]), false);
  assert.equal(jsonEqual([1], { 0: 1 }), false);
  assert.equal(jsonEqual(1, '1'), false);
});

test('ignore applies to paths inside the document, never to the document as a whole', () => {
  const all = () => true;
  assert.deepEqual(
    diffDocuments(1, 2, { ignore: all }).map((c) => [c.pointer, c.type]),
    [['', 'changed']],
  );
  assert.deepEqual(diffDocuments({ a: 1 }, { a: 2 }, { ignore: all }), []);
  assert.deepEqual(
    diffDocuments({ a: 1, b: 1 }, { a: 2, b: 2 }, { ignore: (p) => p[0] === 'a' }).map((c) => c.pointer),
    ['/b'],
  );
});
