// The client's share of navigation: the command the server's code lenses call (LSP locations
// → VS Code's references list) and the active environment's gateway URL for listen-path links,
// sent again whenever the environments change.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type * as lsp from 'vscode-languageclient/node';
import { ActiveEnvironmentNotification, SHOW_REFERENCES_COMMAND, type ActiveEnvironmentParams } from '../../../common/src/protocol';

export interface ActiveEnvironmentSource {
  readonly onDidChange: vscode.Event<void>;
  active(): { gatewayUrl?: string } | undefined;
}

export function connectNavigation(client: LanguageClient, environments: ActiveEnvironmentSource): vscode.Disposable[] {
  const convert = client.protocol2CodeConverter;
  const send = (): void => {
    const params: ActiveEnvironmentParams = { gatewayUrl: environments.active()?.gatewayUrl || undefined };
    void client.sendNotification(ActiveEnvironmentNotification, params).catch(() => undefined);
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
  ];
}
