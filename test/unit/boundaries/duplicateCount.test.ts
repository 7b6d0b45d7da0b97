// The count that lets strict JSON skip the full duplicate-member pass: the text's colons outside
// strings against the parsed value's members. Equal means no name is repeated; one more, a repeat.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { countMembers, hasDuplicateMembers } from '../../../server/src/service/parser/duplicateMembers';
import { measureShape, SvcDocument } from '../../../server/src/service/parser/document';
import { duplicateMemberDiagnostics } from '../../../server/src/service/validation/syntax';

const repeats = (text: string) => hasDuplicateMembers(measureShape(text).memberNames, JSON.parse(text));
const warnings = (text: string, languageId = 'json') =>
  duplicateMemberDiagnostics(new SvcDocument(TextDocument.create('file:///d.json', languageId, 1, text))).map((d) => String(d.message).split(':')[0]);

test('colons inside strings (keys and values, escaped quotes) are not members; those outside are', () => {
  assert.equal(measureShape('{"a:b": "c:d", "e\\":": [":"]}').memberNames, 2);
  assert.equal(measureShape('{"a" : {"b":1}, "c"\n:\t2}').memberNames, 3);
  assert.equal(measureShape('[":", "::", {}]').memberNames, 0);
});

test('members counted in every object, inside arrays too; an own "__proto__" member counts', () => {
  assert.equal(countMembers(JSON.parse('{"a": {"b": [{"c": 1, "d": null}, 2]}, "e": []}')), 5);
  assert.equal(countMembers(JSON.parse('{"__proto__": {"x": 1}}')), 2);
  assert.equal(countMembers(JSON.parse('"plain"')), 0);
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
