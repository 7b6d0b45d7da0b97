// The types of a push (pushPipeline.ts) that its merge step (pushMerge.ts) and the UIs share, apart
// so that no two of those files import each other.
import type { DocumentKind } from '../../../common/src/kinds';
import type { ManagementClient } from '../../../api/src/client';
import type { MergeConflict, MergeSide } from '../diff/merge';
import type { MergeResolutions } from './mergeFile';
import type { RemoteSnapshot } from './remoteReader';
import type { OasVersionChoice, PushChoices, PushRoute, StreamsPatchParameters } from './routing';
import type { RemoteTarget, SyncKind } from './syncKinds';

/** What the user pulled or opened: the base a conflict is measured against. */
export interface PushBase {
  remoteHash: string;
  /** The remote as pulled, when still available (for "Show remote changes"). */
  remoteText?: string;
  /** The file's hash as written at the pull or push: when it still matches, the file is the base itself. */
  localHash?: string;
}

export interface ConflictFacts {
  name: string;
  environment: string;
  kind: SyncKind;
  /** The remote as pulled/opened (undefined when its snapshot is gone). */
  pulledText?: string;
  /** The remote now (undefined when it was deleted). */
  nowText?: string;
  mineText: string;
  deleted: boolean;
}

export type ConflictDecision = 'overwrite' | 'pull' | 'cancel';

export interface SendSummary {
  name: string;
  environment: string;
  kind: SyncKind;
  route: PushRoute;
  /** True when no pull is recorded for this file: the remote is replaced without a base. */
  unrecorded: boolean;
}

/** The questions of a push. Each may resolve to "cancel" (undefined/false). */
export interface PushUi {
  confirmDespiteErrors(name: string, errors: readonly string[]): Promise<boolean>;
  resolveConflict(facts: ConflictFacts): Promise<ConflictDecision>;
  /** OAS create: a new API (`'new'`), a new version of a base API, or cancel. */
  chooseOasCreate(context: {
    name: string;
    environment: string;
    client: ManagementClient;
    signal?: AbortSignal;
  }): Promise<OasVersionChoice | 'new' | undefined>;
  /** Streams: the whole document (`'put'`), only the OAS part with parameters, or cancel. */
  chooseStreamsUpdate(name: string): Promise<StreamsPatchParameters | 'put' | undefined>;
  /** Keys over the gateway: the key id (asked, never stored). */
  askKeyId(name: string): Promise<string | undefined>;
  /**
   * Shows remote (left) against the document being pushed (right). `document` is the file's value
   * as push sends it (a YAML file's parsed; a key's secrets still placeholders).
   */
  showDiff(remoteText: string, title: string, document: unknown): Promise<void>;
  confirmSend(summary: SendSummary): Promise<boolean>;
  /** After a gateway-style classic push: true when the user wants the reload now. */
  offerReload(message: string): Promise<boolean>;
  /**
   * The server moved and the file merges with it without conflict: show the merged result against
   * the server and say what came from the server; true writes the merged file and pushes it
   * (instead of showDiff + confirmSend). Without it (and resolveMergeConflicts), push asks
   * resolveConflict as before.
   */
  confirmMerge?(facts: MergeFacts): Promise<boolean>;
  /** The merge's conflicts: a side for each conflict's pointer, or undefined to stop (nothing is sent). */
  resolveMergeConflicts?(facts: MergeConflictFacts): Promise<ReadonlyMap<string, MergeSide> | undefined>;
}

export interface PushRequest {
  environment: string;
  /** Display name (file name or `svc:` path). */
  name: string;
  /** URI of the document (kind detection by associations; the diff's right side). */
  uri: string;
  text: string;
  /** From the state file or the `svc:` URI; undefined for a document never pulled. */
  target?: RemoteTarget;
  /**
   * The document's kind as the editor knows it (the language server's answer, or detection
   * with the user's `svc.files.associations`); when absent, detected here by content.
   */
  kind?: DocumentKind;
  base?: PushBase;
  /** Messages of the document's error diagnostics. */
  errors: readonly string[];
  choices?: PushChoices;
  signal?: AbortSignal;
  /** Conflicts resolved in advance (`svc push --ours/--theirs`). */
  resolutions?: MergeResolutions;
  /**
   * Writes the merged text into the file (the editor's document, or the disk). Push merges with a
   * server that moved only when it can write the result.
   */
  writeMerged?(text: string): Promise<void>;
  /**
   * The server's version of `target` as the caller already read it (svc push: its inspection), so
   * the pipeline does not read all of it again (issue 32: on a spec-only server an API's record is
   * only in the whole listing). `as-read`: taken as it is (the plan's dry pass, right after that
   * read). `prove`: the pass that sends checks that the server still holds it with the cheapest
   * read that can tell (readRemoteAgain), and reads it whole when it does not. Ignored when the
   * pipeline's own target is another one.
   */
  known?: { target: RemoteTarget; snapshot: RemoteSnapshot; use: 'as-read' | 'prove' };
}

export type PushStatus = 'pushed' | 'no-op' | 'cancelled' | 'refused' | 'pull-requested';

export interface PushOutcome {
  status: PushStatus;
  /** A sentence for the user. */
  message: string;
  kind?: SyncKind;
  target?: RemoteTarget;
  route?: PushRoute;
  /** After a push or a no-op: the remote as it is now, and its hash. */
  remoteDocument?: unknown;
  remoteHash?: string;
  /** The pushed document's normalised hash (the file's new recorded hash). */
  localHash?: string;
  /** Gateway-style classic push: was the reload done? */
  reloaded?: boolean;
  /** The server moved and the file was merged with it. */
  merge?: { text: string; fromServer: string[]; fromFile: string[]; resolved: string[]; written: boolean };
  /** A merge stopped by conflicts nobody resolved: nothing was sent, the file is unchanged. */
  conflicts?: MergeConflict[];
}

export interface PushDeps {
  clientFor(environment: string): Promise<ManagementClient>;
  ui: PushUi;
  log?: (line: string) => void;
}

/** What confirmMerge shows: the merged file against the server, and what came from where. */
export interface MergeFacts {
  summary: SendSummary;
  /** The server's version now (the diff's left side). */
  remoteText: string;
  /** The file as it will be written and pushed (the diff's right side): JSON, or YAML for a YAML file. */
  mergedText: string;
  /** The merged document: the value that is pushed, whatever the file's format. */
  mergedDocument: unknown;
  /** Paths taken from the server (only it changed them). */
  fromServer: string[];
  /** Paths kept from the file. */
  fromFile: string[];
  /** Conflicts resolved in advance or by the user: `path (mine|theirs)`. */
  resolved: string[];
}

/** What resolveMergeConflicts shows: each conflicting path with base, mine and theirs. */
export interface MergeConflictFacts {
  name: string;
  environment: string;
  kind: SyncKind;
  conflicts: MergeConflict[];
  /** Paths merged without conflict from the server, for context. */
  fromServer: string[];
}
