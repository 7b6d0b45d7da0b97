// Whether a request to an environment may carry the user's saved credentials: the decision
// behind host approval and restricted mode, free of `vscode` so it is unit-tested on its own.
import { hostNotApprovedError, untrustedWorkspaceError, type RequestsBlockedError } from './blocked';
import { originsOf, type Environment, type TlsSettings } from './model';

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
  // Approval covers the origin and the TLS options together: a workspace that later turns on
  // `allowSelfSigned` or swaps the CA file weakens the connection, so the user is asked again.
  const missing = originsOf(env)
    .map((o) => approvalKey(o, env.tls))
    .filter((key) => !ctx.approvedOrigins.includes(key));
  if (missing.length === 0) return { action: 'send' };
  if (!ctx.mayAsk) return { action: 'block', error: hostNotApprovedError(env.name, missing) };
  return { action: 'ask', origins: missing };
}

/**
 * What the user approves, as remembered and as shown in the question: the origin alone when no
 * TLS option is set (so earlier approvals stay valid), else the origin with its TLS options.
 */
export function approvalKey(origin: string, tls: TlsSettings | undefined): string {
  const options = Object.entries(tls ?? {})
    .filter(([, value]) => value !== undefined && value !== false && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => (name === 'allowSelfSigned' ? 'any certificate accepted (allowSelfSigned)' : `${name} ${JSON.stringify(value)}`));
  return options.length ? `${origin} with TLS options: ${options.join(', ')}` : origin;
}
