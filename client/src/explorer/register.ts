// Wires the explorer: model, tree view, `svc-remote:` documents, commands.
import * as vscode from 'vscode';
import type { EnvironmentsArea } from '../environments/register';
import { HEALTH_WORDS } from '../environments/health';
import { HEALTH_OK, healthFromError } from '../environments/healthFromError';
import type { ExtensionLog } from '../logging/outputChannel';
import { registerExplorerCommands } from './explorerCommands';
import { ExplorerModel, type EnvironmentEntry } from './explorerModel';
import { ManagementSource } from './managementSource';
import { registerOpenApiByName } from './openApiByName';
import type { ExplorerNode } from './nodes';
import { md } from './presentation';
import { REMOTE_SCHEME, RemoteDocumentProvider } from './remoteDocuments';
import type { ResourceSource } from './resourceSource';
import { ExplorerTreeProvider } from './treeProvider';

export interface ExplorerArea {
  provider: ExplorerTreeProvider;
  treeView: vscode.TreeView<ExplorerNode>;
  documents: RemoteDocumentProvider;
}

export function registerExplorer(context: vscode.ExtensionContext, deps: { log: ExtensionLog; envs: EnvironmentsArea }): ExplorerArea {
  const log = deps.log.forArea('explorer');
  const { environments, clients } = deps.envs;

  const sourceFor = async (envName: string): Promise<ResourceSource> => {
    const env = environments.find(envName);
    if (!env) throw new Error(`Environment '${envName}' no longer exists.`);
    return new ManagementSource(await clients.clientFor(env));
  };

  const entries = (): EnvironmentEntry[] => {
    const active = environments.active()?.name;
    return environments.all().map((env) => {
      const health = environments.health(env.name);
      const origin = env.source === 'builtin' ? (environments.sandbox.isRunning ? env.dashboardUrl : 'starts on first use') : env.dashboardUrl;
      return {
        name: env.name,
        builtin: env.source === 'builtin',
        active: env.name === active,
        description: env.name === active ? 'active' : undefined,
        tooltip: [
          `**${md(env.name)}**`,
          '',
          `Dashboard: ${md(origin)}`,
          env.gatewayUrl ? `\n\nGateway: ${md(env.gatewayUrl)}` : '',
          `\n\nDefined in: ${env.source === 'builtin' ? 'built in' : env.source === 'workspace' ? 'workspace settings' : 'user settings'}`,
          `\n\nHealth: ${HEALTH_WORDS[health.state]}`,
        ].join(''),
      };
    });
  };

  const model = new ExplorerModel({
    environments: entries,
    sourceFor,
    onLoadResult: (envName, err) => {
      if (!err) {
        const state = environments.health(envName).state;
        if (state === 'unknown' || state === 'checking') environments.setHealth(envName, HEALTH_OK);
        return;
      }
      const health = healthFromError(err);
      // A failing single listing says little about the environment; these do.
      if (health.state === 'auth' || health.state === 'unreachable' || health.state === 'blocked') environments.setHealth(envName, health);
      log.warn(`loading from '${envName}' failed: ${health.message}`);
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
  return { provider, treeView, documents };
}
