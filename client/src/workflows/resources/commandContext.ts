// What every resource command needs besides the shared command helpers (client/src/shared:
// CommandArg, resolveTarget, withCancellableProgress): its deps, prompt answers that cancel on
// Escape, and errors that say what to do next.
import * as vscode from 'vscode';
import { environmentAccess, type EnvironmentAccess } from '../../environments/environmentAccess';
import type { EnvironmentsArea } from '../../environments/register';
import { errorInfoOf } from '../../explorer/errorInfo';
import type { ExplorerArea } from '../../explorer/register';
import type { Logger } from '../../logging/logger';
import { maskKeyId } from '../../shared/keyIds';
import { isCancellation, UserCancelled } from '../../shared/progress';

export interface ResourceDeps extends EnvironmentAccess {
  log: Logger;
  explorer: ExplorerArea;
}

/** The deps of the resource commands from the areas `activate` wires. */
export function resourceDeps(deps: { log: Logger; envs: EnvironmentsArea; explorer: ExplorerArea }): ResourceDeps {
  return { ...environmentAccess(deps.envs), log: deps.log, explorer: deps.explorer };
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
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  if (typeof r.Message === 'string') return `${text(r.Status) ? `${text(r.Status)}: ` : ''}${r.Message}`;
  if (typeof r.action === 'string') return `${text(r.status) || 'ok'}, ${r.action}`;
  // A key id is the key: masked here too, since a notification stays in the Notification Centre.
  if (typeof r.key_id === 'string') return `key ${maskKeyId(r.key_id)}`;
  return '';
}
