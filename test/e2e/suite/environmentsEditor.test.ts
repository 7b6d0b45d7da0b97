// The editor's Pull, Pull All and Compare with Environment for environments declared in the
// repository's svc.environments.json, in a real VS Code, with two sandboxes as "e2e-dev" (seeded)
// and "e2e-prod" (empty until the gold plan is promoted to it, with production's overlay): each
// works on the definition rendered for the environment and on the shared deploy state, as
// `svc … --env` does; a server change goes to the overlay when the overlay sets that member and
// to the definition otherwise; a change that would reach the other environment is asked about
// (answered here through the test-only prompter, withSyncAnswers); the tree's filter takes folder:.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startSandbox } from '../../../sandbox/src/index';
import { ManagementClient } from '../../../api/src';
import type { SvcTestingApi } from '../../../client/src/testing/testingApi';
import type { CompareResult } from '../../../client/src/workflows/sync/compareFlow';
import type { PullOutcome } from '../../../client/src/workflows/sync/pull';
import type { PullAllSummary } from '../../../client/src/workflows/sync/pullFlow';
import type { PullIntoFacts } from '../../../client/src/workflows/sync/syncUi';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import { activeExtension, testingApi, workspaceRoot } from './helpers/workspace';
import { waitFor } from './helpers/wait';

const DEV = 'e2e-dev';
const PROD = 'e2e-prod';
const GOLD = 'svc/gold-plan.policy.json';
const OVERLAY = `environments/${PROD}/${GOLD}`;
const CLEANED = ['svc.environments.json', 'environments', '.svc-deploy', 'svc'];

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

