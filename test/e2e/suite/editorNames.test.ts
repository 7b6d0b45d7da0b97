// Issue 14, names not ids, in a real VS Code: a resource opened from the tree has a tab titled
// "<name> (<kind>) — <environment>" and a breadcrumb without %20; keys show masked ids; saving an
// `svc:` document names the resource in its messages; the view's title reads well with its container.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { activeExtension } from './helpers/workspace';
import { waitFor } from './helpers/wait';
import { screenshot } from './helpers/screenshot';
import { hasDriver, queryWorkbench } from './helpers/workbench';

const ENV = 'E2E Names Here';

describe('issue 14: names, not ids', function () {
  this.timeout(120_000);
  const setup = useSandboxEnvironment(ENV, { cleanup: () => vscode.commands.executeCommand('workbench.action.closeAllEditors') });
  const children = (node?: ExplorerNode) => setup.api.explorer.provider.getChildren(node);
  async function child(parent: ExplorerNode | undefined, test: (n: ExplorerNode) => boolean, what: string): Promise<ExplorerNode> {
    return waitFor(async () => (await children(parent)).find(test), { message: what });
  }
  const activeTab = () => vscode.window.tabGroups.activeTabGroup.activeTab;

  before(async () => {
    await vscode.commands.executeCommand('svc.switchEnvironment', ENV);
  });

  it('a classic API opened from the tree: tab "<name> (classic) — <environment>", breadcrumb without %20', async () => {
    const env = await child(undefined, (n) => n.label === ENV, 'the environment');
    const apis = await child(env, (n) => n.label === 'APIs', 'APIs');
    const classic = await child(apis, (n) => n.label === 'Classic APIs', 'Classic APIs');
    const api = await child(classic, (n) => n.type === 'api', 'a classic API');
    await vscode.commands.executeCommand('svc.explorer.open', api);
    const tab = await waitFor(() => activeTab()?.label.startsWith(api.label) && activeTab(), { message: 'the API tab' });
    assert.equal(tab.label, `${api.label} (classic) — ${ENV}.json`);
    assert.ok(!tab.label.includes(api.apiId!), 'no id in the tab title');
    const uri = vscode.window.activeTextEditor!.document.uri;
    assert.ok(uri.path.startsWith(`/${ENV}/`), uri.path);
    assert.ok(!uri.toString(true).includes('%20'), 'the breadcrumb shows the environment as written');
    if (hasDriver()) assert.ok((await screenshot('names-not-ids'))?.endsWith('.png'));
  });

  it('keys show their alias in the tree and in their tab, with the id masked by its end (keys of one organisation share their start)', async () => {
    const env = await child(undefined, (n) => n.label === ENV, 'the environment');
    const keys = await child(env, (n) => n.label === 'Keys', 'Keys');
    const all = await waitFor(
      async () => {
        const nodes = (await children(keys)).filter((n) => n.type === 'key');
        return nodes.length > 1 && nodes;
      },
      { message: 'the keys' },
    );
    const key = all[0];
    const id = key.resource?.type === 'key' ? key.resource.id : '';
    assert.ok(id.length >= 12, 'the seed keys have long ids');
    const alias = (await setup.server.getGatewayKey(id)).alias;
    assert.ok(alias, 'the seed keys have aliases');
    assert.equal(key.label, alias, 'the alias, not "key 5e9d…"');
    assert.equal(key.description, `…${id.slice(-4)}`);
    assert.equal(new Set(all.map((n) => n.description)).size, all.length, 'the masked ids differ between keys');
    assert.ok(!String(key.tooltip).includes(id) && !key.label.includes(id) && !String(key.tooltip).includes(id.slice(0, 8)));
    // The hover names the key by its alias (title and Alias row), as the markdown renders it (escapes undone).
    const tooltip = (setup.api.explorer.provider.getTreeItem(key).tooltip as vscode.MarkdownString).value.replace(/\\(.)/g, '$1');
    assert.ok(tooltip.startsWith(`**${alias}**`), tooltip);
    assert.ok(tooltip.includes(`| Alias | ${alias} |`), tooltip);
    await vscode.commands.executeCommand('svc.explorer.open', key);
    const tab = await waitFor(() => activeTab()?.label.startsWith(alias) && activeTab(), { message: 'the key tab' });
    assert.equal(tab.label, `${alias} (key) — ${ENV}.json`);
  });

  it('edit remote: the tab reads "<name> (<kind>).json" with the environment in its path, the id only in the query', async () => {
    const policy = (await setup.server.listPolicies())[0];
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('svc.editRemote', {
      environment: ENV,
      target: { kind: 'policy', id: policy.id },
    });
    const name = String(policy.name);
    const tab = await waitFor(() => activeTab()?.label.startsWith(name) && activeTab(), { message: 'the edit-remote tab' });
    assert.equal(tab.label, `${name} (policy).json`);
    assert.equal(document.uri.path, `/${ENV}/${name} (policy).json`);
    assert.ok(!document.uri.path.includes(String(policy.id)), 'no id in the path');
    assert.equal(JSON.parse(document.getText()).name, policy.name, 'the document is the policy');
  });

  it('edit remote from the tree: an API tab is named by the API, and a key tab by its alias', async () => {
    const env = await child(undefined, (n) => n.label === ENV, 'the environment');
    const apis = await child(env, (n) => n.label === 'APIs', 'APIs');
    const classic = await child(apis, (n) => n.label === 'Classic APIs', 'Classic APIs');
    const api = await child(classic, (n) => n.type === 'api', 'a classic API');
    await vscode.commands.executeCommand('svc.editRemote', api);
    const apiTab = await waitFor(() => activeTab()?.label.startsWith(api.label) && activeTab(), { message: 'the API tab' });
    assert.equal(apiTab.label, `${api.label} (classic).json`);
    const keys = await child(env, (n) => n.label === 'Keys', 'Keys');
    const key = await child(keys, (n) => n.type === 'key', 'a key');
    const id = key.resource?.type === 'key' ? key.resource.id : '';
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('svc.editRemote', key);
    assert.equal(document.uri.scheme, 'svc');
    const keyTab = await waitFor(() => activeTab()?.label.startsWith(key.label) && activeTab(), { message: 'the key tab' });
    assert.equal(keyTab.label, `${key.label} (key).json`);
    assert.ok(!document.uri.toString(true).includes(id), 'the key id is nowhere in the URI');
  });

  it('saving an svc: document names the resource and its kind, and its path shows the environment as written', async () => {
    const policy = (await setup.server.listPolicies())[0];
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('svc.editRemote', {
      environment: ENV,
      target: { kind: 'policy', id: policy.id },
    });
    assert.ok(document.uri.path.startsWith(`/${ENV}/`), document.uri.path);
    const edit = new vscode.WorkspaceEdit();
    const value = JSON.parse(document.getText());
    edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify({ ...value, rate: 777 }, null, 2)}\n`);
    await vscode.workspace.applyEdit(edit);
    await setup.api.withSyncAnswers({ confirm: true, pushDespiteErrors: true }, () => document.save());
    const outcome = await waitFor(() => setup.api.sync.fileSystem.lastOutcome, { message: 'the push outcome' });
    assert.match(outcome.message, new RegExp(`Pushed ${policy.name} \\(policy\\) to '${ENV}'`));
  });

  it('the view’s title reads "Svc Gateway: Environments"', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join((await activeExtension()).extensionPath, 'package.json'), 'utf8'));
    const container = manifest.contributes.viewsContainers.activitybar.find((c: { id: string }) => c.id === 'svc');
    const view = manifest.contributes.views.svc.find((v: { id: string }) => v.id === 'svc.explorer');
    assert.equal(`${container.title}: ${view.name}`, 'Svc Gateway: Environments');
    if (hasDriver()) {
      await vscode.commands.executeCommand('svc.explorer.focus');
      const titles = await waitFor(
        async () => {
          const found = (await queryWorkbench('.composite.title h2, .pane-header .title'))
            .filter((e) => e.visible)
            .map((e) => `${e.text} ${e.ariaLabel ?? ''}`);
          return found.some((t) => /Environments/i.test(t)) && found;
        },
        { message: 'the view title' },
      );
      assert.ok(!titles.some((t) => /Gateway:\s*Gateway/i.test(t)), titles.join(' | '));
    }
  });
});
