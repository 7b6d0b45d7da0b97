// Rename as the user does it in a real VS Code: F2 on the name, type the new one, Enter.
// An API id changes in every file that names it, so VS Code's Refactor Preview opens first and
// nothing changes on disk or in the editors until the user applies it; an operationId lives in
// one document and is renamed at once. (The provider-command tests in navigation.test.ts cannot
// show this: `vscode.executeDocumentRenameProvider` hands back an edit without its metadata.)
// Also: the link warnings know what the active environment's tree has loaded.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activeExtension, fixtureUri, openFixture, writeFixture } from './helpers/workspace';
import { waitFor } from './helpers/wait';
import { clickWorkbench, hasDriver, queryWorkbench, typeKeys, waitForVisible } from './helpers/workbench';
import { screenshot } from './helpers/screenshot';
import { notificationShown } from './helpers/shown';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';

const API = JSON.stringify(
  {
    name: 'Rename Petstore',
    api_id: 'ren-petstore-1',
    proxy: { listen_path: '/ren-petstore/', target_url: 'https://upstream.example.com' },
    version_data: { not_versioned: true, versions: {} },
  },
  null,
  2,
);
const POLICY = JSON.stringify(
  { id: 'ren-gold', name: 'Rename Gold', rate: 100, per: 60, access_rights: { 'ren-petstore-1': { api_id: 'ren-petstore-1', versions: ['Default'] } } },
  null,
  2,
);
const OAS = JSON.stringify(
  {
    openapi: '3.0.3',
    info: { title: 'Rename Pets', version: '1' },
    paths: { '/pets': { get: { operationId: 'renListPets', responses: { '200': { description: 'ok' } } } } },
    'x-svc-api-gateway': {
      info: { id: 'ren-oas-1', name: 'Rename Pets', state: { active: true } },
      upstream: { url: 'https://pets.example.com' },
      server: { listenPath: { value: '/ren-pets/' } },
      middleware: { operations: { renListPets: { allow: { enabled: true } } } },
    },
  },
  null,
  2,
);

const onDisk = async (name: string) => new TextDecoder().decode(await vscode.workspace.fs.readFile(fixtureUri(name)));
const textOf = async (name: string) => (await vscode.workspace.openTextDocument(fixtureUri(name))).getText();
const UNTICKED = '.bulk-edit-panel .edit-checkbox[aria-checked="false"]';
const count = (text: string, needle: string) => text.split(needle).length - 1;

/** F2 on `needle` in `name`, the new name typed into VS Code's rename box and Enter pressed. */
async function renameWithF2(name: string, needle: string, newName: string, from = 0, delta = 2): Promise<Thenable<unknown>> {
  const { document, editor } = await openFixture(name);
  const offset = document.getText().indexOf(needle, from);
  assert.ok(offset >= 0, `${needle} in ${name}`);
  const position = document.positionAt(offset + delta);
  editor.selection = new vscode.Selection(position, position);
  // The command settles only once the rename is applied or dropped: not awaited here.
  const done = vscode.commands.executeCommand('editor.action.rename');
  // Typed keys go to the focused element: wait until the rename box has the focus.
  await waitForVisible('.rename-box .rename-input:focus', /^/, { message: "VS Code's rename box, focused" });
  await typeKeys('', 'ControlOrMeta+A');
  await typeKeys(newName, 'Enter');
  return done;
}

