// Navigation over stdio, as an editor asks for it, on a workspace folder on disk: definition,
// references, rename (with the preview annotation, and a refused collision), code lenses,
// workspace symbols, document links (with the active environment's gateway), link diagnostics
// (and the ids the active environment's tree loaded), and the workspace index counting only the
// user's files (not .svc/, not views).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CodeLens, DocumentLink, Location, SymbolInformation, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LspClient, pathUri } from './helpers/lspClient';

const petstore = `{
  "name": "Petstore",
  "api_id": "petstore-1",
  "proxy": { "listen_path": "/petstore/", "target_url": "https://petstore.example.com" },
  "version_data": { "not_versioned": true, "versions": {} }
}`;
const gold = `{
  "id": "gold",
  "name": "Gold plan",
  "rate": 100, "per": 60,
  "access_rights": { "petstore-1": { "api_id": "petstore-1", "versions": ["Default"] } }
}`;
const key = `{
  "apply_policies": ["gold", "missing-plan"],
  "rate": 10, "per": 60,
  "access_rights": { "petstore-1": { "api_id": "petstore-1" }, "ghost-api": { "api_id": "ghost-api" } }
}`;

let dir: string;
let client: LspClient;
const fileUri = (name: string) => pathUri(join(dir, name));

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-nav-'));
  writeFileSync(join(dir, 'petstore.json'), petstore);
  writeFileSync(join(dir, 'gold.json'), gold);
  writeFileSync(join(dir, 'key.json'), key);
  writeFileSync(join(dir, 'weather.json'), petstore.replace('petstore-1', 'weather-1').replace('/petstore/', '/weather/').replace('"Petstore"', '"Weather"'));
  // Pull's base copy of the petstore: the same listen path, but never the user's file.
  mkdirSync(join(dir, '.svc', 'remote'), { recursive: true });
  writeFileSync(join(dir, '.svc', 'remote', 'abc.json'), petstore);
  client = await LspClient.start({ workspaceFolder: dir });
  await client.waitFor(
    () => client.notifications.some((n) => n.method === 'window/logMessage' && /indexed .* of 4 workspace file/.test(n.params.message)),
    'the workspace scan',
  );
});
after(async () => {
  await client.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('capabilities announce definition, references, rename with prepare, code lenses, workspace symbols and links', () => {
  const c = client.initializeResult.capabilities;
  assert.equal(c.definitionProvider, true);
  assert.equal(c.referencesProvider, true);
  assert.deepEqual(c.renameProvider, { prepareProvider: true });
  assert.deepEqual(c.codeLensProvider, { resolveProvider: false });
  assert.equal(c.workspaceSymbolProvider, true);
  assert.deepEqual(c.documentLinkProvider, { resolveProvider: false });
});

test("definition from a policy's access_rights key to the API file on disk", async () => {
  client.open(fileUri('gold.json'), gold);
  const found = await client.request<Location[]>('textDocument/definition', {
    textDocument: { uri: fileUri('gold.json') },
    position: { line: 4, character: 25 },
  });
  assert.deepEqual(found, [{ uri: fileUri('petstore.json'), range: { start: { line: 2, character: 13 }, end: { line: 2, character: 23 } } }]);
});

test('references of an API id: the policy and the key, key and inner api_id each', async () => {
  client.open(fileUri('petstore.json'), petstore);
  const found = await client.request<Location[]>('textDocument/references', {
    textDocument: { uri: fileUri('petstore.json') },
    position: { line: 2, character: 15 },
    context: { includeDeclaration: false },
  });
  assert.deepEqual(
    found.map((l) => [l.uri.slice(l.uri.lastIndexOf('/') + 1), l.range.start.line, l.range.start.character]),
    [
      ['gold.json', 4, 22],
      ['gold.json', 4, 48],
      ['key.json', 3, 22],
      ['key.json', 3, 48],
    ],
  );
});

test('rename an API id: prepare names the range; the edit spans the files and asks for confirmation; a collision is refused', async () => {
  const at = { textDocument: { uri: fileUri('petstore.json') }, position: { line: 2, character: 15 } };
  assert.deepEqual(await client.request('textDocument/prepareRename', at), {
    range: { start: { line: 2, character: 13 }, end: { line: 2, character: 23 } },
    placeholder: 'petstore-1',
  });
  const edit = await client.request<WorkspaceEdit>('textDocument/rename', { ...at, newName: 'petstore-2' });
  const files = (edit.documentChanges as Array<{ textDocument: { uri: string }; edits: unknown[] }>)
    .map((c) => [c.textDocument.uri.slice(c.textDocument.uri.lastIndexOf('/') + 1), c.edits.length])
    .sort();
  assert.deepEqual(files, [
    ['gold.json', 2],
    ['key.json', 2],
    ['petstore.json', 1],
  ]);
  assert.equal(edit.changeAnnotations?.['svc.rename'].needsConfirmation, true);
  await assert.rejects(client.request('textDocument/rename', { ...at, newName: 'weather-1' }), /The API id `weather-1` already exists \(weather\.json\)/);
  await assert.rejects(
    client.request('textDocument/prepareRename', { ...at, position: { line: 1, character: 12 } }),
    /Only an API id, policy id, operationId or security scheme name can be renamed here/,
  );
});

test('code lenses: the API is granted by 1 policy · 1 key; the policy grants 1 API and is used by 1 key', async () => {
  const onApi = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: fileUri('petstore.json') } });
  assert.deepEqual(
    onApi.map((l) => [l.command?.title, l.command?.command, l.range.start.line]),
    [['granted by 1 policy · 1 key', 'svc.showReferences', 2]],
  );
  assert.equal((onApi[0].command!.arguments![2] as Location[]).length, 2);
  const onPolicy = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: fileUri('gold.json') } });
  assert.deepEqual(
    onPolicy.map((l) => l.command?.title),
    ['grants 1 API', 'used by 1 key'],
  );
});

