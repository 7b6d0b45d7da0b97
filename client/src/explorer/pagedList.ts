// A list the tree reads page by page (keys, webhooks): what is loaded, and whether more remains.
import type { ErrorInfo } from './errorInfo';

export interface PagedList<T> {
  items: T[];
  /** Last page fetched (1-based). */
  page: number;
  pages: number;
  /** Failure of the last "load more", shown as an error node after the items. */
  error?: ErrorInfo;
  /** The last page's items: a next page equal to it (a server that ignores `p`) ends the list. */
  lastPage?: unknown[];
}

export function hasMorePages(list: PagedList<unknown>): boolean {
  return list.page < list.pages;
}