describe('environments in the editor: Pull, Pull All and Compare rendered for svc.environments.json; the tree filter folder:', () => {
  let dev: Sandbox;
  let prod: Sandbox;
  let prodServer: ManagementClient;
  let api: SvcTestingApi;
  let root: string;
  let svcBin: string;

  /** The `svc` command as a teammate runs it (asynchronous: the sandboxes run in this extension host). */
  const svc = (...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const env = {
        PATH: process.env.PATH,
        SVC_E2E_DEV_DASHBOARD_TOKEN: dev.credentials.dashboardToken,
        SVC_E2E_DEV_GATEWAY_SECRET: dev.credentials.gatewaySecret,
        SVC_E2E_PROD_DASHBOARD_TOKEN: prod.credentials.dashboardToken,
        SVC_E2E_PROD_GATEWAY_SECRET: prod.credentials.gatewaySecret,
      };
      const child = spawn(process.execPath, [svcBin, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  const write = (file: string, value: unknown) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `${JSON.stringify(value, null, 2)}\n`);
  };
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  const text = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
  const goldOnProd = async () => (await prodServer.listPolicies()).find((p) => p.id === 'gold-plan')!;
  const changeOnProd = async (change: Record<string, unknown>) => prodServer.updatePolicy('gold-plan', { ...(await goldOnProd()), ...change });
  const compare = (uri: vscode.Uri, environment?: string) =>
    vscode.commands.executeCommand<CompareResult[] | undefined>('svc.compareWithEnvironment', environment ? { uri, environment } : uri);
  const pullGold = (answers: Parameters<SvcTestingApi['withSyncAnswers']>[0] = {}) =>
    api.withSyncAnswers(answers, () =>
      vscode.commands.executeCommand<PullOutcome | undefined>('svc.pull', { environment: PROD, target: { kind: 'policy', id: 'gold-plan' } }),
    );

  before(async () => {
    dev = await startSandbox({ port: 0, memory: true });
    prod = await startSandbox({ port: 0, memory: true, seed: false });
    prodServer = new ManagementClient({ name: 'check-prod', dashboardUrl: prod.url, credentials: prod.credentials });
    root = workspaceRoot().fsPath;
    // Other suites share this workspace and pull into svc/: start clean.
    for (const p of CLEANED) fs.rmSync(path.join(root, p), { recursive: true, force: true });
    svcBin = path.join((await activeExtension()).extensionPath, 'bin', 'svc.js');
    api = await testingApi();
    write('svc.environments.json', [
      { name: DEV, dashboardUrl: dev.url },
      { name: PROD, dashboardUrl: prod.url },
    ]);
    // What a teammate committed: the gold plan pulled from development, promoted to production with production's rate.
    const pulled = await svc('pull', '--all', '--env', DEV, '--select', 'name:Gold*');
    assert.equal(pulled.code, 0, pulled.stderr);
    write(OVERLAY, { rate: 4321 });
    const promoted = await svc('promote', '--from', DEV, '--to', PROD, '--yes', GOLD);
    assert.equal(promoted.code, 0, promoted.stdout + promoted.stderr);
    assert.equal((await goldOnProd()).rate, 4321);

    const service = api.environments.environments;
    await waitFor(() => service.find(PROD) && service.find(DEV), { message: 'the repository environments to be offered' });
    for (const s of [dev, prod]) await service.approval.allow(new URL(s.url).origin);
    for (const [name, s] of [
      [DEV, dev],
      [PROD, prod],
    ] as const) {
      const health = await vscode.commands.executeCommand<{ state: string }>('svc.setCredentials', name, {
        gatewaySecret: s.credentials.gatewaySecret,
        dashboardToken: s.credentials.dashboardToken,
      });
      assert.equal(health?.state, 'ok', `${name} connects`);
    }
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await vscode.commands.executeCommand('svc.explorer.clearFilter');
    for (const p of CLEANED) fs.rmSync(path.join(root, p), { recursive: true, force: true });
    await Promise.all([dev?.close(), prod?.close()]);
  });

  it("Compare with Environment shows the definition rendered for production (its overlay's value) against production's server", async () => {
    await changeOnProd({ rate: 5000 });
    const [result] = (await compare(vscode.Uri.file(path.join(root, GOLD)), PROD))!;
    assert.equal(result.rendered, true);
    assert.equal(result.status, 'changed-remotely', result.message);
    assert.deepEqual(
      result.changes.map((c) => [c.display, c.side, c.base, c.local, c.remote]),
      [['rate', 'remote', 4321, 4321, 5000]],
      "production's rate is the overlay's, not the definition's 1000",
    );
    // The diff: production's server (left) against the rendering for production (right).
    const diff = await waitFor(
      () =>
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .map((t) => t.input)
          .find((i): i is vscode.TabInputTextDiff => i instanceof vscode.TabInputTextDiff && i.modified.path.includes(`rendered_for_${PROD}`)),
      { message: 'the rendered diff editor' },
    );
    assert.equal(JSON.parse((await vscode.workspace.openTextDocument(diff.modified)).getText()).rate, 4321);
    assert.equal(JSON.parse((await vscode.workspace.openTextDocument(diff.original)).getText()).rate, 5000);

    // The same definition for development renders without the overlay: nothing differs there.
    const [onDev] = (await compare(vscode.Uri.file(path.join(root, GOLD)), DEV))!;
    assert.equal(onDev.status, 'unchanged', onDev.message);
    // The overlay file compares its own environment without being told.
    const [fromOverlay] = (await compare(vscode.Uri.file(path.join(root, OVERLAY))))!;
    assert.equal(fromOverlay.environment, PROD);
    assert.equal(fromOverlay.status, 'changed-remotely');
  });

  it('Pull writes a server change of a member the overlay sets to the overlay; the definition is untouched', async () => {
    const definition = text(GOLD);
    const asked: PullIntoFacts[] = [];
    const outcome = await pullGold({ pullInto: (facts) => (asked.push(facts), undefined) });
    assert.equal(outcome?.status, 'pulled', outcome?.message);
    assert.deepEqual(outcome?.wrote, [OVERLAY]);
    assert.deepEqual(read(OVERLAY), { rate: 5000 });
    assert.equal(text(GOLD), definition);
    assert.deepEqual(asked, [], 'nothing to ask: development is not affected');
    assert.equal(read(`.svc-deploy/${PROD}/${GOLD}`).base.rate, 5000, 'the shared deploy state took the server version');
    const [after] = (await compare(vscode.Uri.file(path.join(root, GOLD)), PROD))!;
    assert.equal(after.status, 'unchanged', after.message);
  });

  it('a change of a member only the definition sets would reach development: the editor asks; cancel writes nothing, overlay and definition write there', async () => {
    await changeOnProd({ per: 30 });
    const definition = text(GOLD);
    const asked: PullIntoFacts[] = [];
    const cancelled = await pullGold({ pullInto: (facts) => (asked.push(facts), undefined) });
    assert.equal(cancelled?.status, 'skipped', cancelled?.message);
    assert.match(cancelled!.message, /Nothing was written/);
    assert.deepEqual(asked, [{ environment: PROD, items: [{ file: GOLD, overlayFile: OVERLAY, affected: [DEV] }] }]);
    assert.equal(text(GOLD), definition);
    assert.deepEqual(read(OVERLAY), { rate: 5000 });

    const intoOverlay = await pullGold({ pullInto: 'overlay' });
    assert.equal(intoOverlay?.status, 'pulled', intoOverlay?.message);
    assert.deepEqual(read(OVERLAY), { rate: 5000, per: 30 });
    assert.equal(text(GOLD), definition, "only production gets it: development's rendering does not move");

    await changeOnProd({ quota_max: 5 });
    const intoBase = await pullGold({ pullInto: 'base' });
    assert.equal(intoBase?.status, 'pulled', intoBase?.message);
    assert.deepEqual(intoBase?.wrote, [GOLD]);
    assert.equal(read(GOLD).quota_max, 5);
    // Development now renders the new definition: a change here, to push there.
    const [onDev] = (await compare(vscode.Uri.file(path.join(root, GOLD)), DEV))!;
    assert.equal(onDev.status, 'changed-locally', onDev.message);
    assert.deepEqual(
      onDev.changes.map((c) => [c.display, c.side]),
      [['quota_max', 'local']],
    );
  });

  it('Pull All of production asks once for the definitions whose change would reach development, then pulls them where answered', async () => {
    await changeOnProd({ key_expires_in: 3600 });
    const asked: PullIntoFacts[] = [];
    const summary = await api.withSyncAnswers({ pullInto: (facts) => (asked.push(facts), 'overlay') }, () =>
      vscode.commands.executeCommand<PullAllSummary | undefined>('svc.pullAll', { environment: PROD }),
    );
    assert.ok(summary, 'Pull All returned its summary');
    assert.equal(summary.pulled, 1, summary.message);
    assert.equal(summary.failed, 0, summary.message);
    assert.match(summary.message, /Pull All done \('e2e-prod', rendered with its overlays; state in \.svc-deploy\/e2e-prod\/\)/);
    assert.equal(asked.length, 1, 'one question for the whole run');
    assert.deepEqual(
      asked[0].items.map((i) => [i.file, i.affected]),
      [[GOLD, [DEV]]],
    );
    assert.equal(read(OVERLAY).key_expires_in, 3600);
    assert.equal(read(GOLD).key_expires_in, 0, 'the definition keeps development’s value');
    const [after] = (await compare(vscode.Uri.file(path.join(root, GOLD)), PROD))!;
    assert.equal(after.status, 'unchanged', after.message);
  });

  it("the tree's filter folder:PATH shows the resources whose definition is under PATH (development's deploy state), as --select does", async () => {
    const children = (node?: ExplorerNode) => api.explorer.provider.getChildren(node);
    const child = (parent: ExplorerNode | undefined, label: string) =>
      waitFor(async () => (await children(parent)).find((c) => c.label === label), { message: `a tree node '${label}'` });
    const policies = async () => (await children(await child(await child(undefined, DEV), 'Policies'))).map((n) => n.label);
    const all = await waitFor(async () => ((await policies()).length > 1 ? policies() : undefined), { message: "development's policies" });
    assert.ok(all.includes('Gold plan') && all.includes('Silver plan'), all.join(', '));

    await vscode.commands.executeCommand('svc.explorer.filter', 'folder:svc');
    assert.equal(api.explorer.treeView.description, 'filter: folder:svc');
    assert.deepEqual(await policies(), ['Gold plan'], 'only the policy with a definition under svc/');
    const cli = await svc('diff', '--env', DEV, '--format', 'json', '--select', 'folder:svc');
    assert.deepEqual(
      JSON.parse(cli.stdout).files.map((f: { name: string }) => f.name),
      ['Gold plan'],
      'the CLI selects the same',
    );

    await vscode.commands.executeCommand('svc.explorer.filter', 'folder:elsewhere');
    assert.deepEqual(await policies(), [`No match for 'folder:elsewhere' (${all.length} hidden).`]);
    await vscode.commands.executeCommand('svc.explorer.clearFilter');
    assert.deepEqual(await policies(), all);
  });
});
