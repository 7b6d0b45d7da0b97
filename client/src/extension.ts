// Entry point of the Svc Gateway Tools extension: wiring only.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('Svc Gateway Tools', { log: true });
  context.subscriptions.push(log);
  context.subscriptions.push(vscode.commands.registerCommand('svc.showLog', () => log.show()));

  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { language: 'json' },
      { language: 'jsonc' },
    ],
    outputChannel: log,
  };
  client = new LanguageClient('svc', 'Svc Language Server', serverOptions, clientOptions);
  await client.start();

  const tree = vscode.window.createTreeView('svc.explorer', {
    treeDataProvider: { getTreeItem: (e: vscode.TreeItem) => e, getChildren: () => [] },
  });
  context.subscriptions.push(tree);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
