// `svc pull [--all | FILE…] [--dir DIR] [--force]`: the same files and `.svc/` state as the
// extension's Pull (All). Files with local changes are kept (and counted) unless --force.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { listTargets } from '../sync/listing';
import { readAhead, SYNC_CONCURRENCY } from '../sync/pool';
import type { PullOutcome } from '../sync/pull';
import { pullBatch } from '../sync/pullBatch';
import { LISTING_FROM, RemoteCatalog } from '../sync/remoteCatalog';
import { SyncStateStore } from '../sync/stateStore';
import { SYNC_KIND_LABELS, type RemoteTarget } from '../sync/syncKinds';
import { clientFor, describeFailure, isConnectionFailure, type Connection } from './connection';
import { CliError, EXIT, type ExitCode } from './exitCodes';
import type { Reporter } from './io';
import { insideRoot, loadState, selectFiles } from './workspace';

export interface PullOptions {
  all: boolean;
  files: string[];
  dir?: string;
  force: boolean;
}

export const DEFAULT_PULL_FOLDER = 'svc';

export async function pullCommand(root: string, connection: Connection, options: PullOptions, out: Reporter): Promise<ExitCode> {
  if (options.all === options.files.length > 0) throw new CliError('Say what to pull: --all, or the pulled files to pull again.');
  const folder = path.relative(root, insideRoot(root, options.dir ?? DEFAULT_PULL_FOLDER, '--dir')) || '.';
  const client = clientFor(connection);
  const store = new SyncStateStore((problem) => out.note(problem));
  const { environment } = connection;
  const catalog = new RemoteCatalog(client);

  let targets: Array<{ target: RemoteTarget; mode?: 'public' }>;
  const notes: string[] = [];
  if (options.all) {
    out.progress(`listing what '${environment}' has…`);
    const listing = await listTargets(client, undefined, catalog);
    targets = listing.targets.map((target) => ({ target }));
    notes.push(...listing.notes);
  } else {
    const state = await loadState(root, (line) => out.note(line));
    const files = await selectFiles(root, state, connection, options.files);
    const untracked = files.filter((f) => !f.record).map((f) => f.key);
    if (untracked.length) throw new CliError(`Never pulled, so svc does not know what to pull into: ${untracked.join(', ')}. Use svc pull --all.`);
    targets = files.map((f) => ({ target: f.record!.target, mode: f.record!.target.publicMode ? 'public' : undefined }));
  }

  // A few files are read on their own; many (or --all) from the listings, read once.
  const reader = options.all || targets.length >= LISTING_FROM ? catalog : new RemoteCatalog(client, undefined, false);
  const counts = { pulled: 0, unchanged: 0, skipped: 0, missing: 0, failed: 0 };
  // Reads come from the listings where they carry the resource (read once), else one by one,
  // ahead in parallel; names are chosen and outcomes reported in listing order (pullBatch.ts).
  const remoteOf = readAhead(targets, SYNC_CONCURRENCY, ({ target, mode }) => reader.read(target, { mode }));
  const report = (index: number, result: PullOutcome | Error) => {
    const { target } = targets[index];
    out.progress(`pulling ${index + 1}/${targets.length}`);
    if (result instanceof Error) {
      if (isConnectionFailure(result)) throw result;
      counts.failed++;
      out.endProgress();
      out.error(`${SYNC_KIND_LABELS[target.kind]} ${target.kind === 'key' ? '(key)' : `'${target.id}'`}: ${describeFailure(result, connection)}`);
      return;
    }
    const outcome = result;
    counts[outcome.status]++;
    const file = outcome.file ? path.relative(root, outcome.file).split(path.sep).join('/') : undefined;
    out.endProgress();
    if (outcome.status === 'pulled') out.out(`pulled     ${file}`);
    else if (outcome.status === 'skipped') out.out(`kept       ${file} (local changes; --force replaces them)`);
    else if (outcome.status === 'missing') {
      out.out(`missing    ${SYNC_KIND_LABELS[target.kind]} '${target.kind === 'key' ? '(key)' : target.id}' is no longer on '${environment}'`);
    }
  };
  await pullBatch(
    { client, store, unsavedText: () => undefined, decideOverwrite: () => Promise.resolve(options.force ? ('overwrite' as const) : ('skip' as const)) },
    { environment, root, folder, items: targets, remoteOf, report, concurrency: SYNC_CONCURRENCY, writeText: writeSynchronously },
  );
  out.endProgress();
  for (const note of notes) out.note(`note: ${note}`);
  out.note(
    `Pulled ${counts.pulled}, unchanged ${counts.unchanged}${counts.skipped ? `, kept ${counts.skipped} with local changes` : ''}` +
      `${counts.missing ? `, ${counts.missing} gone from the server` : ''}` +
      `${counts.failed ? `, ${counts.failed} failed` : ''} ('${environment}' into ${folder}/).`,
  );
  return counts.failed ? EXIT.differences : EXIT.ok;
}

/**
 * A pulled file or snapshot written in one synchronous call: for 20,000 small files this beats
 * three hops each through libuv's thread pool (open, write, close), which left the process idle
 * half the time on a quiet machine (issue 32). `svc` does nothing else meanwhile; the editor's
 * Pull All keeps the asynchronous default.
 */
function writeSynchronously(file: string, text: string): Promise<void> {
  writeFileSync(file, text, 'utf8');
  return Promise.resolve();
}
