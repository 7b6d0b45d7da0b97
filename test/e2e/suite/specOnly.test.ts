// The pull, push (classic, OAS, streams), edit-remote, keys, migrate and examples scenarios a
// second time, against a sandbox that serves only the spec's 24 endpoints and answers every other
// route with a plain-text 404 (`startSandbox({ specOnly: true })`), as a strict server built to the
// spec would. Where the 24 endpoints cannot do a job, the test asserts the message that says so.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SEED_API_IDS as ID } from '../../../sandbox/src/seed/ids';
import { findDashboardApi } from '../../../api/src/specFallbacks';
import type { KeyResult } from '../../../api/src';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import type { PullOutcome } from '../../../client/src/workflows/sync/pull';
import type { PushOutcome } from '../../../client/src/workflows/sync/pushPipeline';
import type { MigrateOutcome } from '../../../client/src/workflows/migrate/migrateFlow';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { logLength, logLine } from './helpers/shown';
import { waitFor } from './helpers/wait';
import { editAndSave } from './helpers/workspace';

const ENV = 'E2E Spec Only';
const GATEWAY_ENV = 'E2E Spec Only (gateway secret)';
type Json = Record<string, any>;

describe('spec-only server', () => {
  const setup = useSandboxEnvironment(ENV, {
    specOnly: true,
    cleanup: async () => {
      for (const doc of vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'untitled')) {
        await vscode.window.showTextDocument(doc);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      }
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('svc.removeEnvironment', GATEWAY_ENV, { confirmed: true });
    },
  });

  const pull = (target: Json, environment = ENV) =>
    setup.api.withSyncAnswers({}, () => vscode.commands.executeCommand<PullOutcome | undefined>('svc.pull', { environment, target, mode: 'full' }));
  const push = (uri: vscode.Uri, answers: Json = {}) =>
    setup.api.withSyncAnswers({ confirm: true, pushDespiteErrors: true, ...answers }, () =>
      vscode.commands.executeCommand<PushOutcome | undefined>('svc.push', { uri }),
    );
  /** What the server holds, read through the spec's endpoints only. */
  const record = async (id: string) => (await findDashboardApi(setup.server, id))!;
  const children = (node?: ExplorerNode) => setup.api.explorer.provider.getChildren(node);
  const child = (parent: ExplorerNode | undefined, match: (n: ExplorerNode) => boolean, what: string) =>
    waitFor(async () => (await children(parent)).find(match), { message: what });

  it('the sandbox answers a listing extension with the plain-text 404 of a Go router', async () => {
    const headers = { Authorization: `Bearer ${setup.sandbox.credentials.dashboardToken}` };
    const res = await fetch(`${setup.sandbox.url}/api/apis/${ID.petstoreClassic}`, { headers });
    assert.deepEqual([res.status, await res.text()], [404, '404 page not found\n']);
  });

  it('pull and push a classic API: read from the listing, written through PUT /api/apis/{apiId}', async () => {
    const pulled = await pull({ kind: 'classic', id: ID.ordersClassic });
    assert.equal(pulled?.status, 'pulled', pulled?.message);
    const uri = vscode.Uri.file(pulled.file!);
    assert.equal(JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()).api_id, ID.ordersClassic);
    await editAndSave(uri, (doc) => (doc.name = 'Orders (spec-only push)'));
    const outcome = await push(uri);
    assert.equal(outcome?.status, 'pushed', outcome?.message);
    assert.equal(outcome!.route?.endpoint, 'PUT /api/apis/{apiId}');
    assert.equal((await record(ID.ordersClassic)).api_definition?.name, 'Orders (spec-only push)');
  });

  it('pull and push an existing OAS API: the dashboard record an update needs comes from the listing', async () => {
    const pulled = await pull({ kind: 'oas', id: ID.inventoryOas });
    assert.equal(pulled?.status, 'pulled', pulled?.message);
    const uri = vscode.Uri.file(pulled.file!);
    await editAndSave(uri, (doc) => (doc.info.title = 'Inventory (spec-only push)'));
    const outcome = await push(uri);
    assert.equal(outcome?.status, 'pushed', outcome?.message);
    assert.equal(outcome!.route?.endpoint, 'PUT /api/apis/{apiId}');
    assert.equal((await setup.server.getOasApi(ID.inventoryOas)).info?.title, 'Inventory (spec-only push)');
  });

  it('pull and push a streams API (PUT, then PATCH with only info in the extension keeps the listen path)', async () => {
    const pulled = await pull({ kind: 'streams', id: ID.telemetryStream });
    assert.equal(pulled?.status, 'pulled', pulled?.message);
    const uri = vscode.Uri.file(pulled.file!);
    await editAndSave(uri, (doc) => (doc.info.title = 'Telemetry (PUT)'));
    const put = await push(uri, { streamsUpdate: 'put' });
    assert.equal(put?.status, 'pushed', put?.message);
    assert.equal(put!.route?.endpoint, 'PUT /api/apis/streams/{apiId}');
    const before = await setup.server.getStreamsApi(ID.telemetryStream);
    assert.equal(before.info?.title, 'Telemetry (PUT)');

    await editAndSave(uri, (doc) => {
      doc.info.title = 'Telemetry (PATCH)';
      doc['x-svc-api-gateway'] = { info: doc['x-svc-api-gateway'].info };
    });
    const patch = await push(uri, { streamsUpdate: {} });
    assert.equal(patch?.status, 'pushed', patch?.message);
    assert.equal(patch!.route?.endpoint, 'PATCH /api/apis/streams/{apiId}');
    const after = (await setup.server.getStreamsApi(ID.telemetryStream)) as Json;
    assert.equal(after.info.title, 'Telemetry (PATCH)');
    assert.deepEqual(after['x-svc-api-gateway'].server, (before as Json)['x-svc-api-gateway'].server, 'the stored server members are kept');
  });

  it('edit remote: a classic API opened as svc: and saved lands on the server', async () => {
    const target = { kind: 'classic', id: ID.weatherClassic };
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('svc.editRemote', { environment: ENV, target });
    assert.equal(document?.uri.scheme, 'svc');
    const doc = JSON.parse(document.getText()) as Json;
    assert.equal(doc.api_id, ID.weatherClassic);
    doc.name = 'Weather (edited remotely)';
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify(doc, null, 2)}\n`);
    await vscode.workspace.applyEdit(edit);
    assert.equal(await setup.api.withSyncAnswers({ confirm: true, pushDespiteErrors: true }, () => document.save()), true);
    assert.equal(setup.api.sync.fileSystem.lastOutcome?.status, 'pushed', setup.api.sync.fileSystem.lastOutcome?.message);
    assert.equal((await record(ID.weatherClassic)).api_definition?.name, 'Weather (edited remotely)');
  });

  it('reload: the server has no reload endpoint, and the command says when the definition becomes live', async () => {
    const message = await vscode.commands.executeCommand<string>('svc.reloadGateway', { environment: ENV });
    assert.match(String(message), /offers no reload endpoint.*becomes live at the gateway's next reload/);
  });

  it('keys: read, pulled and pushed only through the API the key grants; the tree says keys are not listed', async () => {
    const created = await vscode.commands.executeCommand<KeyResult>('svc.key.create', {
      environment: ENV,
      keyId: 'e2e-spec-only-key',
      style: 'dashboard',
      body: { alias: 'spec-only key', rate: 5, per: 60, access_rights: { [ID.ordersClassic]: { api_id: ID.ordersClassic, versions: ['Default'] } } },
    });
    assert.equal(created?.key_id, 'e2e-spec-only-key');
    const showDetails = (apiId: string) =>
      vscode.commands.executeCommand<vscode.TextDocument | undefined>('svc.key.showDetails', {
        environment: ENV,
        keyId: 'e2e-spec-only-key',
        apiId,
        options: [],
      });
    const details = await showDetails(ID.ordersClassic);
    assert.match(details!.getText(), /spec-only key/);
    // Just outside: an API the key does not grant is refused by a server that checks it.
    const since = logLength(setup.api.logUri);
    assert.equal(await showDetails(ID.petstoreClassic), undefined);
    await logLine(setup.api.logUri, /Could not read the key/, since);

    const pulled = await pull({ kind: 'key', id: created!.key_hash, apiId: ID.ordersClassic });
    assert.equal(pulled?.status, 'pulled', pulled?.message);
    const uri = vscode.Uri.file(pulled.file!);
    await editAndSave(uri, (doc) => (doc.alias = 'spec-only key (pushed)'));
    const outcome = await push(uri);
    assert.equal(outcome?.status, 'pushed', outcome?.message);
    assert.equal(outcome!.route?.endpoint, 'PUT /api/apis/{apiID}/keys/{keyID}');
    assert.equal((await setup.server.getKey(ID.ordersClassic, 'e2e-spec-only-key')).data?.alias, 'spec-only key (pushed)');

    const env = await child(undefined, (n) => n.environment === ENV && (n.type === 'environment' || n.type === 'sandboxEnvironment'), 'the environment node');
    const keys = await child(env, (n) => n.type === 'keys', 'the Keys group');
    const under = await waitFor(
      async () => {
        const nodes = await children(keys);
        return nodes.some((n) => n.label === 'This server does not list keys.') && nodes;
      },
      { message: 'the keys message' },
    );
    assert.ok(
      under.some((n) => n.type === 'openKeyById'),
      'and the way to open a key by id',
    );
  });

  it('migrate: the dry-run report and its classic view work through the listing', async () => {
    const outcome = (await vscode.commands.executeCommand('svc.migrate', { environment: ENV, apiIds: [ID.petstoreClassic] })) as MigrateOutcome;
    const row = outcome.dryRun!.rows.find((r) => r.apiID === ID.petstoreClassic)!;
    assert.equal(row.outcome, 'success');
    await setup.api.migrate.panel.receive({ type: 'diff', row: 0, doc: 0 });
    const tab = await waitFor(
      () => {
        const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
        return input instanceof vscode.TabInputTextDiff && input.modified.scheme === 'svc-migrate' && input;
      },
      { message: 'a diff tab of svc-migrate documents' },
    );
    const left = JSON.parse((await vscode.workspace.openTextDocument(tab.original)).getText()) as Json;
    assert.equal(left.api_id, ID.petstoreClassic, 'the classic view shows the classic definition');
  });

  it('examples: no catalogue, so the tree offers Open Example by Location…, which reads endpoint 16', async () => {
    const env = await child(undefined, (n) => n.environment === ENV && (n.type === 'environment' || n.type === 'sandboxEnvironment'), 'the environment node');
    const examples = await child(env, (n) => n.type === 'examples', 'the Examples group');
    const nodes = await waitFor(
      async () => {
        const list = await children(examples);
        return list.some((n) => n.label === 'This server has no examples catalogue.') && list;
      },
      { message: 'the examples message' },
    );
    const open = nodes.find((n) => n.type === 'openExampleByLocation');
    assert.ok(open, 'an Open Example by Location… node');
    assert.equal(setup.api.explorer.provider.getTreeItem(open!).command?.command, 'svc.examples.openByLocation');

    const args = { environment: ENV, location: 'classic/keyless-proxy', action: 'definition' };
    const doc = (await vscode.commands.executeCommand('svc.examples.openByLocation', args)) as vscode.TextDocument;
    assert.equal(doc.uri.scheme, 'untitled');
    assert.equal((JSON.parse(doc.getText()) as Json).name, 'Keyless proxy');
  });

  it('with only the gateway secret, a classic API cannot be read through the spec, and the message says why', async () => {
    assert.equal(
      await vscode.commands.executeCommand('svc.addEnvironment', {
        name: GATEWAY_ENV,
        dashboardUrl: setup.sandbox.url,
        gatewaySecret: setup.sandbox.credentials.gatewaySecret,
        saveIfTestFails: true,
      }),
      GATEWAY_ENV,
    );
    const since = logLength(setup.api.logUri);
    assert.equal(await pull({ kind: 'classic', id: ID.weatherClassic }, GATEWAY_ENV), undefined);
    await logLine(setup.api.logUri, /does not offer GET \/svc\/apis\/\{apiID\}.*dashboard listing \(GET \/api\/apis\).*dashboard token/, since);
  });
});
