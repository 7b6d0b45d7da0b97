// The explorer scenario in a real VS Code against a sandbox started by the test: add an
// environment through the input flow (answered by the command's argument), browse the tree,
// page, see an error node for a wrong credential, see the status bar, open a resource
// read-only, and find no credential in settings.json or the log.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startSandbox } from '../../../sandbox/src/index';
import { ManagementClient } from '../../../api/src';
import type { SvcTestingApi } from '../../../client/src/testing/testingApi';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import { testingApi } from './helpers/workspace';
import { waitFor } from './helpers/wait';
import { screenshot } from './helpers/screenshot';
import { hasDriver, waitForVisible } from './helpers/workbench';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

const ENV = 'E2E Sandbox';
const WRONG = 'E2E Wrong Token';

describe('explorer', () => {
  let sandbox: Sandbox;
  let api: SvcTestingApi;

  const children = (node?: ExplorerNode) => api.explorer.provider.getChildren(node);
  async function child(parent: ExplorerNode | undefined, label: string | RegExp): Promise<ExplorerNode> {
    return waitFor(async () => (await children(parent)).find((c) => (typeof label === 'string' ? c.label === label : label.test(c.label))), {
      message: `a tree node '${label}' under '${parent?.label ?? '(root)'}'`,
    });
  }

  before(async () => {
    sandbox = await startSandbox({ port: 0, memory: true });
    api = await testingApi();
    assert.ok(api?.explorer && api.environments, 'activate() returns the explorer and environments');
    // Enough keys for two pages (the listing pages by 10), created through the spec's endpoint 5.
    const admin = new ManagementClient({ name: 'setup', dashboardUrl: sandbox.url, credentials: sandbox.credentials });
    for (let i = 0; i < 12; i++) await admin.createCustomKey(`e2e-key-${String(i).padStart(2, '0')}`, { access_rights: {}, alias: `e2e ${i}` });
  });

  after(async () => {
    for (const name of [ENV, WRONG]) await vscode.commands.executeCommand('svc.removeEnvironment', name, { confirmed: true });
    await sandbox?.close();
  });

  it('adds an environment through the input flow and makes it active', async () => {
    const added = await vscode.commands.executeCommand('svc.addEnvironment', {
      name: ENV,
      dashboardUrl: sandbox.url,
      ...sandbox.credentials,
    });
    assert.equal(added, ENV);
    const env = api.environments.environments.find(ENV);
    assert.equal(env?.dashboardUrl, sandbox.url.replace(/\/+$/, ''));
    assert.equal(api.environments.environments.active()?.name, ENV);
    assert.equal(api.environments.environments.health(ENV).state, 'ok');
  });

  it('fills the tree from the sandbox: APIs by kind, policies, webhooks, examples', async () => {
    const env = await child(undefined, ENV);
    const groups = (await children(env)).map((n) => n.label);
    assert.deepEqual(groups, ['APIs', 'Policies', 'Keys', 'Webhooks', 'Examples']);
    const apis = await child(env, 'APIs');
    const kinds = await children(apis);
    assert.deepEqual(
      kinds.slice(0, 3).map((k) => k.label),
      ['Classic APIs', 'OAS APIs', 'Streams APIs'],
    );
    const total = kinds.slice(0, 3).reduce((n, k) => n + Number(/\d+/.exec(String(k.description))?.[0]), 0);
    assert.ok(total > 0, 'the sandbox seed has APIs');
    const firstKind = kinds.find((k) => k.collapsible !== 'none')!;
    const [firstApi] = await children(firstKind);
    assert.equal(firstApi.type, 'api');
    assert.match(String(firstApi.tooltip), /Listen path/);
    for (const group of ['Policies', 'Examples']) {
      const nodes = await children(await child(env, group));
      assert.ok(nodes.length > 0 && nodes.every((n) => n.type !== 'error'), `${group}: ${nodes.map((n) => n.label).join(', ')}`);
    }
  });

  it('pages the keys: "load more" adds the next page', async () => {
    const keys = await child(await child(undefined, ENV), 'Keys');
    const first = await children(keys);
    const more = first.find((n) => n.type === 'loadMore');
    assert.ok(more, `a load-more node among ${first.map((n) => n.label).join(', ')}`);
    const before = first.filter((n) => n.type === 'key').length;
    await vscode.commands.executeCommand('svc.explorer.loadMore', more);
    const after = (await children(keys)).filter((n) => n.type === 'key').length;
    assert.ok(after > before, `keys after load more: ${after}, before: ${before}`);
  });

  it('opens a resource read-only as JSON under svc-remote:', async () => {
    const policy = (await children(await child(await child(undefined, ENV), 'Policies'))).find((n) => n.type === 'policy')!;
    await vscode.commands.executeCommand('svc.explorer.open', policy);
    const editor = await waitFor(() => vscode.window.activeTextEditor?.document.uri.scheme === 'svc-remote' && vscode.window.activeTextEditor, {
      message: 'the svc-remote editor',
    });
    assert.equal(editor.document.languageId, 'json');
    const body = JSON.parse(editor.document.getText()) as { id?: string; _id?: string };
    assert.equal(body.id ?? body._id, policy.resource?.type === 'policy' ? policy.resource.id : undefined);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('shows an error node with the hint and a retry for a wrong credential', async () => {
    await vscode.commands.executeCommand('svc.addEnvironment', {
      name: WRONG,
      dashboardUrl: sandbox.url,
      gatewaySecret: 'wrong-gateway-secret',
      dashboardToken: 'wrong-dashboard-token',
      saveIfTestFails: true,
    });
    const apis = await child(await child(undefined, WRONG), 'APIs');
    const [error] = await children(apis);
    assert.equal(error.type, 'error');
    assert.match(error.label, /HTTP 401/);
    const errorChildren = await children(error);
    assert.match(errorChildren[0].label, /dashboard token/);
    assert.equal(errorChildren.at(-1)?.type, 'retry');
    assert.equal(api.environments.environments.health(WRONG).state, 'auth');
    await vscode.commands.executeCommand('svc.switchEnvironment', ENV);
  });

  it('shows the active environment in the status bar', async () => {
    await waitFor(() => api.environments.statusBar.item.text.includes(ENV), { message: 'the status bar text' });
    if (!hasDriver()) return;
    await waitForVisible('.statusbar-item', new RegExp(ENV));
  });

  it('keeps credentials out of settings.json and the log', async () => {
    const secrets = [
      sandbox.credentials.gatewaySecret,
      sandbox.credentials.dashboardToken,
      sandbox.credentials.adminSecret,
      'wrong-dashboard-token',
      'wrong-gateway-secret',
    ].filter(Boolean) as string[];
    const settingsFile = path.resolve(api.globalStorageUri.fsPath, '..', '..', 'settings.json');
    const settings = fs.readFileSync(settingsFile, 'utf8');
    assert.ok(settings.includes(ENV), 'this is the settings file the environment was written to');
    for (const s of secrets) assert.equal(settings.includes(s), false, 'a credential is in settings.json');
    // The log is written asynchronously: wait until it holds a line logged after the credentials.
    api.log.forArea('e2e').info('credential check marker');
    const logText = await waitFor(
      () => {
        const text = readTree(api.logUri.fsPath);
        return text.includes('credential check marker') && text;
      },
      { message: 'the log file to contain the marker' },
    );
    assert.match(logText, /environment 'E2E Sandbox' added/);
    assert.match(logText, /GET .*\/api\/apis/, 'requests are logged');
    for (const s of secrets) assert.equal(logText.includes(s), false, 'a credential is in the log');
  });

  it('starts the built-in Local sandbox on first use and lists its resources', async () => {
    const local = await child(undefined, 'Local sandbox');
    assert.equal(local.type, 'sandboxEnvironment');
    const policies = await children(await child(local, 'Policies'));
    assert.ok(
      policies.some((n) => n.type === 'policy'),
      policies.map((n) => n.label).join(', '),
    );
    assert.ok(api.environments.sandbox.isRunning);
    assert.match(api.environments.sandbox.environment().dashboardUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('takes a screenshot of the tree', async function () {
    if (!hasDriver()) this.skip();
    await vscode.commands.executeCommand('workbench.view.extension.svc');
    const { treeView } = api.explorer;
    // The view renders its root asynchronously: reveal only what the tree already shows.
    await waitForVisible('.part.sidebar .monaco-list-row', new RegExp(ENV));
    const expand = async (node: ExplorerNode) => {
      await waitFor(async () => (await treeView.reveal(node, { expand: true }), true), { message: `reveal ${node.label}` });
    };
    const env = await child(undefined, ENV);
    await expand(env);
    const apis = await child(env, 'APIs');
    await expand(apis);
    for (const kind of (await children(apis)).filter((k) => k.type === 'apiKind' && k.collapsible !== 'none')) await expand(kind);
    await expand(await child(env, 'Policies'));
    await waitForVisible('.part.sidebar .monaco-list-row', /Classic APIs/);
    assert.ok((await screenshot('explorer-tree'))?.endsWith('.png'));
    await vscode.commands.executeCommand('workbench.actions.treeView.svc.explorer.collapseAll');
    const wrong = await child(undefined, WRONG);
    await expand(wrong);
    await expand(await child(wrong, 'APIs'));
    await waitForVisible('.part.sidebar .monaco-list-row', /HTTP 401/);
    assert.ok((await screenshot('explorer-error-node'))?.endsWith('.png'));
  });
});

/** Every file under a folder, concatenated (the log channel's file lives under context.logUri). */
function readTree(dir: string): string {
  if (!fs.existsSync(dir)) return '';
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((e) => (e.isDirectory() ? readTree(path.join(dir, e.name)) : fs.readFileSync(path.join(dir, e.name), 'utf8')))
    .join('\n');
}
