// Environments as a team's workflow in a real VS Code, with two sandboxes as "e2e-development"
// (seeded) and "e2e-production" (empty), declared in the repository's svc.environments.json:
// the editor offers them (host approval as for workspace settings); a definition has a
// per-environment value (production's overlay); Promote to Environment… shows the rendered diff
// and pushes production's value; a change then made on production's server is reported as
// "changed on the server" by `svc diff --env` in a fresh clone without any cache (exit 1), and a
// conflicting local change exits 3.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startSandbox } from '../../../sandbox/src/index';
import { ManagementClient } from '../../../api/src';
import type { PromoteResult } from '../../../engine/src/environments/promote';
import type { SvcTestingApi } from '../../../client/src/testing/testingApi';
import { activeExtension, diagnosticsFor, testingApi, workspaceRoot } from './helpers/workspace';
import { waitFor } from './helpers/wait';

const DEV = 'e2e-development';
const PROD = 'e2e-production';
const GOLD = 'svc/gold-plan.policy.json';
const OVERLAY = `environments/${PROD}/${GOLD}`;

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

describe('environments workflow: svc.environments.json, Promote to Environment, the shared deploy state', () => {
  let dev: Sandbox;
  let prod: Sandbox;
  let prodServer: ManagementClient;
  let devServer: ManagementClient;
  let api: SvcTestingApi;
  let root: string;
  let svcBin: string;
  const clones: string[] = [];
  const cliEnv = () => ({
    PATH: process.env.PATH,
    SVC_E2E_DEVELOPMENT_DASHBOARD_TOKEN: dev.credentials.dashboardToken,
    SVC_E2E_DEVELOPMENT_GATEWAY_SECRET: dev.credentials.gatewaySecret,
    SVC_E2E_PRODUCTION_DASHBOARD_TOKEN: prod.credentials.dashboardToken,
    SVC_E2E_PRODUCTION_GATEWAY_SECRET: prod.credentials.gatewaySecret,
  });
  /**
   * The `svc` command as a CI job runs it (the built bin/svc.js), in `cwd`. Asynchronous: the
   * sandboxes run in this extension host, so a synchronous spawn would block them.
   */
  const svc = (cwd: string, ...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [svcBin, ...args], { cwd, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  const goldOn = async (server: ManagementClient) => (await server.listPolicies()).find((p) => p.id === 'gold-plan');
  const write = (file: string, value: unknown, base = root) => {
    fs.mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    fs.writeFileSync(path.join(base, file), `${JSON.stringify(value, null, 2)}\n`);
  };

  before(async () => {
    dev = await startSandbox({ port: 0, memory: true });
    prod = await startSandbox({ port: 0, memory: true, seed: false });
    devServer = new ManagementClient({ name: 'check-dev', dashboardUrl: dev.url, credentials: dev.credentials });
    prodServer = new ManagementClient({ name: 'check-prod', dashboardUrl: prod.url, credentials: prod.credentials });
    root = workspaceRoot().fsPath;
    // Earlier suites share this workspace and may have pulled the same policy from elsewhere: start clean.
    for (const p of ['svc.environments.json', 'environments', '.svc-deploy', GOLD]) fs.rmSync(path.join(root, p), { recursive: true, force: true });
    svcBin = path.join((await activeExtension()).extensionPath, 'bin', 'svc.js');
    api = await testingApi();
    write('svc.environments.json', [
      { name: DEV, dashboardUrl: dev.url },
      { name: PROD, dashboardUrl: prod.url },
    ]);
    // The definitions, pulled from development with the CLI (as a teammate would have committed them).
    const pulled = await svc(root, 'pull', '--all', '--env', DEV, '--select', 'name:Gold*');
    assert.equal(pulled.code, 0, pulled.stderr);
    // Production's own value.
    write(OVERLAY, { rate: 4321 });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const p of ['svc.environments.json', 'environments', '.svc-deploy', GOLD]) fs.rmSync(path.join(root, p), { recursive: true, force: true });
    for (const c of clones) fs.rmSync(c, { recursive: true, force: true });
    await Promise.all([dev?.close(), prod?.close()]);
  });

  it("offers the repository's environments, as defined by the repository (credentials in secret storage after approval)", async () => {
    const service = api.environments.environments;
    const env = await waitFor(() => service.find(PROD), { message: `${PROD} to be offered` });
    assert.equal(env.definedIn, 'svc.environments.json');
    assert.equal(env.source, 'workspace', 'workspace-defined: its host needs approval');
    assert.equal(env.dashboardUrl, prod.url);
    // The approval modal's "Allow" (modals cannot be clicked here), then the credentials.
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

  it("Promote to Environment… shows the rendered diff for production and pushes production's value", async () => {
    const uri = vscode.Uri.file(path.join(root, GOLD));
    const result = await api.withSyncAnswers({ confirm: true }, () =>
      vscode.commands.executeCommand<PromoteResult | undefined>('svc.promoteToEnvironment', { uri, from: DEV, to: PROD }),
    );
    assert.equal(result?.status, 'pushed', result?.message);
    // The diff shown: production's server (nothing yet) against the document rendered for it.
    const diff = await waitFor(
      () =>
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .map((t) => t.input)
          .find((i): i is vscode.TabInputTextDiff => i instanceof vscode.TabInputTextDiff && i.modified.path.includes(`rendered_for_${PROD}`)),
      { message: 'the rendered diff editor' },
    );
    const rendered = JSON.parse((await vscode.workspace.openTextDocument(diff.modified)).getText());
    assert.equal(rendered.rate, 4321);
    assert.equal((await goldOn(prodServer))?.rate, 4321, "production has production's value");
    assert.equal((await goldOn(devServer))?.rate, 1000, 'development keeps its own');
    assert.ok(fs.existsSync(path.join(root, `.svc-deploy/${PROD}/${GOLD}`)), "production's deploy record is written, to be committed");
  });

  it("Push to Environment of a definition to production sends it rendered with production's overlay", async () => {
    write(OVERLAY, { rate: 4400 });
    const uri = vscode.Uri.file(path.join(root, GOLD));
    const outcome = await api.withSyncAnswers({ confirm: true }, () =>
      vscode.commands.executeCommand<{ status: string; message: string } | undefined>('svc.push', { uri, environment: PROD }),
    );
    assert.equal(outcome?.status, 'pushed', outcome?.message);
    assert.equal((await goldOn(prodServer))?.rate, 4400, "production's value, not the definition's");
    assert.equal((await goldOn(devServer))?.rate, 1000);
  });

  it('a change on production\'s server: a fresh clone without cache says "changed on the server" (exit 1); a conflicting local change exits 3', async () => {
    const gold = (await goldOn(prodServer))!;
    await prodServer.updatePolicy('gold-plan', { ...gold, rate: 9999 });
    const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-e2e-clone-'));
    clones.push(clone);
    for (const p of ['svc.environments.json', 'svc', 'environments', '.svc-deploy']) fs.cpSync(path.join(root, p), path.join(clone, p), { recursive: true });
    assert.ok(!fs.existsSync(path.join(clone, '.svc')), 'no per-machine state, no cache');

    const drift = await svc(clone, 'diff', '--env', PROD);
    assert.equal(drift.code, 1, drift.stdout + drift.stderr);
    assert.match(drift.stdout, /svc\/gold-plan\.policy\.json: changed on the server \(policy 'Gold plan'\)/);
    assert.match(drift.stdout, /remote {2}rate: 4400 → 9999/);

    write(OVERLAY, { rate: 5000 }, clone);
    const conflict = await svc(clone, 'diff', '--env', PROD);
    assert.equal(conflict.code, 3, conflict.stdout + conflict.stderr);
    assert.match(conflict.stdout, /CONFLICT: changed locally and on the server/);
  });

  it('Promote again is refused while production moved since its last deploy; nothing is sent', async () => {
    const uri = vscode.Uri.file(path.join(root, GOLD));
    const result = await api.withSyncAnswers({ confirm: true }, () =>
      vscode.commands.executeCommand<PromoteResult | undefined>('svc.promoteToEnvironment', { uri, from: DEV, to: PROD }),
    );
    assert.equal(result?.status, 'cancelled');
    assert.match(result!.message, /changed on the server of 'e2e-production' since its last deploy/);
    assert.equal((await goldOn(prodServer))?.rate, 9999);
  });

  it("the language server checks each environment's rendering: an overlay that breaks production is reported on the definition, naming production", async () => {
    // As a user does: the definition open, the overlay edited in the editor (not yet saved).
    write(OVERLAY, { rate: 5 });
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(root, GOLD)));
    await vscode.window.showTextDocument(document);
    const overlay = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(root, OVERLAY)));
    await vscode.window.showTextDocument(overlay, { preview: false, viewColumn: vscode.ViewColumn.Beside });
    const edit = new vscode.WorkspaceEdit();
    edit.replace(overlay.uri, new vscode.Range(0, 0, overlay.lineCount, 0), `${JSON.stringify({ rate: 'fast' }, null, 2)}\n`);
    assert.ok(await vscode.workspace.applyEdit(edit));
    const diagnostics = await diagnosticsFor(
      document.uri,
      (d) => d.some((x) => /In environment 'e2e-production'/.test(x.message)),
      'the per-environment error',
    );
    const error = diagnostics.find((x) => /In environment 'e2e-production'/.test(x.message))!;
    assert.equal(error.severity, vscode.DiagnosticSeverity.Error);
    assert.match(document.lineAt(error.range.start.line).text, /"rate"/);
    // Leave no unsaved editor behind for the suites that follow.
    await vscode.window.showTextDocument(overlay);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
