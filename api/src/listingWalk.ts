// The one way to read a whole paged listing (endpoint 10's APIs), shared by the tree (its
// background loading) and by pull and diff (issue 32): ask for everything at once (`p=-1`, which
// the spec defines for its paged lists); a server that pages anyway gets its further pages
// fetched a few at a time (PARALLEL_PAGES in flight), added in page order, each id once. The walk
// ends at the last page the server announces, at an empty page, or at a page that adds nothing
// new (a server that ignores `p` sends the same page every time). Free of `vscode`.
import type { FetchedPage } from './paging';

/** `p` below zero: every item in one answer (spec). */
export const ALL_PAGES = -1;
/** Background requests in flight at most. */
export const PARALLEL_PAGES = 4;

export interface ListingProgress {
  /** Pages in so far (1 after the first answer). */
  loaded: number;
  /** Pages the server reports (1 when it answered `p=-1` with everything). */
  pages: number;
}

export interface ListingWalkOptions<T> {
  /** An item's identity: an item whose id is already listed is skipped ('' items are kept). */
  idOf: (item: T) => string;
  onProgress?: (progress: ListingProgress) => void;
  /** Pages fetched at most before the walk stops (the tree offers "Load more" beyond). */
  maxPages?: number;
  /** A lookup: no further page is fetched once an item satisfies this. */
  until?: (item: T) => boolean;
}

/** The status of an error, when it carries one (ManagementApiError does). */
const statusOf = (err: unknown) => (err as { status?: number } | undefined)?.status;

export class ListingWalk<T> {
  readonly items: T[] = [];
  /** Pages in so far, and the server's count of pages. */
  loaded = 0;
  pages = 0;
  /** What stopped the further pages, if anything (a retry resumes). */
  failure?: unknown;
  protected cancelled = false;
  private loading?: Promise<void>;
  private readonly ids = new Set<string>();
  private readonly idOf: (item: T) => string;
  private readonly onProgress: (progress: ListingProgress) => void;
  private readonly until?: (item: T) => boolean;
  protected maxPages: number;

  constructor(
    private readonly fetch: (page: number) => Promise<FetchedPage<T>>,
    options: ListingWalkOptions<T>,
  ) {
    this.idOf = options.idOf;
    this.onProgress = options.onProgress ?? (() => undefined);
    this.maxPages = options.maxPages ?? Number.POSITIVE_INFINITY;
    this.until = options.until;
  }

  /** Every page is in. */
  get complete(): boolean {
    return this.loaded > 0 && this.loaded >= this.pages;
  }

  /** Loading further pages right now. */
  get busy(): boolean {
    return this.loading !== undefined;
  }

  /**
   * The first answer: everything where the server honours `p=-1`; otherwise its first page, and
   * the rest follows (see `whenSettled`).
   */
  async start(): Promise<void> {
    let first: FetchedPage<T>;
    try {
      first = await this.fetch(ALL_PAGES);
    } catch (err) {
      // A strict server may refuse `p=-1` (400/422); one whose whole listing is too large for one
      // answer says so (413, or our own size limit): page through it from the first page.
      const status = statusOf(err);
      const tooLarge = (err as { kind?: string } | undefined)?.kind === 'too-large';
      if (status !== 400 && status !== 422 && status !== 413 && !tooLarge) throw err;
      first = await this.fetch(1);
    }
    this.add(first.items ?? []);
    this.loaded = 1;
    this.pages = Math.max(1, typeof first.pages === 'number' && Number.isFinite(first.pages) ? first.pages : 1);
    if (this.found(first.items ?? [])) this.pages = this.loaded;
    this.continueLoading();
  }

  /** Resolves when the further pages stopped: complete, at the bound, failed or cancelled. */
  whenSettled(): Promise<void> {
    return this.loading ?? Promise.resolve();
  }

  /** Stops the further pages (a refresh replaces this listing). */
  cancel(): void {
    this.cancelled = true;
  }

  /** Resumes after a failure, or goes `extraPages` past the bound. */
  resume(extraPages = 0): Promise<void> {
    this.failure = undefined;
    if (extraPages > 0) this.maxPages = Math.max(this.maxPages, this.loaded) + extraPages;
    this.continueLoading();
    return this.whenSettled();
  }

  /** Every item, or the failure that stopped the walk (for callers that need the whole listing). */
  async all(): Promise<T[]> {
    if (this.loaded === 0) await this.start();
    await this.whenSettled();
    const failure = this.failure;
    if (failure !== undefined) throw failure instanceof Error ? failure : new Error(`the listing failed: ${JSON.stringify(failure)}`);
    return this.items;
  }

  protected continueLoading(): void {
    if (this.loading || this.complete || this.cancelled || this.loaded >= this.maxPages) return;
    this.loading = this.loadRest().finally(() => {
      this.loading = undefined;
      if (!this.cancelled) this.onProgress({ loaded: this.loaded, pages: this.pages });
    });
  }

  private async loadRest(): Promise<void> {
    while (!this.cancelled && this.loaded < this.pages && this.loaded < this.maxPages) {
      // A few pages at a time (never more than PARALLEL_PAGES requests in flight), added in page order.
      // Page 2 goes alone: a server that ignores `p` (or answered `p=-1` whole but announces pages)
      // repeats what we have, and the walk ends after one request instead of a volley.
      const window = this.loaded === 1 ? 1 : PARALLEL_PAGES;
      const last = Math.min(this.pages, this.maxPages, this.loaded + window);
      const numbers = Array.from({ length: last - this.loaded }, (_, i) => this.loaded + 1 + i);
      let pages: Array<FetchedPage<T>>;
      try {
        pages = await Promise.all(numbers.map((n) => this.fetch(n)));
      } catch (err) {
        if (!this.cancelled) this.failure = err;
        return;
      }
      if (this.cancelled) return;
      for (const page of pages) {
        const items = page.items ?? [];
        const added = this.add(items);
        this.loaded += 1;
        if (this.found(items)) {
          this.pages = this.loaded;
          break;
        }
        // A page with nothing new repeats an earlier one: the server ignores `p`, so no page will add more.
        if (items.length > 0 && added === 0) {
          this.pages = this.loaded;
          break;
        }
        // A listing that shrank meanwhile ends where the server says it ends.
        const announced = typeof page.pages === 'number' && Number.isFinite(page.pages) ? page.pages : this.pages;
        this.pages = Math.max(this.loaded, Math.min(this.pages, Math.max(1, announced)));
        if (items.length === 0) {
          this.pages = this.loaded;
          break;
        }
      }
      if (this.loaded < this.pages) this.onProgress({ loaded: this.loaded, pages: this.pages });
    }
  }

  private found(items: readonly T[]): boolean {
    return !!this.until && items.some(this.until);
  }

  /** Appends, skipping ids already listed (an API created meanwhile shifts later pages by one). */
  private add(items: readonly T[]): number {
    let added = 0;
    for (const item of items) {
      const id = this.idOf(item);
      if (id) {
        if (this.ids.has(id)) continue;
        this.ids.add(id);
      }
      this.items.push(item);
      added += 1;
    }
    return added;
  }
}
