// A server that ignores `p` (page 2 is page 1 again) or announces pages it does not serve (an
// empty page): the APIs listing (ApiListing, which the tree, the filter and "Open API by Name…"
// read) adds nothing twice and stops asking.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiListing, ALL_PAGES } from '../../../client/src/explorer/apiListing';
import type { ApiSummary, Page } from '../../../client/src/explorer/resourceSource';

const api = (id: string): ApiSummary => ({ id, kind: 'classic', name: `API ${id}`, listenPath: `/${id}/`, active: true, usesOAuth: false, raw: {} });
const FIRST = [api('c1'), api('c2'), api('c3')];

async function listing(listApis: (page: number) => Page<ApiSummary>) {
  const calls: number[] = [];
  const apis = new ApiListing(async (page) => (calls.push(page), listApis(page)));
  await apis.start();
  await apis.whenSettled();
  return { apis, calls };
}

for (const [name, pageTwo] of [
  ['repeats page 1 (ignores p)', FIRST],
  ['is empty (announced but not served)', []],
] as const) {
  test(`the APIs listing stops when page 2 ${name}: no duplicates, no more pages asked for`, async () => {
    // p=-1 is ignored too: the first answer is page 1 of 50.
    const { apis, calls } = await listing((page) => ({ items: page === 1 || page === ALL_PAGES ? FIRST : [...pageTwo], pages: 50 }));
    assert.deepEqual(
      apis.items.map((a) => a.name),
      ['API c1', 'API c2', 'API c3'],
    );
    assert.equal(apis.complete, true, 'nothing more to load: no "Load more", groups may count');
    // Pages 2–5 are asked in one parallel batch at most; nothing after the stop (not 49 more).
    assert.ok(calls.length <= 1 + 4, calls.join(','));
    assert.equal(calls[0], ALL_PAGES);
  });
}

test('just inside: a page 2 with new items is added and paging goes on to page 3', async () => {
  const { apis, calls } = await listing((page) => ({
    items: page === 1 || page === ALL_PAGES ? FIRST : page === 2 ? [api('c4')] : page === 3 ? [api('c5')] : [],
    pages: 3,
  }));
  assert.deepEqual(
    apis.items.map((a) => a.id),
    ['c1', 'c2', 'c3', 'c4', 'c5'],
  );
  assert.deepEqual(calls, [ALL_PAGES, 2, 3]);
  assert.equal(apis.complete, true);
});

test('a page that overlaps an earlier one by some items (an API created meanwhile) still adds its new ones', async () => {
  const { apis } = await listing((page) => ({ items: page === ALL_PAGES || page === 1 ? FIRST : page === 2 ? [api('c3'), api('c4')] : [], pages: 2 }));
  assert.deepEqual(
    apis.items.map((a) => a.id),
    ['c1', 'c2', 'c3', 'c4'],
  );
});
