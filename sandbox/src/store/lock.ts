// One sandbox per data folder. Two processes writing one folder would lose acknowledged writes
// (each keeps its own memory and overwrites the other's files), so a second start is refused with
// a message naming the holder, and a lock whose process is gone is taken over.
//
// Node has no native-free `flock`, and "delete the stale lock, then create it again" has a window
// in which one starter deletes another's live lock (the audit saw 2–4 holders in 12 of 25 rounds
// with 6 starters). So the lock is a folder of numbered *generations*, `sandbox.lock.d/<n>.json`,
// and nothing a live holder depends on is ever deleted or replaced by anyone else:
//
// - the holder is the creator of the highest generation, while its process lives and it has not
//   released it;
// - a generation file is created by `link()`ing a complete temporary file to its name: creation
//   is atomic and exclusive (EEXIST when the name exists), and the file is never seen half
//   written (where links are unsupported, an exclusive `wx` open is used instead);
// - taking over a dead or released generation n means creating n + 1 (only one starter can);
//   after creating its generation a starter lists the folder and holds only if no higher
//   generation exists, else it withdraws;
// - only a holder deletes files, and only generations lower than its own; the highest file is
//   therefore never deleted, so the highest generation only grows.
//
// Why two live holders cannot exist: say X holds n and Y holds m > n. When X checked (after
// creating n), nothing above n existed, so n + 1 was created later, by a starter that first read
// generation n, which was X's complete file (the highest only grows, so no other file n existed
// then), and found X's process dead or released. X is alive and has not released: contradiction.
// A pid reused by another process makes a dead holder look alive: that refuses a start (safe),
// never admits a second holder. A holder on another host cannot be checked and counts as alive.
import { promises as fs, constants } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeFileAtomic, syncDirectory } from './atomicFile.js';

/** The lock folder inside the data folder. */
export const LOCK_DIR = 'sandbox.lock.d';
/** The lock file of earlier versions: a live holder there still refuses a start. */
export const LEGACY_LOCK_FILE = 'sandbox.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Set once the holder listens: where another client can reach the same sandbox. */
  url?: string;
  /** Set by a clean stop: the generation is free to be taken over. */
  releasedAt?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(
      `the data folder ${dataDir} is in use by ${describe(holder)}. Stop that sandbox, use it (it serves the same data), ` +
        `or choose another folder with --data.`,
    );
  }
}

function describe(holder: LockHolder | undefined): string {
  if (!holder) return 'another sandbox (its lock file is being written)';
  const where = holder.url ? ` at ${holder.url}` : '';
  return `sandbox process ${holder.pid} on ${holder.hostname}${where}, started ${holder.startedAt}`;
}

export interface DataDirLock {
  /** The generation file this process holds. */
  readonly path: string;
  /** Records the URL in the lock, for other clients of the same folder. */
  setUrl(url: string): Promise<void>;
  release(): Promise<void>;
}

const GENERATION = /^(\d{1,15})\.json$/;

async function generations(dir: string): Promise<number[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    // Stryker disable next-line ArrayDeclaration: only readLock meets a missing folder, and it reads no holder from an unknown generation either
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: number[] = [];
  for (const name of names) {
    const match = GENERATION.exec(name);
    if (match) found.push(Number(match[1]));
  }
  return found.sort((a, b) => a - b);
}

const fileOf = (dir: string, generation: number) => join(dir, `${String(generation).padStart(8, '0')}.json`);

async function readHolder(path: string): Promise<LockHolder | undefined> {
  let holder: LockHolder | null | undefined;
  try {
    holder = JSON.parse(await fs.readFile(path, 'utf8')) as LockHolder | null;
  } catch {
    // missing, unreadable or not JSON (a generation being written): no holder
  }
  return typeof holder?.pid === 'number' ? holder : undefined;
}

/** The live holder of a folder, or undefined when none (a released or dead holder is none). */
export async function readLock(dataDir: string): Promise<LockHolder | undefined> {
  const legacy = await readHolder(join(dataDir, LEGACY_LOCK_FILE));
  if (legacy && holderAlive(legacy)) return legacy;
  const dir = join(dataDir, LOCK_DIR);
  const all = await generations(dir);
  // Stryker disable next-line ConditionalExpression: without it the file of generation "undefined" is read, which names no holder either
  if (all.length === 0) return undefined;
  const holder = await readHolder(fileOf(dir, all[all.length - 1]));
  return holder && !holder.releasedAt && holderAlive(holder) ? holder : undefined;
}

