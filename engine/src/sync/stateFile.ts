// `.svc/state.json`: what each pulled file looked like on the server, so push can tell whether
// the remote moved since (hash of the normalised remote) and whether the file was edited
// locally since the pull or push (hash of the file). `.svc/remote/<hash>.json` keeps the
// pulled remote itself, for "Show remote changes" (pulled vs now). Free of `vscode`.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { isSyncKind, type RemoteTarget } from './syncKinds';
import { containedPath } from './pathContainment';

export const STATE_DIR = '.svc';
export const STATE_FILE = 'state.json';
const STATE_VERSION = 1;

export interface SyncRecord {
  environment: string;
  target: RemoteTarget;
  /** Hash of the remote's normalised JSON when it was last pulled or pushed. */
  remoteHash: string;
  /** Hash of the file's normalised JSON when it was written or pushed. */
  localHash: string;
  /** ISO time of the last pull. */
  pulledAt: string;
  /** ISO time of the last successful push. */
  pushedAt?: string;
}

export interface SyncState {
  version: number;
  /** By path relative to the workspace folder, with `/` separators. */
  files: Record<string, SyncRecord>;
}

export interface StateReadResult {
  state: SyncState;
  /** Set when the file was unreadable: where the broken copy was moved, and why. */
  problem?: string;
}

/** `localeCompare`'s order (the same collator, ECMA-402) without making one per comparison: 10,000 records sort in a few ms. */
const byName = new Intl.Collator();

export const emptyState = (): SyncState => ({ version: STATE_VERSION, files: {} });

/** The key of a file in the state: relative to the root, forward slashes. */
export function stateKeyOf(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

function isRecord(value: unknown): value is SyncRecord {
  const r = value as SyncRecord;
  return (
    !!r &&
    typeof r === 'object' &&
    typeof r.environment === 'string' &&
    typeof r.remoteHash === 'string' &&
    typeof r.localHash === 'string' &&
    typeof r.pulledAt === 'string' &&
    !!r.target &&
    isSyncKind(r.target.kind) &&
    typeof r.target.id === 'string'
  );
}

/** Parses the state text; throws with a reason when it is not a state file. */
export function parseState(text: string): SyncState {
  const value = JSON.parse(text) as SyncState;
  if (!value || typeof value !== 'object' || typeof value.files !== 'object' || value.files === null || Array.isArray(value.files)) {
    throw new Error('it has no "files" object');
  }
  if (value.version !== STATE_VERSION) throw new Error(`unknown version ${String(value.version)}`);
  const files: Record<string, SyncRecord> = {};
  // A single damaged entry costs that file its record, not the whole state.
  for (const [key, record] of Object.entries(value.files)) if (isRecord(record)) files[key] = record;
  return { version: STATE_VERSION, files };
}

/**
 * Reads the state under `root`. A missing file is an empty state. A corrupt one is moved aside
 * to `state.json.corrupt-<time>` (kept for the user, never silently deleted) and an empty state
 * is returned with a problem to show: files then count as "not pulled" and push asks first.
 */
export async function readState(root: string): Promise<StateReadResult> {
  const file = path.join(root, STATE_DIR, STATE_FILE);
  let text: string;
  try {
    // Stryker disable next-line StringLiteral: without an encoding it is a Buffer, which JSON.parse reads as UTF-8 all the same
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { state: emptyState() };
    throw err;
  }
  try {
    return { state: parseState(text) };
  } catch (err) {
    const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await fs.rename(file, aside);
    const reason = err instanceof Error ? err.message : String(err);
    return {
      state: emptyState(),
      problem:
        `${STATE_DIR}/${STATE_FILE} could not be read (${reason}); ` +
        `it was moved to ${path.basename(aside)} and pull/push start afresh: files count as not pulled until you pull them again.`,
    };
  }
}

/** Writes the state atomically (temporary file, then rename) and keeps `.svc/` out of git. */
export async function writeState(root: string, state: SyncState): Promise<void> {
  const dir = await containedPath(root, STATE_DIR, `the ${STATE_DIR} folder`); // a committed symlink must not lead out
  await containedPath(root, path.join(STATE_DIR, STATE_FILE), `${STATE_DIR}/${STATE_FILE}`);
  await fs.mkdir(dir, { recursive: true });
  await ensureGitignore(dir);
  const file = path.join(dir, STATE_FILE);
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const sorted: SyncState = { version: STATE_VERSION, files: Object.fromEntries(Object.entries(state.files).sort(([a], [b]) => byName.compare(a, b))) };
  await fs.writeFile(temp, `${JSON.stringify(sorted, null, 2)}\n`, 'utf8');
  await fs.rename(temp, file);
}

/** The state is per user and per machine (hashes, times): it does not belong in the repository. */
async function ensureGitignore(dir: string): Promise<void> {
  const ignore = path.join(dir, '.gitignore');
  try {
    await fs.writeFile(ignore, '# Svc pull/push state of this machine (see docs/sync.md)\n*\n', { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

/** Keeps the remote as pulled, under its hash, for "Show remote changes". */
export async function saveSnapshot(root: string, hash: string, text: string): Promise<void> {
  const dir = await containedPath(root, path.join(STATE_DIR, 'remote', `${hash}.json`), `the ${STATE_DIR}/remote folder`).then((file) => path.dirname(file));
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, `${hash}.json`), text, 'utf8');
}

/** The remote as pulled, or undefined when its snapshot is gone. */
export async function readSnapshot(root: string, hash: string): Promise<string | undefined> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
  try {
    return await fs.readFile(path.join(root, STATE_DIR, 'remote', `${hash}.json`), 'utf8');
  } catch {
    return undefined;
  }
}

/** The file already recorded for a remote resource of an environment, if any. */
export function findRecordFor(state: SyncState, environment: string, target: RemoteTarget, publicMode = false): string | undefined {
  return Object.entries(state.files).find(
    ([, r]) => r.environment === environment && r.target.kind === target.kind && r.target.id === target.id && !!r.target.publicMode === publicMode,
  )?.[0];
}
