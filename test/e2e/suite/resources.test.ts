// Resource commands in a real VS Code against a sandbox started by the test: create keys
// (gateway style through the active-editor flow, dashboard style by argument), view key
// details, create and update a policy, add a user, OAuth client details with the secret masked
// and Copy Client Secret putting it on the clipboard, webhook details. Each result is checked
// on the server through the management client, as a user would check it in the dashboard.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { type ActionResult, type KeyResult, type StatusResult } from '../../../api/src';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { waitFor } from './helpers/wait';

const ENV = 'E2E Resources';

describe('resources', () => {
  const setup = useSandboxEnvironment(ENV, { cleanup: () => vscode.commands.executeCommand('workbench.action.closeAllEditors') });

  const children = (node?: ExplorerNode) => setup.api.explorer.provider.getChildren(node);
  const child = (parent: ExplorerNode | undefined, test: (n: ExplorerNode) => boolean, what: string) =>
    waitFor(async () => (await children(parent)).find(test), { message: what });
  const activeJson = (scheme: string) =>
    waitFor(
      () => {
        const doc = vscode.window.activeTextEditor?.document;
        return doc?.uri.scheme === scheme && (JSON.parse(doc.getText()) as Record<string, unknown>);
      },
      { message: `a ${scheme}: editor` },
    );

  it('creates a custom key gateway style from the session in the active editor (suppress_reset)', async () => {
    const body = {
      alias: 'e2e editor key',
      quota_max: 50,
      access_rights: { [SEED_API_IDS.petstoreClassic]: { api_id: SEED_API_IDS.petstoreClassic, versions: ['Default'] } },
    };
    const doc = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(body, null, 2) });
    await vscode.window.showTextDocument(doc);
    // The answers the quick picks would ask for come as the argument; which key to send is
    // picked in the real quick pick: its first item is the active editor.
    const pending = vscode.commands.executeCommand<ActionResult>('svc.key.create', {
      environment: ENV,
      keyId: 'e2e-editor-key',
      style: 'gateway',
      options: ['suppressReset'],
    });
    let result: ActionResult | undefined;
    void pending.then((r) => (result = r));
    await waitFor(
      async () => {
        if (result) return true;
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        return false;
      },
      { message: 'the key to be created after picking the active editor', interval: 300 },
    );
    assert.equal(result!.action, 'added');
    const stored = await setup.server.getKey(SEED_API_IDS.petstoreClassic, 'e2e-editor-key');
    assert.equal(stored.data?.alias, 'e2e editor key');
    assert.equal(stored.data?.quota_max, 50);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('creates a custom key dashboard style and shows its details read-only', async () => {
    const result = await vscode.commands.executeCommand<KeyResult>('svc.key.create', {
      environment: ENV,
      keyId: 'e2e-dash-key',
      style: 'dashboard',
      body: { alias: 'e2e dashboard key', access_rights: {} },
    });
    assert.equal(result?.key_id, 'e2e-dash-key');
    const doc = await vscode.commands.executeCommand<vscode.TextDocument>('svc.key.showDetails', {
      environment: ENV,
      keyId: 'e2e-dash-key',
      apiId: SEED_API_IDS.petstoreClassic,
      options: ['autoGuess'],
    });
    assert.equal(doc?.uri.scheme, 'svc-details');
    const shown = await activeJson('svc-details');
    assert.equal((shown.data as { alias?: string }).alias, 'e2e dashboard key');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('refuses an option that does not apply and says which do', async () => {
    const result = await vscode.commands.executeCommand('svc.key.create', {
      environment: ENV,
      keyId: 'e2e-bad',
      style: 'gateway',
      options: ['username'],
      body: {},
    });
    assert.equal(result, undefined);
    await assert.rejects(setup.server.getKey(SEED_API_IDS.petstoreClassic, 'e2e-bad'), /not|404/i);
  });

  it('creates a policy, then updates it', async () => {
    const policy = { id: 'e2e-gold', name: 'E2E Gold', active: true, rate: 10, per: 1, quota_max: -1, access_rights: {} };
    const created = await vscode.commands.executeCommand<ActionResult>('svc.policy.create', { environment: ENV, body: policy });
    assert.equal(created?.action, 'added');
    assert.equal((await setup.server.listPolicies()).find((p) => p.id === 'e2e-gold')?.name, 'E2E Gold');
    const updated = await vscode.commands.executeCommand<ActionResult>('svc.policy.update', {
      environment: ENV,
      policyId: 'e2e-gold',
      body: { ...policy, rate: 20 },
    });
    assert.equal(updated?.action, 'modified');
    assert.equal((await setup.server.listPolicies()).find((p) => p.id === 'e2e-gold')?.rate, 20);
  });

  it("adds a user and shows the server's message; bad permissions send nothing", async () => {
    const refused = await vscode.commands.executeCommand('svc.user.add', {
      environment: ENV,
      email_address: 'bad@example.com',
      first_name: 'Bad',
      last_name: 'Perm',
      user_permissions: { apis: 'admin' },
    });
    assert.equal(refused, undefined);
    const result = await vscode.commands.executeCommand<StatusResult>('svc.user.add', {
      environment: ENV,
      email_address: 'e2e.user@example.com',
      first_name: 'E2E',
      last_name: 'User',
      user_permissions: '{"apis": "read", "keys": "write"}',
    });
    assert.equal(result?.Message, 'User and session have been created');
    const users = (await setup.server.listUsers({ p: -1 })).users ?? [];
    const stored = users.find((u) => u.email_address === 'e2e.user@example.com');
    assert.deepEqual(stored?.user_permissions, { apis: 'read', keys: 'write' });
    assert.equal(
      users.some((u) => u.email_address === 'bad@example.com'),
      false,
    );
  });

  it('shows an OAuth client from the tree with its secret masked; Copy Client Secret puts it on the clipboard', async () => {
    const env = await child(undefined, (n) => n.label === ENV, 'the environment node');
    const apis = await child(env, (n) => n.label === 'APIs', 'APIs');
    const classic = await child(apis, (n) => n.label === 'Classic APIs', 'Classic APIs');
    const partner = await child(classic, (n) => n.type === 'api' && n.apiId === SEED_API_IDS.partnerOauth, 'Partner OAuth');
    const clientNode = await child(partner, (n) => n.type === 'oauthClient', 'an OAuth client node');
    assert.equal(clientNode.resource?.type, 'oauthClient');
    const clientId = clientNode.resource.type === 'oauthClient' ? clientNode.resource.id : '';
    const secret = (await setup.server.getOAuthClient(SEED_API_IDS.partnerOauth, clientId)).secret!;
    assert.ok(secret.length > 8, 'the seed client has a secret');

    await vscode.commands.executeCommand('svc.oauthClient.showDetails', clientNode);
    const shown = await activeJson('svc-details');
    assert.equal(shown.client_id, clientId);
    assert.match(String(shown.secret), /^•+/);
    assert.equal(vscode.window.activeTextEditor!.document.getText().includes(secret), false, 'the secret is not in the document');

    await vscode.env.clipboard.writeText('before');
    assert.equal(await vscode.commands.executeCommand('svc.oauthClient.copySecret', clientNode), true);
    assert.equal(await vscode.env.clipboard.readText(), secret);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it("shows a webhook's details", async () => {
    const hook = ((await setup.server.listWebhooks({ p: 1 })).hooks ?? [])[0];
    await vscode.commands.executeCommand('svc.webhook.showDetails', { environment: ENV, hookId: hook.id });
    const shown = await activeJson('svc-details');
    assert.equal(shown.target_path, hook.target_path);
    assert.equal(shown.method, hook.method);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
