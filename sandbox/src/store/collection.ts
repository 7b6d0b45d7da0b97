// One kind of resource (APIs, keys, policies…): an in-memory map that is the source of truth
// for reads, mirrored to one JSON file per record in `<dataDir>/<name>/`. Changes apply to the
// map synchronously (so concurrent requests never interleave a read-modify-write) and the
// returned promise settles once the change is on disk.
import { promises as fs, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { writeFileAtomic, syncDirectory, TEMP_SUFFIX } from './atomicFile.js';
import { WriteQueue } from './writeQueue.js';
import { decodeRecord, encodeRecord, sha256 } from './recordFile.js';
import type { DamagedFile } from './damage.js';

/**
 * Fills members in before a record is stored (the sandbox's write-defaults mode). Declared as a
 * method type so a Collection<Policy> still counts as a Collection<unknown> for the batch writer.
 */
type BeforeSet<T> = { hook(item: T, previous: T | undefined): T }['hook'];

export class Collection<T> {
  private readonly items = new Map<string, T>();
  private readonly dir: string | undefined;
  private snapshotRemoved: Promise<void> | undefined;

  constructor(
    readonly name: string,
    dataDir: string | undefined,
    private readonly queue: WriteQueue,
    private readonly log: (line: string) => void = () => undefined,
    private readonly batch: () => Batch | undefined = () => undefined,
  ) {
    this.dir = dataDir ? join(dataDir, name) : undefined;
  }

  /**
   * Loads the collection. Fast path: the snapshot a clean stop wrote (`.snapshot`, one file),
   * used only when its checksum holds and every record file still has the name, size and
   * modification time the snapshot noted (an older snapshot copied back, or a record written
   * or replaced since, makes it ignored). Otherwise every record file is read and checked.
   * Leftovers of interrupted writes are removed; a damaged record file is listed in `damaged`
   * (the caller refuses to start).
   */
  async load(idOf: (item: T) => string, damaged: DamagedFile[]): Promise<void> {
    if (!this.dir) return;
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const files: string[] = [];
    for (const file of await fs.readdir(this.dir)) {
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: the leftover was just listed, so removing it with or without force is the same
      if (file.endsWith(TEMP_SUFFIX)) await fs.rm(join(this.dir, file), { force: true });
      else if (file.endsWith('.json')) files.push(file);
    }
    if (await this.loadSnapshot(files)) return;
    // One synchronous read per file is several times faster than async reads (no thread-pool
    // round trip per file); yielding between batches keeps a host process responsive.
    // Stryker disable next-line EqualityOperator: one more turn would read an empty slice
    for (let start = 0; start < files.length; start += LOAD_BATCH) {
      for (const file of files.slice(start, start + LOAD_BATCH)) {
        try {
          const item = decodeRecord(readFileSync(join(this.dir, file), 'utf8')) as T;
          const id = idOf(item);
          if (fileNameFor(id) !== file)
            throw new Error(`it holds the record ${JSON.stringify(id)}, whose file is ${fileNameFor(id)} (files swapped or renamed?)`);
          this.items.set(id, item);
        } catch (error) {
          damaged.push({ file: `${this.name}/${file}`, reason: (error as Error).message });
        }
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async loadSnapshot(files: string[]): Promise<boolean> {
    const dir = this.dir as string;
    const path = join(dir, SNAPSHOT_FILE);
    let text: string;
    try {
      // Stryker disable next-line StringLiteral: without an encoding JSON.parse gets a Buffer, which it reads as UTF-8 text too
      text = await fs.readFile(path, 'utf8');
    } catch {
      return false;
    }
    const ignore = (why: string) => {
      this.log(`[store] ${this.name}: ${why}; reading each file`);
      return false;
    };
    let snapshot: Snapshot<T>;
    try {
      snapshot = JSON.parse(text) as Snapshot<T>;
    } catch {
      return ignore(`the snapshot ${this.name}/${SNAPSHOT_FILE} is damaged (not JSON)`);
    }
    if (snapshot?.version !== 2 || !Array.isArray(snapshot.entries) || !snapshot.files) return ignore('the snapshot does not match the record files');
    if (sha256(JSON.stringify([snapshot.files, snapshot.entries])) !== snapshot.sha256) {
      return ignore(`the snapshot ${this.name}/${SNAPSHOT_FILE} is damaged (checksum)`);
    }
    const noted = snapshot.files;
    if (Object.keys(noted).length !== files.length) return ignore('the snapshot does not match the record files');
    for (const file of files) {
      const note = noted[file];
      if (!note) return ignore('the snapshot does not match the record files');
      const stat = statSync(join(dir, file));
      if (stat.size !== note[0] || stat.mtimeMs !== note[1]) return ignore(`the snapshot is older than ${this.name}/${file}`);
    }
    for (const [id, item] of snapshot.entries) this.items.set(id, item);
    return true;
  }

  /** Writes the snapshot the next start loads at once (called on a clean stop, after every write finished). */
  async saveSnapshot(): Promise<void> {
    if (!this.dir) return;
    const dir = this.dir;
    const files: Record<string, [number, number]> = {};
    for (const id of this.items.keys()) {
      const file = fileNameFor(id);
      const stat = statSync(join(dir, file));
      files[file] = [stat.size, stat.mtimeMs];
    }
    const entries = [...this.items.entries()];
    const snapshot: Snapshot<T> = { version: 2, sha256: sha256(JSON.stringify([files, entries])), files, entries };
    await writeFileAtomic(join(dir, SNAPSHOT_FILE), JSON.stringify(snapshot));
    this.snapshotRemoved = undefined;
  }

  /** Before the first record write of a run, the snapshot goes (durably): it no longer matches. */
  removeSnapshot(): Promise<void> {
    if (!this.dir) return Promise.resolve();
    const dir = this.dir;
    // Stryker disable next-line ArrowFunction: the folder's fsync shows only after a power loss, which no test can cause
    return (this.snapshotRemoved ??= fs.rm(join(dir, SNAPSHOT_FILE), { force: true }).then(() => syncDirectory(dir)));
  }

  /** The record file of `id` (undefined in memory mode). */
  pathOf(id: string): string | undefined {
    return this.dir ? join(this.dir, fileNameFor(id)) : undefined;
  }

  /** The file content for the record as it is in memory now; undefined when it is deleted. */
  encoded(id: string): string | undefined {
    const item = this.items.get(id);
    return item === undefined ? undefined : encodeRecord(item);
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
  beforeSet: BeforeSet<T> | undefined;

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
    // Inside `SandboxState.atomically`, the change joins the batch: one all-or-nothing write.
    const batch = this.batch();
    if (batch) return batch.add(this, id);
    const path = join(this.dir, fileNameFor(id));
    // The write reads the map when it runs, so a coalesced write stores the newest state.
    return this.queue.schedule(path, async () => {
      await this.removeSnapshot();
      await writeOrRemove(path, this.encoded(id));
    });
  }
}

/** Files read per turn of the event loop when loading record by record. */
const LOAD_BATCH = 500;

/** `<collection>/.snapshot`: every record, written on a clean stop (not `.json`: never read as a record). */
export const SNAPSHOT_FILE = '.snapshot';

interface Snapshot<T> {
  version: 2;
  /** Of `[files, entries]`. */
  sha256: string;
  /** Record file name → [size, mtimeMs] when the snapshot was written. */
  files: Record<string, [number, number]>;
  /** [id, record] in memory order. */
  entries: Array<[string, T]>;
}

/** What `persist` needs of an open batch (see batch.ts). */
export interface Batch {
  add(collection: Collection<unknown>, id: string): Promise<void>;
}

/** Writes a record file atomically, or removes it (durably) when `content` is undefined. */
export async function writeOrRemove(path: string, content: string | undefined): Promise<void> {
  if (content !== undefined) return writeFileAtomic(path, content);
  await fs.rm(path, { force: true });
  await syncDirectory(dirname(path));
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
