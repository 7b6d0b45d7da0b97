// Commands of the tree: refresh, filter, paging, retry, open. Tree-only ones are hidden
// from the palette in package.json; all of them take the node VS Code passes.
import * as vscode from 'vscode';
import type { EnvironmentService } from '../environments/environmentService';
import type { Logger } from '../logging/logger';
import { argsOf, type CommandArg } from '../shared/commandArg';
import { errorInfoOf } from './errorInfo';
import { maskKeyId } from '../shared/keyIds';
import type { ExplorerNode } from './nodes';
import { openRemote } from './remoteDocuments';
import type { ExplorerTreeProvider } from './treeProvider';

export const FILTERED_CONTEXT = 'svc.explorer.filtered';

export interface ExplorerCommandDeps {
  provider: ExplorerTreeProvider;
  treeView: vscode.TreeView<ExplorerNode>;
  environments: EnvironmentService;
  log: Logger;
}

export function registerExplorerCommands(deps: ExplorerCommandDeps): vscode.Disposable[] {
  const { provider, treeView, environments, log } = deps;
  const model = provider.model;

  const applyFilter = async (text: string) => {
    model.setFilter(text);
    treeView.description = model.filter ? `filter: ${model.filter}` : undefined;
    await vscode.commands.executeCommand('setContext', FILTERED_CONTEXT, model.filter !== '');
    provider.redraw();
  };

  /** Opening shows errors (a user action); tree loading never does. */
  const showError = (what: string, err: unknown) => {
    const info = errorInfoOf(err);
    log.error(what, err);
    void vscode.window.showErrorMessage(`${what}: ${info.message}${info.hint ? ` ${info.hint}` : ''}`);
  };

  return [
    vscode.commands.registerCommand('svc.explorer.refresh', () => provider.refresh()),
    vscode.commands.registerCommand('svc.explorer.refreshNode', (node?: ExplorerNode) => provider.refresh(node)),

    vscode.commands.registerCommand('svc.explorer.filter', async (text?: string) => {
      const value =
        text ??
        (await vscode.window.showInputBox({
          title: 'Filter the Svc Gateway tree by name',
          prompt:
            'Shows APIs (all of them, every page), policies, keys, webhooks and examples whose name or id contains this text; ' +
            'or, as svc --select: name:PATTERN (* and ?), tag:TAG or folder:PATH (APIs and policies whose definition is under PATH).',
          value: model.filter,
        }));
      if (value !== undefined) await applyFilter(value);
    }),
    vscode.commands.registerCommand('svc.explorer.clearFilter', () => applyFilter('')),

    vscode.commands.registerCommand('svc.explorer.loadMore', async (node: ExplorerNode) => {
      const owner = await model.loadMore(provider.nodeById(node.id) ?? node);
      if (owner) provider.redraw(owner);
    }),

    vscode.commands.registerCommand('svc.explorer.retry', (node: ExplorerNode) => {
      const owner = node.ownerId ? provider.nodeById(node.ownerId) : undefined;
      provider.refresh(owner);
    }),

    vscode.commands.registerCommand('svc.explorer.open', async (node?: ExplorerNode) => {
      const target = node ?? treeView.selection[0];
      if (!target?.resource) return undefined;
      try {
        return await openRemote(target.environment, target.resource, true, target.label);
      } catch (err) {
        showError(`Could not open ${target.label}`, err);
        return undefined;
      }
    }),

    vscode.commands.registerCommand('svc.openKeyById', async (arg?: CommandArg<{ keyId?: string; apiId?: string }>) => {
      const environment = environments.resolve(arg?.environment)?.name;
      if (!environment) return undefined;
      const given = argsOf(arg);
      const keyId =
        given?.keyId ??
        (await vscode.window.showInputBox({
          title: `Open Key by ID (${environment})`,
          prompt: 'The key id (or its hash)',
          password: true, // a key id is a credential
          validateInput: (v) => (v.trim() ? undefined : 'Enter a key id.'),
        }));
      if (!keyId) return undefined;
      try {
        return await openRemote(environment, { type: 'key', id: keyId.trim(), apiId: given?.apiId });
      } catch (err) {
        showError(`Could not open key ${maskKeyId(keyId.trim())}`, err);
        return undefined;
      }
    }),

    // The only place a whole key id leaves the tree: on the user's explicit request, to the clipboard.
    vscode.commands.registerCommand('svc.copyKeyId', async (node?: ExplorerNode) => {
      const target = node ?? treeView.selection[0];
      if (target?.resource?.type !== 'key') return false;
      await vscode.env.clipboard.writeText(target.resource.id);
      void vscode.window.showInformationMessage(`The id of key ${target.label} is on the clipboard.`);
      log.info('a key id was copied to the clipboard');
      return true;
    }),
  ];
}
