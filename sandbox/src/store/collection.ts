// One kind of resource (APIs, keys, policies…): an in-memory map that is the source of truth
// for reads, mirrored to one JSON file per record in `<dataDir>/<name>/`. Changes apply to the
// map synchronously (so concurrent requests never interleave a read-modify-write) and the
// returned promise settles once the change is on disk.
import { promises as fs, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { writeFileAtomic, syncDirectory, TEMP_SUFFIX } from './atomicFile.js';
import { WriteQueue } from './writeQueue.js';

export class Collection<T> {
  private readonly items = new Map<string, T>();
  private readonly dir: string | undefined;
  private snapshotRemoved: Promise<void> | undefined;

  constructor(
    readonly name: string,
    dataDir: string | undefined,
    private readonly queue: WriteQueue,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.dir = dataDir ? join(dataDir, name) : undefined;
  }

  /**
   * Loads the collection. Fast path: the snapshot a clean stop wrote (`.snapshot`, one file),
   * used only when it is still valid (no write since: the first write removes it) and the
   * folder holds exactly the record files it lists. Otherwise every record file is read;
   * leftovers of interrupted writes are removed, unreadable files reported.
   */
  async load(idOf: (item: T) => string): Promise<void> {
    if (!this.dir) return;
    await fs.mkdir(this.dir, { recursive: true });
    const files: string[] = [];
    for (const file of await fs.readdir(this.dir)) {
      if (file.endsWith(TEMP_SUFFIX)) await fs.rm(join(this.dir, file), { force: true });
      else if (file.endsWith('.json')) files.push(file);
    }
    if (await this.loadSnapshot(files)) return;
    // One synchronous read per file is several times faster than async reads (no thread-pool
    // round trip per file); yielding between batches keeps a host process responsive.
    for (let start = 0; start < files.length; start += LOAD_BATCH) {
      for (const file of files.slice(start, start + LOAD_BATCH)) {
        try {
          const item = JSON.parse(readFileSync(join(this.dir, file), 'utf8')) as T;
          this.items.set(idOf(item), item);
        } catch (error) {
          this.log(`[store] ignoring unreadable ${this.name}/${file}: ${(error as Error).message}`);
        }
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async loadSnapshot(files: string[]): Promise<boolean> {
    const path = join(this.dir as string, SNAPSHOT_FILE);
    let snapshot: Snapshot<T>;
    try {
      snapshot = JSON.parse(await fs.readFile(path, 'utf8')) as Snapshot<T>;
    } catch {
      return false;
    }
    const listed = new Set(snapshot.entries?.map(([id]) => fileNameFor(id)));
    if (snapshot.version !== 1 || listed.size !== files.length || !files.every((f) => listed.has(f))) {
      this.log(`[store] ${this.name}: the snapshot does not match the record files; reading each file`);
      return false;
    }
    for (const [id, item] of snapshot.entries) this.items.set(id, item);
    return true;
  }

  /** Writes the snapshot the next start loads at once (called on a clean stop, after every write finished). */
  async saveSnapshot(): Promise<void> {
    if (!this.dir) return;
    const snapshot: Snapshot<T> = { version: 1, entries: [...this.items.entries()] };
    await writeFileAtomic(join(this.dir, SNAPSHOT_FILE), JSON.stringify(snapshot));
    this.snapshotRemoved = undefined;
  }

  /** Before the first record write of a run, the snapshot goes (durably): it no longer matches. */
  private removeSnapshot(): Promise<void> {
    const dir = this.dir as string;
    return (this.snapshotRemoved ??= fs.rm(join(dir, SNAPSHOT_FILE), { force: true }).then(() => syncDirectory(dir)));
  }

  get size(): number {
    return this.items.size;
  }

  get(id: string): T | undefined {
    return this.items.get(id);
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  /** Records in insertion order (seed order, then creation order). */
  values(): T[] {
    return [...this.items.values()];
  }

  find(predicate: (item: T) => boolean): T | undefined {
    for (const item of this.items.values()) if (predicate(item)) return item;
    return undefined;
  }

  /**
   * Stores `item`. A record that cannot be serialised never enters memory (the promise rejects
   * at once), and one whose write fails is taken out of memory again (the previous value comes
   * back), so a failed write leaves the collection as it was and later reads still work.
   */
  /** Changes an item just before it is stored (the `writeDefaults` option: a server that fills in members). */
  beforeSet: ((item: T, previous: T | undefined) => T) | undefined;

  set(id: string, item: T): Promise<void> {
    if (this.beforeSet) item = this.beforeSet(item, this.items.get(id));
    try {
      JSON.stringify(item);
    } catch (error) {
      return Promise.reject(new StoreError(`${this.name}/${id} cannot be stored: ${(error as Error).message}`));
    }
    const had = this.items.has(id);
    const previous = this.items.get(id);
    this.items.set(id, item);
    return this.persist(id).catch((error: unknown) => {
      // Undo only if no later change replaced ours meanwhile.
      if (this.items.get(id) === item) {
        if (had) this.items.set(id, previous as T);
        else this.items.delete(id);
      }
      throw new StoreError(`${this.name}/${id} could not be saved: ${(error as Error).message}`);
    });
  }

  delete(id: string): Promise<void> {
    const had = this.items.has(id);
    const previous = this.items.get(id);
    this.items.delete(id);
    return this.persist(id).catch((error: unknown) => {
      if (had && !this.items.has(id)) this.items.set(id, previous as T);
      throw new StoreError(`${this.name}/${id} could not be deleted: ${(error as Error).message}`);
    });
  }

  private persist(id: string): Promise<void> {
    if (!this.dir) return Promise.resolve();
    const path = join(this.dir, fileNameFor(id));
    // The write reads the map when it runs, so a coalesced write stores the newest state.
    return this.queue.schedule(path, async () => {
      await this.removeSnapshot();
      const item = this.items.get(id);
      if (item === undefined) await fs.rm(path, { force: true });
      else await writeFileAtomic(path, JSON.stringify(item, null, 2) + '\n');
    });
  }
}

/** Files read per turn of the event loop when loading record by record. */
const LOAD_BATCH = 500;

/** `<collection>/.snapshot`: every record, written on a clean stop (not `.json`: never read as a record). */
export const SNAPSHOT_FILE = '.snapshot';

interface Snapshot<T> {
  version: 1;
  /** [id, record] in memory order. */
  entries: Array<[string, T]>;
}

/** A change that could not be stored; the collection is as it was before the change. */
export class StoreError extends Error {}

/**
 * A file name that is safe on every platform and unique even on case-insensitive file systems:
 * a readable part (unsafe characters replaced) plus a hash of the exact id.
 */
export function fileNameFor(id: string): string {
  const readable = id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 48);
  const hash = createHash('sha256').update(id).digest('hex').slice(0, 12);
  return `${readable}-${hash}.json`;
}
