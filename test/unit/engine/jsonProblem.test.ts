// Where a pushed text stops being JSON, said by line and column in plain words.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { jsonSyntaxProblem } from '../../../engine/src/sync/jsonProblem';

test('valid JSON has no problem; the first error is named by line and column, counted from 1', () => {
  assert.equal(jsonSyntaxProblem('{\n  "a": 1\n}\n'), undefined);
  assert.equal(jsonSyntaxProblem('{\n  "a": 1\n  "b": 2\n}'), 'at line 3, column 3: a comma is missing');
  assert.equal(jsonSyntaxProblem('{"a": 1,}'), 'at line 1, column 9: a member name (in double quotes) is expected');
  assert.equal(jsonSyntaxProblem('{\n  "a": 1'), 'at line 2, column 9: a closing } is missing');
  assert.equal(jsonSyntaxProblem('{ // note\n}'), 'at line 1, column 3: a comment, which JSON does not allow');
  assert.equal(jsonSyntaxProblem('  '), 'at line 1: the document is empty');
});
