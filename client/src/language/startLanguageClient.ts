// Starts the Svc language server (dist/server.js over IPC) for JSON and JSONC documents, feeds
// the kind status bar item from the server's svc/documentKind notification, and watches the
// workspace's JSON files for the workspace-wide listen-path rule. A server that cannot start
// costs the editor features only: the error is logged and shown, the rest of the extension works.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import { DocumentKindNotification, type SvcInitializationOptions } from '../../../common/src/protocol';
import { SERVER_EXEC_ARGV } from '../../../common/src/serverProcess';
import { forgetServerKind, rememberServerKind } from '../shared/documentKind';
import type { ExtensionLog } from '../logging/outputChannel';
import { KindStatusBar } from './kindStatusBar';
import { ViewDiagnostics } from './viewDiagnostics';

export interface LanguageArea {
  /** Undefined when the server could not start. */
  readonly client: LanguageClient | undefined;
  readonly statusBar: KindStatusBar;
  stop(): Promise<void>;
}

export async function startLanguageClient(context: vscode.ExtensionContext, deps: { log: ExtensionLog }): Promise<LanguageArea> {
  const log = deps.log.forArea('language');
  const statusBar = new KindStatusBar();
  context.subscriptions.push(statusBar);
  // The client library (and the node:http/net modules it pulls in) initialises here, not with the
  // extension's bundle: activation does not pay for it (docs/performance.md).
  let library: typeof import('vscode-languageclient/node');
  try {
    library = await import('vscode-languageclient/node');
  } catch (error) {
    return failed(log, statusBar, error);
  }
  const { LanguageClient, TransportKind } = library;

  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: [...SERVER_EXEC_ARGV] } },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: [...SERVER_EXEC_ARGV, '--nolazy', '--inspect=6009'] } },
  };
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.{json,yaml,yml}');
  context.subscriptions.push(watcher);
  const views = new ViewDiagnostics();
  const clientOptions: LanguageClientOptions = {
    // YAML documents are ours when they are OAS or streams definitions (the server decides by content).
    documentSelector: [{ language: 'json' }, { language: 'jsonc' }, { language: 'yaml' }],
    outputChannel: deps.log.channel,
    synchronize: { fileEvents: watcher },
    middleware: views.middleware,
    // One outline: VS Code's JSON language features outline every json/jsonc document already.
    initializationOptions: {
      editorProvidesJsonOutline: vscode.extensions.getExtension('vscode.json-language-features') !== undefined,
    } satisfies SvcInitializationOptions,
  };
  let client: LanguageClient;
  try {
    client = new LanguageClient('svc', 'Svc Language Server', serverOptions, clientOptions);
    await client.start();
    context.subscriptions.push(
      client.onNotification(DocumentKindNotification, (params) => {
        rememberServerKind(params);
        statusBar.update(params);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => forgetServerKind(document.uri)),
      views.watch(client),
    );
    log.info('language server started');
  } catch (error) {
    return failed(log, statusBar, error);
  }
  return {
    client,
    statusBar,
    stop: async () => {
      if (client.isRunning()) await client.stop();
    },
  };
}

function failed(log: ReturnType<ExtensionLog['forArea']>, statusBar: KindStatusBar, error: unknown): LanguageArea {
  log.error(`language server failed to start: ${error instanceof Error ? error.message : String(error)}`);
  void vscode.window.showErrorMessage('Svc: the language server could not start; validation and completion are off. See the Svc Gateway Tools log.');
  return { client: undefined, statusBar, stop: () => Promise.resolve() };
}
