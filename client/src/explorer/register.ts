// Wires the explorer: model, tree view, `svc-remote:` documents, commands.
import * as vscode from 'vscode';
import type { EnvironmentsArea } from '../environments/register';
import { HEALTH_OK, healthFromError } from '../environments/healthFromError';
import type { ExtensionLog } from '../logging/outputChannel';
import { definitionFilesOf } from './definitionFiles';
import { registerExplorerCommands } from './explorerCommands';
import { ExplorerModel, type EnvironmentEntry } from './explorerModel';
import { LoadedIds } from './loadedIds';
import { ManagementSource } from './managementSource';
import { registerOpenApiByName } from './openApiByName';
import type { ExplorerNode } from './nodes';
import { environmentTooltip } from './presentation';
import { REMOTE_SCHEME, RemoteDocumentProvider } from './remoteDocuments';
import type { ResourceSource } from './resourceSource';
import { ExplorerTreeProvider } from './treeProvider';
import { pickApiOfKey } from '../shared/pickApi';

export interface ExplorerArea {
  provider: ExplorerTreeProvider;
  treeView: vscode.TreeView<ExplorerNode>;
  documents: RemoteDocumentProvider;
  /** The API and policy ids the tree has loaded, per environment (for the link warnings). */
  loadedIds: LoadedIds;
}

export function registerExplorer(context: vscode.ExtensionContext, deps: { log: ExtensionLog; envs: EnvironmentsArea }): ExplorerArea {
  const log = deps.log.forArea('explorer');
  const { environments, clients } = deps.envs;

  const loadedIds = new LoadedIds();
  const sourceFor = async (environment: string): Promise<ResourceSource> => {
    const env = environments.find(environment);
    if (!env) throw new Error(`Environment '${environment}' no longer exists.`);
    const client = await clients.clientFor(env);
    // A key is read through an API it grants access to; when the server cannot say which, the user picks one.
    const source = new ManagementSource(client, () => pickApiOfKey(client, `Open key (${env.name}): the API it grants access to`));
    return loadedIds.observe(environment, source);
  };

  const entries = (): EnvironmentEntry[] => {
    const active = environments.active()?.name;
    return environments.all().map((env) => {
      const health = environments.health(env.name);
      return {
        name: env.name,
        builtin: env.source === 'builtin',
        active: env.name === active,
        description: env.name === active ? 'active' : undefined,
        tooltip: environmentTooltip(env, health.state, environments.sandbox.isRunning),
      };
    });
  };

  const model = new ExplorerModel({
    environments: entries,
    sourceFor,
    onLoadResult: (environment, err) => {
      if (!err) {
        const state = environments.health(environment).state;
        if (state === 'unknown' || state === 'checking') environments.setHealth(environment, HEALTH_OK);
        return;
      }
      const health = healthFromError(err);
      // A failing single listing says little about the environment; these do.
      if (health.state === 'auth' || health.state === 'unreachable' || health.state === 'blocked') environments.setHealth(environment, health);
      log.warn(`loading from '${environment}' failed: ${health.message}`);
    },
    onDidChange: (nodeId) => {
      const node = provider.nodeById(nodeId);
      if (node) provider.redraw(node);
    },
    // Further pages of APIs load in the background: progress in the view, not a notification.
    onBackgroundLoad: (envName, settled) => {
      log.info(`loading the other pages of APIs of '${envName}' in the background`);
      void vscode.window.withProgress({ location: { viewId: 'svc.explorer' } }, () => settled);
    },
    definitionFiles: (environment) =>
      definitionFilesOf(
        (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath),
        environment,
        (problem) => log.warn(problem),
      ),
  });
  const provider = new ExplorerTreeProvider(model);
  const treeView = vscode.window.createTreeView('svc.explorer', {
    treeDataProvider: provider,
    showCollapseAll: true,
    // Several APIs can be migrated at once: context-menu commands receive (clicked, selection).
    canSelectMany: true,
  });
  const documents = new RemoteDocumentProvider(sourceFor);

  context.subscriptions.push(
    provider,
    treeView,
    documents,
    vscode.workspace.registerTextDocumentContentProvider(REMOTE_SCHEME, documents),
    environments.onDidChange(() => provider.refresh()),
    ...registerExplorerCommands({ provider, treeView, environments, log }),
    registerOpenApiByName({ model, environments, log }),
  );
  void vscode.commands.executeCommand('setContext', 'svc.explorer.filtered', false);
  return { provider, treeView, documents, loadedIds };
}
