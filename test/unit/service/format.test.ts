// Formatting honours the editor's tab settings, keeps comments in JSONC, formats a range only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { doc, service } from './completion.helpers';

const formatted = (document: TextDocument, tabSize: number, insertSpaces: boolean, range?: Parameters<ReturnType<typeof service>['format']>[2]) =>
  TextDocument.applyEdits(document, service().format(document, { tabSize, insertSpaces }, range));

test('two spaces, four spaces and tabs', () => {
  const document = doc('{"proxy":{"listen_path":"/a","target_list":["http://a","http://b"]}}');
  assert.equal(
    formatted(document, 2, true),
    '{\n  "proxy": {\n    "listen_path": "/a",\n    "target_list": [\n      "http://a",\n      "http://b"\n    ]\n  }\n}',
  );
  assert.equal(formatted(document, 4, true).split('\n')[1], '    "proxy": {');
  assert.equal(formatted(document, 4, false).split('\n')[2], '\t\t"listen_path": "/a",');
});

test('comments survive in JSONC', () => {
  const document = doc('{\n// the path\n"listen_path":"/a"}', 'jsonc');
  assert.equal(formatted(document, 2, true), '{\n  // the path\n  "listen_path": "/a"\n}');
});

test('a range request leaves the rest alone', () => {
  const document = doc('{"a":{"b":1},\n"c":{"d":2}}');
  const out = formatted(document, 2, true, { start: { line: 1, character: 0 }, end: { line: 1, character: 11 } });
  assert.ok(out.startsWith('{"a":{"b":1},\n'), out);
  assert.match(out, /"c": \{\n\s+"d": 2\n\s*\}/);
});