describe('navigation: rename with preview', function () {
  before(async function () {
    if (!hasDriver()) this.skip(); // typing into the rename box needs the runner's page
    await activeExtension();
    await writeFixture('nav-rename/petstore.json', API);
    await writeFixture('nav-rename/gold.json', POLICY);
    await writeFixture('nav-rename/pets.oas.json', OAS);
    await writeFixture('nav-rename/key.json', JSON.stringify({ apply_policies: ['ren-gold'], rate: 1, per: 1 }, null, 2));
    const { document } = await openFixture('nav-rename/gold.json');
    const position = document.positionAt(document.getText().indexOf('"ren-petstore-1"') + 3);
    await waitFor(
      async () => ((await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeDefinitionProvider', document.uri, position)) ?? []).length > 0,
      { message: 'the workspace index to hold the API file', timeout: 60_000 },
    );
  });
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('F2 on an API id opens the Refactor Preview: no file changes until the rename is applied, then the API and the policy do', async () => {
    const done = await renameWithF2('nav-rename/petstore.json', '"ren-petstore-1"', 'ren-petstore-2');
    const rows = await waitFor(
      async () => {
        const found = (await queryWorkbench('.bulk-edit-panel .monaco-list-row')).filter((r) => r.visible);
        return found.some((r) => /gold\.json/.test(r.text)) && found.some((r) => /petstore\.json/.test(r.text)) && found;
      },
      { message: 'the Refactor Preview listing both files' },
    );
    assert.deepEqual(
      rows.filter((r) => /^line /.test(r.ariaLabel ?? '')).map((r) => r.ariaLabel),
      [
        'line 7, replacing ren-petstore-1 with ren-petstore-2',
        'line 8, replacing ren-petstore-1 with ren-petstore-2',
        'line 3, replacing ren-petstore-1 with ren-petstore-2',
      ],
    );
    // Edits that need confirmation start unticked (VS Code's rule): nothing is applied unless the user ticks it.
    assert.equal((await queryWorkbench(UNTICKED)).filter((c) => c.visible).length, 5, 'two files and three edits, all unticked');
    await screenshot('navigation-rename-preview');
    // Pending: nothing changed, neither on disk nor in the editors.
    for (const name of ['nav-rename/petstore.json', 'nav-rename/gold.json']) {
      assert.equal(count(await onDisk(name), 'ren-petstore-2'), 0, `${name} on disk`);
      assert.equal(count(await textOf(name), 'ren-petstore-2'), 0, `${name} in its editor`);
    }
    // The user ticks both files (ticking a file ticks its edits) and applies.
    for (const file of ['gold.json', 'petstore.json']) await clickWorkbench(`.bulk-edit-panel .monaco-list-row[aria-label*="${file}"] .edit-checkbox`);
    await waitFor(async () => (await queryWorkbench(UNTICKED)).filter((c) => c.visible).length === 0, { message: 'every change ticked' });
    await vscode.commands.executeCommand('refactorPreview.apply');
    await done;
    await waitFor(async () => count(await textOf('nav-rename/gold.json'), 'ren-petstore-2') === 2, { message: 'the policy renamed' });
    assert.equal(count(await textOf('nav-rename/gold.json'), 'ren-petstore-1'), 0);
    assert.equal(count(await textOf('nav-rename/petstore.json'), 'ren-petstore-2'), 1);
    assert.equal(count(await textOf('nav-rename/petstore.json'), 'ren-petstore-1'), 0);
  });

  it('F2 on a policy id in a key: the preview lists the policy and the key; Discard changes nothing', async () => {
    const done = await renameWithF2('nav-rename/key.json', '"ren-gold"', 'ren-platinum');
    await waitFor(
      async () => {
        const rows = (await queryWorkbench('.bulk-edit-panel .monaco-list-row')).filter((r) => r.visible).map((r) => r.ariaLabel);
        return rows.some((r) => /^nav-rename\/key\.json/.test(r ?? '')) && rows.some((r) => /^nav-rename\/gold\.json/.test(r ?? ''));
      },
      { message: 'the Refactor Preview listing the key and the policy' },
    );
    await vscode.commands.executeCommand('refactorPreview.discard');
    await done;
    for (const name of ['nav-rename/key.json', 'nav-rename/gold.json']) assert.equal(count(await textOf(name), 'ren-platinum'), 0, name);
    assert.equal(count(await textOf('nav-rename/key.json'), '"ren-gold"'), 1);
  });

  it('F2 to an API id another file has: refused with the reason, no preview, no file changed', async () => {
    const before = await textOf('nav-rename/gold.json');
    const done = await renameWithF2('nav-rename/petstore.json', '"api_id"', 'ren-oas-1', 0, 12);
    await notificationShown(/The API id `ren-oas-1` already exists \(pets\.oas\.json\)/);
    await done;
    assert.equal(await textOf('nav-rename/gold.json'), before);
    assert.equal(count(await textOf('nav-rename/petstore.json'), 'ren-oas-1'), 0);
    assert.deepEqual(
      (await queryWorkbench('.bulk-edit-panel .monaco-list-row')).filter((r) => r.visible),
      [],
    );
  });

  it('F2 on an operationId renames it and its middleware entry at once, without a preview', async () => {
    const oas = (await openFixture('nav-rename/pets.oas.json')).document;
    const done = await renameWithF2('nav-rename/pets.oas.json', '"renListPets"', 'renFindPets');
    await waitFor(() => count(oas.getText(), 'renFindPets') === 2 && oas, { message: 'the operationId renamed in the document' }).catch(async (e) => {
      await screenshot('navigation-rename-operation-failure');
      throw e;
    });
    await done;
    assert.equal(count(oas.getText(), 'renListPets'), 0);
    const preview = (await queryWorkbench('.bulk-edit-panel .monaco-list-row')).filter((r) => r.visible && /pets\.oas\.json/.test(r.text));
    assert.deepEqual(preview, [], 'no Refactor Preview for a rename inside one document');
  });
});

describe('navigation: link warnings and the active environment', function () {
  this.timeout(120_000);
  const ENV = 'E2E Nav Remote';
  const setup = useSandboxEnvironment(ENV, { cleanup: () => vscode.commands.executeCommand('workbench.action.closeAllEditors') });
  const children = (node?: ExplorerNode) => setup.api.explorer.provider.getChildren(node);
  const group = async (label: string) => {
    const env = await waitFor(async () => (await children()).find((n) => n.label === ENV), { message: 'the environment in the tree' });
    return waitFor(async () => (await children(env)).find((n) => n.label === label), { message: `its ${label} group` });
  };
  const warningsOf = (document: vscode.TextDocument, code: string) =>
    vscode.languages
      .getDiagnostics(document.uri)
      .filter((d) => String(typeof d.code === 'object' ? d.code.value : d.code) === code)
      .map((d) => `${document.getText(d.range)} ${d.message}`);

  before(async () => {
    await setup.server.createPolicy({ id: 'navrem-remote-plan', name: 'Remote plan', access_rights: {}, active: true });
    // An API only the sandbox has (its id is the server's to choose, so no workspace file has it).
    const remoteOnly = {
      openapi: '3.0.3',
      info: { title: 'Nav Remote Only', version: '1' },
      paths: {},
      'x-svc-api-gateway': {
        info: { name: 'Nav Remote Only', state: { active: true } },
        upstream: { url: 'http://upstream.invalid' },
        server: { listenPath: { value: '/nav-remote-only/' } },
      },
    };
    await setup.server.createOasApi(remoteOnly as never);
    await writeFixture('nav-remote/local-plan.json', JSON.stringify({ id: 'navrem-local', name: 'Local plan', rate: 1, per: 1, access_rights: {} }, null, 2));
    await writeFixture('nav-remote/key.json', JSON.stringify({ apply_policies: ['navrem-remote-plan', 'navrem-ghost-plan'], rate: 1, per: 1 }, null, 2));
    await vscode.commands.executeCommand('svc.switchEnvironment', ENV);
  });

  it('a key applying a policy the active environment has: "not checked" until the tree loads its policies, then no warning; a missing one says both were searched', async () => {
    const { document } = await openFixture('nav-remote/key.json');
    const policyWarnings = () => warningsOf(document, 'svc.link.unknown-policy');
    // Before the tree has loaded the environment's policies, both warn and say it was not checked.
    await waitFor(
      () => {
        const now = policyWarnings();
        return now.length === 2 && now.every((w) => w.includes('(the active environment `E2E Nav Remote` was not checked: its policies are not loaded'));
      },
      { message: 'both policies warned about, the environment not checked' },
    );
    // The tree loads the environment's policies, as when the user expands "Policies".
    assert.ok((await children(await group('Policies'))).some((n) => n.label === 'Remote plan'));
    const warnings = await waitFor(
      () => {
        const now = policyWarnings();
        return now.length === 1 && /in this workspace or in the active environment/.test(now[0]) && now;
      },
      { message: 'only the missing policy warned about, naming the environment' },
    );
    assert.deepEqual(warnings, [
      '"navrem-ghost-plan" No policy with the id `navrem-ghost-plan` is in this workspace or in the active environment ' +
        "`E2E Nav Remote`: the gateway skips a policy it cannot find and applies the key's other policies.",
    ]);
  });

  it('a policy granting an API only the active environment has: no warning once the tree lists its APIs; a missing one warns', async () => {
    // The tree lists the environment's APIs, as when the user expands "APIs" and a kind.
    let remoteId: string | undefined;
    for (const kind of await children(await group('APIs'))) {
      for (const node of kind.collapsible === 'none' ? [] : await children(kind)) if (node.label === 'Nav Remote Only') remoteId = node.apiId;
    }
    assert.ok(remoteId, 'the API only the sandbox has, in the tree');
    await writeFixture(
      'nav-remote/local-api.json',
      JSON.stringify({ name: 'Nav remote local', api_id: 'navrem-local-api', proxy: { listen_path: '/navrem-local/' }, version_data: { versions: {} } }),
    );
    const grants = { [remoteId]: { api_id: remoteId, versions: ['Default'] }, 'navrem-ghost-api': { api_id: 'navrem-ghost-api', versions: ['Default'] } };
    await writeFixture('nav-remote/grants.json', JSON.stringify({ id: 'navrem-grants', name: 'Grants', rate: 1, per: 1, access_rights: grants }, null, 2));
    const { document } = await openFixture('nav-remote/grants.json');
    const warnings = await waitFor(
      () => {
        const now = warningsOf(document, 'svc.link.unknown-api');
        return now.length === 1 && now;
      },
      { message: `one unknown-API warning (the remote ${remoteId} is known)` },
    );
    assert.deepEqual(warnings, [
      '"navrem-ghost-api" No API with the id `navrem-ghost-api` is in this workspace or in the active environment `E2E Nav Remote`: ' +
        'this grant gives access to nothing here.',
    ]);
  });
});
