// The VS Code side of host approval: the modal question and the workspace trust flag.
import * as vscode from 'vscode';
import { HostApproval } from './hostApproval';

/** Asks, modally, whether saved credentials may be sent to a host a workspace named. */
export async function confirmHost(envName: string, origin: string): Promise<boolean> {
  const allow = 'Allow';
  const answer = await vscode.window.showWarningMessage(
    `Send your saved credentials to ${origin}?`,
    {
      modal: true,
      detail: `The environment '${envName}' is defined by this workspace's settings, not by you. Allow only if you know and trust ${origin}.`,
    },
    allow,
  );
  return answer === allow;
}

export function createHostApproval(state: vscode.Memento): HostApproval {
  return new HostApproval({ state, isTrusted: () => vscode.workspace.isTrusted !== false, confirm: confirmHost });
}
