// The APIs listing's background loading as the tree relies on it: it stops at its bound with pages
// left and says so ("Load more APIs…" takes over), goes exactly the extra pages further when asked,
// reports its progress after each batch, never loads twice at once, follows a listing that shrank,
// and once cancelled (a refresh replaced it) neither fetches, adds, reports nor records a failure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiListing, type ApiListingProgress } from '../../../client/src/explorer/apiListing';
import type { ApiSummary, Page } from '../../../client/src/explorer/resourceSource';

const api = (id: string): ApiSummary => ({ id, kind: 'classic', name: `API ${id}`, active: true, usesOAuth: false, raw: {} });

interface Server {
  pages: number;
  /** Page numbers that fail once. */
  failOnce?: number[];
  /** Pages wait for this before answering. */
  gate?: Promise<void>;
  /** The page count reported from page 2 on (a listing that shrank meanwhile). */
  laterPages?: number;
}

/** A server that ignores `p=-1` (answers page 1) and has 2 APIs a page. */
function listing(server: Server, maxPages?: number) {
  const calls: number[] = [];
  const progress: ApiListingProgress[] = [];
  const failOnce = new Set(server.failOnce);
  const fetch = async (page: number): Promise<Page<ApiSummary>> => {
    calls.push(page);
    if (page > 1 && server.gate) await server.gate;
    if (failOnce.delete(page)) throw Object.assign(new Error('boom'), { status: 500 });
    const n = page < 0 ? 1 : page;
    const pages = n > 1 && server.laterPages !== undefined ? server.laterPages : server.pages;
    return { items: n <= pages ? [api(`a${n}`), api(`b${n}`)] : [], pages };
  };
  const apis = new ApiListing(fetch, (p) => progress.push(p), maxPages);
  return { apis, calls, progress };
}

test('before its first answer a listing is neither complete nor stopped at its bound', () => {
  const { apis } = listing({ pages: 3 });
  assert.equal(apis.complete, false);
  assert.equal(apis.stoppedAtBound, false);
});

test('loading stops at the bound with pages left and says so; "Load more" goes exactly the extra pages further', async () => {
  const { apis, calls } = listing({ pages: 6 }, 2);
  await apis.start();
  await apis.whenSettled();
  assert.deepEqual(calls, [-1, 2]);
  assert.equal(apis.loaded, 2);
  assert.equal(apis.complete, false);
  assert.equal(apis.stoppedAtBound, true, 'pages 3 to 6 are left');
  await apis.resume(2);
  assert.deepEqual(calls, [-1, 2, 3, 4]);
  assert.equal(apis.stoppedAtBound, true);
  await apis.resume(10);
  assert.equal(apis.loaded, 6);
  assert.equal(apis.complete, true);
  assert.equal(apis.stoppedAtBound, false, 'a complete listing is not stopped at its bound');
  assert.equal(apis.items.length, 12);
});

test('at the bound, resuming without extra pages asks for nothing and reports nothing', async () => {
  const { apis, calls, progress } = listing({ pages: 6 }, 2);
  await apis.start();
  await apis.whenSettled();
  const reported = progress.length;
  await apis.resume();
  assert.deepEqual(calls, [-1, 2]);
  assert.equal(progress.length, reported);
  assert.equal(apis.busy, false);
});

test('"Load more" after a failure below the bound goes past the bound, not past what is loaded', async () => {
  const { apis } = listing({ pages: 20, failOnce: [2] }, 3);
  await apis.start();
  await apis.whenSettled();
  assert.equal(apis.loaded, 1);
  assert.ok(apis.error, 'the failure is kept for the retry');
  assert.equal(apis.stoppedAtBound, false, 'a failure is not the bound');
  await apis.resume(2);
  assert.equal(apis.error, undefined);
  assert.equal(apis.loaded, 5, 'the bound of 3 plus 2 more');
});

test('while pages are loading the listing is busy, not stopped at its bound, and a resume does not ask for them twice', async () => {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const { apis, calls } = listing({ pages: 3, gate }, 3);
  await apis.start();
  assert.equal(apis.busy, true);
  assert.equal(apis.stoppedAtBound, false);
  const again = apis.resume(5);
  open();
  await again;
  await apis.whenSettled();
  assert.deepEqual(calls, [-1, 2, 3]);
  assert.equal(apis.complete, true);
});

test('a listing that shrank while paging ends at the last page the server now reports', async () => {
  const { apis, calls } = listing({ pages: 8, laterPages: 5 });
  await apis.start();
  await apis.whenSettled();
  assert.equal(apis.pages, 5);
  assert.equal(apis.complete, true);
  assert.deepEqual(calls, [-1, 2, 3, 4, 5], 'no page past the new last one is asked for');
  assert.equal(apis.items.length, 10);
});

test('a failure that arrives after the cancel is not recorded (the new listing owns the view)', async () => {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const { apis } = listing({ pages: 3, gate, failOnce: [2] });
  await apis.start();
  apis.cancel();
  open();
  await apis.whenSettled();
  assert.equal(apis.error, undefined);
});

test('a listing complete exactly at its bound, or cancelled there, is not "stopped at the bound" (no "Load more")', async () => {
  const exact = listing({ pages: 2 }, 2);
  await exact.apis.start();
  await exact.apis.whenSettled();
  assert.equal(exact.apis.complete, true);
  assert.equal(exact.apis.stoppedAtBound, false);

  const cancelled = listing({ pages: 5 }, 1);
  await cancelled.apis.start();
  assert.equal(cancelled.apis.stoppedAtBound, true, 'at the bound of 1 with 4 pages left');
  cancelled.apis.cancel();
  assert.equal(cancelled.apis.stoppedAtBound, false);
});
