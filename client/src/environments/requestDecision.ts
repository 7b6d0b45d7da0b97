// Whether a request to an environment may carry the user's saved credentials: the decision
// behind host approval and restricted mode, free of `vscode` so it is unit-tested on its own.
import { hostNotApprovedError, untrustedWorkspaceError, type RequestsBlockedError } from './blocked';
import { originsOf, type Environment } from './model';

export interface RequestContext {
  /** `vscode.workspace.isTrusted`: false in restricted mode. */
  workspaceTrusted: boolean;
  /** Origins the user allowed before (remembered per machine). */
  approvedOrigins: readonly string[];
  /** False for background checks (status bar), which must never open a modal. */
  mayAsk: boolean;
}

export type RequestDecision =
  /** Send: nothing to approve. */
  | { action: 'send' }
  /** Ask the user about each of these origins first; send only if every one is allowed. */
  | { action: 'ask'; origins: string[] }
  /** Send nothing; the error says why and is shown (tree error node, status bar). */
  | { action: 'block'; error: RequestsBlockedError };

export function decideRequest(env: Environment, ctx: RequestContext): RequestDecision {
  // The in-process sandbox never leaves this machine: no credential of the user is involved.
  if (env.source === 'builtin') return { action: 'send' };
  // Restricted mode: nothing goes to any configured environment, not even a user-defined one,
  // because the workspace's code could redirect or observe it.
  if (!ctx.workspaceTrusted) return { action: 'block', error: untrustedWorkspaceError(env.name) };
  // The user wrote this environment themselves: their host, their choice.
  if (env.source !== 'workspace') return { action: 'send' };
  const missing = originsOf(env).filter((o) => !ctx.approvedOrigins.includes(o));
  if (missing.length === 0) return { action: 'send' };
  if (!ctx.mayAsk) return { action: 'block', error: hostNotApprovedError(env.name, missing) };
  return { action: 'ask', origins: missing };
}
