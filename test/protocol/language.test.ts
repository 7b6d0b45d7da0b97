// The language server over stdio, as an editor talks to it: diagnostics (debounced, versioned,
// cleared on close, settings honoured, the workspace-wide rule), the svc/documentKind
// notification, completion, hover, outline, formatting, folding and quick fixes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, CompletionList, DocumentSymbol, FoldingRange, Hover, TextEdit } from 'vscode-languageserver-protocol';
import { LspClient, repoRoot } from './helpers/lspClient';

const fixture = (name: string) => readFileSync(join(repoRoot, 'test/fixtures/service', name), 'utf8');
let client: LspClient;
let n = 0;
const uri = (name: string) => `file:///protocol/${++n}-${name}`;

before(async () => {
  client = await LspClient.start();
});
after(async () => {
  await client.stop();
});

/** Position of the first occurrence of `needle` (plus `delta` characters) in `text`. */
function positionOf(text: string, needle: string, delta = 0) {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, `${needle} not in text`);
  return TextDocument.create('x', 'json', 1, text).positionAt(offset + delta);
}

test('diagnostics for each kind arrive with the document version, with codes and exact lines', async () => {
  for (const [name, code, line] of [
    ['invalid/oas.json', 'svc.semantic.operation-id', 33],
    ['invalid/classic.json', 'svc.unknown-member', 12],
    ['invalid/streams.json', 'svc.schema.required', 11],
  ] as const) {
    const u = uri(name.replace('/', '-'));
    client.open(u, fixture(name));
    const diagnostics = await client.waitForDiagnostics(u, 1);
    const hit = diagnostics.find((d) => d.code === code);
    assert.ok(hit, `${name}: expected ${code} among ${diagnostics.map((d) => d.code).join(', ')}`);
    assert.equal(hit.range.start.line, line);
    assert.equal(hit.source, 'svc');
  }
});

test('the detected kind is notified once per document (status bar)', async () => {
  const u = uri('kind.json');
  client.open(u, fixture('valid/classic.json'));
  const note = await client.waitFor(() => client.notifications.find((m) => m.method === 'svc/documentKind' && m.params.uri === u), 'svc/documentKind');
  assert.deepEqual(note.params, { uri: u, kind: 'classic', label: 'Svc Classic API', source: 'content' });
});

test('unrelated JSON gets no diagnostics and no kind', async () => {
  const u = uri('package.json');
  client.open(u, '{ "name": "x", "version": "1.0.0", "broken": [1, 2 }');
  const note = await client.waitFor(() => client.notifications.find((m) => m.method === 'svc/documentKind' && m.params.uri === u), 'kind');
  assert.equal(note.params.kind, undefined);
  assert.deepEqual(await client.waitForDiagnostics(u, 1), []);
});

test('rapid edits: only the last version is validated, its diagnostics are the ones published', async () => {
  const u = uri('rapid.json');
  const valid = fixture('valid/oas.json');
  client.open(u, valid);
  await client.waitForDiagnostics(u, 1);
  let version = 1;
  for (let i = 0; i < 5; i++) version = client.change(u, valid.replace('"/pets/"', `"pets${i}/"`));
  const diagnostics = await client.waitForDiagnostics(u, version);
  const listen = diagnostics.filter((d) => d.code === 'svc.semantic.listen-path');
  assert.equal(listen.length, 1);
  assert.match(String(listen[0].message), /`pets4\/`/);
  // No intermediate version was published after the first.
  assert.equal(client.diagnostics.get(u)?.version, version);
});

test('closing a document clears its diagnostics', async () => {
  const u = uri('close.json');
  client.open(u, fixture('invalid/session.json'));
  assert.ok((await client.waitForDiagnostics(u, 1)).length > 0);
  client.close(u);
  await client.waitFor(() => client.diagnostics.get(u)?.diagnostics.length === 0, 'cleared diagnostics');
});

test('svc.validation.enable=false turns diagnostics off; turning it on again brings them back', async () => {
  const u = uri('settings.json');
  client.settings = { validation: { enable: false } };
  await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
  client.open(u, fixture('invalid/session.json'));
  assert.deepEqual(await client.waitForDiagnostics(u, 1), []);
  client.settings = {};
  await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
  await client.waitFor(() => (client.diagnostics.get(u)?.diagnostics.length ?? 0) > 0, 'diagnostics back');
});

