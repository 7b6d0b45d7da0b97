// Approval of hosts named by workspace settings. A repository can put an environment into
// .vscode/settings.json that points at a host of its choosing; without this check, opening
// the repository would send the user's saved credentials there. Approvals are per origin and
// remembered in globalState (machine-wide, never synced to the workspace).
import * as vscode from 'vscode';
import { hostNotApprovedError, untrustedWorkspaceError } from './blocked';
import { originsOf, type Environment } from './model';

const APPROVED_KEY = 'svc.approvedHosts';

export class HostApproval {
  /** One question per origin at a time: tree nodes load in parallel. */
  private readonly pending = new Map<string, Promise<boolean>>();

  constructor(private readonly state: vscode.Memento) {}

  private approved(): string[] {
    return this.state.get<string[]>(APPROVED_KEY, []);
  }

  isApproved(origin: string): boolean {
    return this.approved().includes(origin);
  }

  /**
   * Resolves when requests to `env` may carry credentials; throws RequestsBlockedError when
   * the workspace is untrusted, or when (with `ask`) a workspace-defined host is not (or not now) approved.
   */
  async ensureAllowed(env: Environment, ask = true): Promise<void> {
    if (env.source === 'builtin') return; // the in-process sandbox never leaves this machine
    if (vscode.workspace.isTrusted === false) throw untrustedWorkspaceError(env.name);
    if (env.source !== 'workspace') return;
    const missing = originsOf(env).filter((o) => !this.isApproved(o));
    for (const origin of missing) {
      // Background checks (status bar) never open a modal: they report "blocked" instead.
      if (!ask || !(await this.ask(env.name, origin))) throw hostNotApprovedError(env.name, [origin]);
    }
  }

  private ask(envName: string, origin: string): Promise<boolean> {
    let question = this.pending.get(origin);
    if (!question) {
      question = (async () => {
        const allow = 'Allow';
        const answer = await vscode.window.showWarningMessage(
          `Send your saved credentials to ${origin}?`,
          {
            modal: true,
            detail: `The environment '${envName}' is defined by this workspace's settings, not by you. Allow only if you know and trust ${origin}.`,
          },
          allow,
        );
        if (answer !== allow) return false;
        await this.state.update(APPROVED_KEY, [...new Set([...this.approved(), origin])]);
        return true;
      })().finally(() => this.pending.delete(origin));
      this.pending.set(origin, question);
    }
    return question;
  }
}
