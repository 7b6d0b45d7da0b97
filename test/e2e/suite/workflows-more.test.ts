// More workflows in a real VS Code against a sandbox started by the test: Pull All, the gateway's
// stored-versus-live definitions and Reload Gateway, Migrate All, the key and org key commands
// with their query options, the push routes the sync suite does not reach (streams PATCH, OAS
// create as a new version, the gateway key route) and the mistakes a user can make while
// pushing (wrong token, server down, broken JSON, error diagnostics). Every step is checked as
// a user would check it: the sandbox read back through the management API, the files in the
// workspace, the message shown. Dialogs are answered through the commands' argument objects.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startSandbox } from '../../../sandbox/src/index';
import { SEED_API_IDS, SEED_ORG_ID } from '../../../sandbox/src/seed/ids';
import { type ActionResult, type KeyResult, type StatusResult } from '../../../api/src';
import type { MigrateOutcome } from '../../../client/src/workflows/migrate/migrateFlow';
import type { PullOutcome } from '../../../client/src/workflows/sync/pull';
import type { PullAllSummary } from '../../../client/src/workflows/sync/pullFlow';
import type { PushOutcome } from '../../../client/src/workflows/sync/pushPipeline';
import { editAndSave, workspaceRoot, writeFixture } from './helpers/workspace';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { waitFor } from './helpers/wait';
import { logLength, logLine, notificationShown } from './helpers/shown';

type Json = Record<string, any>;

const ENV = 'E2E More';
const GATEWAY_ENV = 'E2E More Gateway';
const DOWN_ENV = 'E2E More Down';
const ID = SEED_API_IDS;

