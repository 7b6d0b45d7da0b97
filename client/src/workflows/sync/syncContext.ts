// What the sync commands, the edit-remote file system and other workflows share.
import type { ManagementClient } from '../../../../api/src/client';
import type { Logger } from '../../logging/logger';
import type { OverwriteDecision, PullOutcome } from './pull';
import type { RemoteDiffDocuments } from './remoteDiffDocuments';
import type { SyncStateStore } from './stateStore';
import type { SyncUi } from './syncUi';
import type { RemoteTarget } from './syncKinds';

export interface PullArgs {
  environment: string;
  target: RemoteTarget;
  /** Workspace folder path; default: the first workspace folder. */
  root?: string;
  mode?: 'public';
  /** Decided by the caller (Pull All keeps local changes); else the user is asked. */
  overwrite?: OverwriteDecision;
  /** Open the pulled file in an editor (single pulls). */
  open?: boolean;
  notify?: boolean;
  signal?: AbortSignal;
}

export interface SyncContext {
  store: SyncStateStore;
  diffs: RemoteDiffDocuments;
  /** The questions of pull and push (replaceable: the test-only export scripts answers). */
  ui: SyncUi;
  log: Logger;
  clientFor(environment: string): Promise<ManagementClient>;
  activeEnvironment(): string | undefined;
  refreshTree(): void;
  /** Resolves to the sentence shown (reloaded, or: this server has no reload endpoint). */
  reloadGateway(environment: string): Promise<string>;
  pull(args: PullArgs): Promise<PullOutcome>;
}
