// One `.svc/state.json` per workspace folder, read once and written through a queue, so that
// Pull All (many pulls) and a push at the same time never lose each other's records.
// Free of `vscode`.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { readState, writeState, STATE_DIR, STATE_FILE, type SyncState } from './stateFile';

const stateMtime = (root: string): Promise<number | undefined> =>
  fs.stat(path.join(root, STATE_DIR, STATE_FILE)).then(
    (s) => s.mtimeMs,
    () => undefined,
  );

/** In a batch, the state file is written after this many changes (and at the end). */
export const BATCH_WRITE_EVERY = 100;

export class SyncStateStore {
  private readonly states = new Map<string, { state: Promise<SyncState>; mtimeMs: number | undefined }>();
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Roots in a batch: changes are kept in memory and written every BATCH_WRITE_EVERY changes and at the end. */
  private readonly batches = new Map<string, { pending: number }>();

  /** `warn` receives the problem when a corrupt state file was moved aside. */
  constructor(private readonly warn: (message: string) => void = () => undefined) {}

  /**
   * The state of `root`, read again when the file changed on disk since (a `git pull` or
   * checkout brings another one): what pull trusts is always what is on disk now. During a
   * batch the memory is ahead of the disk by design, so the cached state stands.
   */
  async get(root: string): Promise<SyncState> {
    const cached = this.states.get(root);
    if (cached && this.batches.has(root)) return cached.state;
    const mtimeMs = await stateMtime(root);
    if (cached && cached.mtimeMs === mtimeMs) return cached.state;
    const state = readState(root).then(({ state: s, problem }) => {
      if (problem) this.warn(problem);
      return s;
    });
    state.catch(() => this.states.delete(root));
    this.states.set(root, { state, mtimeMs });
    return state;
  }

  /** Applies `change` to the state of `root` and writes it; changes to one root run one at a time. */
  update<T>(root: string, change: (state: SyncState) => T | Promise<T>): Promise<T> {
    const previous = this.queues.get(root) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        const state = await this.get(root);
        const result = await change(state);
        const batch = this.batches.get(root);
        if (batch && ++batch.pending < BATCH_WRITE_EVERY) return result;
        if (batch) batch.pending = 0;
        await writeState(root, state);
        // Our own write is not a change from outside: keep the state in memory.
        const cached = this.states.get(root);
        if (cached) cached.mtimeMs = await stateMtime(root);
        return result;
      });
    this.queues.set(root, next);
    return next;
  }

  /**
   * Runs many updates (a thousand pulls) with few writes of the state file: every
   * BATCH_WRITE_EVERY changes and once at the end, also when the work fails.
   */
  async batch<T>(root: string, work: () => Promise<T>): Promise<T> {
    if (this.batches.has(root)) return work();
    this.batches.set(root, { pending: 0 });
    try {
      return await work();
    } finally {
      const batch = this.batches.get(root)!;
      this.batches.delete(root);
      if (batch.pending > 0) await this.update(root, () => undefined);
    }
  }

  /** Forgets the cached state (e.g. after the user edited or deleted the file). */
  forget(root: string): void {
    this.states.delete(root);
  }
}
