// One kind of resource (APIs, keys, policies…): an in-memory map that is the source of truth
// for reads, mirrored to one JSON file per record in `<dataDir>/<name>/`. Changes apply to the
// map synchronously (so concurrent requests never interleave a read-modify-write) and the
// returned promise settles once the change is on disk.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { writeFileAtomic, TEMP_SUFFIX } from './atomicFile.js';
import { WriteQueue } from './writeQueue.js';

export class Collection<T> {
  private readonly items = new Map<string, T>();
  private readonly dir: string | undefined;

  constructor(
    readonly name: string,
    dataDir: string | undefined,
    private readonly queue: WriteQueue,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.dir = dataDir ? join(dataDir, name) : undefined;
  }

  /** Reads every record file; leftovers of interrupted writes are removed, unreadable files reported. */
  async load(idOf: (item: T) => string): Promise<void> {
    if (!this.dir) return;
    await fs.mkdir(this.dir, { recursive: true });
    for (const file of await fs.readdir(this.dir)) {
      const path = join(this.dir, file);
      if (file.endsWith(TEMP_SUFFIX)) {
        await fs.rm(path, { force: true });
        continue;
      }
      if (!file.endsWith('.json')) continue;
      try {
        const item = JSON.parse(await fs.readFile(path, 'utf8')) as T;
        this.items.set(idOf(item), item);
      } catch (error) {
        this.log(`[store] ignoring unreadable ${this.name}/${file}: ${(error as Error).message}`);
      }
    }
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
  set(id: string, item: T): Promise<void> {
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
      const item = this.items.get(id);
      if (item === undefined) await fs.rm(path, { force: true });
      else await writeFileAtomic(path, JSON.stringify(item, null, 2) + '\n');
    });
  }
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
