// All-or-nothing writes of several record files (an API renamed: the old file goes, the new one
// comes; a migration: a base, its versions and the staged copy it replaces). The changes of a
// batch are written as one journal record first (`<data>/journal/<n>.json`, atomic and fsynced,
// with a checksum), then to their record files, then the journal record is removed. A crash
// before the journal record is complete leaves every file as it was (no caller was answered); a
// crash after it is finished on the next start by `replayJournal`, before anything is loaded.
import { promises as fs } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeFileAtomic, syncDirectory, TEMP_SUFFIX } from './atomicFile.js';
import { writeOrRemove, type Batch, type Collection } from './collection.js';
import type { WriteQueue } from './writeQueue.js';
import { sha256 } from './recordFile.js';
import { DataDamagedError } from './damage.js';

export const JOURNAL_DIR = 'journal';

interface JournalChange {
  /** Relative to the data folder, with forward slashes: `<collection>/<file>.json`. */
  file: string;
  /** The record file's new content; null: the file is removed. */
  content: string | null;
}

interface JournalRecord {
  version: 1;
  /** Of `JSON.stringify(changes)`. */
  sha256: string;
  changes: JournalChange[];
}

/** Collects the changes made inside one `atomically` call and writes them as one journaled group. */
export class JournaledBatch implements Batch {
  private readonly entries = new Map<string, { collection: Collection<unknown>; id: string }>();
  private committed = false;
  private settle!: { resolve: () => void; reject: (error: unknown) => void };
  /** Every change of the batch settles with the one group write. */
  private readonly done = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));

  constructor(
    private readonly dataDir: string,
    private readonly queue: WriteQueue,
  ) {}

  add(collection: Collection<unknown>, id: string): Promise<void> {
    if (this.committed) throw new Error('a batch cannot take changes after it was committed');
    const path = collection.pathOf(id) as string;
    this.entries.set(path, { collection, id });
    return this.done;
  }

  /** Starts the group write; called once the synchronous changes are done. */
  commit(): void {
    this.committed = true;
    const entries = [...this.entries.entries()];
    if (entries.length === 0) return this.settle.resolve();
    void this.queue
      .scheduleGroup(
        entries.map(([path]) => path),
        async () => {
          const collections = new Set(entries.map(([, e]) => e.collection));
          await Promise.all([...collections].map((c) => c.removeSnapshot()));
          // Content is read from memory now, when the group runs, as single writes do.
          const changes = entries.map(([path, { collection, id }]) => ({ path, content: collection.encoded(id) }));
          if (changes.length === 1) return writeOrRemove(changes[0].path, changes[0].content);
          const journal = await writeJournal(
            this.dataDir,
            changes.map((c) => ({ file: relative(this.dataDir, c.path).split(sep).join('/'), content: c.content ?? null })),
          );
          await Promise.all(changes.map((c) => writeOrRemove(c.path, c.content)));
          // Stryker disable next-line ObjectLiteral,BooleanLiteral: the journal record was just written, so removing it needs no force
          await fs.rm(journal, { force: true });
          await syncDirectory(join(this.dataDir, JOURNAL_DIR));
        },
      )
      .then(this.settle.resolve, this.settle.reject);
  }
}

async function writeJournal(dataDir: string, changes: JournalChange[]): Promise<string> {
  const dir = join(dataDir, JOURNAL_DIR);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // Names sort in creation order (replay order), and never collide between batches.
  const name = `${Date.now().toString().padStart(15, '0')}-${process.hrtime.bigint().toString().padStart(20, '0')}-${randomBytes(4).toString('hex')}.json`;
  const record: JournalRecord = { version: 1, sha256: sha256(JSON.stringify(changes)), changes };
  const path = join(dir, name);
  await writeFileAtomic(path, JSON.stringify(record));
  return path;
}

/** A record file path a journal may name: one known collection folder, one plain file name. */
const SAFE_FILE = /^([a-z-]+)\/([A-Za-z0-9_-]{0,48}-[0-9a-f]{12}\.json)$/;

/**
 * Finishes the batches a crash interrupted: every complete journal record is applied to its
 * record files (idempotent: applying it twice writes the same content) and then removed. A
 * record whose checksum fails refuses the start (the journal is written atomically, so that
 * is damage, not an interrupted write).
 */
export async function replayJournal(dataDir: string, collections: string[], log: (line: string) => void): Promise<number> {
  const dir = join(dataDir, JOURNAL_DIR);
  let names: string[];
  try {
    // Stryker disable next-line MethodExpression: Node's readdir already lists names sorted (libuv); the sort states the replay order
    names = (await fs.readdir(dir)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let replayed = 0;
  for (const name of names) {
    const path = join(dir, name);
    if (name.endsWith(TEMP_SUFFIX)) {
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: the file was just listed; only a racing process could remove it first
      await fs.rm(path, { force: true }); // an interrupted journal write: its batch was never answered
      continue;
    }
    if (!name.endsWith('.json')) continue;
    // Stryker disable next-line StringLiteral: without an encoding the Buffer read is parsed as the same UTF-8 text
    const record = parseJournal(await fs.readFile(path, 'utf8'), collections);
    if (typeof record === 'string') {
      throw new DataDamagedError(
        dataDir,
        [{ file: `${JOURNAL_DIR}/${name}`, reason: record }],
        'To recover: restore the file from a backup, or delete it (the batch of changes it holds, a rename or a migration, ' +
          'is then lost or half applied). Nothing in the folder was changed.',
      );
    }
    for (const change of record.changes) {
      const target = join(dataDir, ...change.file.split('/'));
      await fs.mkdir(join(target, '..'), { recursive: true, mode: 0o700 });
      await writeOrRemove(target, change.content ?? undefined);
    }
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the journal record was just read, so removing it needs no force
    await fs.rm(path, { force: true });
    replayed++;
  }
  if (replayed) {
    await syncDirectory(dir);
    log(`[store] finished ${replayed} interrupted multi-file write(s) from the journal`);
  }
  return replayed;
}

function parseJournal(text: string, collections: string[]): JournalRecord | string {
  let record: JournalRecord;
  try {
    record = JSON.parse(text) as JournalRecord;
  } catch (error) {
    return `the journal record is not valid JSON: ${(error as Error).message}`;
  }
  if (record?.version !== 1 || !Array.isArray(record.changes)) return 'the journal record has an unknown format';
  if (sha256(JSON.stringify(record.changes)) !== record.sha256) return 'the checksum does not match the content';
  for (const change of record.changes) {
    const match = SAFE_FILE.exec(String(change?.file));
    if (!match || !collections.includes(match[1])) return `the journal names a file outside the record folders: ${JSON.stringify(change?.file)}`;
    if (change.content !== null && typeof change.content !== 'string') return 'the journal record has an unknown format';
  }
  return record;
}
