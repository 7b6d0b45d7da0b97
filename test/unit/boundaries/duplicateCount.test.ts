// The count that lets strict JSON skip the full duplicate-member pass: the members the text writes
// against the parsed value's members. Equal means no name is repeated; one more, a repeat. The
// text's count comes from the value when the colons prove it (valueShape.ts), else from a pass over
// the text (`measureShape`); both must give the same answer.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { measureShape, SvcDocument } from '../../../server/src/service/parser/document';
import { measureValue, shapeOfParsedText } from '../../../server/src/service/parser/valueShape';
import { duplicateMemberDiagnostics } from '../../../server/src/service/validation/syntax';

const documentOf = (text: string, languageId = 'json') => new SvcDocument(TextDocument.create('file:///d.json', languageId, 1, text));
const repeats = (text: string) => documentOf(text).mayRepeatMembers;
/** The shape told from the value, or `undefined` when the counts prove nothing. */
const provenShape = (text: string) => shapeOfParsedText(text, measureValue(JSON.parse(text)));
const warnings = (text: string, languageId = 'json') => duplicateMemberDiagnostics(documentOf(text, languageId)).map((d) => String(d.message).split(':')[0]);

test('colons inside strings (keys and values, escaped quotes) are not members; those outside are', () => {
  assert.equal(measureShape('{"a:b": "c:d", "e\\":": [":"]}').memberNames, 2);
  assert.equal(measureShape('{"a" : {"b":1}, "c"\n:\t2}').memberNames, 3);
  assert.equal(measureShape('[":", "::", {}]').memberNames, 0);
});

test('members counted in every object, inside arrays too; an own "__proto__" member counts', () => {
  assert.equal(measureValue(JSON.parse('{"a": {"b": [{"c": 1, "d": null}, 2]}, "e": []}')).members, 5);
  assert.equal(measureValue(JSON.parse('{"__proto__": {"x": 1}}')).members, 2);
  assert.equal(measureValue(JSON.parse('"plain"')).members, 0);
});

test('the value counts colons in its strings, names included, and its depth as the text nests', () => {
  assert.deepEqual(measureValue(JSON.parse('{"a:b": "c:d", "e": [":", "::", {"f": "g"}]}')), { members: 3, depth: 3, colonsInStrings: 5 });
  assert.deepEqual(measureValue(JSON.parse('[[], {}]')), { members: 0, depth: 2, colonsInStrings: 0 });
  assert.deepEqual(measureValue(JSON.parse('"x:y"')), { members: 0, depth: 0, colonsInStrings: 1 });
});

test('the shape told from the value is the pass over the text whenever the counts prove it', () => {
  for (const text of [
    '{"a:b": "c:d", "e\\":": [":"]}',
    '{"a" : {"b":1}, "c"\n:\t2}',
    '[":", "::", {}]',
    '{"url": "https://x.example:8080/a", "deep": [[[{"k": {"v": "1:2"}}]]]}',
    '{}',
    '7',
  ]) {
    assert.deepEqual(provenShape(text), measureShape(text), text);
  }
});

test('no proof from the value: a repeated name, or a colon written as an escape, falls back to the text', () => {
  // One more member name written than the value keeps.
  assert.equal(provenShape('{"a": 1, "a": 2}'), undefined);
  // A dropped duplicate nested deeper than what stays: only the text knows that depth.
  assert.equal(provenShape('{"a": [[[1]]], "a": 1}'), undefined);
  assert.equal(documentOf('{"a": [[[1]]], "a": 1}').nestingDepth, 4);
  // `\u003a` is a colon in the value but none in the text: the counts could hide a repeat.
  assert.equal(provenShape('{"a": "\\u003a", "a": 1}'), undefined);
  assert.equal(provenShape('{"a": "\\u003A"}'), undefined);
  assert.equal(repeats('{"a": "\\u003a", "a": 1}'), true);
  // Any other escape writes no colon: still proven.
  assert.deepEqual(provenShape('{"a": "\\u0026\\n"}'), { depth: 1, memberNames: 1 });
});

test('no repeat: equal counts, no full pass, no warning', () => {
  assert.equal(repeats('{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}'), false);
  assert.deepEqual(warnings('{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}'), []);
});

test('one repeat, however deep: one more name than members, and the warning names it', () => {
  assert.equal(repeats('{"a": 1, "a": 2}'), true);
  assert.equal(repeats('{"x": [{"y": {"z": 1, "z": 1}}]}'), true);
  assert.deepEqual(warnings('{"x": [{"y": {"z": 1, "z": 1}}]}'), ['Duplicate member `z`']);
  // The same name written with an escape is the same member.
  assert.deepEqual(warnings('{"a": 1, "\\u0061": 2}'), ['Duplicate member `a`']);
  // JSON.parse keeps one own `__proto__` member for two, as for any other name.
  assert.deepEqual(warnings('{"__proto__": 1, "__proto__": 2}'), ['Duplicate member `__proto__`']);
});

test('JSONC and broken text keep the full pass (their colons may sit in comments)', () => {
  assert.deepEqual(warnings('{"a": 1, // "b": 2,\n "a": 3}', 'jsonc'), ['Duplicate member `a`']);
  assert.deepEqual(warnings('{"a": 1, /* x: y */ "b": 2}', 'jsonc'), []);
  assert.deepEqual(warnings('{"a": 1, "a": 2', 'json'), ['Duplicate member `a`']);
});
