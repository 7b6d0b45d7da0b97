// Folding: multi-line objects and arrays (closing bracket stays visible), block comments, regions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { doc, service } from './completion.helpers';

test('objects and arrays spanning lines fold up to the line before their closing bracket', () => {
  const text = '{\n  "a": {\n    "b": 1\n  },\n  "list": [\n    1,\n    2\n  ],\n  "inline": {"c": 1}\n}';
  assert.deepEqual(service().foldingRanges(doc(text)), [
    { startLine: 0, endLine: 8 },
    { startLine: 1, endLine: 2 },
    { startLine: 4, endLine: 6 },
  ]);
});

test('block comments and #region markers in JSONC', () => {
  const text = '{\n  /* one\n     two */\n  // #region auth\n  "a": 1,\n  "b": 2\n  // #endregion\n}';
  const ranges = service().foldingRanges(doc(text, 'jsonc'));
  assert.deepEqual(
    ranges.filter((r) => r.kind),
    [
      { startLine: 1, endLine: 2, kind: 'comment' },
      { startLine: 3, endLine: 6, kind: 'region' },
    ],
  );
});

test('the client limit is honoured', () => {
  const text = JSON.stringify({ a: { b: { c: { d: 1 } } } }, null, 2);
  assert.equal(service().foldingRanges(doc(text), 2).length, 2);
});
