// Formatting honours the editor's tab settings, keeps comments in JSONC, formats a range only,
// and grows linearly with the document (issue 34, item 6).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { doc, service } from './completion.helpers';
import { minified } from './format.helpers';

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

test('a minified document is formatted with one edit from the first to the last change, the same text as edit by edit', async () => {
  const { format: formatJson, applyEdits } = await import('jsonc-parser');
  const items = Array.from({ length: 300 }, (_, i) => ({ id: i, name: `n${i}`, tags: ['a', 'b'], nested: { x: i } }));
  const text = JSON.stringify({ rate: 1, per: 60, items });
  const document = doc(text);
  const edits = service().format(document, { tabSize: 2, insertSpaces: true });
  assert.equal(edits.length, 1);
  assert.equal(TextDocument.applyEdits(document, edits), applyEdits(text, formatJson(text, undefined, { tabSize: 2, insertSpaces: true, eol: '\n' })));
  assert.deepEqual(service().format(doc('{\n  "a": 1\n}'), { tabSize: 2, insertSpaces: true }), [], 'nothing to change: no edit');
});

test('formatting stops at the validation size limit: just inside is formatted, just outside says why', async () => {
  const { DocumentTooLargeToFormat } = await import('../../../server/src/service/format/format.js');
  const text = '{"a":1}';
  assert.equal(service().format(doc(text), { tabSize: 2, insertSpaces: true }, undefined, text.length).length, 1);
  assert.throws(
    () => service().format(doc(text), { tabSize: 2, insertSpaces: true }, undefined, text.length - 1),
    (error: unknown) =>
      error instanceof DocumentTooLargeToFormat && /above the 0\.0 MB limit of svc\.validation\.maxFileSize: it is not formatted/.test(error.message),
  );
});

test('formatting grows with the text: 1, 4 and 8 times the text give one edit each, its size in proportion', () => {
  const options = { tabSize: 2, insertSpaces: true };
  const ls = service();
  const N = 64_000;
  // Work that does not depend on the clock: the editor gets one edit whatever the size (one per
  // token made it apply tokens x size characters), and that edit grows with the text, no faster.
  // The time per megabyte at 0.5, 2 and 4 MB is a benchmark (bench/formatting.ts), not a test.
  const perCharacter = [N, 4 * N, 8 * N].map((n) => {
    const d = doc(minified(n));
    const edits = ls.format(d, options);
    assert.equal(edits.length, 1, `${d.getText().length} characters: one edit`);
    return edits[0].newText.length / d.getText().length;
  });
  for (const ratio of perCharacter) assert.ok(Math.abs(ratio - perCharacter[0]) < 0.1 * perCharacter[0], `edit size per character: ${perCharacter.join(', ')}`);
});
