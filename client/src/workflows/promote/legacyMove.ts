// The one-time move of an environment's records from this machine's `.svc/state.json` to the
// deploy state the team shares (engine/src/environments/legacyState.ts), before the editor reads
// that state for an environment of svc.environments.json, as `svc` does; said once, when it happens.
import * as vscode from 'vscode';
import { moveLegacyState } from '../../../../engine/src/environments/legacyState';
import type { SyncContext } from '../sync/syncContext';

export async function noteLegacyMove(ctx: SyncContext, root: string, environment: string): Promise<void> {
  const moved = await moveLegacyState(root, environment);
  if (!moved) return;
  ctx.log.info(moved);
  void vscode.window.showInformationMessage(moved.replace(/^note: /, ''));
}
