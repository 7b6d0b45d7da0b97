// Approval of hosts named by workspace settings. A repository can put an environment into
// .vscode/settings.json that points at a host of its choosing; without this check, opening
// the repository would send the user's saved credentials there. Approvals are per origin and
// remembered in globalState (machine-wide, never synced to the workspace). Free of `vscode`:
// the trust flag and the question come in as functions (see hostApprovalPrompt.ts).
import { hostNotApprovedError } from './blocked';
import type { Environment } from './model';
import { decideRequest } from './requestDecision';

const APPROVED_KEY = 'svc.approvedHosts';

/** The part of `vscode.Memento` used here. */
export interface ApprovalState {
  get<T>(key: string, defaultValue: T): T;
  update(key: string, value: unknown): PromiseLike<void>;
}

export interface HostApprovalDeps {
  state: ApprovalState;
  /** `vscode.workspace.isTrusted`, read at each request: trust can be granted meanwhile. */
  isTrusted(): boolean;
  /** Asks the user whether credentials may go to `origin`; true means "Allow". */
  confirm(envName: string, origin: string): PromiseLike<boolean>;
}

export class HostApproval {
  /** One question per origin at a time: tree nodes load in parallel. */
  private readonly pending = new Map<string, Promise<boolean>>();

  constructor(private readonly deps: HostApprovalDeps) {}

  private approved(): string[] {
    return this.deps.state.get<string[]>(APPROVED_KEY, []);
  }

  isApproved(origin: string): boolean {
    return this.approved().includes(origin);
  }

  /**
   * Resolves when requests to `env` may carry credentials; throws RequestsBlockedError when
   * the workspace is untrusted, or when (with `ask`) a workspace-defined host is not (or not now) approved.
   */
  async ensureAllowed(env: Environment, ask = true): Promise<void> {
    const decision = decideRequest(env, { workspaceTrusted: this.deps.isTrusted(), approvedOrigins: this.approved(), mayAsk: ask });
    if (decision.action === 'send') return;
    if (decision.action === 'block') throw decision.error;
    for (const origin of decision.origins) {
      if (!(await this.ask(env.name, origin))) throw hostNotApprovedError(env.name, [origin]);
    }
  }

  /** What the question's "Allow" records (end-to-end tests answer the modal this way: modals cannot be clicked there). */
  async allow(origin: string): Promise<void> {
    await this.deps.state.update(APPROVED_KEY, [...new Set([...this.approved(), origin])]);
  }

  private ask(envName: string, origin: string): Promise<boolean> {
    let question = this.pending.get(origin);
    if (!question) {
      question = (async () => {
        if (!(await this.deps.confirm(envName, origin))) return false;
        await this.deps.state.update(APPROVED_KEY, [...new Set([...this.approved(), origin])]);
        return true;
      })().finally(() => this.pending.delete(origin));
      this.pending.set(origin, question);
    }
    return question;
  }
}
