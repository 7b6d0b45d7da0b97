// Through the real server (dist/server.js): formatting a large document runs in the worker
// (dist/formatWorker.js), so a hover in another document sent after it is answered first; the
// format answer is one edit that formats the whole document (issue 34, item 6).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Hover, TextEdit } from 'vscode-languageserver-protocol';
import { LspClient } from './helpers/lspClient';

let client: LspClient;
before(async () => {
  client = await LspClient.start();
});
after(async () => {
  await client.stop();
});

test('a 1.5 MB minified document is formatted in the background: a later hover is answered first', async () => {
  const items = Array.from({ length: 24_000 }, (_, i) => ({ id: i, name: `n${i}`, tags: ['a', 'b'], nested: { x: i } }));
  const text = JSON.stringify({ rate: 1, per: 60, items });
  const big = 'file:///protocol/format-large.json';
  const small = 'file:///protocol/format-small.json';
  client.open(big, text);
  client.open(small, '{"name": "x", "api_id": "a", "proxy": {"listen_path": "/x/"}}');
  const order: string[] = [];
  const formatting = client
    .request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: big }, options: { tabSize: 2, insertSpaces: true } })
    .then((edits) => (order.push('format'), edits));
  const hover = client
    .request<Hover | null>('textDocument/hover', { textDocument: { uri: small }, position: { line: 0, character: 3 } })
    .then((h) => (order.push('hover'), h));
  const [edits] = await Promise.all([formatting, hover]);
  assert.deepEqual(order, ['hover', 'format']);
  assert.equal(edits.length, 1);
  const formatted = TextDocument.applyEdits(TextDocument.create(big, 'json', 1, text), edits);
  assert.equal(formatted, JSON.stringify(JSON.parse(text), null, 2));
});
