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

test('each kind of syntax error is named in plain words, at the character where it starts', () => {
  const cases: Array<[string, string]> = [
    ['{ @ }', 'at line 1, column 3: a character that JSON does not allow'],
    ['{"a": 1.}', 'at line 1, column 7: a number that ends too early'],
    ['{"a": }', 'at line 1, column 7: a value is expected'],
    ['{"a" 1}', 'at line 1, column 6: a colon is missing'],
    ['[1', 'at line 1, column 3: a closing ] is missing'],
    ['{} 1', 'at line 1, column 4: text follows the end of the document'],
    ['{"a": "abc', 'at line 1, column 7: a string that never ends'],
    ['{"a": "\\u12"}', 'at line 1, column 7: a \\u escape written wrongly'],
    ['{"a": "\\x"}', 'at line 1, column 7: an escape (\\) JSON does not know'],
    ['{"a": "a\u0001b"}', 'at line 1, column 7: a control character inside a string'],
    ['\n\n  {"a": tru}', 'at line 3, column 9: a character that JSON does not allow'],
    ['{"a":\r\n  "b"\r\n  , }', 'at line 3, column 5: a member name (in double quotes) is expected'],
  ];
  for (const [text, problem] of cases) assert.equal(jsonSyntaxProblem(text), problem, JSON.stringify(text));
});
