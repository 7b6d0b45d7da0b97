// Pull of many resources at once (Pull All, `svc pull --all`, issue 32): the same decisions as
// `pullResource` (pull.ts) for each resource, file by file, with the work a thousand pulls share
// done once: one read of the state, one look at the pull folder and at `.svc/remote/`, one
// containment check of each, records found through an index instead of a scan per resource, no
// parse of a file whose bytes are known (localHashes.ts), the files written a few at a time and
// the state written every few seconds and at the end. Names are chosen in the listing's order, so
// the result is the same as pulling one after another. Free of `vscode`.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { formatDocument, hashDocument } from './canonicalJson';
import { copyNameFor, fileNameFor } from './fileNaming';
import { LocalHashCache } from './localHashes';
import { containedPath } from './pathContainment';
import { pullResource, type OverwriteReason, type PullOutcome, type PullPorts } from './pull';
import { formatOfFile } from './documentFormat';
import type { MergeResolutions } from './mergeFile';
import type { RemoteSnapshot } from './remoteReader';
import { stateKeyOf, STATE_DIR, STATE_FILE, type SyncRecord } from './stateFile';
import { SYNC_KIND_LABELS, type RemoteTarget } from './syncKinds';

export interface BatchItem {
  target: RemoteTarget;
  mode?: 'public';
}

export interface BatchPullRequest {
  environment: string;
  root: string;
  /** Folder for pulled files, relative to root (setting `svc.pull.folder`). */
  folder: string;
  items: readonly BatchItem[];
  /** The server's version of an item (the catalog's, read ahead in parallel by the caller). */
  remoteOf(index: number): Promise<RemoteSnapshot | Error>;
  /**
   * Each item's outcome (or its failure), in the items' order. Throwing stops the batch: what is
   * under way finishes, the state is written, and the error is rethrown.
   */
  report(index: number, result: PullOutcome | Error): void | Promise<void>;
  signal?: AbortSignal;
  /** File writes in flight at most. */
  concurrency?: number;
  /**
   * Writes a text file: the pulled file (when the ports have no writer of their own) and its
   * snapshot in `.svc/remote/`. Default: node:fs/promises. `svc` passes a synchronous write.
   */
  writeText?: (file: string, text: string) => Promise<void>;
  /** Conflicts of a merge resolved in advance (`svc pull --ours/--theirs`). */
  resolutions?: MergeResolutions;
  /** The format of a new OAS or streams file (`svc.pull.format`, `svc pull --format`). */
  format?: 'json' | 'yaml';
}

/** The state is written at least this often during a batch (and at its end). */
export const BATCH_FLUSH_MS = 2000;

const recordIndexKey = (environment: string, target: RemoteTarget, publicMode: boolean) =>
  `${environment}\u0000${target.kind}\u0000${target.id}\u0000${publicMode ? 1 : 0}`;

const readText = (file: string): Promise<string | undefined> =>
  fs.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });

