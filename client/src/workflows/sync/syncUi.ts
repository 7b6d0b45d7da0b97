// The questions pull and push ask, as one seam: VS Code dialogs in the product
// (vscodePushUi.ts), answers given in advance in end-to-end tests (testing/scriptedSyncUi.ts).
import type * as vscode from 'vscode';
import type { OverwriteDecision, OverwriteReason } from './pull';
import type { PushUi } from './pushPipeline';
import type { MergeConflict, MergeSide } from '../../../../engine/src/diff/merge';
import type { PullInto } from '../../../../engine/src/environments/pullDefinition';

export interface SyncUi {
  /** The questions of one push of the document at `documentUri` (the diff's right side). */
  push(options: { documentUri: vscode.Uri; reload: () => Promise<unknown> }): PushUi & {
    /** Closes the diff editors this push opened (after a successful push). */
    closeDiffs?(): Promise<void>;
  };
  /** OAS pull: with the extension (pushable) or the public form; undefined = cancel. */
  askPullMode(): Promise<'full' | 'public' | undefined>;
  /** Pull over a file with unsaved or unpushed changes. */
  askOverwrite(file: string, reason: OverwriteReason, environment: string): Promise<OverwriteDecision>;
  /**
   * Pull merged the server's version into a file with local changes and found conflicts: a side
   * per conflict pointer, or undefined to leave the file as it is. Absent: pull asks askOverwrite.
   */
  resolveMergeConflicts?(facts: {
    name: string;
    environment: string;
    conflicts: MergeConflict[];
    fromServer: string[];
  }): Promise<ReadonlyMap<string, MergeSide> | undefined>;
  /**
   * A pull for an environment of svc.environments.json would change the definition in members the
   * environment's overlay does not set, which changes how other environments render it: write the
   * change to the definition (they get it too), to this environment's overlay, or nothing (undefined).
   */
  askPullInto(facts: PullIntoFacts): Promise<PullInto | undefined>;
}

export interface PullIntoFacts {
  environment: string;
  /** Each definition concerned: its overlay for `environment`, and the environments the change would reach. */
  items: ReadonlyArray<{ file: string; overlayFile: string; affected: readonly string[] }>;
}
