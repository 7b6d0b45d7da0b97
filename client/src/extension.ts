// Entry point of the Svc Gateway Tools extension: wiring only.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { startSandbox } from '../../sandbox/src/index';
import { registerEnvironments, type EnvironmentsArea } from './environments/register';
import type { SvcExtensionApi } from './extensionApi';
import { registerExplorer } from './explorer/register';
import { createExtensionLog } from './logging/outputChannel';

let client: LanguageClient | undefined;
let environments: EnvironmentsArea | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<SvcExtensionApi> {
  const log = createExtensionLog(context);
  // The sidebar and its commands first: they work even when the language server cannot start.
  environments = registerEnvironments(context, { log, startSandbox });
  const explorer = registerExplorer(context, { log, envs: environments });

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
    outputChannel: log.channel,
  };
  client = new LanguageClient('svc', 'Svc Language Server', serverOptions, clientOptions);
  await client.start();

  return { environments, explorer, log, logUri: context.logUri, globalStorageUri: context.globalStorageUri };
}

export async function deactivate(): Promise<void> {
  await Promise.all([client?.stop(), environments?.sandbox.stop()]);
}
