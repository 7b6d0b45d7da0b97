// Explain Access and Keys Affected in a real VS Code against a sandbox started by the test: a
// policy and a key created on the server, the key pulled into the workspace (with its policy)
// and explained from its file, then explained again from its node in the Svc Gateway view
// (read from the environment, its id masked). The answers come as the command's argument.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import type { PullOutcome } from '../../../client/src/workflows/sync/pull';
import type { ExplainAccessResult } from '../../../client/src/workflows/access/explainAccess';
import type { KeysAffectedResult } from '../../../client/src/workflows/access/keysAffected';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { waitFor } from './helpers/wait';
import { hasDriver, waitForVisible } from './helpers/workbench';
import { workspaceRoot } from './helpers/workspace';
import * as path from 'node:path';

/**
 * The files this suite pulled, and their records, leave with its environment: later suites that
 * compare the whole pull folder meet no file of an environment that no longer exists.
 */
function forgetPulledFiles(environment: string): void {
  const root = workspaceRoot().fsPath;
  const stateFile = path.join(root, '.svc', 'state.json');
  if (!fs.existsSync(stateFile)) return;
  const state = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { files: Record<string, { environment?: string }> };
  for (const [key, record] of Object.entries(state.files)) {
    if (record.environment !== environment) continue;
    fs.rmSync(path.join(root, ...key.split('/')), { force: true });
    delete state.files[key];
  }
  fs.writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`);
}

const ENV = 'E2E Access';
const API = SEED_API_IDS.petstoreClassic;
const POLICY = 'e2e-access-gold';

describe('access', () => {
  const setup = useSandboxEnvironment(ENV, {
    cleanup: async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      forgetPulledFiles(ENV);
    },
  });
  let keyHash = '';
  let keyFile = '';
  let policyFile = '';

  const pull = (target: Record<string, string>) =>
    setup.api.withSyncAnswers({}, () => vscode.commands.executeCommand<PullOutcome>('svc.pull', { environment: ENV, target, mode: 'full' }));

  before(async () => {
    await setup.server.createPolicy({
      id: POLICY,
      name: 'E2E Access Gold',
      active: true,
      rate: 100,
      per: 60,
      quota_max: 10000,
      quota_renewal_rate: 2592000,
      access_rights: { [API]: { api_id: API, api_name: 'Petstore', versions: ['Default'], allowed_urls: [{ url: '^/pets', methods: ['GET'] }] } },
      partitions: { quota: false, rate_limit: false, acl: false, complexity: false, per_api: false },
    } as never);
    const created = await setup.server.createCustomKey('e2e-access-key-0001', {
      alias: 'e2e access',
      apply_policies: [POLICY],
      access_rights: { [API]: { api_id: API, api_name: 'Petstore', versions: ['Default'] } },
    } as never);
    keyHash = created.key_hash ?? '';
    assert.ok(keyHash, 'the key was created');
  });

  it('on a pulled key: allowed, the chain names the pulled policy, and its links open the deciding members', async () => {
    const policy = await pull({ kind: 'policy', id: POLICY });
    assert.equal(policy?.status, 'pulled', policy?.message);
    policyFile = policy.file!;
    const key = await pull({ kind: 'key', id: keyHash, apiId: API });
    assert.equal(key?.status, 'pulled', key?.message);
    keyFile = key.file!;

    const result = await vscode.commands.executeCommand<ExplainAccessResult>('svc.explainAccess', vscode.Uri.file(keyFile), {
      api: API,
      method: 'GET',
      path: '/pets/1',
    });
    assert.ok(result, 'the command answered');
    assert.equal(result.explanation.allowed, true);
    const text = result.document.getText();
    assert.match(text, /^# Explain Access: ALLOWED/);
    assert.match(text, /GET \/pets\/1 on API .* with key 'e2e access'/);
    assert.match(text, /API .* is granted by policy 'e2e-access-gold'\./);
    assert.match(text, /allowed_urls entry '\^\/pets' matches \/pets\/1 and lists GET\./);
    assert.match(text, /Rate: 100 req \/ 60 s, from policy 'e2e-access-gold'\./);
    assert.match(text, /Quota: quota 10,000 \/ month/);
    // The allowed_urls link goes to the pulled policy file, at the line of the entry.
    const urlLink = result.links.find((l) => l.text.endsWith(`access_rights.${API}.allowed_urls.0`));
    assert.ok(urlLink, `a link to the entry among ${result.links.map((l) => l.text).join(' | ')}`);
    assert.equal(urlLink.target.fsPath, vscode.Uri.file(policyFile).fsPath);
    const lines = fs.readFileSync(policyFile, 'utf8').split('\n');
    const entryLine = lines.findIndex((l) => l.includes('"^/pets"'));
    assert.ok(Math.abs(urlLink.line - entryLine) <= 1, `link line ${urlLink.line}, entry at ${entryLine}`);
    assert.equal(urlLink.target.fragment, `L${urlLink.line + 1}`);
    // The link provider serves the same links to the editor.
    const served = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', result.document.uri);
    assert.ok(served.some((l) => l.target?.fsPath === vscode.Uri.file(policyFile).fsPath));

    const denied = await vscode.commands.executeCommand<ExplainAccessResult>('svc.explainAccess', vscode.Uri.file(keyFile), {
      api: API,
      method: 'DELETE',
      path: '/pets/1',
    });
    assert.equal(denied.explanation.allowed, false);
    assert.match(denied.document.getText(), /^# Explain Access: DENIED \(403 "Access to this resource has been disallowed"\)/);
    assert.match(denied.document.getText(), /do not list DELETE \(they list GET\)/);
  });

  it('Keys Affected on the pulled policy lists the pulled key as changed by it', async () => {
    const result = await vscode.commands.executeCommand<KeysAffectedResult>('svc.policy.keysAffected', vscode.Uri.file(policyFile));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(result?.policy, POLICY);
    const mine = result.keys.find((k) => k.uri.fsPath === vscode.Uri.file(keyFile).fsPath);
    assert.ok(mine, `the pulled key among ${result.keys.map((k) => k.label).join(', ')}`);
    assert.equal(mine.changed, true);
    assert.match(mine.label, /'e2e access'/);
  });

  it("Keys Affected on the policy's node in the tree: a key of the environment without an alias is listed by its masked id, with the environment", async () => {
    const plainId = 'plain-consumer-91d2-7f3c';
    await setup.server.createCustomKey(plainId, {
      apply_policies: [POLICY],
      access_rights: { [API]: { api_id: API, api_name: 'Petstore', versions: ['Default'] } },
    } as never);
    const children = (node?: ExplorerNode) => setup.api.explorer.provider.getChildren(node);
    const env = await waitFor(async () => (await children()).find((n) => n.label === ENV), { message: 'the environment in the tree' });
    const policies = await waitFor(async () => (await children(env)).find((n) => n.label === 'Policies'), { message: 'its Policies group' });
    await vscode.commands.executeCommand('svc.explorer.refreshNode', policies);
    const node = await waitFor(async () => (await children(policies)).find((n) => n.resource?.type === 'policy' && n.resource.id === POLICY), {
      message: 'the policy in the tree',
    });
    const result = await vscode.commands.executeCommand<KeysAffectedResult>('svc.policy.keysAffected', node);
    try {
      assert.equal(result?.policy, POLICY);
      const plain = result.keys.find((k) => k.label.includes('…7f3c'));
      assert.ok(plain, `the key without an alias among ${result.keys.map((k) => k.label).join(' | ')}`);
      assert.equal(plain.label, `…7f3c (${ENV})`, 'its last four characters and the environment it is in');
      assert.equal(plain.changed, true, 'the policy is where its access comes from');
      const labels = result.keys.map((k) => k.label).join(' | ');
      assert.ok(!labels.includes(plainId) && !labels.includes(plainId.slice(0, 8)), `no key id in the list: ${labels}`);
      assert.ok(
        result.keys.some((k) => k.label === `'e2e access' (${ENV})`),
        `the key with an alias by its alias: ${labels}`,
      );
      if (hasDriver()) {
        // The quick pick the user reads.
        const row = await waitForVisible('.quick-input-list .monaco-list-row', new RegExp(`…7f3c \\(${ENV}\\)`));
        assert.ok(!`${row.text} ${row.ariaLabel}`.includes(plainId), row.text);
      }
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
  });

  it('on a key in the tree: read from the environment, explained with its id masked', async () => {
    const children = (node?: ExplorerNode) => setup.api.explorer.provider.getChildren(node);
    const env = await waitFor(async () => (await children()).find((n) => n.label === ENV), { message: 'the environment in the tree' });
    const keys = await waitFor(async () => (await children(env)).find((n) => n.label === 'Keys'), { message: 'its Keys group' });
    // The listing is paged: load more until the key shows (a refresh first, for a listing from before the key was created).
    await vscode.commands.executeCommand('svc.explorer.refreshNode', keys);
    const node = await waitFor(
      async () => {
        const all = await children(keys);
        const found = all.find((n) => n.resource?.type === 'key' && [keyHash, 'e2e-access-key-0001'].includes(n.resource.id));
        const more = all.find((n) => n.type === 'loadMore');
        if (!found && more) await vscode.commands.executeCommand('svc.explorer.loadMore', more);
        return found;
      },
      { message: 'the key in the tree', interval: 300 },
    );
    const result = await vscode.commands.executeCommand<ExplainAccessResult>('svc.explainAccess', node, { api: API, method: 'POST', path: '/pets' });
    assert.ok(result, 'the command answered');
    assert.equal(result.explanation.allowed, false);
    const text = result.document.getText();
    assert.match(text, /^# Explain Access: DENIED \(403/);
    assert.match(text, /with key 'e2e access'/);
    assert.ok(!text.includes(keyHash) && !text.includes('e2e-access-key-0001'), 'no key id in the answer');
    // The policy came from the environment: its link opens the environment's read-only view.
    const grant = result.links.find((l) => l.text.includes('E2E Access Gold'));
    assert.ok(grant, `a link to the environment's policy among ${result.links.map((l) => l.text).join(' | ')}`);
    assert.equal(grant.target.scheme, 'svc-remote');
    const opened = await vscode.workspace.openTextDocument(grant.target.with({ fragment: '' }));
    assert.equal(JSON.parse(opened.getText()).id, POLICY);
  });

  it("on a key's read-only remote document (the active editor): the same answer as from its node", async () => {
    const children = (node?: ExplorerNode) => setup.api.explorer.provider.getChildren(node);
    const env = await waitFor(async () => (await children()).find((n) => n.label === ENV), { message: 'the environment in the tree' });
    const keys = await waitFor(async () => (await children(env)).find((n) => n.label === 'Keys'), { message: 'its Keys group' });
    const node = await waitFor(
      async () => (await children(keys)).find((n) => n.resource?.type === 'key' && [keyHash, 'e2e-access-key-0001'].includes(n.resource.id)),
      {
        message: 'the key in the tree',
      },
    );
    await vscode.commands.executeCommand('svc.explorer.open', node);
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.scheme === 'svc-remote', { message: 'the remote key document' });
    const result = await vscode.commands.executeCommand<ExplainAccessResult>('svc.explainAccess', undefined, { api: API, method: 'GET', path: '/pets' });
    assert.equal(result?.explanation.allowed, true);
    assert.match(result.document.getText(), /with key 'e2e access'/);
    // The key's own link goes to its remote document, at its apply_policies (under the key result's `data`).
    const own = result.links.find((l) => l.text.endsWith('apply_policies'));
    assert.ok(own, `a link to the key among ${result.links.map((l) => l.text).join(' | ')}`);
    assert.equal(own.target.scheme, 'svc-remote');
    const keyDoc = await vscode.workspace.openTextDocument(own.target.with({ fragment: '' }));
    assert.match(keyDoc.lineAt(own.line).text, /"apply_policies"/);
  });
});