/** True when the holder's process still runs (on another host we cannot tell: assume it does). */
export function holderAlive(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How long an unreadable generation (a `wx` fallback being written) counts as live. */
const HALF_WRITTEN_GRACE_MS = 5000;
/** Rounds of "someone else created the next generation first" before giving up. */
const MAX_ROUNDS = 20;

export async function acquireLock(dataDir: string): Promise<DataDirLock> {
  const legacy = await readHolder(join(dataDir, LEGACY_LOCK_FILE));
  if (legacy && holderAlive(legacy)) throw new DataDirLockedError(dataDir, legacy);
  const dir = join(dataDir, LOCK_DIR);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const me: LockHolder = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const all = await generations(dir);
    const top = all.length ? all[all.length - 1] : -1;
    // Stryker disable next-line ConditionalExpression: without it the file of generation -1 is read, which does not exist: no holder, no age
    if (top >= 0) {
      const path = fileOf(dir, top);
      const holder = await readHolder(path);
      if (holder && !holder.releasedAt && holderAlive(holder)) throw new DataDirLockedError(dataDir, holder);
      if (!holder && (await ageMs(path)) < HALF_WRITTEN_GRACE_MS) throw new DataDirLockedError(dataDir, undefined);
    }
    const mine = top + 1;
    const path = fileOf(dir, mine);
    if (!(await createExclusive(dir, path, JSON.stringify(me) + '\n'))) continue; // another starter took it: look again
    const after = await generations(dir);
    if (after[after.length - 1] !== mine) {
      // A higher generation exists: ours was created after its holder cleaned up. Withdraw.
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: our generation was just created, so removing it needs no force
      await fs.rm(path, { force: true });
      continue;
    }
    await syncDirectory(dir);
    await cleanUp(dir, mine);
    return ownLock(path, me);
  }
  throw new DataDirLockedError(dataDir, await readLock(dataDir));
}

/** Creates `path` with `content`, atomically and exclusively; false when it exists. */
async function createExclusive(dir: string, path: string, content: string): Promise<boolean> {
  const temp = join(dir, `.claim-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  await writeFileAtomicNoRename(temp, content);
  try {
    await fs.link(temp, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    // Awaited here: a rejection returned unawaited from inside try/finally is unhandled while the finally runs.
    return await createWithOpen(path, content); // a file system without hard links
  } finally {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the claim file is still there (link does not move it), so force changes nothing
    await fs.rm(temp, { force: true });
  }
}

async function writeFileAtomicNoRename(path: string, content: string): Promise<void> {
  const handle = await fs.open(path, 'w', 0o600);
  try {
    await handle.writeFile(content); // a string is written as UTF-8
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function createWithOpen(path: string, content: string): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(content); // a string is written as UTF-8
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

/** The holder removes lower generations and claim files left by starters that died. */
async function cleanUp(dir: string, mine: number): Promise<void> {
  // Stryker disable next-line ArrowFunction: the folder was just written to by this holder; listing it does not fail
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    const generation = GENERATION.exec(name);
    const claim = /^\.claim-(\d+)-/.exec(name);
    // Stryker disable next-line StringLiteral: holderAlive never reads startedAt
    const stale = generation ? Number(generation[1]) < mine : claim ? !holderAlive({ pid: Number(claim[1]), hostname: hostname(), startedAt: '' }) : false;
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the file was just listed; only a racing holder could remove it, and nothing reads the result
    if (stale) await fs.rm(join(dir, name), { force: true }).catch(() => undefined);
  }
}

async function ageMs(path: string): Promise<number> {
  let age = Infinity;
  try {
    age = Date.now() - (await fs.stat(path)).mtimeMs;
  } catch {
    // vanished since it was listed: it is taken over
  }
  return age;
}

function ownLock(path: string, me: LockHolder): DataDirLock {
  let released = false;
  // The holder rewrites only its own generation (a rename over it: readers see old or new).
  const write = () => writeFileAtomic(path, JSON.stringify(me) + '\n', 0o600);
  return {
    path,
    setUrl: async (url) => {
      me.url = url;
      if (!released) await write();
    },
    release: async () => {
      if (released) return;
      released = true;
      // Marked released, never deleted: the highest generation must stay (see the top of the file).
      me.releasedAt = new Date().toISOString();
      await write().catch(() => undefined);
    },
  };
}
