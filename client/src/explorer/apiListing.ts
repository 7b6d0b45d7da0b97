// Every API of one environment, for the tree, the filter and "Open API by name…". The listing is
// paged across kinds (10 a page on the reference), so a group can only say what it holds once
// every page is in. First ask for everything at once (`p=-1`, which the spec defines); a server
// that pages anyway gets its further pages fetched in the background: one at a time, bounded,
// cancelled by a refresh, each page reported so the view can redraw and show progress.
// Free of `vscode`.
import { errorInfoOf, type ErrorInfo } from './errorInfo';
import type { ApiSummary, Page } from './resourceSource';

/** `p` below zero: every item in one answer (spec). */
export const ALL_PAGES = -1;
/** Pages fetched in the background at most (5,000 APIs at 10 a page); beyond, "Load more APIs…". */
export const MAX_BACKGROUND_PAGES = 500;
/** Background requests in flight at most. */
export const PARALLEL_PAGES = 4;

export interface ApiListingProgress {
  /** Pages in so far (1 after the first answer). */
  loaded: number;
  /** Pages the server reports (1 when it answered `p=-1` with everything). */
  pages: number;
}

export class ApiListing {
  readonly items: ApiSummary[] = [];
  /** Pages in so far, and the server's count of pages. */
  loaded = 0;
  pages = 0;
  /** The failure that stopped the background loading, if any (a retry resumes). */
  error?: ErrorInfo;
  private cancelled = false;
  private loading?: Promise<void>;
  private readonly ids = new Set<string>();

  constructor(
    private readonly fetch: (page: number) => Promise<Page<ApiSummary>>,
    private readonly onProgress: (progress: ApiListingProgress) => void = () => undefined,
    private maxPages = MAX_BACKGROUND_PAGES,
  ) {}

  /** Every page is in: the groups may count. */
  get complete(): boolean {
    return this.loaded > 0 && this.loaded >= this.pages;
  }

  /** The background loading stopped at the bound with pages left ("Load more APIs…" takes over). */
  get stoppedAtBound(): boolean {
    return !this.complete && !this.loading && !this.error && !this.cancelled && this.loaded >= this.maxPages;
  }

  /** Loading further pages right now. */
  get busy(): boolean {
    return this.loading !== undefined;
  }

  /**
   * The first answer: everything where the server honours `p=-1`; otherwise its first page, and
   * the rest follows in the background (see `whenSettled`).
   */
  async start(): Promise<void> {
    let first: Page<ApiSummary>;
    try {
      first = await this.fetch(ALL_PAGES);
    } catch (err) {
      // A strict server may refuse `p=-1` (400/422): page through it from the first page.
      const status = (err as { status?: number }).status;
      if (status !== 400 && status !== 422) throw err;
      first = await this.fetch(1);
    }
    const pages = Math.max(1, first.pages);
    this.add(first.items);
    this.loaded = 1;
    this.pages = pages;
    this.continueLoading();
  }

  /** Resolves when the background loading stopped: complete, at the bound, failed or cancelled. */
  whenSettled(): Promise<void> {
    return this.loading ?? Promise.resolve();
  }

  /** Stops the background loading (a refresh replaces this listing). */
  cancel(): void {
    this.cancelled = true;
  }

  /** Resumes after a failure, or goes `extraPages` past the bound ("Load more APIs…"). */
  resume(extraPages = 0): Promise<void> {
    this.error = undefined;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: with 0 extra pages the bound only moves up to `loaded`, which it is already at or above (loaded exceeds it only for a bound below 1, where nothing loads either way).
    if (extraPages > 0) this.maxPages = Math.max(this.maxPages, this.loaded) + extraPages;
    this.continueLoading();
    return this.whenSettled();
  }

  private continueLoading(): void {
    if (this.loading || this.complete || this.cancelled || this.loaded >= this.maxPages) return;
    this.loading = this.loadRest().finally(() => {
      this.loading = undefined;
      if (!this.cancelled) this.onProgress({ loaded: this.loaded, pages: this.pages });
    });
  }

  private async loadRest(): Promise<void> {
    while (!this.cancelled && this.loaded < this.pages && this.loaded < this.maxPages) {
      // A few pages at a time (never more than PARALLEL_PAGES requests in flight), added in page order.
      const last = Math.min(this.pages, this.maxPages, this.loaded + PARALLEL_PAGES);
      const numbers = Array.from({ length: last - this.loaded }, (_, i) => this.loaded + 1 + i);
      let pages: Array<Page<ApiSummary>>;
      try {
        pages = await Promise.all(numbers.map((n) => this.fetch(n)));
      } catch (err) {
        if (!this.cancelled) this.error = errorInfoOf(err);
        return;
      }
      if (this.cancelled) return;
      for (const page of pages) {
        const added = this.add(page.items);
        this.loaded += 1;
        // A page with nothing new repeats an earlier one: the server ignores `p`, so no page will add more.
        // Stryker disable next-line EqualityOperator: an empty page adds nothing and ends the listing at this page, exactly as the empty-page branch below does.
        if (page.items.length > 0 && added === 0) {
          this.pages = this.loaded;
          break;
        }
        // A listing that shrank meanwhile ends where the server says it ends.
        this.pages = Math.max(this.loaded, Math.min(this.pages, Math.max(1, page.pages)));
        if (page.items.length === 0) {
          this.pages = this.loaded;
          break;
        }
      }
      if (this.loaded < this.pages) this.onProgress({ loaded: this.loaded, pages: this.pages });
    }
  }

  /** Appends, skipping ids already listed (an API created meanwhile shifts later pages by one). */
  private add(items: readonly ApiSummary[]): number {
    let added = 0;
    for (const item of items) {
      if (this.ids.has(item.id)) continue;
      this.ids.add(item.id);
      this.items.push(item);
      // Stryker disable next-line AssignmentOperator: callers only ask whether anything was added (zero or not); counting down is never zero either.
      added += 1;
    }
    return added;
  }
}
