// Navigation in a real VS Code, through VS Code's own provider commands as the editor asks:
// go to definition (a policy's grant → the API file; middleware operation → operationId),
// find references, rename across files, the code lens above an API (and its list opening),
// and workspace symbols (Ctrl+T).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activeExtension, openFixture, writeFixture } from './helpers/workspace';
import { waitFor } from './helpers/wait';

const api = (id: string, name: string, listenPath: string) =>
  JSON.stringify(
    { name, api_id: id, proxy: { listen_path: listenPath, target_url: 'https://upstream.example.com' }, version_data: { not_versioned: true, versions: {} } },
    null,
    2,
  );
const policy = (id: string, apiId: string) =>
  JSON.stringify({ id, name: `Plan ${id}`, rate: 100, per: 60, access_rights: { [apiId]: { api_id: apiId, versions: ['Default'] } } }, null, 2);
const key = (policyId: string, apiId: string) =>
  JSON.stringify({ apply_policies: [policyId], rate: 10, per: 60, access_rights: { [apiId]: { api_id: apiId } } }, null, 2);
const oas = JSON.stringify(
  {
    openapi: '3.0.3',
    info: { title: 'Nav Pets', version: '1' },
    paths: { '/pets': { get: { operationId: 'listPets', responses: { '200': { description: 'ok' } } } } },
    'x-svc-api-gateway': {
      info: { id: 'nav-oas-1', name: 'Nav Pets', state: { active: true } },
      upstream: { url: 'https://pets.example.com' },
      server: { listenPath: { value: '/nav-pets/' } },
      middleware: { operations: { listPets: { allow: { enabled: true } } } },
    },
  },
  null,
  2,
);

const streams = JSON.stringify(
  {
    openapi: '3.0.3',
    info: { title: 'Nav Orders stream', version: '1' },
    paths: {},
    'x-svc-streaming': { streams: {} },
    'x-svc-api-gateway': {
      info: { id: 'nav-stream-1', name: 'Nav Orders stream', state: { active: true } },
      server: { listenPath: { value: '/nav-orders/' } },
    },
  },
  null,
  2,
);

/** Position of `needle` (plus `delta`) in the document. */
function at(document: vscode.TextDocument, needle: string, delta = 1, from = 0): vscode.Position {
  const offset = document.getText().indexOf(needle, from);
  assert.ok(offset >= 0, `${needle} in ${document.uri.path}`);
  return document.positionAt(offset + delta);
}
const base = (uri: vscode.Uri) => uri.path.slice(uri.path.lastIndexOf('/') + 1);

