// Compares one pulled file with the server, field by field, against the base recorded at the
// pull (or the last push): what changed in the file, on the server, or on both (a conflict).
// Used by `svc diff`, by `svc push` to refuse a resource that moved, and by Compare with
// Environment in the editor. Whether a side changed is decided on the hashes of `.svc/state.json`
// (so it works even when the base snapshot is gone); the base snapshot only refines *which paths*.
// Free of `vscode` and of I/O.
import { diffDocuments, threeWayDiff, type ThreeWayChange } from '../diff/semanticDiff';
import { hashDocument, sameDocument, withoutVolatile } from './canonicalJson';
import type { SyncRecord } from './stateFile';
import type { SyncKind } from './syncKinds';

/**
 * - `unchanged`: nothing changed since the base (or the file equals the server, for a file never pulled);
 * - `changed-locally` / `changed-remotely`: one side changed since the base;
 * - `conflict`: both sides changed since the base, differently;
 * - `deleted-remotely`: the resource was pulled but is no longer on the server;
 * - `not-on-server`: a file never pulled whose resource the server does not have (push creates it, where the kind allows);
 * - `different`: a file never pulled that differs from the server (no base: who changed what is unknown).
 */
export type FileStatus = 'unchanged' | 'changed-locally' | 'changed-remotely' | 'conflict' | 'deleted-remotely' | 'not-on-server' | 'different';

/** `differs`: a two-way comparison without a base cannot tell which side changed. */
export type PathSide = 'local' | 'remote' | 'both' | 'differs';

export interface PathChange {
  pointer: string;
  display: string;
  side: PathSide;
  /** Values in the base, the file and on the server; a missing member means "not there". */
  base?: unknown;
  local?: unknown;
  remote?: unknown;
}

export interface FileComparison {
  status: FileStatus;
  /** `three-way` when a base was recorded for this file, else `two-way`. */
  mode: 'three-way' | 'two-way';
  localChanged: boolean;
  remoteChanged: boolean;
  changes: PathChange[];
}

export interface CompareInput {
  kind: SyncKind;
  local: unknown;
  /** The server's document now; undefined when the server does not have it. */
  remote: unknown;
  /** The file's record in `.svc/state.json` (for the same environment). */
  record?: SyncRecord;
  /** The server's document as pulled (`.svc/remote/<hash>.json`), when still there. */
  base?: unknown;
}

/** A conflict or a resource deleted under local changes: push must not go ahead without --force. */
export const isConflict = (c: FileComparison) => c.status === 'conflict' || (c.status === 'deleted-remotely' && c.localChanged);

export function compareFile({ kind, local, remote, record, base }: CompareInput): FileComparison {
  const normal = (value: unknown) => withoutVolatile(kind, value);
  if (!record) {
    if (remote === undefined) return { status: 'not-on-server', mode: 'two-way', localChanged: true, remoteChanged: false, changes: [] };
    const changes = diffDocuments(normal(remote), normal(local)).map((c): PathChange =>
      withValues({ pointer: c.pointer, display: c.display, side: 'differs' }, undefined, c.newValue, c.oldValue),
    );
    return { status: changes.length ? 'different' : 'unchanged', mode: 'two-way', localChanged: false, remoteChanged: false, changes };
  }

  const localChanged = hashDocument(kind, local) !== record.localHash;
  if (remote === undefined) {
    return { status: 'deleted-remotely', mode: 'three-way', localChanged, remoteChanged: true, changes: [] };
  }
  const remoteChanged = hashDocument(kind, remote) !== record.remoteHash;
  if (!localChanged && !remoteChanged) return { status: 'unchanged', mode: 'three-way', localChanged, remoteChanged, changes: [] };
  // Both sides made the very same change: nothing differs any more.
  if (localChanged && remoteChanged && sameDocument(kind, local, remote)) {
    return { status: 'unchanged', mode: 'three-way', localChanged, remoteChanged, changes: [] };
  }
  const status: FileStatus = localChanged && remoteChanged ? 'conflict' : localChanged ? 'changed-locally' : 'changed-remotely';

  let changes: PathChange[];
  if (base !== undefined) {
    // A side that did not change (by its hash) is the base itself: members the server fills in
    // on a push (defaults) must not read as local edits.
    const b = normal(base);
    changes = threeWayDiff(b, localChanged ? normal(local) : b, remoteChanged ? normal(remote) : b).map(fromThreeWay);
  } else {
    // The snapshot is gone: the paths where the file and the server differ, on the side(s) that changed.
    const side: PathSide = status === 'conflict' ? 'both' : localChanged ? 'local' : 'remote';
    changes = diffDocuments(normal(remote), normal(local)).map((c) =>
      withValues({ pointer: c.pointer, display: c.display, side }, undefined, c.newValue, c.oldValue),
    );
  }
  return { status, mode: 'three-way', localChanged, remoteChanged, changes };
}

function fromThreeWay(c: ThreeWayChange): PathChange {
  return withValues({ pointer: c.pointer, display: c.display, side: c.side }, c.base, c.local, c.remote);
}

function withValues(change: PathChange, base: unknown, local: unknown, remote: unknown): PathChange {
  if (base !== undefined) change.base = base;
  if (local !== undefined) change.local = local;
  if (remote !== undefined) change.remote = remote;
  return change;
}