test('workspace symbols: APIs with their listen paths and the policy; .svc/ copies are not listed', async () => {
  const all = await client.request<SymbolInformation[]>('workspace/symbol', { query: '' });
  assert.deepEqual(
    all.map((s) => [s.name, s.location.uri.slice(s.location.uri.lastIndexOf('/') + 1)]),
    [
      ['Gold plan', 'gold.json'],
      ['Petstore /petstore/', 'petstore.json'],
      ['Weather /weather/', 'weather.json'],
    ],
  );
  assert.deepEqual(
    (await client.request<SymbolInformation[]>('workspace/symbol', { query: 'weather' })).map((s) => s.name),
    ['Weather /weather/'],
  );
});

test('document links: the target URL; the listen path once the client names the active gateway', async () => {
  const before = await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri: fileUri('petstore.json') } });
  assert.deepEqual(
    before.map((l) => l.target),
    ['https://petstore.example.com'],
  );
  await client.connection.sendNotification('svc/activeEnvironment', { gatewayUrl: 'https://gw.example.com' });
  const links = await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri: fileUri('petstore.json') } });
  assert.deepEqual(
    links.map((l) => l.target),
    ['https://petstore.example.com', 'https://gw.example.com/petstore/'],
  );
  await client.connection.sendNotification('svc/activeEnvironment', {});
});

test('link diagnostics on a key: a missing policy and an API nobody defines', async () => {
  client.open(fileUri('key.json'), key);
  const diagnostics = await client.waitFor(
    () => client.diagnostics.get(fileUri('key.json'))?.diagnostics.filter((d) => String(d.code).startsWith('svc.link.')),
    'link diagnostics',
  );
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character]),
    [
      ['svc.link.unknown-policy', 2, 1, 29],
      ['svc.link.unknown-api', 2, 3, 63],
    ],
  );
});