describe('navigation', () => {
  let petstore: vscode.Uri;
  before(async () => {
    await activeExtension();
    petstore = await writeFixture('nav/petstore.json', api('nav-petstore-1', 'Nav Petstore', '/nav-petstore/'));
    await writeFixture('nav/weather.json', api('nav-weather-1', 'Nav Weather', '/nav-weather/'));
    await writeFixture('nav/gold.json', policy('nav-gold', 'nav-petstore-1'));
    await writeFixture('nav/key.json', key('nav-gold', 'nav-petstore-1'));
    await writeFixture('nav/pets.oas.json', oas);
    await writeFixture('nav/orders.streams.json', streams);
    // The index learns the files from the watcher: wait until the server knows the policy's grant.
    const { document } = await openFixture('nav/gold.json');
    await waitFor(
      async () =>
        ((await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeDefinitionProvider', document.uri, at(document, '"nav-petstore-1"', 3))) ?? [])
          .length > 0,
      { message: 'the workspace index to hold the API file', timeout: 60_000 },
    );
  });
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it("go to definition: a policy's grant opens the API file; a middleware operation its operationId", async () => {
    const { document } = await openFixture('nav/gold.json');
    const [target] = await vscode.commands.executeCommand<Array<vscode.Location | vscode.LocationLink>>(
      'vscode.executeDefinitionProvider',
      document.uri,
      at(document, '"nav-petstore-1"', 3),
    );
    const location = 'targetUri' in target ? { uri: target.targetUri, range: target.targetRange } : target;
    assert.equal(location.uri.toString(), petstore.toString());
    const api = await vscode.workspace.openTextDocument(petstore);
    assert.equal(api.getText(location.range), 'nav-petstore-1');
    assert.equal(location.range.start.line, 2);

    const oasDoc = (await openFixture('nav/pets.oas.json')).document;
    const middleware = oasDoc.getText().indexOf('"operations"');
    const [operation] = await vscode.commands.executeCommand<vscode.Location[]>(
      'vscode.executeDefinitionProvider',
      oasDoc.uri,
      at(oasDoc, '"listPets"', 2, middleware),
    );
    const range = 'targetRange' in operation ? (operation as unknown as vscode.LocationLink).targetRange : operation.range;
    assert.equal(oasDoc.getText(range), 'listPets');
    assert.ok(oasDoc.offsetAt(range.start) < middleware, 'the operationId in paths, above the extension');
  });

  it('find all references of an API id: every policy and key granting it', async () => {
    const document = (await openFixture('nav/petstore.json')).document;
    const found = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', document.uri, at(document, '"nav-petstore-1"', 3));
    assert.deepEqual(found.map((l) => base(l.uri)).sort(), ['gold.json', 'gold.json', 'key.json', 'key.json', 'petstore.json']);
  });

  it('a code lens above the API counts its grants, and opens their list', async () => {
    const document = (await openFixture('nav/petstore.json')).document;
    const lenses = await waitFor(
      async () => {
        const all = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)) ?? [];
        return all.find((l) => l.command?.title === 'granted by 1 policy · 1 key') && all;
      },
      { message: 'the grants code lens' },
    );
    const lens = lenses.find((l) => l.command?.title === 'granted by 1 policy · 1 key')!;
    assert.equal(lens.range.start.line, 2);
    assert.equal(lens.command!.command, 'svc.showReferences');
    await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
  });

  it('workspace symbols find APIs by name and by listen path, policies and operations', async () => {
    const byName = await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', 'Nav Petstore');
    assert.ok(
      byName.some((s) => s.name === 'Nav Petstore /nav-petstore/' && s.kind === vscode.SymbolKind.Module && base(s.location.uri) === 'petstore.json'),
      JSON.stringify(byName.map((s) => s.name)),
    );
    const byPath = await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', '/nav-weather');
    assert.ok(byPath.some((s) => s.name === 'Nav Weather /nav-weather/'));
    const policies = await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', 'Plan nav-gold');
    assert.ok(policies.some((s) => s.name === 'Plan nav-gold' && s.kind === vscode.SymbolKind.Object));
    const stream = await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', 'nav-orders');
    assert.ok(
      stream.some((s) => s.name === 'Nav Orders stream /nav-orders/' && base(s.location.uri) === 'orders.streams.json'),
      'a streams API',
    );
    const operations = await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', 'listPets');
    assert.ok(operations.some((s) => s.name === 'GET /pets' && s.kind === vscode.SymbolKind.Method));
  });

  it('rename an API id: the edit covers the API, the policy and the key; a taken id is refused', async () => {
    const document = (await openFixture('nav/petstore.json')).document;
    const position = at(document, '"nav-petstore-1"', 3);
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('vscode.executeDocumentRenameProvider', document.uri, position, 'nav-weather-1')),
      /already exists \(weather\.json\)/,
    );
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', document.uri, position, 'nav-petstore-2');
    assert.deepEqual(
      edit
        .entries()
        .map(([uri, edits]) => [base(uri), edits.length])
        .sort(),
      [
        ['gold.json', 2],
        ['key.json', 2],
        ['petstore.json', 1],
      ],
    );
    // The provider command hands back the edit without its "needs confirmation" metadata, so it
    // applies directly here; F2's preview is proven in navigationRename.test.ts.
    assert.ok(await vscode.workspace.applyEdit(edit));
    for (const name of ['nav/gold.json', 'nav/key.json', 'nav/petstore.json']) {
      const text = (await openFixture(name)).document.getText();
      assert.doesNotMatch(text, /nav-petstore-1/, name);
      assert.match(text, /nav-petstore-2/, name);
    }
  });
});
