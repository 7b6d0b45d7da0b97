// The client's share of navigation: the command the server's code lenses call (LSP locations
// → VS Code's references list) and the active environment (its name, its gateway URL for
// listen-path links, the API and policy ids its explorer tree has loaded for the link warnings),
// sent again whenever the environments change or the tree loads more of the active one.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type * as lsp from 'vscode-languageclient/node';
import { ActiveEnvironmentNotification, type ActiveEnvironmentParams } from '../../../common/src/protocol';
import { SHOW_REFERENCES_COMMAND } from '../../../common/src/commands';

export interface ActiveEnvironmentSource {
  readonly onDidChange: vscode.Event<void>;
  active(): { name: string; gatewayUrl?: string } | undefined;
}

/** The ids the explorer tree has loaded, per environment (explorer/loadedIds.ts). */
export interface LoadedIdsSource {
  onDidChange(listener: (environment: string) => void): { dispose(): void };
  of(environment: string): Omit<ActiveEnvironmentParams, 'environment' | 'gatewayUrl'>;
}

/** Pages of APIs arrive in bursts: one notification per burst, so the server revalidates once. */
const COALESCE_MS = 200;

export function connectNavigation(client: LanguageClient, environments: ActiveEnvironmentSource, loaded?: LoadedIdsSource): vscode.Disposable[] {
  const convert = client.protocol2CodeConverter;
  let timer: NodeJS.Timeout | undefined;
  const send = (): void => {
    clearTimeout(timer);
    timer = undefined;
    const active = environments.active();
    const params: ActiveEnvironmentParams = active ? { environment: active.name, gatewayUrl: active.gatewayUrl || undefined, ...loaded?.of(active.name) } : {};
    void client.sendNotification(ActiveEnvironmentNotification, params).catch(() => undefined);
  };
  const sendSoon = (environment: string): void => {
    if (environment !== environments.active()?.name || timer) return;
    timer = setTimeout(send, COALESCE_MS);
  };
  send();
  return [
    vscode.commands.registerCommand(SHOW_REFERENCES_COMMAND, (uri: string, position: lsp.Position, locations: lsp.Location[]) =>
      vscode.commands.executeCommand(
        'editor.action.showReferences',
        vscode.Uri.parse(uri),
        convert.asPosition(position),
        locations.map((l) => convert.asLocation(l)),
      ),
    ),
    environments.onDidChange(send),
    new vscode.Disposable(() => clearTimeout(timer)),
    ...(loaded ? [loaded.onDidChange(sendSoon)] : []),
  ];
}
