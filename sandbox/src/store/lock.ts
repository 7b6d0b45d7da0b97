// One sandbox per data folder: `<dataDir>/sandbox.lock` names the process that serves the folder
// (pid, host, URL once listening). Two processes writing one folder would lose acknowledged
// writes (each keeps its own memory and overwrites the other's files), so a second start is
// refused with a message naming the holder. A lock whose process is gone is taken over.
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from './atomicFile.js';

export const LOCK_FILE = 'sandbox.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Set once the holder listens: where another client can reach the same sandbox. */
  url?: string;
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
  readonly path: string;
  /** Records the URL in the lock, for other clients of the same folder. */
  setUrl(url: string): Promise<void>;
  release(): Promise<void>;
}

/** Reads the lock of a folder, or undefined when there is none (or it cannot be read). */
export async function readLock(dataDir: string): Promise<LockHolder | undefined> {
  try {
    const holder = JSON.parse(await fs.readFile(join(dataDir, LOCK_FILE), 'utf8')) as LockHolder;
    return typeof holder?.pid === 'number' ? holder : undefined;
  } catch {
    return undefined;
  }
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

/** How long an unreadable lock is taken for one being written, before it counts as stale. */
const HALF_WRITTEN_GRACE_MS = 5000;

export async function acquireLock(dataDir: string): Promise<DataDirLock> {
  const path = join(dataDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const handle = await fs.open(path, 'wx', 0o644);
      try {
        await handle.writeFile(JSON.stringify(me) + '\n');
        await handle.sync();
      } finally {
        await handle.close();
      }
      return ownLock(path, me);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readLock(dataDir);
    if (holder && holderAlive(holder)) throw new DataDirLockedError(dataDir, holder);
    if (!holder && (await ageMs(path)) < HALF_WRITTEN_GRACE_MS) throw new DataDirLockedError(dataDir, undefined);
    // Stale: its process is gone. Remove it and try again; if another starter wins the race,
    // the next round sees its live lock.
    await fs.rm(path, { force: true });
  }
  throw new DataDirLockedError(dataDir, await readLock(dataDir));
}

async function ageMs(path: string): Promise<number> {
  try {
    return Date.now() - (await fs.stat(path)).mtimeMs;
  } catch {
    return Infinity;
  }
}

function ownLock(path: string, me: LockHolder): DataDirLock {
  let released = false;
  return {
    path,
    setUrl: async (url) => {
      me.url = url;
      if (!released) await writeFileAtomic(path, JSON.stringify(me) + '\n');
    },
    release: async () => {
      if (released) return;
      released = true;
      // Only remove the lock if it is still ours (a stale take-over may have replaced it).
      try {
        const current = JSON.parse(await fs.readFile(path, 'utf8')) as LockHolder;
        if (current.pid !== me.pid || current.startedAt !== me.startedAt) return;
      } catch {
        return;
      }
      await fs.rm(path, { force: true });
    },
  };
}
