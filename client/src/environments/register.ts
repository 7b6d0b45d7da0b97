// Wires the environments area: service, Local sandbox, commands, status bar, context key.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionLog } from '../logging/outputChannel';
import { ClientProvider } from './clientProvider';
import { registerEnvironmentCommands } from './environmentCommands';
import { EnvironmentService } from './environmentService';
import { LocalSandbox, type SandboxStarter } from './localSandbox';
import { EnvironmentStatusBar } from './statusBar';
import { vscodePrompter } from './vscodePrompter';

export interface EnvironmentsArea {
  environments: EnvironmentService;
  clients: ClientProvider;
  statusBar: EnvironmentStatusBar;
  sandbox: LocalSandbox;
}

export function registerEnvironments(context: vscode.ExtensionContext, deps: { log: ExtensionLog; startSandbox: SandboxStarter }): EnvironmentsArea {
  const log = deps.log.forArea('environments');
  const sandbox = new LocalSandbox(deps.startSandbox, path.join(context.globalStorageUri.fsPath, 'sandbox'), deps.log.forArea('sandbox'));
  const environments = new EnvironmentService(context, sandbox, log);
  const clients = new ClientProvider(environments, deps.log.forArea('api'));
  const statusBar = new EnvironmentStatusBar(environments);
  context.subscriptions.push(environments, statusBar, ...registerEnvironmentCommands({ environments, clients, prompter: vscodePrompter, log }));
  // Stopped on deactivate too (disposables run then); a stop failure must not block shutdown.
  context.subscriptions.push({ dispose: () => void sandbox.stop().catch(() => undefined) });

  const updateContext = () => {
    void vscode.commands.executeCommand('setContext', 'svc.hasEnvironments', environments.all().length > 0);
  };
  updateContext();
  context.subscriptions.push(environments.onDidChange(updateContext));

  // A background check of the active environment: never opens the approval modal.
  const checkActive = () => {
    const env = environments.active();
    if (env && (env.source !== 'builtin' || sandbox.isRunning)) void clients.test(env, false);
  };
  checkActive();
  context.subscriptions.push(
    environments.onDidChange(() => {
      const env = environments.active();
      if (env && environments.health(env.name).state === 'unknown') checkActive();
    }),
  );

  return { environments, clients, statusBar, sandbox };
}
