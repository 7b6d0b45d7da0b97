// YAML OAS documents over stdio, as an editor asks: diagnostics at YAML ranges with the JSON
// codes and sentences (and YAML's own), the duplicate listen path across a JSON and a YAML file,
// completion written as YAML, hover, rename of an operationId, the quote quick fix, folding; a
// YAML file that is not ours gets nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, CompletionList, FoldingRange, Hover, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LspClient, pathUri } from './helpers/lspClient';

const payments = `# Payments API
openapi: 3.0.3
info:
  title: Payments
  version: "1.0"
paths:
  /payments:
    get:
      operationId: listPayments
      responses:
        "200": {description: ok}
x-svc-api-gateway:
  info:
    name: Payments
    state:
      active: yes
  upstream:
    url: http://payments.internal
  server:
    listenPath:
      value: /shared/
  middleware:
    operations:
      listPayments:
        allow: {enabled: true}
`;
const petsJson = JSON.stringify(
  {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1' },
    paths: {},
    'x-svc-api-gateway': { info: { name: 'Pets', state: { active: true } }, upstream: { url: 'http://pets' }, server: { listenPath: { value: '/shared/' } } },
  },
  null,
  2,
);

let dir: string;
let client: LspClient;
const fileUri = (name: string) => pathUri(join(dir, name));
const positionOf = (text: string, needle: string, delta = 0) => {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, needle);
  return TextDocument.create('x', 'yaml', 1, text).positionAt(offset + delta);
};

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-yaml-'));
  writeFileSync(join(dir, 'payments.oas.yaml'), payments);
  writeFileSync(join(dir, 'pets.oas.json'), petsJson);
  writeFileSync(join(dir, 'ci.yml'), 'jobs:\n  build:\n    runs-on: [ubuntu\n');
  client = await LspClient.start({ workspaceFolder: dir });
  await client.waitFor(
    () => client.notifications.some((n) => n.method === 'window/logMessage' && /indexed .* of 3 workspace file/.test(n.params.message)),
    'the workspace scan (two YAML files and one JSON file)',
  );
});
after(async () => {
  await client.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('diagnostics in YAML: the JSON codes and sentences at YAML ranges, YAML warnings, the listen path shared with a JSON file', async () => {
  const u = fileUri('payments.oas.yaml');
  client.open(u, payments, 'yaml');
  const diagnostics = await client.waitForDiagnostics(u, 1);
  const summary = diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.character} ${String(d.code)}`);
  assert.deepEqual(summary.sort(), ['15:14-17 svc.schema.type', '15:14-17 svc.yaml.surprising-scalar', '20:13-21 svc.semantic.duplicate-listen-path'].sort());
  assert.equal(diagnostics.find((d) => d.code === 'svc.schema.type')?.message, '`active` must be true or false.');
  const note = await client.waitFor(() => client.notifications.find((m) => m.method === 'svc/documentKind' && m.params.uri === u), 'kind');
  assert.equal(note.params.kind, 'oas');
  // The JSON file names the same listen path: it gets the warning too.
  const j = fileUri('pets.oas.json');
  client.open(j, petsJson, 'json');
  const onJson = await client.waitForDiagnostics(j, 1);
  assert.ok(
    onJson.some((d) => d.code === 'svc.semantic.duplicate-listen-path' && String(d.message).includes('payments.oas.yaml')),
    JSON.stringify(onJson),
  );
  client.close(j);
});

test('the quote quick fix over stdio replaces the scalar by its quoted text', async () => {
  const u = fileUri('payments.oas.yaml');
  const diagnostics = await client.waitForDiagnostics(u, 1);
  const warning = diagnostics.find((d) => d.code === 'svc.yaml.surprising-scalar')!;
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: u },
    range: warning.range,
    context: { diagnostics: [warning] },
  });
  const quote = actions.find((a) => a.title.startsWith('Quote'));
  assert.ok(quote, actions.map((a) => a.title).join(', '));
  assert.deepEqual(quote.edit?.changes?.[u], [{ range: warning.range, newText: '"yes"' }]);
});

test('completion in YAML: members as `name: value` lines, values as YAML scalars', async () => {
  const u = fileUri('completion.oas.yaml');
  const text = payments.replace('      value: /shared/\n', '      value: /shared/\n      st\n');
  client.open(u, text, 'yaml');
  const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: u }, position: positionOf(text, '      st\n', 8) });
  const strip = list.items.find((i) => i.label === 'strip');
  assert.ok(strip, list.items.map((i) => i.label).join(', '));
  assert.equal((strip.textEdit as { newText: string }).newText, 'strip: ${1:false}');
  const values = await client.request<CompletionList>('textDocument/completion', {
    textDocument: { uri: u },
    position: positionOf(text, 'active: yes', 'active: '.length),
  });
  assert.deepEqual(
    values.items.map((i) => i.label),
    ['true', 'false'],
  );
  client.close(u);
});

test('hover on a YAML key says what the schema says', async () => {
  const u = fileUri('payments.oas.yaml');
  const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri: u }, position: positionOf(payments, 'listenPath', 2) });
  assert.ok(hover);
  assert.match(JSON.stringify(hover.contents), /listenPath/);
  assert.deepEqual(hover.range, { start: positionOf(payments, 'listenPath'), end: positionOf(payments, 'listenPath', 'listenPath'.length) });
});

test('rename an operationId in YAML: its definition and the middleware key change, without quotes', async () => {
  const u = fileUri('payments.oas.yaml');
  const at = { textDocument: { uri: u }, position: positionOf(payments, 'listPayments', 3) };
  const edit = await client.request<WorkspaceEdit>('textDocument/rename', { ...at, newName: 'getPayments' });
  const edits = (edit.changes?.[u] ?? edit.documentChanges?.flatMap((c) => ('edits' in c && c.textDocument.uri === u ? c.edits : [])) ?? []) as Array<{
    range: { start: { line: number; character: number } };
    newText: string;
  }>;
  assert.deepEqual(edits.map((e) => `${e.range.start.line}:${e.range.start.character} ${e.newText}`).sort(), ['23:6 getPayments', '8:19 getPayments']);
});

test('folding in YAML follows the mappings', async () => {
  const u = fileUri('payments.oas.yaml');
  const ranges = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: u } });
  assert.ok(
    ranges.some((r) => r.startLine === 11 && r.endLine === 24),
    JSON.stringify(ranges),
  );
});

test('a YAML file that is not ours gets no diagnostics, even broken', async () => {
  const u = fileUri('ci.yml');
  client.open(u, 'jobs:\n  build:\n    runs-on: [ubuntu\n', 'yaml');
  const note = await client.waitFor(() => client.notifications.find((m) => m.method === 'svc/documentKind' && m.params.uri === u), 'kind');
  assert.equal(note.params.kind, undefined);
  assert.deepEqual(await client.waitForDiagnostics(u, 1), []);
});
