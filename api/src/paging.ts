// Paging through a dashboard list (`p` is 1-based) whatever the server does with `p`: the page
// size is the server's, and the walk stops at the last page it announces, at an empty page, or at
// a page that repeats the previous one (a server that ignores `p` sends page 1 every time).

export interface FetchedPage<T> {
  items: T[];
  /** The number of pages the server announces, when it does. */
  pages?: number;
}

export interface CollectOptions<T> {
  /** Stop as soon as an item satisfies this (a lookup need not read every page). */
  until?: (item: T) => boolean;
  /** A hard limit against a server that keeps inventing pages. Default 500. */
  maxPages?: number;
}

/** A page's identity for "is this the page we just had". */
export const pageKey = (items: readonly unknown[]): string => JSON.stringify(items);

/** True when `next` should end a walk: empty, or the same as the page before it. */
export function endsPaging(previous: readonly unknown[] | undefined, next: readonly unknown[]): boolean {
  // Stryker disable next-line ConditionalExpression: with no page before, `pageKey(undefined)` is not a string and never equals the next page's key.
  return next.length === 0 || (previous !== undefined && pageKey(previous) === pageKey(next));
}

export async function collectPages<T>(fetchPage: (p: number) => Promise<FetchedPage<T>>, options: CollectOptions<T> = {}): Promise<T[]> {
  const maxPages = options.maxPages ?? 500;
  const all: T[] = [];
  let previous: T[] | undefined;
  for (let p = 1; p <= maxPages; p++) {
    const page = await fetchPage(p);
    const items = page.items ?? [];
    if (endsPaging(previous, items)) break;
    all.push(...items);
    if (options.until && items.some(options.until)) break;
    if (typeof page.pages === 'number' && page.pages >= 1 && p >= page.pages) break;
    previous = items;
  }
  return all;
}