describe('access (spec-only server)', () => {
  const SPEC_ENV = 'E2E Access Spec';
  const setup = useSandboxEnvironment(SPEC_ENV, { specOnly: true, cleanup: () => vscode.commands.executeCommand('workbench.action.closeAllEditors') });

  it('Keys Affected on a policy of a server without a key listing: says so, and checks the workspace keys', async () => {
    await setup.server.createPolicy({ id: 'e2e-spec-only-plan', name: 'E2E Spec-only plan', active: true, access_rights: {} } as never);
    const children = (node?: ExplorerNode) => setup.api.explorer.provider.getChildren(node);
    const env = await waitFor(async () => (await children()).find((n) => n.label === SPEC_ENV), { message: 'the environment in the tree' });
    const policies = await waitFor(async () => (await children(env)).find((n) => n.label === 'Policies'), { message: 'its Policies group' });
    const node = await waitFor(
      async () => {
        const found = (await children(policies)).find((n) => n.resource?.type === 'policy' && n.resource.id === 'e2e-spec-only-plan');
        if (!found) await vscode.commands.executeCommand('svc.explorer.refreshNode', policies);
        return found;
      },
      { message: 'the policy in the tree', interval: 500 },
    );
    const result = await vscode.commands.executeCommand<KeysAffectedResult>('svc.policy.keysAffected', node);
    assert.equal(result?.policy, 'e2e-spec-only-plan');
    assert.deepEqual(result.keys, []);
    assert.ok(
      result.notes.some((n) => n.includes(`${SPEC_ENV} does not list its keys`)),
      result.notes.join(' | '),
    );
  });
});
