// The environment and tree commands in a real VS Code against sandboxes started by the test:
// Show Log, Test Connection (connected, then a stopped server), Set Credentials (wrong, then
// right), Open Key by ID, Refresh and Refresh Node (a policy created behind the tree's back),
// Filter and Clear Filter, Retry (after a server that answered wrong), and Edit Environment to
// another host (the credential stays behind). Every command is answered by its argument object,
// which runs the same code path as the prompts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startSandbox } from '../../../sandbox/src/index';
import { ManagementClient } from '../../../api/src';
import type { SvcTestingApi } from '../../../client/src/testing/testingApi';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import { testingApi } from './helpers/workspace';
import { waitFor } from './helpers/wait';
import { hasDriver, queryWorkbench, waitForVisible } from './helpers/workbench';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

const ENV = 'E2E Env Main';
const STOPPED = 'E2E Env Stopped';
const FLAKY = 'E2E Env Flaky';
const KEY_ID = 'e2e-open-by-id';

describe('environment commands', () => {
  let main: Sandbox;
  let other: Sandbox;
  let api: SvcTestingApi;
  let proxy: FaultyProxy | undefined;

  const children = (node?: ExplorerNode) => api.explorer.provider.getChildren(node);
  async function child(parent: ExplorerNode | undefined, label: string | RegExp): Promise<ExplorerNode> {
    return waitFor(async () => (await children(parent)).find((c) => (typeof label === 'string' ? c.label === label : label.test(c.label))), {
      message: `a tree node '${label}' under '${parent?.label ?? '(root)'}'`,
    });
  }
  const group = async (envName: string, label: string) => child(await child(undefined, envName), label);
  const labels = (nodes: ExplorerNode[]) => nodes.map((n) => n.label);
  const adminOf = (sandbox: Sandbox) => new ManagementClient({ name: 'setup', dashboardUrl: sandbox.url, credentials: sandbox.credentials });
  /** The status bar tooltip as the user reads it (the markdown keeps spaces as &nbsp;). */
  const statusTooltip = () => {
    const tip = api.environments.statusBar.item.tooltip;
    return (typeof tip === 'string' ? tip : (tip?.value ?? '')).replace(/&nbsp;/g, ' ');
  };

  before(async () => {
    [main, other] = await Promise.all([startSandbox({ port: 0, memory: true }), startSandbox({ port: 0, memory: true })]);
    api = await testingApi();
    await adminOf(main).createCustomKey(KEY_ID, { access_rights: {}, alias: 'opened by id' });
    // Only the second host has this policy: seeing it proves the tree reads from that host.
    await adminOf(other).createPolicy({ id: 'only-on-the-other-host', name: 'only on the other host', access_rights: {}, active: true });
    const added = await vscode.commands.executeCommand('svc.addEnvironment', { name: ENV, dashboardUrl: main.url, ...main.credentials });
    assert.equal(added, ENV);
  });

  after(async () => {
    await vscode.commands.executeCommand('svc.explorer.clearFilter');
    for (const name of [ENV, STOPPED, FLAKY]) {
      if (api.environments.environments.find(name)) await vscode.commands.executeCommand('svc.removeEnvironment', name, { confirmed: true });
    }
    await Promise.all([main?.close(), other?.close(), proxy?.close()]);
  });

  it('Show Log shows the log channel, whose file has area-prefixed lines', async () => {
    // Start from a closed panel, so what follows is the command's doing.
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await vscode.commands.executeCommand('svc.showLog');
    const logText = await waitFor(
      () => {
        const text = readTree(api.logUri.fsPath);
        return /\[environments\] environment 'E2E Env Main' added/.test(text) && text;
      },
      { message: 'the environment line in the log file' },
    );
    // Requests themselves are at debug level; their outcomes are at info, under [api].
    assert.match(logText, /\[api\] ← \d{3} GET \/(svc|api)\//, 'request outcomes are logged under [api]');
    assert.match(logText, /\[api\] ← 200 GET \//, 'answers are logged under [api]');
    if (!hasDriver()) return;
    // What the user sees: the Output panel with our channel chosen, showing its prefixed lines
    // (the panel renders only the lines in view, scrolled to the newest: request lines).
    await waitForVisible('.part.panel select', /Svc Gateway Tools/);
    await waitFor(async () => (await queryWorkbench('.part.panel select option:checked')).some((o) => o.text === 'Svc Gateway Tools'), {
      message: 'the Output panel to show the Svc Gateway Tools channel',
    });
    await waitForVisible('.part.panel .monaco-editor .view-lines', /\[info\]\s\[(api|environments|explorer)\]/);
  });

  it('Test Connection shows the health in the status bar: connected', async () => {
    const health = await vscode.commands.executeCommand<{ state: string }>('svc.testConnection');
    assert.equal(health?.state, 'ok');
    const { item } = api.environments.statusBar;
    await waitFor(() => item.text.includes(ENV) && item.text.includes('$(pass)'), { message: `a connected status bar item (now '${item.text}')` });
    assert.match(statusTooltip(), /connected: Connected/);
    if (hasDriver()) await waitForVisible('.statusbar-item', /E2E Env Main/);
  });

  it('Set Credentials: a wrong dashboard token gives an error node, the right one fills the tree', async () => {
    const wrong = await vscode.commands.executeCommand<{ state: string }>('svc.setCredentials', ENV, { dashboardToken: 'not-the-dashboard-token' });
    assert.equal(wrong?.state, 'auth');
    const failed = await waitFor(
      async () => {
        const [first] = await children(await group(ENV, 'APIs'));
        return first?.type === 'error' && first;
      },
      { message: 'an error node under APIs' },
    );
    assert.match(failed.label, /HTTP 401/);
    assert.match(labels(await children(failed)).join('\n'), /dashboard token/);
    assert.match(api.environments.statusBar.item.text, /\$\(key\)/, 'the status bar says the credentials were refused');

    const right = await vscode.commands.executeCommand<{ state: string }>('svc.setCredentials', ENV, { dashboardToken: main.credentials.dashboardToken });
    assert.equal(right?.state, 'ok');
    const kinds = await waitFor(
      async () => {
        const nodes = await children(await group(ENV, 'APIs'));
        return nodes.every((n) => n.type !== 'error') && nodes;
      },
      { message: 'APIs without an error node' },
    );
    assert.deepEqual(labels(kinds).slice(0, 3), ['Classic APIs', 'OAS APIs', 'Streams APIs']);
    const firstKind = kinds.find((k) => k.type === 'apiKind' && k.collapsible !== 'none');
    assert.ok(firstKind, 'a kind group with APIs');
    assert.ok((await children(firstKind)).some((n) => n.type === 'api'));
  });

  it('APIs: every API is listed at once (p=-1), so each kind group shows its true count and no "Load more"', async () => {
    const apis = await group(ENV, 'APIs');
    const first = await children(apis);
    assert.equal(
      first.some((n) => n.type === 'loadMore'),
      false,
      'nothing left to load',
    );
    const kinds = first.filter((n) => n.type === 'apiKind');
    assert.ok(kinds.length >= 3, kinds.map((k) => k.label).join(', '));
    for (const kind of kinds) {
      assert.match(String(kind.description), /^\d+$/, `${kind.label}: ${kind.description}`);
      const listed = (await children(kind)).filter((n) => n.type === 'api').length;
      assert.equal(listed, Number(kind.description), `${kind.label} holds what it counts`);
    }
  });

  it('Open Key by ID opens the key as read-only JSON', async () => {
    const doc = await vscode.commands.executeCommand<vscode.TextDocument>('svc.openKeyById', { environment: ENV, keyId: KEY_ID });
    assert.ok(doc, 'the command returns the opened document');
    const editor = await waitFor(() => vscode.window.activeTextEditor?.document.uri.scheme === 'svc-remote' && vscode.window.activeTextEditor, {
      message: 'the svc-remote editor',
    });
    assert.equal(editor.document.languageId, 'json');
    const body = JSON.parse(editor.document.getText()) as { key_id?: string; data?: { alias?: string } };
    assert.equal(body.key_id, '…y-id', 'the key id is a credential: masked (its last 4 characters)');
    assert.equal(body.data?.alias, 'opened by id');
    // Read-only as the user meets it: typing changes a normal editor, but not this one.
    const text = editor.document.getText();
    const scratch = await vscode.workspace.openTextDocument({ language: 'json', content: '' });
    await vscode.window.showTextDocument(scratch, { preview: false });
    await vscode.commands.executeCommand('type', { text: 'x' });
    await waitFor(() => scratch.getText() === 'x', { message: 'typing to reach a normal editor (the control)' });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.window.showTextDocument(editor.document, { preview: false });
    await waitFor(() => vscode.window.activeTextEditor?.document === editor.document, { message: 'the key editor to be active again' });
    await vscode.commands.executeCommand('type', { text: 'x' });
    assert.equal(editor.document.getText(), text, 'typing changed the key document');
    assert.equal(editor.document.isDirty, false);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it("Refresh: a policy created behind the tree's back appears after refresh, not before", async () => {
    const names = async () => labels(await children(await group(ENV, 'Policies')));
    const before = await names();
    assert.ok(before.length > 0 && !before.includes('e2e behind refresh'), before.join(', '));
    await adminOf(main).createPolicy({ id: 'e2e-behind-refresh', name: 'e2e behind refresh', access_rights: {}, active: true });
    assert.deepEqual(await names(), before, 'the tree shows what it loaded until refreshed');
    await vscode.commands.executeCommand('svc.explorer.refresh');
    await waitFor(async () => (await names()).includes('e2e behind refresh'), { message: 'the new policy after refresh' });
  });

  it('Refresh Node reloads that group: a new policy appears after it, not before', async () => {
    const policies = await group(ENV, 'Policies');
    const before = labels(await children(policies));
    await adminOf(main).createPolicy({ id: 'e2e-behind-refresh-node', name: 'e2e behind refresh node', access_rights: {}, active: true });
    assert.deepEqual(labels(await children(policies)), before, 'the tree shows what it loaded until refreshed');
    await vscode.commands.executeCommand('svc.explorer.refreshNode', policies);
    await waitFor(async () => labels(await children(await group(ENV, 'Policies'))).includes('e2e behind refresh node'), {
      message: 'the new policy after Refresh Node',
    });
  });

  it('Filter shows only matching names; Clear Filter shows all again', async () => {
    const all = labels(await children(await group(ENV, 'Policies')));
    assert.ok(
      all.some((n) => !n.includes('behind refresh')),
      'policies that do not match exist',
    );
    await vscode.commands.executeCommand('svc.explorer.filter', 'BEHIND refresh');
    try {
      assert.equal(api.explorer.treeView.description, 'filter: BEHIND refresh');
      const filtered = labels(await children(await group(ENV, 'Policies')));
      assert.deepEqual(filtered.sort(), ['e2e behind refresh', 'e2e behind refresh node']);
      // Groups with no match say so instead of looking empty.
      const [note] = await children(await group(ENV, 'Webhooks'));
      assert.match(note.label, /^No match for 'BEHIND refresh'/);
    } finally {
      await vscode.commands.executeCommand('svc.explorer.clearFilter');
    }
    assert.equal(api.explorer.treeView.description, undefined);
    assert.deepEqual(labels(await children(await group(ENV, 'Policies'))).sort(), [...all].sort());
  });

  it('Retry: after the server answered wrong, retry loads the children', async () => {
    proxy = await startFaultyProxy(main.url);
    proxy.broken = true;
    await vscode.commands.executeCommand('svc.addEnvironment', { name: FLAKY, dashboardUrl: proxy.url, ...main.credentials, saveIfTestFails: true });
    const policies = await group(FLAKY, 'Policies');
    const [error] = await children(policies);
    assert.equal(error.type, 'error', labels(await children(policies)).join(', '));
    assert.match(error.label, /HTTP 500/);
    const retry = (await children(error)).find((n) => n.type === 'retry');
    assert.ok(retry, 'the error node offers Retry');

    proxy.broken = false;
    // Retry tells VS Code that the group's children changed, so the tree asks for them again.
    const changed: (ExplorerNode | undefined)[] = [];
    const sub = api.explorer.provider.onDidChangeTreeData((node) => changed.push(node));
    try {
      await vscode.commands.executeCommand('svc.explorer.retry', retry);
    } finally {
      sub.dispose();
    }
    assert.ok(
      changed.some((n) => n?.id === policies.id),
      `retry reloads the group that failed (changed: ${changed.map((n) => n?.id ?? 'all').join(', ')})`,
    );
    const after = await children(policies);
    assert.ok(after.length > 0 && after.every((n) => n.type === 'policy'), labels(after).join(', '));

    if (!hasDriver()) return;
    // The user's view: the group shows its policies instead of the error.
    await vscode.commands.executeCommand('workbench.view.extension.svc');
    // The view renders its root asynchronously: reveal only once it shows the environment.
    await waitForVisible('.part.sidebar .monaco-list-row', /E2E Env Flaky/);
    await waitFor(async () => (await api.explorer.treeView.reveal(after[0], { expand: true, select: false }), true), {
      message: 'reveal a policy of the flaky environment',
    });
    await waitForVisible('.part.sidebar .monaco-list-row', new RegExp(escapeRegExp(after[0].label)));
  });

  it('Test Connection against a stopped server: unreachable with the hint, in the status bar', async () => {
    const doomed = await startSandbox({ port: 0, memory: true });
    await vscode.commands.executeCommand('svc.addEnvironment', { name: STOPPED, dashboardUrl: doomed.url, ...doomed.credentials });
    await doomed.close();
    try {
      const health = await vscode.commands.executeCommand<{ state: string; hint?: string }>('svc.testConnection');
      assert.equal(health?.state, 'unreachable');
      assert.match(health?.hint ?? '', /Is the server running at/);
      const { item } = api.environments.statusBar;
      await waitFor(() => item.text.includes(STOPPED) && item.text.includes('$(debug-disconnect)'), {
        message: `an unreachable status bar item (now '${item.text}')`,
      });
      assert.match(statusTooltip(), /unreachable/);
      assert.match(statusTooltip(), new RegExp(`Is the server running at ${escapeRegExp(doomed.url)}`));
      if (hasDriver()) await waitForVisible('.statusbar-item', /E2E Env Stopped/);
    } finally {
      await vscode.commands.executeCommand('svc.switchEnvironment', ENV);
    }
  });

  it('Edit Environment to another host: the credential stays behind and the tree reloads from the new URL', async () => {
    const envs = api.environments.environments;
    const oldSettings = envs.find(ENV)!;
    assert.ok((await envs.credentials.read(oldSettings)).dashboardToken, 'the old host has a saved dashboard token');
    // The tree has loaded the first host's policies.
    assert.ok(labels(await children(await group(ENV, 'Policies'))).includes('e2e behind refresh'));

    const edited = await vscode.commands.executeCommand('svc.editEnvironment', ENV, { dashboardUrl: other.url, saveIfTestFails: true });
    assert.equal(edited, ENV);
    const moved = envs.find(ENV)!;
    assert.equal(moved.dashboardUrl, other.url);
    // SecretStorage: nothing for the new host, and the old host's credentials are gone.
    assert.deepEqual(await envs.credentials.read(moved), {}, 'a credential was carried to the new host');
    assert.deepEqual(await envs.credentials.read(oldSettings), {}, "the old host's credentials were kept");

    // The tree asks the new host, which gets no credential: an error, not the old host's policies.
    const [missing] = await waitFor(
      async () => {
        const nodes = await children(await group(ENV, 'Policies'));
        return nodes[0]?.type === 'error' && nodes;
      },
      { message: 'an error node under Policies for the new host' },
    );
    assert.match(`${missing.label} ${missing.description ?? ''} ${labels(await children(missing)).join(' ')}`, /gateway secret/i);

    await vscode.commands.executeCommand('svc.setCredentials', ENV, { ...other.credentials });
    const fromNewHost = await waitFor(
      async () => {
        const names = labels(await children(await group(ENV, 'Policies')));
        if (!names.includes('only on the other host')) throw new Error(`Policies: ${names.join(', ')}`);
        return names;
      },
      { message: "the other host's policy in the tree" },
    );
    assert.equal(fromNewHost.includes('e2e behind refresh'), false, 'a policy of the old host is still shown');
  });
});

interface FaultyProxy {
  url: string;
  broken: boolean;
  close(): Promise<void>;
}

/** A pass-through to `target` that answers HTTP 500 while `broken`: a server answering wrong. */
async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const state = { broken: false };
  const server = http.createServer((req, res) => {
    if (state.broken) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'error', message: 'injected failure' }));
      return;
    }
    const upstream = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get broken() {
      return state.broken;
    },
    set broken(value: boolean) {
      state.broken = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every file under a folder, concatenated (the log channel's file lives under context.logUri). */
function readTree(dir: string): string {
  if (!fs.existsSync(dir)) return '';
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((e) => (e.isDirectory() ? readTree(path.join(dir, e.name)) : fs.readFileSync(path.join(dir, e.name), 'utf8')))
    .join('\n');
}
