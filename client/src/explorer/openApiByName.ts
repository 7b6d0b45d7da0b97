// "Open API by name…": a quick pick over every API of an environment (all pages, not only those
// the tree has loaded), by name, with kind and listen path beside it and the id in the detail.
import * as vscode from 'vscode';
import type { EnvironmentService } from '../environments/environmentService';
import type { Logger } from '../logging/logger';
import { errorInfoOf } from './errorInfo';
import type { ExplorerModel } from './explorerModel';
import { KIND_LABELS } from './presentation';
import { openRemote } from './remoteDocuments';
import type { ApiSummary } from './resourceSource';

export interface OpenApiByNameArgs {
  envName?: string;
  /** Answers the pick (tests): the API with exactly this name, or the only one whose name contains it. */
  name?: string;
}

/** The API a typed name designates without asking: an exact name, else the single one containing it. */
export function apiNamed(apis: readonly ApiSummary[], name: string): ApiSummary | undefined {
  const wanted = name.trim().toLowerCase();
  const exact = apis.filter((a) => a.name.toLowerCase() === wanted);
  if (exact.length === 1) return exact[0];
  const containing = apis.filter((a) => a.name.toLowerCase().includes(wanted));
  return containing.length === 1 ? containing[0] : undefined;
}

export function registerOpenApiByName(deps: { model: ExplorerModel; environments: EnvironmentService; log: Logger }): vscode.Disposable {
  const { model, environments, log } = deps;
  return vscode.commands.registerCommand('svc.openApiByName', async (args: OpenApiByNameArgs = {}) => {
    const envName = args.envName ?? environments.active()?.name;
    if (!envName) {
      void vscode.window.showWarningMessage('Open API by name: no environment is active. Add one or switch to one first.');
      return undefined;
    }
    let apis: ApiSummary[];
    try {
      apis = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Listing the APIs of ${envName}…` }, () =>
        model.allApis(envName),
      );
    } catch (err) {
      const info = errorInfoOf(err);
      log.error(`listing the APIs of '${envName}'`, err);
      void vscode.window.showErrorMessage(`Could not list the APIs of ${envName}: ${info.message}${info.hint ? ` ${info.hint}` : ''}`);
      return undefined;
    }
    let chosen: ApiSummary | undefined;
    if (args.name !== undefined) {
      chosen = apiNamed(apis, args.name);
    } else {
      const picked = await vscode.window.showQuickPick(
        apis.map((api) => ({
          label: api.name,
          description: `${KIND_LABELS[api.kind].replace(/ APIs$/, '')}${api.listenPath ? ` · ${api.listenPath}` : ''}${api.active ? '' : ' · inactive'}`,
          detail: `id ${api.id}`,
          api,
        })),
        { title: `Open API by name — ${envName} (${apis.length} APIs)`, placeHolder: 'Type part of the API name', matchOnDescription: true },
      );
      chosen = picked?.api;
    }
    if (!chosen) return undefined;
    try {
      return await openRemote(envName, { type: 'api', kind: chosen.kind, id: chosen.id }, true, chosen.name);
    } catch (err) {
      const info = errorInfoOf(err);
      void vscode.window.showErrorMessage(`Could not open ${chosen.name}: ${info.message}${info.hint ? ` ${info.hint}` : ''}`);
      return undefined;
    }
  });
}