export async function pullBatch(ports: PullPorts, request: BatchPullRequest): Promise<void> {
  const { environment, root, items, signal } = request;
  const limit = Math.max(1, request.concurrency ?? 8);
  const writeText = request.writeText ?? ((file: string, text: string) => fs.writeFile(file, text, 'utf8'));
  const state = await ports.store.get(root);
  const hashes = await LocalHashCache.load(root);

  // Paths from the state file and the settings are checked before anything is read or written.
  let folder: string;
  let snapshotDir: string;
  try {
    await containedPath(root, STATE_DIR, `the ${STATE_DIR} folder`);
    folder = await containedPath(root, request.folder, `the setting svc.pull.folder`);
    snapshotDir = await containedPath(root, path.join(STATE_DIR, 'remote'), `the ${STATE_DIR}/remote folder`);
  } catch (err) {
    // Every pull would be refused alike (pull.ts checks these for each resource): say so for each.
    for (let index = 0; index < items.length; index++) await request.report(index, err instanceof Error ? err : new Error(String(err)));
    return;
  }
  const takenOnDisk = new Set(await fs.readdir(folder).catch(() => [] as string[]));
  const snapshots = new Set(await fs.readdir(snapshotDir).catch(() => [] as string[]));
  await fs.mkdir(snapshotDir, { recursive: true });
  const madeDirs = new Set<string>([path.dirname(snapshotDir), snapshotDir]);

  // The first record of each resource, as findRecordFor finds it.
  const recorded = new Map<string, string>();
  for (const [key, r] of Object.entries(state.files)) {
    const k = recordIndexKey(r.environment, r.target, !!r.target.publicMode);
    if (!recorded.has(k)) recorded.set(k, key);
  }
  /** Keys given to files in this batch (their records are written after the file). */
  const claimed = new Set<string>();

  let pending: Array<[string, SyncRecord]> = [];
  let lastFlush = Date.now();
  const flush = async () => {
    if (pending.length === 0) return;
    const records = pending;
    pending = [];
    lastFlush = Date.now();
    await ports.store.update(root, (s) => {
      for (const [key, record] of records) s.files[key] = record;
    });
  };

  const ensureDir = async (dir: string) => {
    if (madeDirs.has(dir)) return;
    await fs.mkdir(dir, { recursive: true });
    madeDirs.add(dir);
  };

  /**
   * The cases the batch leaves to pullResource, one resource at a time: a YAML file (written as
   * edits of its text), a new OAS or streams file asked for in YAML, and a file with local changes
   * the server moved under when the caller merges (issue 29). The rest, the great majority, stays
   * on the batch's fast path.
   */
  const single = (target: RemoteTarget, remote: RemoteSnapshot): Promise<PullOutcome> =>
    pullResource(ports, {
      environment,
      target,
      root,
      folder: request.folder,
      mode: target.publicMode ? 'public' : undefined,
      remote,
      resolutions: request.resolutions,
      format: request.format,
    });

  /** Everything after the name: read what is there, decide, write. */
  const apply = async (target: RemoteTarget, remote: RemoteSnapshot, file: string, fresh: boolean): Promise<PullOutcome> => {
    if (formatOfFile(file) === 'yaml') return single(target, remote);
    const label = SYNC_KIND_LABELS[target.kind];
    const key = stateKeyOf(root, file);
    const text = formatDocument(remote.document);
    const remoteHash = hashDocument(target.kind, remote.document);
    let copiedTo: string | undefined;
    // A new name in the pull folder that was not there when the batch began needs no read.
    const onDisk = fresh ? undefined : await readText(file);
    if (onDisk !== undefined) {
      const unsaved = ports.unsavedText(file);
      const record = state.files[key];
      const reason = overwriteReasonCached(hashes, key, unsaved, onDisk, text, record?.localHash, target);
      if (reason === 'modified' && record && ports.resolveMerge) return single(target, remote);
      if (reason) {
        const decision = await ports.decideOverwrite({ file, reason, environment });
        if (decision === 'skip')
          return {
            status: 'skipped',
            file,
            message: `Pull of ${path.basename(file)} skipped: your ${reason === 'unsaved' ? 'unsaved' : 'local'} changes are kept.`,
          };
        if (decision === 'copy') {
          const siblings = new Set(await fs.readdir(path.dirname(file)));
          copiedTo = path.join(
            path.dirname(file),
            copyNameFor(path.basename(file), (n) => siblings.has(n)),
          );
          await fs.writeFile(copiedTo, unsaved ?? onDisk, 'utf8');
        }
      } else if (onDisk === text && record?.remoteHash === remoteHash) {
        hashes.remember(key, target.kind, text, remoteHash);
        return { status: 'unchanged', file, message: `${path.basename(file)} is already up to date with '${environment}'.` };
      }
    }
    await ensureDir(path.dirname(file));
    await (ports.writeFile ? ports.writeFile(file, text) : writeText(file, text));
    const snapshot = `${remoteHash}.json`;
    if (!snapshots.has(snapshot)) {
      snapshots.add(snapshot);
      await writeText(path.join(snapshotDir, snapshot), text);
    }
    hashes.remember(key, target.kind, text, remoteHash);
    const record: SyncRecord = { environment, target, remoteHash, localHash: remoteHash, pulledAt: new Date().toISOString() };
    // In memory at once (a later item of this batch for the same file sees it), on disk at the next flush.
    state.files[key] = record;
    pending.push([key, record]);
    const note = target.publicMode ? ' (public form, without x-svc-api-gateway: it cannot be pushed back)' : '';
    return {
      status: 'pulled',
      file,
      copiedTo,
      message:
        `Pulled the ${label} '${remote.name ?? target.id}' from '${environment}' into ` +
        `${key}${note}${copiedTo ? `; your version is kept in ${path.basename(copiedTo)}` : ''}.`,
    };
  };

  /**
   * The file of an item, chosen in the items' order (a name taken by an earlier item is not
   * taken again); `fresh` when it names nothing that was on disk when the batch began.
   */
  const fileOf = async (target: RemoteTarget, remote: RemoteSnapshot): Promise<{ file: string; fresh: boolean }> => {
    const indexKey = recordIndexKey(environment, target, !!target.publicMode);
    const recordedKey = recorded.get(indexKey);
    if (recordedKey !== undefined) return { file: await containedPath(root, recordedKey, `${STATE_DIR}/${STATE_FILE}`), fresh: false };
    const fileName = fileNameFor(
      { kind: target.kind, name: remote.name ? `${remote.name}${target.publicMode ? ' public' : ''}` : undefined, id: target.id },
      (n) => {
        if (takenOnDisk.has(n)) return true;
        const key = stateKeyOf(root, path.join(folder, n));
        return claimed.has(key) || !!state.files[key];
      },
    );
    const file = path.join(folder, fileName);
    const key = stateKeyOf(root, file);
    claimed.add(key);
    // A second listing entry for the same resource reuses this file, as a second pull would.
    recorded.set(indexKey, key);
    return { file, fresh: !takenOnDisk.has(fileName) };
  };

  const byFile = new Map<string, Promise<PullOutcome | Error>>();
  const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));
  const inFlight: Array<Promise<PullOutcome | Error>> = [];
  let reported = 0;
  const reportReady = async (all: boolean) => {
    while (reported < inFlight.length && (all || inFlight.length - reported >= limit)) {
      await request.report(reported, await inFlight[reported]);
      reported++;
    }
  };
  try {
    for (let index = 0; index < items.length; index++) {
      if (signal?.aborted) break;
      const item = items[index];
      const { publicMode: _ignored, ...rest } = item.target;
      const target: RemoteTarget = item.mode === 'public' ? { ...rest, publicMode: true } : rest;
      // Reads run ahead in parallel (the caller's remoteOf); the names are chosen here, in order.
      const remote = await request.remoteOf(index);
      let result: Promise<PullOutcome | Error>;
      if (remote instanceof Error) result = Promise.resolve(remote);
      else if (!remote.exists)
        result = Promise.resolve({ status: 'missing', message: `The ${SYNC_KIND_LABELS[target.kind]} is no longer on '${environment}': refresh the view.` });
      else {
        try {
          const yamlWanted =
            request.format === 'yaml' &&
            (target.kind === 'oas' || target.kind === 'streams') &&
            !recorded.has(recordIndexKey(environment, target, !!target.publicMode));
          if (yamlWanted) {
            inFlight.push(single(target, remote).catch(asError));
            await reportReady(false);
            continue;
          }
          const { file, fresh } = await fileOf(target, remote);
          // The same file twice in one batch (a listing that names a resource twice): one after the other.
          const before = byFile.get(file);
          result = (before ? before.then(() => apply(target, remote, file, false)) : apply(target, remote, file, fresh)).catch(asError);
          byFile.set(file, result);
        } catch (err) {
          result = Promise.resolve(asError(err));
        }
      }
      inFlight.push(result);
      await reportReady(false);
      if (Date.now() - lastFlush >= BATCH_FLUSH_MS) await flush();
    }
    await reportReady(true);
  } finally {
    // Also when a report threw (a lost connection): what is under way finishes and is recorded.
    await Promise.allSettled(inFlight);
    await flush();
    await hashes.save(root);
  }
}

/** pull.ts's overwriteReason, with a file's normalised hash taken from the cache when its bytes are known. */
function overwriteReasonCached(
  hashes: LocalHashCache,
  key: string,
  unsaved: string | undefined,
  onDisk: string,
  pulledText: string,
  recordedLocalHash: string | undefined,
  target: RemoteTarget,
): OverwriteReason | undefined {
  if (unsaved !== undefined && unsaved !== onDisk) return 'unsaved';
  if (onDisk === pulledText) return undefined;
  if (recordedLocalHash === undefined) return 'unrecorded';
  // pull.ts parses the text as it is: a byte-order mark makes it "modified" there, so here too.
  if (onDisk.startsWith('\uFEFF')) return 'modified';
  let hash: string;
  try {
    hash = hashes.hashOf(key, target.kind, onDisk).hash;
  } catch {
    return 'modified';
  }
  return hash === recordedLocalHash ? undefined : 'modified';
}
