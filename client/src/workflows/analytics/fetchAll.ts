// Reads every page of the analytics envelope `{data, pages}` (dashboard paging: `p` 1-based,
// gateway-facts §8.3), reporting progress and stopping when the signal aborts. Free of `vscode`.
import type { AnalyticsEnvelope, AnalyticsRecord } from '../../../../api/src';
import { endsPaging } from '../../../../api/src/paging';

/** Upper bound on pages, so a server that keeps reporting more cannot loop us forever. */
export const MAX_PAGES = 1000;

export interface FetchProgress {
  page: number;
  pages: number;
  records: number;
}

export async function fetchAllPages(
  fetchPage: (p: number, signal?: AbortSignal) => Promise<AnalyticsEnvelope>,
  options: { signal?: AbortSignal; onProgress?: (progress: FetchProgress) => void } = {},
): Promise<AnalyticsRecord[]> {
  const records: AnalyticsRecord[] = [];
  let pages = 1;
  let previous: AnalyticsRecord[] | undefined;
  for (let p = 1; p <= Math.min(pages, MAX_PAGES); p++) {
    options.signal?.throwIfAborted();
    const envelope = await fetchPage(p, options.signal);
    const data = envelope.data ?? [];
    // An empty page, or the previous page again (a server that ignores `p`), ends the walk.
    if (endsPaging(previous, data)) break;
    previous = data;
    records.push(...data);
    pages = typeof envelope.pages === 'number' && envelope.pages > 0 ? envelope.pages : 1;
    options.onProgress?.({ page: p, pages, records: records.length });
  }
  return records;
}
