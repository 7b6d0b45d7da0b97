// The outline: operations by method and path, array items by name, kinds for the gateway parts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver-types';
import { doc, service } from './completion.helpers';
import { documentSymbols } from '../../../server/src/service/symbols/symbols';

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/service', name), 'utf8');
const names = (symbols: DocumentSymbol[] | undefined) => (symbols ?? []).map((s) => s.name);
const find = (symbols: DocumentSymbol[] | undefined, name: string) => symbols?.find((s) => s.name === name);

test('OAS: top-level members, operations named "METHOD path" with the operationId as detail', () => {
  const symbols = service().documentSymbols(doc(fixture('valid/oas.json')));
  assert.deepEqual(names(symbols), ['openapi', 'info', 'servers', 'security', 'paths', 'components', 'x-svc-api-gateway']);
  const pets = find(find(symbols, 'paths')?.children, '/pets');
  assert.deepEqual(
    pets?.children?.map((s) => [s.name, s.detail, s.kind]),
    [
      ['GET /pets', 'listPets', SymbolKind.Method],
      ['POST /pets', 'createPet', SymbolKind.Method],
    ],
  );
  const gateway = find(symbols, 'x-svc-api-gateway');
  assert.equal(gateway?.detail, 'Pets');
  assert.equal(gateway?.kind, SymbolKind.Module);
});

test('array items are named by their url or name rather than an index', () => {
  const symbols = service().documentSymbols(doc(fixture('valid/oas.json')));
  assert.deepEqual(names(find(symbols, 'servers')?.children), ['https://pets.example.com']);
});

test('selection range is the key, range the whole member', () => {
  const document = doc(
    '{\n  "name": "x",\n  "proxy": {"listen_path": "/a", "target_url": "http://u"},\n  "version_data": {"not_versioned": true, "versions": {}}\n}',
  );
  const proxy = find(service().documentSymbols(document), 'proxy');
  assert.deepEqual(proxy?.selectionRange, { start: { line: 2, character: 2 }, end: { line: 2, character: 9 } });
  assert.deepEqual(proxy?.range.end, { line: 2, character: 58 });
  assert.deepEqual(names(proxy?.children), ['listen_path', 'target_url']);
});

test('documents that are not ours have no Svc outline; the cap bounds huge documents', () => {
  assert.deepEqual(service().documentSymbols(doc('{"name": "pkg"}')), []);
  const many = { access_rights: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`api${i}`, { api_id: `api${i}` }])) };
  const capped = documentSymbols(service().parse(doc(JSON.stringify(many))), 'session', { limit: 10 });
  const count = (list: DocumentSymbol[]): number => list.reduce((n, s) => n + 1 + count(s.children ?? []), 0);
  assert.equal(count(capped), 10);
});
