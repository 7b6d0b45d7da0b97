// Writing a merged document back into the user's file keeps the file's shape: its own indentation
// (tabs, or the smallest run of spaces), its line ends, its comments and member order where the
// merge did not touch them. Arrays with an identity (versions by name, targets by URL…) are edited
// member by member; a move, or a plain array changing length, is replaced whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'jsonc-parser';
import { applyValueToText, formattingOf } from '../../../engine/src/diff/textEdits';

test("the file's own indentation and line end: tabs, the smallest run of spaces, CRLF; 2 spaces when nothing is indented", () => {
  assert.deepEqual(formattingOf('{\n\t"a": {\n\t\t"b": 1\n\t}\n}\n'), { insertSpaces: false, tabSize: 1, eol: '\n' });
  assert.deepEqual(formattingOf('{\r\n    "a": {\r\n        "b": 1\r\n    }\r\n}\r\n'), { insertSpaces: true, tabSize: 4, eol: '\r\n' });
  assert.deepEqual(formattingOf('{\n   "a": 1\n}\n'), { insertSpaces: true, tabSize: 3, eol: '\n' });
  assert.deepEqual(formattingOf('{"a": 1}'), { insertSpaces: true, tabSize: 2, eol: '\n' });
  assert.deepEqual(formattingOf('{\n  "a": 1,\n  \t"b": 2\n}'), { insertSpaces: true, tabSize: 2, eol: '\n' }, 'a tab after spaces is not a tab indentation');
  assert.deepEqual(formattingOf('{\n  \n  "a": 1\n}'), { insertSpaces: true, tabSize: 2, eol: '\n' }, 'a line of blanks only says nothing');
});

test('an unchanged document is left byte for byte, comments and all', () => {
  const text = '{\n  // the name\n  "name": "x",   "n": 1\n}\n';
  assert.equal(applyValueToText(text, { name: 'x', n: 1 }, { n: 1, name: 'x' }), text);
});

test('a changed member is replaced in place; a removed one (absent or undefined) goes; a new one is added; comments stay', () => {
  const text = '{\n\t// keep me\n\t"a": 1,\n\t"b": { "c": 2, "d": 3 },\n\t"gone": true\n}\n';
  const out = applyValueToText(text, { a: 1, b: { c: 2, d: 3 }, gone: true }, { a: 1, b: { c: 5, d: undefined }, added: 'x', gone: undefined });
  assert.deepEqual(parse(out), { a: 1, b: { c: 5 }, added: 'x' });
  assert.ok(out.includes('// keep me'));
  assert.ok(out.includes('\t"added": "x"'), "added with the file's tab indentation");
  assert.ok(out.indexOf('"a"') < out.indexOf('"b"') && out.indexOf('"b"') < out.indexOf('"added"'), 'order kept, new at the end');
});

test("a new document altogether (an object becoming an array) is written whole in the file's indentation and line end", () => {
  const out = applyValueToText('{\r\n    "a": 1\r\n}\r\n', { a: 1 }, [1, 2]);
  assert.equal(out, '[\n    1,\n    2\n]\r\n');
});

test('a plain array of the same length is edited element by element; one of another length is replaced', () => {
  const text = '{\n  "list": [\n    1, // one\n    2\n  ]\n}\n';
  const same = applyValueToText(text, { list: [1, 2] }, { list: [1, 3] });
  assert.deepEqual(parse(same), { list: [1, 3] });
  assert.ok(same.includes('// one'), 'the untouched element keeps its comment');
  const longer = applyValueToText(text, { list: [1, 2] }, { list: [1, 2, 3] });
  assert.deepEqual(parse(longer), { list: [1, 2, 3] });
});

test('versions by name: a removed version goes, a new one is inserted at its merged place, a kept one is edited in place', () => {
  const text = '{\n  "versions": [\n    { "name": "v1", "x": 1 }, // first\n    { "name": "v2", "x": 2 },\n    { "name": "v3", "x": 3 }\n  ]\n}\n';
  const current = {
    versions: [
      { name: 'v1', x: 1 },
      { name: 'v2', x: 2 },
      { name: 'v3', x: 3 },
    ],
  };
  const target = {
    versions: [
      { name: 'v1', x: 1 },
      { name: 'new', x: 0 },
      { name: 'v3', x: 30 },
    ],
  };
  const out = applyValueToText(text, current, target);
  assert.deepEqual(parse(out), target);
  assert.ok(out.includes('// first'), 'the untouched version keeps its comment');
});

test('versions moved (a different order of the same names) are replaced whole, in the new order', () => {
  const current = { versions: [{ name: 'v1' }, { name: 'v2' }] };
  const target = { versions: [{ name: 'v2' }, { name: 'v1' }] };
  const out = applyValueToText(JSON.stringify(current, null, 2), current, target);
  assert.deepEqual(parse(out), target);
});
