// The one walk through a paged listing (api/src/listingWalk.ts, issue 32), shared by the tree and
// by pull/diff: everything at once where `p=-1` is honoured, else the server's own pages (page 2
// alone, then at most PARALLEL_PAGES in flight), each id once, ending at the announced last page,
// an empty page or a page with nothing new; a lookup stops at the page that holds its match.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ListingWalk, PARALLEL_PAGES } from '../../../api/src/listingWalk';
import { ManagementApiError } from '../../../api/src';
import type { FetchedPage } from '../../../api/src/paging';

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `a${from + i}`);

/** A server of `total` items, 10 a page; `honours` decides whether `p=-1` answers everything. */
function server(total: number, options: { honours: boolean; delayMs?: number }) {
  const calls: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = async (p: number): Promise<FetchedPage<string>> => {
    calls.push(p);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 1));
    inFlight--;
    const pages = Math.ceil(total / 10);
    if (p < 0 && options.honours) return { items: ids(1, total), pages: 1 };
    const page = p < 1 ? 1 : p;
    return { items: ids((page - 1) * 10 + 1, Math.min(total, page * 10)).filter(() => page <= pages), pages };
  };
  return { calls, fetch, maxInFlight: () => maxInFlight };
}

const walk = (fetch: (p: number) => Promise<FetchedPage<string>>, until?: (id: string) => boolean) => new ListingWalk(fetch, { idOf: (id) => id, until });

test('a server that honours p=-1: one request, every item', async () => {
  const s = server(95, { honours: true });
  assert.deepEqual(await walk(s.fetch).all(), ids(1, 95));
  assert.deepEqual(s.calls, [-1]);
});

test('a server that pages anyway: page 2 alone, then at most PARALLEL_PAGES in flight, items in page order', async () => {
  const s = server(95, { honours: false, delayMs: 5 });
  assert.deepEqual(await walk(s.fetch).all(), ids(1, 95));
  assert.deepEqual(s.calls, [-1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.equal(s.maxInFlight(), PARALLEL_PAGES);
});

test('a server that ignores p (the same page every time): two requests, each item once', async () => {
  const calls: number[] = [];
  const fetch = (p: number) => (calls.push(p), Promise.resolve({ items: ids(1, 10), pages: 40 }));
  assert.deepEqual(await walk(fetch).all(), ids(1, 10));
  assert.deepEqual(calls, [-1, 2]);
});

test('p=-1 answered whole but with pages announced: one more request, nothing twice', async () => {
  const calls: number[] = [];
  const fetch = (p: number) => (calls.push(p), Promise.resolve(p < 0 ? { items: ids(1, 25), pages: 3 } : { items: ids(p * 10 - 9, p * 10), pages: 3 }));
  assert.deepEqual(await walk(fetch).all(), ids(1, 25));
  assert.deepEqual(calls, [-1, 2]);
});

for (const [what, error] of [
  ['refused with 400', new ManagementApiError({ kind: 'bad-request', endpoint: 'GET /api/apis', status: 400, hint: '' })],
  ['too large for one answer', new ManagementApiError({ kind: 'too-large', endpoint: 'GET /api/apis', hint: '' })],
] as const) {
  test(`p=-1 ${what}: paged from page 1`, async () => {
    const s = server(25, { honours: false });
    const fetch = (p: number) => (p < 0 ? (s.calls.push(p), Promise.reject(error)) : s.fetch(p));
    assert.deepEqual(await walk(fetch).all(), ids(1, 25));
    assert.deepEqual(s.calls, [-1, 1, 2, 3]);
  });
}

test('another failure of p=-1 is the failure of the walk', async () => {
  const error = new ManagementApiError({ kind: 'server', endpoint: 'GET /api/apis', status: 500, hint: '' });
  await assert.rejects(walk(() => Promise.reject(error)).all(), error);
});

test('a failure on a later page fails the whole listing (all), after what is in flight', async () => {
  const error = new ManagementApiError({ kind: 'unreachable', endpoint: 'GET /api/apis', hint: '' });
  const s = server(95, { honours: false });
  const fetch = (p: number) => (p === 6 ? Promise.reject(error) : s.fetch(p));
  await assert.rejects(walk(fetch).all(), error);
});

test('a lookup stops at the page that holds its match', async () => {
  const s = server(95, { honours: false });
  const found = await walk(s.fetch, (id) => id === 'a23').all();
  assert.ok(found.includes('a23'));
  assert.deepEqual(s.calls, [-1, 2, 3, 4, 5, 6], 'page 3 holds it: the pages already in flight with it are the last');
  const honoured = server(95, { honours: true });
  await walk(honoured.fetch, (id) => id === 'a90').all();
  assert.deepEqual(honoured.calls, [-1]);
});
