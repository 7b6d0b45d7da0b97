// The types of a pull (pull.ts) that its merge step (pullMerge.ts) shares, apart so that neither
// file imports the other's module for them.
import type { ManagementClient } from '../../../api/src/client';
import type { MergeConflict, MergeSide } from '../diff/merge';
import type { SyncStateStore } from './stateStore';

/** Why pulling over an existing file needs the user's answer. */
export type OverwriteReason = 'unsaved' | 'modified' | 'unrecorded';
export type OverwriteDecision = 'overwrite' | 'copy' | 'skip';

export interface PullPorts {
  client: ManagementClient;
  store: SyncStateStore;
  /** The text of the file as the user sees it: an open editor's buffer, else undefined. */
  unsavedText(file: string): string | undefined;
  decideOverwrite(info: { file: string; reason: OverwriteReason; environment: string }): Promise<OverwriteDecision>;
  /**
   * Writes the pulled text to the (already contained) file. Default: Node's fs. The extension
   * writes a file open in an editor through that editor, so the editor never holds an older
   * version than the disk (a later save would meet "the file is newer").
   */
  writeFile?(file: string, text: string): Promise<void>;
  /**
   * A file with unpushed changes is merged with the server's version instead of asking
   * decideOverwrite, when this is given; it answers the merge's conflicts (a side per pointer),
   * or undefined to keep the file as it is. Absent: no merge (the overwrite question as before).
   */
  resolveMerge?(info: {
    file: string;
    environment: string;
    conflicts: MergeConflict[];
    fromServer: string[];
  }): Promise<ReadonlyMap<string, MergeSide> | undefined>;
}

export interface PullOutcome {
  status: 'pulled' | 'unchanged' | 'skipped' | 'missing' | 'merged' | 'conflict';
  /** Absolute path of the file. */
  file?: string;
  copiedTo?: string;
  message: string;
  /** `merged`: the paths that came from the server. */
  fromServer?: string[];
  /** `conflict`: what nobody resolved (the file was left as it is). */
  conflicts?: MergeConflict[];
  /** An environment of svc.environments.json: the files written (relative to the root), the definition and/or its overlay. */
  wrote?: string[];
}
