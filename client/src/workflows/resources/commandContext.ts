// What every resource command needs: the environment it works on (from the tree node, the
// argument, or the active environment), its management client, cancellable progress, and
// errors that say what to do next.
import * as vscode from 'vscode';
import type { ManagementClient } from '../../api';
import type { EnvironmentsArea } from '../../environments/register';
import type { Environment } from '../../environments/model';
import { errorInfoOf } from '../../explorer/errorInfo';
import type { ExplorerNode } from '../../explorer/nodes';
import type { ExplorerArea } from '../../explorer/register';
import type { Logger } from '../../logging/logger';

export interface ResourceDeps {
  log: Logger;
  envs: EnvironmentsArea;
  explorer: ExplorerArea;
}

/** A command argument: a tree node (menus) or an object with answers (other commands, tests). */
export type CommandArg<T> = ExplorerNode | (T & { envName?: string }) | undefined;

export function isNode(arg: unknown): arg is ExplorerNode {
  return !!arg && typeof arg === 'object' && 'collapsible' in arg && 'type' in arg && 'envName' in arg;
}

/** The answers part of an argument (empty for a node or nothing). */
export function answersOf<T extends object>(arg: CommandArg<T>): Partial<T> & { envName?: string } {
  return arg && !isNode(arg) ? arg : {};
}

export interface Target {
  env: Environment;
  client: ManagementClient;
}

/** The environment named by the node or argument, else the active one; throws a plain sentence when there is none. */
export async function targetOf(deps: ResourceDeps, arg: CommandArg<object>): Promise<Target> {
  const env = deps.envs.environments.resolve(arg?.envName);
  if (!env) throw new Error(arg?.envName ? `Environment '${arg.envName}' does not exist; pick one with Svc: Switch Environment.` : 'No environment is active; add one with Svc: Add Environment.');
  return { env, client: await deps.envs.clients.clientFor(env) };
}

/** Runs a server call under a cancellable notification; the signal goes to the client. */
export function withCancellableProgress<R>(title: string, work: (signal: AbortSignal, report: (message: string) => void) => Promise<R>): Promise<R> {
  return Promise.resolve(
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
      const controller = new AbortController();
      const sub = token.onCancellationRequested(() => controller.abort());
      try {
        return await work(controller.signal, (message) => progress.report({ message }));
      } finally {
        sub.dispose();
      }
    }),
  );
}

/** True for the user's own cancellation (Escape in a prompt, Cancel on progress): stop quietly. */
export function isCancellation(err: unknown): boolean {
  if (err instanceof UserCancelled) return true;
  if (err instanceof Error && (err.name === 'AbortError' || (err as { kind?: string }).kind === 'cancelled')) return true;
  return false;
}

export class UserCancelled extends Error {
  constructor() {
    super('Cancelled');
  }
}

/** Unwraps a prompt's answer; Escape cancels the whole command. */
export function answered<T>(value: T | undefined): T {
  if (value === undefined) throw new UserCancelled();
  return value;
}

/**
 * Logs and shows a failure with the server's message and the hint (what to do next). Returns
 * undefined so commands can `return reportFailure(...)`.
 */
export function reportFailure(deps: ResourceDeps, what: string, err: unknown): undefined {
  if (isCancellation(err)) {
    deps.log.info(`${what}: cancelled`);
    return undefined;
  }
  const info = errorInfoOf(err);
  deps.log.error(what, err);
  void vscode.window.showErrorMessage(`${what}: ${info.message}${info.hint ? ` ${info.hint}` : ''}`, 'Show Log').then((a) => {
    if (a === 'Show Log') void vscode.commands.executeCommand('svc.showLog');
  });
  return undefined;
}

/** The server's answer as one sentence for a notification. */
export function describeResult(result: unknown): string {
  if (!result || typeof result !== 'object') return '';
  const r = result as Record<string, unknown>;
  if (typeof r.Message === 'string') return `${r.Status ? `${String(r.Status)}: ` : ''}${r.Message}`;
  if (typeof r.action === 'string') return `${String(r.status ?? 'ok')}, ${r.action}`;
  if (typeof r.key_id === 'string') return `key ${r.key_id}`;
  return '';
}
