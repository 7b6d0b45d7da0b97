// Entry point of the Svc Gateway Tools extension: wiring only.
import * as vscode from 'vscode';
import { registerEnvironments, type EnvironmentsArea } from './environments/register';
import { bundledSandboxStarter } from './environments/sandboxLoader';
import type { SvcExtensionApi } from './extensionApi';
import { registerExplorer } from './explorer/register';
import { startLanguageClient, type LanguageArea } from './language/startLanguageClient';
import { connectNavigation } from './language/navigationClient';
import { createExtensionLog } from './logging/outputChannel';
import { createTestingApi } from './testing/testingApi';
import { registerExamples } from './workflows/examples/register';
import { registerMigrate } from './workflows/migrate/register';
import { registerAnalytics } from './workflows/analytics/register';
import { registerResources } from './workflows/resources/register';
import { registerSync } from './workflows/sync/register';

let language: Promise<LanguageArea> | undefined;
let environments: EnvironmentsArea | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<SvcExtensionApi> {
  const log = createExtensionLog(context);
  // The sidebar and its commands first: they work even when the language server cannot start.
  // A second window on the same global storage joins the first window's sandbox (one writer per data folder).
  environments = registerEnvironments(context, { log, startSandbox: bundledSandboxStarter(__dirname) });
  const explorer = registerExplorer(context, { log, envs: environments });
  const sync = registerSync(context, { log, envs: environments, explorer });
  const migrate = registerMigrate(context, { log, envs: environments, explorer });
  const examples = registerExamples(context, { log, envs: environments, sync });
  const resources = registerResources(context, { log: log.forArea('resources'), envs: environments, explorer });
  const analytics = registerAnalytics(context, { log: log.forArea('analytics'), envs: environments, explorer });

  // The language server starts in the background, after activation returns: activation waits
  // neither for loading the client library nor for the server's handshake (docs/performance.md).
  // Tests get a started client.
  const envs = environments;
  language = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => startLanguageClient(context, { log }))
    .then((area) => {
      if (area.client) context.subscriptions.push(...connectNavigation(area.client, envs.environments, explorer.loadedIds));
      return area;
    });

  if (context.extensionMode !== vscode.ExtensionMode.Test) return {};
  const parts = { environments, explorer, sync, migrate, examples, resources, analytics, language: await language, log };
  return { testing: createTestingApi({ ...parts, logUri: context.logUri, globalStorageUri: context.globalStorageUri }) };
}

export async function deactivate(): Promise<void> {
  await Promise.all([language?.then((area) => area.stop()), environments?.sandbox.stop()]);
}
