// One `.svc/state.json` per workspace folder, read once and written through a queue, so that
// Pull All (many pulls) and a push at the same time never lose each other's records.
// Free of `vscode`.
import { readState, writeState, type SyncState } from './stateFile';

export class SyncStateStore {
  private readonly states = new Map<string, Promise<SyncState>>();
  private readonly queues = new Map<string, Promise<unknown>>();

  /** `warn` receives the problem when a corrupt state file was moved aside. */
  constructor(private readonly warn: (message: string) => void = () => undefined) {}

  get(root: string): Promise<SyncState> {
    let state = this.states.get(root);
    if (!state) {
      state = readState(root).then(({ state: s, problem }) => {
        if (problem) this.warn(problem);
        return s;
      });
      state.catch(() => this.states.delete(root));
      this.states.set(root, state);
    }
    return state;
  }

  /** Applies `change` to the state of `root` and writes it; changes to one root run one at a time. */
  update<T>(root: string, change: (state: SyncState) => T | Promise<T>): Promise<T> {
    const previous = this.queues.get(root) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(async () => {
      const state = await this.get(root);
      const result = await change(state);
      await writeState(root, state);
      return result;
    });
    this.queues.set(root, next);
    return next;
  }

  /** Forgets the cached state (e.g. after the user edited or deleted the file). */
  forget(root: string): void {
    this.states.delete(root);
  }
}