test("with VS Code's JSON validation on, syntax errors of json documents are left to it; jsonc keeps ours", async () => {
  const broken = fixture('valid/classic.json').replace('{', '{ "slug": "x" "another": 1,');
  client.jsonValidate = { enable: true };
  await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
  try {
    const json = uri('syntax.json');
    const jsonc = uri('syntax.jsonc');
    client.open(json, broken);
    client.open(jsonc, broken, 'jsonc');
    const codes = async (u: string) => (await client.waitForDiagnostics(u, 1)).map((d) => String(d.code));
    const jsonCodes = await codes(json);
    assert.ok(!jsonCodes.some((c) => c.startsWith('svc.syntax.')), `json: ${jsonCodes.join(', ')}`);
    assert.ok(jsonCodes.length > 0, 'schema findings still arrive');
    assert.ok((await codes(jsonc)).includes('svc.syntax.comma-expected'));
  } finally {
    client.jsonValidate = null;
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
  }
});

test('the same listen path in two open documents warns on both, with related information', async () => {
  const a = uri('a.json');
  const b = uri('b.json');
  const text = fixture('valid/oas.json').replace('"/pets/"', '"/shared-path/"');
  client.open(a, text);
  client.open(b, text.replace('"name": "Pets"', '"name": "Pets two"'));
  const dup = (u: string) => client.diagnostics.get(u)?.diagnostics.find((d) => d.code === 'svc.semantic.duplicate-listen-path');
  const onA = await client.waitFor(() => dup(a), 'duplicate warning on a');
  await client.waitFor(() => dup(b), 'duplicate warning on b');
  assert.equal(onA.relatedInformation?.[0]?.location.uri, b);
});

test('completion offers operationIds not yet configured, as a TextEdit that yields valid JSON', async () => {
  const u = uri('complete.json');
  const text = fixture('valid/oas.json');
  client.open(u, text);
  const position = positionOf(text, '"operations": {', '"operations": {'.length);
  const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: u }, position });
  const item = list.items.find((i) => i.label === 'createPet');
  assert.ok(item, `createPet among ${list.items.map((i) => i.label).join(', ')}`);
  assert.ok(!list.items.some((i) => i.label === 'listPets'), 'an operation already configured is not offered again');
  const edit = item.textEdit as TextEdit;
  assert.equal(edit.newText, '"createPet": {$1},');
});

test('hover on a member shows its markdown documentation', async () => {
  const u = uri('hover.json');
  const text = fixture('valid/oas.json');
  client.open(u, text);
  const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri: u }, position: positionOf(text, '"listenPath"', 3) });
  const value = (hover.contents as { value: string }).value;
  assert.match(value, /^\*\*listenPath\*\*/);
  assert.match(value, /Type: `object`/);
});

test('document symbols name operations by method and path', async () => {
  const u = uri('symbols.json');
  client.open(u, fixture('valid/oas.json'));
  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: u } });
  const paths = symbols.find((s) => s.name === 'paths');
  const pets = paths?.children?.find((s) => s.name === '/pets');
  assert.deepEqual(
    pets?.children?.map((s) => [s.name, s.detail]),
    [
      ['GET /pets', 'listPets'],
      ['POST /pets', 'createPet'],
    ],
  );
});

test('formatting honours tab size and spaces', async () => {
  const u = uri('format.json');
  const text = '{"name":"x","proxy":{"listen_path":"/x/","target_url":"http://u"},"version_data":{"not_versioned":true,"versions":{}}}';
  client.open(u, text);
  const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: u }, options: { tabSize: 4, insertSpaces: true } });
  const formatted = TextDocument.applyEdits(TextDocument.create(u, 'json', 1, text), edits);
  assert.equal(formatted.split('\n')[2], '    "proxy": {');
  assert.equal(formatted.split('\n')[3], '        "listen_path": "/x/",');
});

test('folding ranges cover multi-line objects', async () => {
  const u = uri('fold.json');
  client.open(u, fixture('valid/oas.json'));
  const ranges = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: u } });
  assert.ok(
    ranges.some((r) => r.startLine === 0),
    'the root object folds',
  );
  assert.ok(
    ranges.some((r) => r.startLine === 5),
    'paths folds',
  );
});

test('a quick fix for a diagnostic the server published renames the member', async () => {
  const u = uri('fix.json');
  const text = fixture('invalid/oas.json');
  client.open(u, text);
  const diagnostics = await client.waitForDiagnostics(u, 1);
  const target = diagnostics.find((d) => d.code === 'svc.semantic.operation-id');
  assert.ok(target);
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: u },
    range: target.range,
    context: { diagnostics: [target] },
  });
  const fix = actions.find((a) => a.title === 'Rename `listPet` to `listPets`');
  assert.ok(fix, `actions: ${actions.map((a) => a.title).join(', ')}`);
  const edits = fix.edit?.changes?.[u] ?? [];
  const fixed = TextDocument.applyEdits(TextDocument.create(u, 'json', 1, text), edits);
  assert.ok(fixed.includes('"listPets": { "allow"'));
});