describe('workflows more', () => {
  const setup = useSandboxEnvironment(ENV, {
    cleanup: async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      for (const name of [GATEWAY_ENV, DOWN_ENV])
        await vscode.commands.executeCommand('svc.removeEnvironment', name, { confirmed: true }).then(undefined, () => false);
    },
  });

  /** A gateway-family read the client has no method for (sandbox extensions: ?state=live, one key, the org key). */
  async function gatewayGet(route: string): Promise<{ status: number; pending: string | null; body: Json }> {
    const res = await fetch(new URL(route, setup.sandbox.url), { headers: { 'X-Svc-Authorization': setup.sandbox.credentials.gatewaySecret } });
    return { status: res.status, pending: res.headers.get('x-svc-reload-pending'), body: (await res.json()) as Json };
  }
  const pull = (environment: string, target: { kind: string; id: string }) =>
    setup.api.withSyncAnswers({}, () => vscode.commands.executeCommand<PullOutcome>('svc.pull', { environment, target, mode: 'full' }));
  const push = (uri: vscode.Uri, answers: Json = {}, environment?: string) =>
    setup.api.withSyncAnswers({ confirm: true, pushDespiteErrors: true, ...answers }, () =>
      vscode.commands.executeCommand<PushOutcome | undefined>('svc.push', { uri, environment }),
    );
  /** The pull records of one environment in .svc/state.json, by workspace-relative path. */
  function recordsOf(environment: string): Array<[string, Json]> {
    const state = JSON.parse(fs.readFileSync(path.join(workspaceRoot().fsPath, '.svc', 'state.json'), 'utf8')) as { files: Record<string, Json> };
    return Object.entries(state.files).filter(([, r]) => r.environment === environment);
  }
  const fileOf = (relative: string) => path.join(workspaceRoot().fsPath, ...relative.split('/'));

  before(async () => {
    // Only the gateway secret: classic pushes go gateway-style, keys through POST /svc/keys/{id}.
    assert.equal(
      await vscode.commands.executeCommand('svc.addEnvironment', {
        name: GATEWAY_ENV,
        dashboardUrl: setup.sandbox.url,
        gatewaySecret: setup.sandbox.credentials.gatewaySecret,
        saveIfTestFails: true,
      }),
      GATEWAY_ENV,
    );
  });

  it('Pull All: every API, policy and key lands as a file; a file with local changes is skipped and counted', async () => {
    const apiIds = ((await setup.server.listApis({ p: -1 })).apis ?? []).map((a) => String(a.api_definition?.api_id));
    const policyIds = (await setup.server.listPolicies()).map((p) => String(p.id));
    const keyHashes = await Promise.all(
      ((await setup.server.listKeys({ p: -1 })).data?.keys ?? []).map(async (k) => String((await setup.server.getKey('-', k)).key_hash)),
    );
    assert.ok(apiIds.length > 5 && policyIds.length > 1 && keyHashes.length > 10, 'the seed has all three kinds');

    const first = await vscode.commands.executeCommand<PullAllSummary>('svc.pullAll', { environment: ENV });
    const total = apiIds.length + policyIds.length + keyHashes.length;
    assert.deepEqual([first?.pulled, first?.failed, first?.cancelled], [total, 0, false], first?.message);
    assert.equal(first.message, `Pull All done ('${ENV}'): ${total} pulled, 0 unchanged.`);
    await notificationShown(new RegExp(`Pull All done \\('${ENV}'\\): ${total} pulled`));

    const records = recordsOf(ENV);
    const idsOf = (kinds: string[]) =>
      records
        .filter(([, r]) => kinds.includes(r.target.kind))
        .map(([, r]) => String(r.target.id))
        .sort();
    assert.deepEqual(idsOf(['classic', 'oas', 'streams']), [...apiIds].sort());
    assert.deepEqual(idsOf(['policy']), [...policyIds].sort());
    assert.deepEqual(idsOf(['key']), [...keyHashes].sort(), 'keys are recorded by their hash');
    for (const [relative, record] of records) {
      assert.match(relative, new RegExp(`^svc/[\\w.-]+\\.${record.target.kind}\\.json$`), 'under the pull folder, named by kind');
      const text = fs.readFileSync(fileOf(relative), 'utf8');
      assert.equal(typeof JSON.parse(text), 'object');
      if (record.target.kind === 'key') assert.equal('key_id' in JSON.parse(text), false, 'a key file never holds the key id');
    }

    // The user changes a pulled file and saves it; the next Pull All keeps it.
    const [goldFile] = records.find(([, r]) => r.target.kind === 'policy' && r.target.id === 'gold-plan')!;
    await editAndSave(vscode.Uri.file(fileOf(goldFile)), (doc) => (doc.rate = 4321));
    const second = await vscode.commands.executeCommand<PullAllSummary>('svc.pullAll', { environment: ENV });
    assert.deepEqual([second?.pulled, second?.unchanged, second?.skipped, second?.failed], [0, total - 1, 1, 0], second?.message);
    assert.match(second.message, /1 skipped \(local changes kept\)/);
    assert.equal(JSON.parse(fs.readFileSync(fileOf(goldFile), 'utf8')).rate, 4321, 'the local change is not overwritten');
    assert.notEqual((await setup.server.listPolicies()).find((p) => p.id === 'gold-plan')?.rate, 4321, 'and nothing was pushed');
  });

  it('Reload Gateway: a gateway-style classic push is stored but not live until the reload', async () => {
    const pulled = await pull(GATEWAY_ENV, { kind: 'classic', id: ID.weatherClassic });
    assert.equal(pulled?.status, 'pulled', pulled?.message);
    const uri = vscode.Uri.file(pulled.file!);
    await editAndSave(uri, (doc) => (doc.name = 'Weather (stored, not live)'));
    const outcome = await push(uri, { reload: false });
    assert.equal(outcome?.status, 'pushed', outcome?.message);
    assert.equal(outcome.route?.endpoint, 'PUT /svc/apis/{apiID}');
    assert.equal(outcome.reloaded, false);
    assert.match(outcome.message, /stored the definition but still serves the previous one until it reloads/);

    const stored = await gatewayGet(`/svc/apis/${ID.weatherClassic}`);
    assert.deepEqual([stored.body.name, stored.pending], ['Weather (stored, not live)', 'true']);
    assert.equal((await gatewayGet(`/svc/apis/${ID.weatherClassic}?state=live`)).body.name, 'Weather Classic', 'the old definition is still live');

    await vscode.commands.executeCommand('svc.reloadGateway', { environment: GATEWAY_ENV });
    assert.equal((await gatewayGet(`/svc/apis/${ID.weatherClassic}?state=live`)).body.name, 'Weather (stored, not live)', 'the new one is live');
    assert.equal((await gatewayGet(`/svc/apis/${ID.weatherClassic}`)).pending, 'false');
    await notificationShown(new RegExp(`The gateway of '${GATEWAY_ENV}' reloaded`));
  });

  it('push a key through the gateway route (POST /svc/keys/{id}) with the key id typed, not stored', async () => {
    const body = {
      alias: 'e2e gateway-route key',
      allowance: 100,
      rate: 100,
      per: 60,
      quota_max: 77,
      access_rights: { [ID.weatherClassic]: { api_id: ID.weatherClassic, versions: ['Default'] } },
    };
    const uri = await writeFixture('svc/e2e-gateway-route.key.json', `${JSON.stringify(body, null, 2)}\n`);
    const outcome = await push(uri, { keyId: 'e2e-gateway-route-key' }, GATEWAY_ENV);
    assert.equal(outcome?.status, 'pushed', outcome?.message);
    assert.equal(outcome.route?.endpoint, 'POST /svc/keys/{keyID}');
    const stored = await gatewayGet('/svc/keys/e2e-gateway-route-key');
    assert.equal(stored.status, 200);
    assert.deepEqual([stored.body.alias, stored.body.quota_max], ['e2e gateway-route key', 77]);
    const state = fs.readFileSync(path.join(workspaceRoot().fsPath, '.svc', 'state.json'), 'utf8');
    assert.equal(state.includes('e2e-gateway-route-key'), false, 'the key id is not written to the state file');
  });

  it('push a streams API as PATCH with listenPath: the sandbox applies the parameter and the edit', async () => {
    const pulled = await pull(ENV, { kind: 'streams', id: ID.ordersStream });
    const uri = vscode.Uri.file(pulled.file!);
    await editAndSave(uri, (doc) => (doc.info.title = 'Order events (patched)'));
    const outcome = await push(uri, { streamsUpdate: { listenPath: '/order-events-v2/' } });
    assert.equal(outcome?.status, 'pushed', outcome?.message);
    assert.equal(outcome.route?.endpoint, 'PATCH /api/apis/streams/{apiId}');
    const stored = (await setup.server.getStreamsApi(ID.ordersStream)) as Json;
    assert.equal(stored.info.title, 'Order events (patched)');
    assert.equal(stored['x-svc-api-gateway'].server.listenPath.value, '/order-events-v2/');
    assert.ok(stored['x-svc-streaming'], 'the streaming part is kept');
  });

  // Import and PATCH fill these members in (gateway-facts §8.4), so a template lacking them is no
  // refusal: warnings in Problems, no "will probably refuse" question, and the sandbox stores it.
  it('an OAS document without upstream URL and listen path: errors (create refuses it) and push asks first; marked as an import template it has no error', async () => {
    const template = {
      openapi: '3.0.3',
      info: { title: 'E2E template', version: '1.0.0' },
      paths: {},
      'x-svc-api-gateway': { info: { name: 'e2e-template', state: {} }, upstream: {}, server: { listenPath: {} } },
    };
    const uri = await writeFixture('svc/e2e-template.oas.json', `${JSON.stringify(template, null, 2)}\n`);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const findings = await waitFor(
      () => {
        const ours = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'svc');
        return ours.length >= 3 ? ours : undefined;
      },
      { message: 'the missing members in Problems' },
    );
    assert.deepEqual([...new Set(findings.map((d) => d.severity))], [vscode.DiagnosticSeverity.Error], findings.map((d) => d.message).join(' | '));
    assert.ok(
      findings.some((d) =>
        /^Missing `url` or `loadBalancing`: one of them is required\. The gateway's create, update and PATCH endpoints refuse/.test(d.message),
      ),
    );
    // Declining "push anyway" sends nothing.
    const outcome = await push(uri, { oasCreate: 'new', pushDespiteErrors: false }, ENV);
    assert.notEqual(outcome?.status, 'pushed', outcome?.message);
    assert.ok(
      !((await setup.server.listApis({ p: -1 })).apis ?? []).some((a) => (a.oas as Json | undefined)?.['x-svc-api-gateway']?.info?.name === 'e2e-template'),
    );
    // The same document marked as an import template: checked in the reference's template mode, no error.
    fs.writeFileSync(
      uri.fsPath,
      `${JSON.stringify({ $schema: 'https://svc-gateway-tools.github.io/schemas/oas-template.schema.json', ...template }, null, 2)}\n`,
    );
    await waitFor(() => !vscode.languages.getDiagnostics(uri).some((d) => d.source === 'svc' && d.severity === vscode.DiagnosticSeverity.Error), {
      message: 'no error once marked as a template',
    });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('push an OAS document as a new version of an existing API: the base lists it, as the default', async () => {
    const doc = structuredClone(await setup.server.getOasApi(ID.inventoryOas)) as Json;
    const info = doc['x-svc-api-gateway'].info;
    delete info.id;
    delete info.dbId;
    delete info.versioning;
    info.name = 'Inventory v3';
    doc['x-svc-api-gateway'].server.listenPath.value = '/inventory-v3/';
    const uri = await writeFixture('svc/inventory-v3.oas.json', `${JSON.stringify(doc, null, 2)}\n`);
    const outcome = await push(uri, { oasCreate: { baseApiId: ID.inventoryOas, newVersionName: 'v3', setDefault: true } }, ENV);
    assert.equal(outcome?.status, 'pushed', outcome?.message);
    assert.equal(outcome.route?.endpoint, 'POST /svc/apis/oas');
    const newId = outcome.target!.id;
    assert.ok(newId && newId !== ID.inventoryOas, 'a new API');
    const versioning = ((await setup.server.getOasApi(ID.inventoryOas)) as Json)['x-svc-api-gateway'].info.versioning;
    assert.deepEqual(
      versioning.versions.find((v: Json) => v.name === 'v3'),
      { id: newId, name: 'v3' },
    );
    assert.equal(versioning.default, 'v3');
    assert.equal(((await setup.server.getOasApi(newId)) as Json)['x-svc-api-gateway'].info.name, 'Inventory v3');
  });

  it('Update Key honours suppress_reset: the live quota is kept, and reset without it', async () => {
    let keyId = '';
    let before: Json = {};
    for (const id of (await setup.server.listKeys({ p: -1 })).data?.keys ?? []) {
      const data = (await setup.server.getKey('-', id)).data as Json;
      if (data.quota_max > 0 && data.quota_remaining < data.quota_max) [keyId, before] = [id, data];
    }
    assert.ok(keyId, 'a seed key has used part of its quota');
    const apiId = Object.keys(before.access_rights)[0];
    const { key_id: _secret, ...session } = before;
    const kept = await vscode.commands.executeCommand<KeyResult>('svc.key.update', {
      environment: ENV,
      keyId,
      apiId,
      options: ['suppressReset'],
      body: { ...session, alias: 'kept quota' },
    });
    assert.equal((kept?.data as Json | undefined)?.alias, 'kept quota');
    const afterKeep = (await setup.server.getKey(apiId, keyId)).data as Json;
    assert.deepEqual([afterKeep.alias, afterKeep.quota_remaining], ['kept quota', before.quota_remaining]);
    await notificationShown(new RegExp(`Key updated in ${ENV}`));

    await vscode.commands.executeCommand<KeyResult>('svc.key.update', {
      environment: ENV,
      keyId,
      apiId,
      options: [],
      body: { ...session, alias: 'reset quota' },
    });
    const afterReset = (await setup.server.getKey(apiId, keyId)).data as Json;
    assert.deepEqual([afterReset.alias, afterReset.quota_remaining], ['reset quota', before.quota_max]);
  });

  it('Create Organisation Key: the org quota is kept, and reset with reset_quota', async () => {
    const before = (await gatewayGet(`/svc/org/keys/${SEED_ORG_ID}`)).body;
    assert.ok(before.quota_remaining < before.quota_max, 'the seed org has used part of its quota');
    const kept = await vscode.commands.executeCommand<ActionResult>('svc.key.createOrgKey', {
      environment: ENV,
      keyId: SEED_ORG_ID,
      options: [],
      body: { ...before, rate: 7 },
    });
    assert.equal(kept?.action, 'added');
    const afterKeep = (await gatewayGet(`/svc/org/keys/${SEED_ORG_ID}`)).body;
    assert.deepEqual([afterKeep.rate, afterKeep.quota_remaining], [7, before.quota_remaining]);

    await vscode.commands.executeCommand<ActionResult>('svc.key.createOrgKey', {
      environment: ENV,
      keyId: SEED_ORG_ID,
      options: ['resetQuota'],
      body: { ...before, rate: 8 },
    });
    const afterReset = (await gatewayGet(`/svc/org/keys/${SEED_ORG_ID}`)).body;
    assert.deepEqual([afterReset.rate, afterReset.quota_remaining], [8, before.quota_max]);
  });

  it("Update Organisation Key (Admin): the org key changes; a missing one shows the server's message and what to do", async () => {
    const current = (await gatewayGet(`/svc/org/keys/${SEED_ORG_ID}`)).body;
    const result = await vscode.commands.executeCommand<StatusResult>('svc.key.updateOrgKey', {
      environment: ENV,
      keyId: SEED_ORG_ID,
      body: { ...current, per: 30 },
    });
    assert.equal(result?.Message, 'Key updated');
    assert.equal((await gatewayGet(`/svc/org/keys/${SEED_ORG_ID}`)).body.per, 30);

    await vscode.commands.executeCommand('notifications.clearAll');
    const since = logLength(setup.api.logUri);
    const missing = await vscode.commands.executeCommand('svc.key.updateOrgKey', { environment: ENV, keyId: 'e2e-no-such-org', body: { ...current, per: 31 } });
    assert.equal(missing, undefined);
    const line = await logLine(setup.api.logUri, /Could not update the organisation key/, since);
    assert.match(line, /Org key doesn't exist/);
    assert.match(line, /Svc: Create Organisation Key/, 'says what to do');
    await notificationShown(/Org key doesn't exist/, /Svc: Create Organisation Key/);
    assert.equal((await gatewayGet('/svc/org/keys/e2e-no-such-org')).status, 404, 'nothing was created');
  });

  it('Migrate All: a dry run over every API, then stage: staged copies for the classic ones, reasons for the others', async () => {
    const outcome = await vscode.commands.executeCommand<MigrateOutcome>('svc.migrateAll', { environment: ENV, mode: 'stage' });
    const dry = outcome?.dryRun;
    assert.equal(dry?.mode, 'dryRun');
    const row = (id: string) => dry.rows.find((r) => r.apiID === id);
    for (const id of [ID.petstoreClassic, ID.weatherClassic, ID.ordersClassic]) assert.equal(row(id)?.outcome, 'success', `${id} would migrate`);
    for (const [id, key] of [
      [ID.legacyTcp, 'is_tcp'],
      [ID.countriesGraphql, 'is_graphql'],
      [ID.chatWebsocket, 'is_websocket'],
      [ID.paymentsOas, 'already_migrated'],
      [ID.ordersStream, 'is_streams'],
    ] as const) {
      assert.deepEqual([row(id)?.outcome, row(id)?.skipKey], ['skipped', key], `${id} skipped with its reason`);
    }
    const staged = outcome.run!.rows.filter((r) => r.outcome === 'success');
    assert.deepEqual(
      staged.map((r) => r.apiID).sort(),
      dry.rows
        .filter((r) => r.outcome === 'success')
        .map((r) => r.apiID)
        .sort(),
      'stage acts on what the dry run said would migrate',
    );
    for (const r of staged) {
      assert.equal(r.stagedId, `${r.apiID}-staged`);
      const copy = await setup.server.getDashboardApi(r.stagedId);
      assert.ok(copy.oas?.['x-svc-api-gateway'], `${r.stagedId} is an OAS copy`);
      assert.equal((await setup.server.getDashboardApi(r.apiID)).oas, undefined, `${r.apiID} stays classic while staged`);
    }
    for (const id of [ID.legacyTcp, ID.paymentsOas]) {
      await assert.rejects(setup.server.getDashboardApi(`${id}-staged`), /not|400|404/i, `no staged copy of skipped ${id}`);
    }
    const html = await waitFor(() => setup.api.migrate.panel.current?.report.mode === 'stage' && setup.api.migrate.panel.html, { message: 'the stage report' });
    assert.match(html, new RegExp(`Stage: ${staged.length} staged`));
  });

  describe('push mistakes: the message says what to do and nothing is lost', () => {
    it('a wrong dashboard token: names the credential and Set Credentials; the file is unchanged', async () => {
      const pulled = await pull(ENV, { kind: 'classic', id: ID.ordersClassic });
      const uri = vscode.Uri.file(pulled.file!);
      const document = await editAndSave(uri, (doc) => (doc.name = 'Orders (not sent)'));
      const text = fs.readFileSync(uri.fsPath, 'utf8');
      await vscode.commands.executeCommand('svc.setCredentials', ENV, { dashboardToken: 'not-the-token' });
      try {
        await vscode.commands.executeCommand('notifications.clearAll');
        const since = logLength(setup.api.logUri);
        assert.equal(await push(uri), undefined);
        const line = await logLine(setup.api.logUri, /push of .* failed/, since);
        assert.match(line, new RegExp(`dashboard token of environment '${ENV}' \\(Svc: Set Credentials\\)`));
        await notificationShown(/dashboard token/, /Svc: Set Credentials/);
      } finally {
        await vscode.commands.executeCommand('svc.setCredentials', ENV, { dashboardToken: setup.sandbox.credentials.dashboardToken });
      }
      assert.equal(fs.readFileSync(uri.fsPath, 'utf8'), text, 'the file is unchanged');
      assert.equal(document.isDirty, false);
      assert.equal((await setup.server.getDashboardApi(ID.ordersClassic)).api_definition?.name, 'Orders Classic', 'nothing was sent');
    });

    it('the server is stopped: an unreachable message; the file is unchanged', async () => {
      const down = await startSandbox({ port: 0, memory: true });
      let closed = false;
      try {
        await vscode.commands.executeCommand('svc.addEnvironment', { name: DOWN_ENV, dashboardUrl: down.url, ...down.credentials });
        const pulled = await pull(DOWN_ENV, { kind: 'policy', id: 'free-tier' });
        const uri = vscode.Uri.file(pulled.file!);
        await editAndSave(uri, (doc) => (doc.rate = 11));
        const text = fs.readFileSync(uri.fsPath, 'utf8');
        await down.close();
        closed = true;
        await vscode.commands.executeCommand('notifications.clearAll');
        const since = logLength(setup.api.logUri);
        assert.equal(await push(uri), undefined);
        const line = await logLine(setup.api.logUri, /push of .* failed/, since);
        assert.match(line, /Is the server running at/);
        await notificationShown(/Is the server running at/);
        assert.equal(fs.readFileSync(uri.fsPath, 'utf8'), text, 'the file is unchanged');
      } finally {
        if (!closed) await down.close();
        await vscode.commands.executeCommand('svc.removeEnvironment', DOWN_ENV, { confirmed: true });
      }
    });

    it('JSON syntax errors: stopped before sending, even when told to push despite errors', async () => {
      const broken = '{\n  "id": "silver-plan",\n  "name": "Silver plan"\n  "rate": 1,\n  "access_rights": {}\n}\n';
      const uri = await writeFixture('svc/broken.policy.json', broken);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      await waitFor(() => vscode.languages.getDiagnostics(uri).some((d) => d.severity === vscode.DiagnosticSeverity.Error), {
        message: 'the syntax error in Problems',
      });
      const outcome = await push(uri, { pushDespiteErrors: true }, ENV);
      assert.equal(outcome?.status, 'refused');
      assert.match(outcome.message, /broken\.policy\.json is not valid JSON at line \d+, column \d+: .*Fix it before pushing/);
      assert.equal(fs.readFileSync(uri.fsPath, 'utf8'), broken);
      assert.equal((await setup.server.listPolicies()).find((p) => p.id === 'silver-plan')?.rate, 100, 'nothing was sent');
    });

    it('error diagnostics: push stops unless the user pushes anyway', async () => {
      const [silver] = recordsOf(ENV).find(([, r]) => r.target.kind === 'policy' && r.target.id === 'silver-plan')!;
      const uri = vscode.Uri.file(fileOf(silver));
      await editAndSave(uri, (doc) => (doc.per = 'one minute'));
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      await waitFor(() => vscode.languages.getDiagnostics(uri).some((d) => d.severity === vscode.DiagnosticSeverity.Error), {
        message: 'the type error in Problems',
      });
      const stopped = await push(uri, { pushDespiteErrors: false });
      assert.equal(stopped?.status, 'cancelled');
      assert.match(stopped.message, /has \d+ error\(s\); fix them \(see Problems\) or push anyway/);
      assert.equal((await setup.server.listPolicies()).find((p) => p.id === 'silver-plan')?.per, 60, 'nothing was sent');
      // Pushed anyway, the server (the same validator: one truth) refuses it; nothing is lost.
      const overridden = await push(uri, { pushDespiteErrors: true });
      assert.notEqual(overridden?.status, 'pushed', overridden?.message);
      assert.equal((await setup.server.listPolicies()).find((p) => p.id === 'silver-plan')?.per, 60, 'the server kept its policy');
      assert.equal((JSON.parse(fs.readFileSync(uri.fsPath, 'utf8')) as { per?: unknown }).per, 'one minute', 'the file keeps the edit');
    });
  });
});
