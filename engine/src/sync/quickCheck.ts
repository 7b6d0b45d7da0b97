// The cheap answer for a pulled file that nobody changed (issue 32): `svc diff` and `svc push`
// over thousands of files first look at what the state already knows. The file's normalised hash
// (from its bytes through localHashes.ts, parsed only when they are new) against the record's
// local hash, and the server's version (from the listing: remoteCatalog.ts) against the record's
// remote hash. When both are unchanged, the file is unchanged, with no diff and no more reads;
// anything else goes the full way (inspect.ts), with the server's version already read.
// Free of `vscode`.
import { readFileSync } from 'node:fs';
import { hashDocument } from './canonicalJson';
import type { LocalHashCache } from './localHashes';
import { oasName, type RemoteSnapshot } from './remoteReader';
import type { SyncRecord } from './stateFile';
import type { SyncKind } from './syncKinds';

export interface LocalState {
  /** The file's normalised hash; undefined when it is outside the workspace, cannot be read or is not JSON (the full way says why). */
  hash?: string;
}

/**
 * Reads a pulled file and hashes it (parsed only when its bytes are new), when it is inside the
 * workspace (`inside`: readContainment.ts's insideWorkspace): a state entry or a symlink leading
 * out is not read here, and the full way refuses it with the reason. The read is synchronous:
 * for thousands of small files one system call each beats four hops through libuv's thread pool
 * (open, stat, read, close), and the command-line tools that call this do nothing else meanwhile
 * but wait for the listing, which arrives on its own socket.
 */
export function localStateOf(hashes: LocalHashCache, key: string, file: string, kind: SyncKind, inside: (file: string) => boolean): LocalState {
  if (!inside(file)) return {};
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  try {
    return { hash: hashes.hashOf(key, kind, text).hash };
  } catch {
    return {};
  }
}

/** True when the file is as it was pulled or pushed (by the record's local hash). */
// Stryker disable next-line ConditionalExpression: a record's localHash is always a string (stateFile.ts checks each member): no hash never equals it
export const unchangedLocally = (local: LocalState, record: SyncRecord) => local.hash !== undefined && local.hash === record.localHash;

/** The name `inspectFile` gives a resource the server still has. */
export function nameOf(kind: SyncKind, remote: RemoteSnapshot, id: string): string {
  return remote.name ?? (kind === 'oas' || kind === 'streams' ? oasName(remote.document) : undefined) ?? id;
}

/** True when the server's version is the one recorded at the pull or last push. */
export const unchangedRemotely = (remote: RemoteSnapshot, record: SyncRecord) =>
  remote.exists && hashDocument(record.target.kind, remote.document) === record.remoteHash;
