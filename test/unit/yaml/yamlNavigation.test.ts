// Navigation between YAML and JSON files: an API defined in a YAML OAS document is granted by a
// JSON policy — references, code lenses, rename across both, workspace symbols, document links and
// the duplicate listen path between a YAML and a JSON definition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../../server/src/service/languageService';

const apiYaml = `# Orders, in YAML
openapi: 3.0.3
info: {title: Orders, version: "1"}
paths: {}
x-svc-api-gateway:
  info:
    id: orders-1
    name: Orders
    state: {active: true}
  upstream:
    url: https://orders.internal
  server:
    listenPath: {value: /orders/}
`;
const policyJson = JSON.stringify({ id: 'gold', name: 'Gold', rate: 1, per: 1, access_rights: { 'orders-1': { api_id: 'orders-1', versions: [] } } }, null, 2);
const otherJson = JSON.stringify(
  {
    openapi: '3.0.3',
    info: { title: 'Other', version: '1' },
    paths: {},
    'x-svc-api-gateway': {
      info: { id: 'other', name: 'Other', state: { active: true } },
      upstream: { url: 'http://o' },
      server: { listenPath: { value: '/orders/' } },
    },
  },
  null,
  2,
);

function workspace() {
  const service = createLanguageService();
  const api = TextDocument.create('file:///ws/orders.oas.yaml', 'yaml', 1, apiYaml);
  service.workspace.update(service.parse(api), service.detectKind(api)?.kind);
  service.workspace.updateText('file:///ws/gold.policy.json', policyJson);
  service.workspace.updateText('file:///ws/other.oas.json', otherJson);
  return { service, api };
}

test('references and code lenses from an API id in YAML reach the JSON policy', () => {
  const { service, api } = workspace();
  const at = api.positionAt(apiYaml.indexOf('orders-1') + 2);
  const found = service.references(api, at, true).map((l) => `${l.uri.split('/').pop()}:${l.range.start.line}:${l.range.start.character}`);
  assert.deepEqual(found.sort(), ['gold.policy.json:6:5', 'gold.policy.json:7:17', 'orders.oas.yaml:6:8'].sort());
  const lenses = service.codeLenses(api).map((l) => l.command?.title);
  assert.deepEqual(lenses, ['granted by 1 policy · 0 keys']);
});

test('rename an API id from the YAML file edits the YAML name without quotes and the JSON policy', () => {
  const { service, api } = workspace();
  const result = service.rename(api, api.positionAt(apiYaml.indexOf('orders-1')), 'orders-2');
  const edit = 'edit' in result ? result.edit : undefined;
  assert.ok(edit, JSON.stringify(result));
  const changes = (edit.documentChanges ?? []).flatMap((c) =>
    'edits' in c
      ? c.edits.map((e) => `${c.textDocument.uri.split('/').pop()} ${e.range.start.line}:${e.range.start.character} ${'newText' in e ? e.newText : ''}`)
      : [],
  );
  assert.ok(changes.includes('orders.oas.yaml 6:8 orders-2'), changes.join('\n'));
  assert.ok(
    changes.some((c) => c.startsWith('gold.policy.json')),
    changes.join('\n'),
  );
});

test('the same listen path in a YAML and a JSON definition: a warning on the YAML one, naming the JSON file', () => {
  const { service, api } = workspace();
  const duplicate = service.validate(api).find((d) => d.code === 'svc.semantic.duplicate-listen-path');
  assert.ok(duplicate);
  assert.match(String(duplicate.message), /other\.oas\.json/);
  assert.equal(api.getText(duplicate.range), '/orders/');
});

test('workspace symbols and document links in YAML', () => {
  const { service, api } = workspace();
  assert.ok(service.workspaceSymbols('Orders').some((s) => s.location.uri.endsWith('orders.oas.yaml')));
  const links = service.documentLinks(api, 'https://gw.example.com').map((l) => `${api.getText(l.range)} → ${l.target}`);
  assert.ok(links.includes('https://orders.internal → https://orders.internal'), links.join(', '));
  assert.ok(links.includes('/orders/ → https://gw.example.com/orders/'), links.join(', '));
});
