// One outline: a client whose editor already outlines json/jsonc documents (VS Code with its
// JSON language features) gets no document symbols from us; any other client gets ours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentSymbol } from 'vscode-languageserver-protocol';
import { LspClient, repoRoot } from './helpers/lspClient';

const oas = readFileSync(join(repoRoot, 'test', 'fixtures', 'service', 'valid', 'oas.json'), 'utf8');

test('VS Code with JSON language features: no documentSymbolProvider (its JSON outline is the one)', async () => {
  const client = await LspClient.start({ initializationOptions: { editorProvidesJsonOutline: true } });
  try {
    assert.equal(client.initializeResult.capabilities.documentSymbolProvider, undefined);
    assert.ok(client.initializeResult.capabilities.hoverProvider, 'the other features stay');
  } finally {
    await client.stop();
  }
});

test('a client without a JSON outline of its own gets ours', async () => {
  for (const initializationOptions of [undefined, { editorProvidesJsonOutline: false }]) {
    const client = await LspClient.start({ initializationOptions });
    try {
      assert.ok(client.initializeResult.capabilities.documentSymbolProvider);
      const uri = 'file:///outline/oas.json';
      client.open(uri, oas);
      const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
      assert.ok(symbols.some((s) => s.name === 'x-svc-api-gateway'));
    } finally {
      await client.stop();
    }
  }
});
