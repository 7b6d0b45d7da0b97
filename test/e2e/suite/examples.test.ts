// Examples in a real VS Code against a sandbox started by the test: the catalogue with its
// details, the readme in the Markdown preview, the definition as a new untitled file, and
// "Create API from Example" creating the API in the sandbox (OAS, and classic converted).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { summariseApi } from '../../../client/src/explorer/apiSummaries';
import type { PushOutcome } from '../../../client/src/workflows/sync/pushPipeline';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { waitFor } from './helpers/wait';

const ENV = 'E2E Examples';

describe('examples', () => {
  const apiNames = async () => ((await setup.server.listApis({ p: -1 })).apis ?? []).map(summariseApi);

  const setup = useSandboxEnvironment(ENV, {
    cleanup: async () => {
      // The opened definitions are unsaved untitled files: revert them so closing asks nothing.
      for (const doc of vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'untitled')) {
        await vscode.window.showTextDocument(doc);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      }
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    },
  });

  it('browses the catalogue: categories, features and minimum version of every example', async () => {
    const client = await setup.api.environments.clients.clientFor(setup.api.environments.environments.find(ENV)!);
    const entries = await setup.api.examples.flow.catalogue(client);
    const petstore = entries.find((e) => e.location === 'oas/petstore-token');
    assert.ok(petstore, entries.map((e) => e.location).join(', '));
    assert.equal(petstore.category, 'oas');
    assert.deepEqual(petstore.features, ['OAS', 'Auth token']);
    assert.equal(petstore.minVersion, '5.3');
    assert.deepEqual([...new Set(entries.map((e) => e.category))].sort(), ['classic', 'oas', 'streams']);
  });

  it('previews the readme of an example from the tree node in the Markdown preview', async () => {
    const node = {
      id: 'x',
      type: 'example',
      environment: ENV,
      label: 'Petstore',
      icon: 'book',
      collapsible: 'none',
      resource: { type: 'example', location: 'oas/petstore-token' },
    };
    const uri = (await vscode.commands.executeCommand('svc.examples.previewReadme', node)) as vscode.Uri;
    assert.equal(uri.scheme, 'svc-example');
    const text = (await vscode.workspace.openTextDocument(uri)).getText();
    assert.match(text, /^# /, 'the readme is Markdown with a heading');
    await waitFor(() => vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => /Preview/.test(t.label))), { message: 'a Markdown preview tab' });
  });

  it('opens the definition as a new untitled JSON file', async () => {
    const doc = (await vscode.commands.executeCommand('svc.examples.openDefinition', {
      environment: ENV,
      location: 'classic/keyless-proxy',
      action: 'definition',
    })) as vscode.TextDocument;
    assert.equal(doc.uri.scheme, 'untitled');
    assert.equal(doc.languageId, 'json');
    assert.match(doc.uri.path, /keyless-proxy\.classic\.json$/);
    const def = JSON.parse(doc.getText()) as { name?: string; proxy?: { listen_path?: string } };
    assert.equal(def.name, 'Keyless proxy');
    assert.ok(def.proxy?.listen_path);
  });

  it('creates an OAS API from an example: the sandbox has it afterwards', async () => {
    const before = await apiNames();
    const outcomes = (await setup.api.withSyncAnswers({ confirm: true, oasCreate: 'new' }, () =>
      vscode.commands.executeCommand('svc.examples.browse', { environment: ENV, location: 'oas/petstore-token', action: 'create' }),
    )) as PushOutcome[];
    assert.equal(outcomes.length, 1);
    assert.equal(outcomes[0].status, 'pushed', outcomes[0].message);
    const created = (await apiNames()).filter((a) => !before.some((b) => b.id === a.id));
    assert.equal(created.length, 1, `new APIs: ${created.map((a) => a.name).join(', ')}`);
    assert.equal(created[0].kind, 'oas');
    assert.equal(created[0].id, outcomes[0].target?.id);
  });

  it('creates a versioned classic example as an OAS API with its version', async () => {
    const before = await apiNames();
    const outcomes = (await setup.api.withSyncAnswers({ confirm: true, oasCreate: 'new' }, () =>
      vscode.commands.executeCommand('svc.examples.createApi', { environment: ENV, location: 'classic/token-auth-versioned', convertClassic: true }),
    )) as PushOutcome[];
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['pushed', 'pushed'],
      outcomes.map((o) => o.message).join(' | '),
    );
    const created = (await apiNames()).filter((a) => !before.some((b) => b.id === a.id));
    assert.equal(created.length, 2);
    const base = await setup.server.getOasApi(outcomes[0].target!.id);
    const versions =
      (base['x-svc-api-gateway'] as { info?: { versioning?: { versions?: Array<{ id: string; name: string }> } } }).info?.versioning?.versions ?? [];
    assert.deepEqual(
      versions.map((v) => [v.name, v.id]),
      [['v2', outcomes[1].target?.id]],
    );
  });
});
