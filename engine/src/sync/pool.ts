// Runs async work on many items with at most `limit` at a time, results in the items' order.
// Pull All and diff on a thousand resources are network-bound: a few requests in flight at once
// divide the wall time without flooding the server. Free of `vscode`.
export async function mapPool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** How many requests `svc` keeps in flight (pull, diff, push checks). */
export const SYNC_CONCURRENCY = 8;

/**
 * Starts `read` for the items ahead of the consumer (at most `window` in flight) and hands the
 * results over in the items' order: reads run in parallel, what follows them (writing files,
 * choosing names) stays sequential and deterministic. A failed read is handed over as its error.
 */
export function readAhead<T, R>(items: readonly T[], window: number, read: (item: T) => Promise<R>): (index: number) => Promise<R | Error> {
  const started = new Map<number, Promise<R | Error>>();
  const start = (i: number) => {
    if (i < items.length && !started.has(i))
      started.set(
        i,
        read(items[i]).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))),
      );
  };
  return (index) => {
    for (let i = index; i < index + window; i++) start(i);
    const result = started.get(index)!;
    started.delete(index);
    return result;
  };
}