test('svc/activeEnvironment: ids the tree loaded quiet the link warnings, which say whether the environment was checked', async () => {
  const links = () => client.diagnostics.get(fileUri('key.json'))?.diagnostics.filter((d) => String(d.code).startsWith('svc.link.')) ?? [];
  const published = (expected: string[]) =>
    client.waitFor(
      () => {
        const now = links()
          .map((d) => [String(d.code), String(d.message)])
          .map(([c, m]) => `${c} ${m.slice(0, m.indexOf(':', m.indexOf('` is ')))}`);
        return JSON.stringify(now) === JSON.stringify(expected) && now;
      },
      `link warnings ${JSON.stringify(expected)} (now ${JSON.stringify(links().map((d) => String(d.message)))})`,
    );
  // Active, APIs loaded (still paging), policies not loaded: the remote API is known; the policy was not checked.
  await client.connection.sendNotification('svc/activeEnvironment', { environment: 'Staging', apiIds: ['ghost-api'], apiIdsPartial: true });
  await published(['svc.link.unknown-policy No policy with the id `missing-plan` is in this workspace (the active environment `Staging` was not checked']);
  // Both loaded, the policy list without that id; the API list without it either (an id beside it).
  await client.connection.sendNotification('svc/activeEnvironment', { environment: 'Staging', apiIds: ['ghost-ap'], policyIds: ['missing-plan-2'] });
  await published([
    'svc.link.unknown-policy No policy with the id `missing-plan` is in this workspace or in the active environment `Staging`',
    'svc.link.unknown-api No API with the id `ghost-api` is in this workspace or in the active environment `Staging`',
  ]);
  await client.connection.sendNotification('svc/activeEnvironment', { environment: 'Staging', apiIds: ['ghost-api'], policyIds: ['missing-plan'] });
  await published([]);
  // No active environment: the workspace alone again.
  await client.connection.sendNotification('svc/activeEnvironment', {});
  await published([
    'svc.link.unknown-policy No policy with the id `missing-plan` is in this workspace',
    'svc.link.unknown-api No API with the id `ghost-api` is in this workspace',
  ]);
});

test("only the user's files count: no duplicate from .svc/, a remote view or an untitled copy; a real file does", async () => {
  const dupOn = (u: string) => client.diagnostics.get(u)?.diagnostics.filter((d) => d.code === 'svc.semantic.duplicate-listen-path');
  // A watcher event for a base copy, a remote view and an untitled copy of the same API.
  writeFileSync(join(dir, '.svc', 'remote', 'def.json'), petstore);
  await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri('.svc/remote/def.json'), type: 1 }] });
  client.open('svc-remote:/Local/api/petstore-1.json', petstore);
  client.open('untitled:Untitled-1', petstore);
  await client.waitForDiagnostics('svc-remote:/Local/api/petstore-1.json');
  await client.waitForDiagnostics('untitled:Untitled-1');
  // A real duplicate proves the rule runs, and names the user's file alone.
  writeFileSync(join(dir, 'mine.json'), petstore.replace('petstore-1', 'mine-1'));
  await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri('mine.json'), type: 1 }] });
  const [warning] = await client.waitFor(
    () => (dupOn(fileUri('petstore.json'))?.length ? dupOn(fileUri('petstore.json')) : undefined),
    'the duplicate warning',
  );
  assert.deepEqual(
    warning.relatedInformation?.map((r) => r.location.uri),
    [fileUri('mine.json')],
  );
  assert.deepEqual(dupOn('svc-remote:/Local/api/petstore-1.json'), []);
  assert.deepEqual(dupOn('untitled:Untitled-1'), []);
  // Closing a view clears what it showed.
  client.close('svc-remote:/Local/api/petstore-1.json');
  await client.waitFor(
    () => client.diagnostics.get('svc-remote:/Local/api/petstore-1.json')?.diagnostics.length === 0,
    'cleared diagnostics of the closed view',
  );
});
