// `svc pull [--all | FILE…] [--dir DIR] [--force]`: the same files and `.svc/` state as the
// extension's Pull (All). Files with local changes are kept (and counted) unless --force.
import * as path from 'node:path';
import { listTargets } from '../sync/listing';
import { readAhead, SYNC_CONCURRENCY } from '../sync/pool';
import { pullResource, type PullOutcome } from '../sync/pull';
import { readRemote } from '../sync/remoteReader';
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
  /** `json` (default) or `yaml`: the format of new OAS and streams API files. */
  format?: string;
}

export const DEFAULT_PULL_FOLDER = 'svc';

export async function pullCommand(root: string, connection: Connection, options: PullOptions, out: Reporter): Promise<ExitCode> {
  if (options.all === options.files.length > 0) throw new CliError('Say what to pull: --all, or the pulled files to pull again.');
  const folder = path.relative(root, insideRoot(root, options.dir ?? DEFAULT_PULL_FOLDER, '--dir')) || '.';
  if (options.format !== undefined && options.format !== 'json' && options.format !== 'yaml') {
    throw new CliError(`--format must be json or yaml, not '${options.format}'.`);
  }
  const format = options.format === 'yaml' ? 'yaml' : 'json';
  const client = clientFor(connection);
  const store = new SyncStateStore((problem) => out.note(problem));
  const { environment } = connection;

  let targets: Array<{ target: RemoteTarget; mode?: 'public' }>;
  const notes: string[] = [];
  if (options.all) {
    out.progress(`listing what '${environment}' has…`);
    const listing = await listTargets(client);
    targets = listing.targets.map((target) => ({ target }));
    notes.push(...listing.notes);
  } else {
    const state = await loadState(root, (line) => out.note(line));
    const files = await selectFiles(root, state, connection, options.files);
    const untracked = files.filter((f) => !f.record).map((f) => f.key);
    if (untracked.length) throw new CliError(`Never pulled, so svc does not know what to pull into: ${untracked.join(', ')}. Use svc pull --all.`);
    targets = files.map((f) => ({ target: f.record!.target, mode: f.record!.target.publicMode ? 'public' : undefined }));
  }

  const counts = { pulled: 0, unchanged: 0, skipped: 0, missing: 0, failed: 0 };
  // Reads run ahead in parallel; writing files (and choosing names) stays in listing order.
  const remoteOf = readAhead(targets, SYNC_CONCURRENCY, ({ target, mode }) => readRemote(client, target, { mode }));
  await store.batch(root, async () => {
    for (const [index, { target, mode }] of targets.entries()) {
      out.progress(`pulling ${index + 1}/${targets.length}`);
      let outcome: PullOutcome;
      try {
        const remote = await remoteOf(index);
        if (remote instanceof Error) throw remote;
        outcome = await pullResource(
          { client, store, unsavedText: () => undefined, decideOverwrite: () => Promise.resolve(options.force ? ('overwrite' as const) : ('skip' as const)) },
          { environment, target, root, folder, mode, remote, format },
        );
      } catch (err) {
        if (isConnectionFailure(err)) throw err;
        counts.failed++;
        out.endProgress();
        out.error(`${SYNC_KIND_LABELS[target.kind]} ${target.kind === 'key' ? '(key)' : `'${target.id}'`}: ${describeFailure(err, connection)}`);
        continue;
      }
      counts[outcome.status]++;
      const file = outcome.file ? path.relative(root, outcome.file).split(path.sep).join('/') : undefined;
      out.endProgress();
      if (outcome.status === 'pulled') out.out(`pulled     ${file}`);
      else if (outcome.status === 'skipped') out.out(`kept       ${file} (local changes; --force replaces them)`);
      else if (outcome.status === 'missing') {
        out.out(`missing    ${SYNC_KIND_LABELS[target.kind]} '${target.kind === 'key' ? '(key)' : target.id}' is no longer on '${environment}'`);
      }
    }
  });
  out.endProgress();
  for (const note of notes) out.note(`note: ${note}`);
  out.note(
    `Pulled ${counts.pulled}, unchanged ${counts.unchanged}${counts.skipped ? `, kept ${counts.skipped} with local changes` : ''}` +
      `${counts.missing ? `, ${counts.missing} gone from the server` : ''}` +
      `${counts.failed ? `, ${counts.failed} failed` : ''} ('${environment}' into ${folder}/).`,
  );
  return counts.failed ? EXIT.differences : EXIT.ok;
}
