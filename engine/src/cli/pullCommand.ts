// `svc pull [--all | FILE…] [--dir DIR] [--force] [--ours[=POINTER]] [--theirs[=POINTER]]`: the
// same files and `.svc/` state as the extension's Pull (All). A file with local changes is merged
// with the server's version; one whose merge has conflicts that --ours/--theirs do not resolve is
// left as it is (nothing written for it) and the exit code is 3. --force replaces local changes.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { keyTargetOf, listTargets, resolveApiArgument } from '../sync/listing';
import { readAhead, SYNC_CONCURRENCY } from '../sync/pool';
import type { PullOutcome } from '../sync/pull';
import { pullBatch } from '../sync/pullBatch';
import { LISTING_FROM, RemoteCatalog } from '../sync/remoteCatalog';
import { SyncStateStore } from '../sync/stateStore';
import { SYNC_KIND_LABELS, type RemoteTarget } from '../sync/syncKinds';
import { clientFor, describeFailure, isConnectionFailure, type Connection } from './connection';
import { CliError, EXIT, type ExitCode } from './exitCodes';
import type { Reporter } from './io';
import { describeConflict, type MergeResolutions } from '../sync/mergeFile';
import { insideRoot, loadState, selectFiles } from './workspace';

export interface PullOptions {
  all: boolean;
  files: string[];
  /** `--key`: pull the key whose id is in SVC_KEY_ID (never a flag: it is a credential), through `api`. */
  key?: { id: string | undefined; api: string | undefined };
  dir?: string;
  force: boolean;
  resolutions?: MergeResolutions;
  /** `json` (default) or `yaml`: the format of new OAS and streams API files. */
  format?: string;
}

export const DEFAULT_PULL_FOLDER = 'svc';
const CONFLICT_HINT = "resolve with --ours/--theirs, or --force to take the server's version";

export async function pullCommand(root: string, connection: Connection, options: PullOptions, out: Reporter): Promise<ExitCode> {
  const ways = [options.all, options.files.length > 0, options.key !== undefined].filter(Boolean).length;
  if (ways !== 1) throw new CliError('Say what to pull: --all, the pulled files to pull again, or --key (with SVC_KEY_ID and --api).');
  const folder = path.relative(root, insideRoot(root, options.dir ?? DEFAULT_PULL_FOLDER, '--dir')) || '.';
  if (options.format !== undefined && options.format !== 'json' && options.format !== 'yaml') {
    throw new CliError(`--format must be json or yaml, not '${options.format}'.`);
  }
  // Only YAML changes what is written (new OAS and streams files); JSON is pull's default.
  const format = options.format === 'yaml' ? 'yaml' : undefined;
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
  } else if (options.key) {
    targets = [{ target: await keyTarget(client, options.key, connection) }];
  } else {
    const state = await loadState(root, (line) => out.note(line));
    const files = await selectFiles(root, state, connection, options.files);
    const untracked = files.filter((f) => !f.record).map((f) => f.key);
    if (untracked.length) throw new CliError(`Never pulled, so svc does not know what to pull into: ${untracked.join(', ')}. Use svc pull --all.`);
    targets = files.map((f) => ({ target: f.record!.target, mode: f.record!.target.publicMode ? 'public' : undefined }));
  }

  // A few files are read on their own; many (or --all) from the listings, read once.
  const reader = options.all || targets.length >= LISTING_FROM ? catalog : new RemoteCatalog(client, undefined, false);
  const counts = { pulled: 0, unchanged: 0, skipped: 0, missing: 0, merged: 0, conflict: 0, failed: 0 };
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
    else if (outcome.status === 'merged') {
      // Stryker disable next-line OptionalChaining: a merged outcome always lists what came from the server (pullMerge.ts), if only []
      out.out(`merged     ${file} (from the server: ${outcome.fromServer?.join(', ') || 'nothing'}; your changes kept)`);
    } else if (outcome.status === 'conflict') {
      out.out(`conflict   ${file} (left as it is)`);
      // Stryker disable next-line ArrayDeclaration: a conflict outcome always carries its conflicts (pullMerge.ts)
      for (const c of outcome.conflicts ?? []) {
        out.out(`  conflict ${c.pointer || '(document)'}  (${c.display})`);
        for (const line of describeConflict(c)) out.out(`    ${line}`);
      }
    } else if (outcome.status === 'missing') {
      out.out(`missing    ${SYNC_KIND_LABELS[target.kind]} '${target.kind === 'key' ? '(key)' : target.id}' is no longer on '${environment}'`);
    }
  };
  await pullBatch(
    {
      client,
      store,
      unsavedText: () => undefined,
      decideOverwrite: () => Promise.resolve(options.force ? ('overwrite' as const) : ('skip' as const)),
      // No questions on a terminal: what --ours/--theirs leave open stays a conflict.
      // Stryker disable next-line ArrowFunction: the merge awaits the answer, and undefined is the same "no answer" as a promise of it
      resolveMerge: options.force ? undefined : () => Promise.resolve(undefined),
    },
    {
      environment,
      root,
      folder,
      items: targets,
      remoteOf,
      report,
      concurrency: SYNC_CONCURRENCY,
      writeText: writeSynchronously,
      resolutions: options.resolutions,
      format,
    },
  );
  out.endProgress();
  for (const note of notes) out.note(`note: ${note}`);
  out.note(
    `Pulled ${counts.pulled}, unchanged ${counts.unchanged}${counts.skipped ? `, kept ${counts.skipped} with local changes` : ''}` +
      `${counts.merged ? `, merged ${counts.merged}` : ''}` +
      `${counts.conflict ? `, ${counts.conflict} with conflicts left as they are (${CONFLICT_HINT})` : ''}` +
      `${counts.missing ? `, ${counts.missing} gone from the server` : ''}` +
      `${counts.failed ? `, ${counts.failed} failed` : ''} ('${environment}'${options.files.length ? '' : ` into ${folder}/`}).`,
  );
  return counts.conflict ? EXIT.conflict : counts.failed ? EXIT.differences : EXIT.ok;
}

/** The key `--key` names: its id from SVC_KEY_ID, read through the API `--api` names (an id or a name). */
async function keyTarget(client: ReturnType<typeof clientFor>, key: NonNullable<PullOptions['key']>, connection: Connection): Promise<RemoteTarget> {
  if (!key.id?.trim())
    throw new CliError("--key pulls the key whose id is in SVC_KEY_ID (a key id is a credential: never a flag). Set SVC_KEY_ID to the key's id.");
  if (!key.api?.trim()) throw new CliError('--key needs --api API (a name or an id): a key is read through an API it grants access to.');
  try {
    return await keyTargetOf(client, key.id.trim(), await resolveApiArgument(client, key.api.trim()));
  } catch (err) {
    if (isConnectionFailure(err)) throw err;
    throw new CliError(`The key in SVC_KEY_ID could not be read through '${key.api}': ${describeFailure(err, connection)}`);
  }
}

/**
 * A pulled file or snapshot written in one synchronous call: for 20,000 small files this beats
 * three hops each through libuv's thread pool (open, write, close), which left the process idle
 * half the time on a quiet machine (issue 32). `svc` does nothing else meanwhile; the editor's
 * Pull All keeps the asynchronous default.
 */
function writeSynchronously(file: string, text: string): Promise<void> {
  // Stryker disable next-line StringLiteral: Node writes a string as UTF-8 when the encoding is empty
  writeFileSync(file, text, 'utf8');
  return Promise.resolve();
}
