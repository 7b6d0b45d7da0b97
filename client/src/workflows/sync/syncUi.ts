// The questions pull and push ask, as one seam: VS Code dialogs in the product
// (vscodePushUi.ts), answers given in advance in end-to-end tests (testing/scriptedSyncUi.ts).
import type * as vscode from 'vscode';
import type { OverwriteDecision, OverwriteReason } from './pull';
import type { PushUi } from './pushPipeline';

export interface SyncUi {
  /** The questions of one push of the document at `documentUri` (the diff's right side). */
  push(options: { documentUri: vscode.Uri; reload: () => Promise<unknown> }): PushUi;
  /** OAS pull: with the extension (pushable) or the public form; undefined = cancel. */
  askPullMode(): Promise<'full' | 'public' | undefined>;
  /** Pull over a file with unsaved or unpushed changes. */
  askOverwrite(file: string, reason: OverwriteReason, environment: string): Promise<OverwriteDecision>;
}
