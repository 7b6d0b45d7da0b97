// The environment commands. Each accepts optional arguments so tests and command links can
// answer the questions programmatically: a name (or a tree node with `environment`) picks the
// environment, an answers object answers the input flow.
import * as vscode from 'vscode';
import type { Logger } from '../logging/logger';
import type { ClientProvider } from './clientProvider';
import { runEnvironmentFlow, type EnvironmentAnswers } from './environmentFlow';
import type { EnvironmentService } from './environmentService';
import type { Health } from './health';
import {
  CREDENTIAL_FAMILIES,
  CREDENTIAL_LABELS,
  LOCAL_SANDBOX_NAME,
  originOf,
  targetUrlOf,
  type CredentialFamily,
  type Credentials,
  type Environment,
  type EnvironmentSettings,
} from './model';
import { FlowCancelled, type Prompter } from './prompter';

/** A command's environment argument: a name, a tree node, or nothing (then the user picks). */
export type EnvironmentArg = string | { environment?: string; name?: string } | undefined;

export interface EnvironmentCommandDeps {
  environments: EnvironmentService;
  clients: ClientProvider;
  prompter: Prompter;
  log: Logger;
}

export function registerEnvironmentCommands(deps: EnvironmentCommandDeps): vscode.Disposable[] {
  const { environments, clients, prompter, log } = deps;

  const nameOf = (arg: EnvironmentArg): string | undefined => (typeof arg === 'string' ? arg : (arg?.environment ?? arg?.name));

  async function pickEnvironment(arg: EnvironmentArg, placeHolder: string, configuredOnly: boolean): Promise<Environment | undefined> {
    const given = nameOf(arg);
    const list = configuredOnly ? environments.configured() : environments.all();
    if (given !== undefined) {
      const env = list.find((e) => e.name === given);
      if (!env) throw new Error(given === LOCAL_SANDBOX_NAME ? 'The Local sandbox is built in and cannot be changed.' : `No environment named '${given}'.`);
      return env;
    }
    if (list.length === 0) {
      void vscode.window
        .showInformationMessage('No environment is configured yet.', 'Add Environment')
        .then((a) => a && vscode.commands.executeCommand('svc.addEnvironment'));
      return undefined;
    }
    const active = environments.active()?.name;
    return prompter.pick({
      title: placeHolder,
      step: 1,
      totalSteps: 1,
      placeHolder,
      items: list.map((e) => ({
        label: e.name,
        description: `${e.name === active ? '(active) ' : ''}${e.source === 'builtin' ? 'built in' : e.dashboardUrl}`,
        detail: e.source === 'workspace' ? 'defined by this workspace' : undefined,
        value: e,
      })),
    });
  }

  /** Runs a command body; a cancelled flow ends quietly, other errors are shown and logged. */
  const command = <A extends unknown[], R>(id: string, body: (...args: A) => Promise<R>) =>
    vscode.commands.registerCommand(id, async (...args: A) => {
      try {
        return await body(...args);
      } catch (err) {
        if (err instanceof FlowCancelled) return undefined;
        log.error(`${id} failed`, err);
        void vscode.window.showErrorMessage(err instanceof Error ? err.message : String(err));
        return undefined;
      }
    });

  /** Flow dependencies; when editing, saved credentials count only where the host stays the same. */
  const flowDeps = (existingNames: string[], current?: Environment) => ({
    prompter,
    existingNames,
    // Editing a workspace-defined environment keeps its source: its host needs approval first.
    testConnection: (settings: EnvironmentSettings, creds: Credentials) =>
      clients.testUnsaved(settings, creds, current?.source === 'workspace' ? 'workspace' : 'user'),
    savedCredentials: async (settings: EnvironmentSettings): Promise<Credentials> => {
      if (!current) return environments.credentials.read(settings);
      const saved = await environments.credentials.read(current);
      const kept: Credentials = {};
      for (const family of CREDENTIAL_FAMILIES) {
        if (saved[family] && originOf(targetUrlOf(current, family)) === originOf(targetUrlOf(settings, family))) kept[family] = saved[family];
      }
      return kept;
    },
  });

  return [
    command('svc.addEnvironment', async (answers?: EnvironmentAnswers) => {
      const names = environments.configured().map((e) => e.name);
      const result = await runEnvironmentFlow(flowDeps(names), undefined, answers);
      await environments.add(result.settings, result.credentials);
      // "Save anyway" after a failed test saves it; it does not become the active environment.
      if (result.activate) await environments.setActive(result.settings.name);
      environments.setHealth(result.settings.name, result.health);
      void vscode.window.showInformationMessage(
        result.activate
          ? `Environment '${result.settings.name}' added and connected.`
          : `Environment '${result.settings.name}' saved but not made active: the connection test failed. Fix it with Edit Environment or Set Credentials.`,
      );
      return result.settings.name;
    }),

    command('svc.editEnvironment', async (arg?: EnvironmentArg, answers?: EnvironmentAnswers) => {
      const env = await pickEnvironment(arg, 'Environment to edit', true);
      if (!env) return undefined;
      const names = environments.configured().map((e) => e.name);
      const result = await runEnvironmentFlow(
        flowDeps(names, env),
        env,
        answers && { name: env.name, dashboardUrl: env.dashboardUrl, gatewayUrl: env.gatewayUrl, ...answers },
      );
      await environments.update(env.name, result.settings, result.credentials);
      environments.setHealth(result.settings.name, result.health);
      return result.settings.name;
    }),

    command('svc.removeEnvironment', async (arg?: EnvironmentArg, options?: { confirmed?: boolean }) => {
      const env = await pickEnvironment(arg, 'Environment to remove', true);
      if (!env) return false;
      if (!options?.confirmed) {
        const remove = 'Remove';
        const answer = await vscode.window.showWarningMessage(
          `Remove environment '${env.name}'?`,
          {
            modal: true,
            detail:
              `Its entry in ${env.source === 'workspace' ? 'the workspace' : 'your user'} settings ` +
              `and its saved credentials (unless another environment uses the same host) ` +
              `are deleted.`,
          },
          remove,
        );
        if (answer !== remove) return false;
      }
      await environments.remove(env.name);
      return true;
    }),

    command('svc.switchEnvironment', async (arg?: EnvironmentArg) => {
      const env = await pickEnvironment(arg, 'Switch to environment', false);
      if (!env) return undefined;
      await environments.setActive(env.name);
      void clients.test(env, false);
      return env.name;
    }),

    command('svc.setCredentials', async (arg?: EnvironmentArg, given?: Credentials) => {
      const env = await pickEnvironment(arg, 'Environment whose credentials to set', true);
      if (!env) return undefined;
      const credentials = given ?? (await askCredentials(prompter, env, await environments.credentials.presence(env)));
      await environments.setCredentials(env.name, credentials);
      return clients.test(env);
    }),

    command('svc.testConnection', async (arg?: EnvironmentArg): Promise<Health | undefined> => {
      const env = await pickEnvironment(arg ?? environments.active()?.name, 'Environment to test', false);
      if (!env) return undefined;
      const health = await prompter.withProgress(`Testing '${env.name}'…`, () => clients.test(env));
      const text = `${env.name}: ${health.message}${health.hint ? ` ${health.hint}` : ''}`;
      if (health.state === 'ok') void vscode.window.showInformationMessage(text);
      else
        void vscode.window.showWarningMessage(text, 'Set Credentials', 'Show Log').then((a) => {
          if (a === 'Set Credentials') void vscode.commands.executeCommand('svc.setCredentials', env.name);
          if (a === 'Show Log') void vscode.commands.executeCommand('svc.showLog');
        });
      return health;
    }),
  ];
}

/** Asks which credential to set, then its value (empty deletes it). */
async function askCredentials(prompter: Prompter, env: Environment, present: Record<CredentialFamily, boolean>): Promise<Credentials> {
  const family = await prompter.pick<CredentialFamily>({
    title: `Set Credentials of '${env.name}'`,
    step: 1,
    totalSteps: 2,
    placeHolder: 'Which credential?',
    items: CREDENTIAL_FAMILIES.map((f) => ({
      label: CREDENTIAL_LABELS[f],
      description: `${present[f] ? 'set' : 'not set'} · sent only to ${originOf(targetUrlOf(env, f))}`,
      value: f,
    })),
  });
  if (!family) throw new FlowCancelled();
  const value = await prompter.input({
    title: `Set Credentials of '${env.name}'`,
    step: 2,
    totalSteps: 2,
    prompt: `${CREDENTIAL_LABELS[family]}. Leave empty to delete the saved value.`,
    password: true,
  });
  if (value === undefined) throw new FlowCancelled();
  return { [family]: value };
}
