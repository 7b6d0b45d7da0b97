// Paging through a dashboard list whatever the server does with `p`: the walk stops at the last
// page the server announces (a number of at least 1), at an empty page, at a page repeating the one
// before, at the first item looked for, and at the hard bound against a server inventing pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectPages, endsPaging, type FetchedPage } from '../../../api/src/paging';

/** A server of `pages` pages with 2 items each, announcing `announced` (or nothing). */
function server(pages: number, announced?: unknown) {
  const asked: number[] = [];
  const fetch = async (p: number): Promise<FetchedPage<string>> => {
    asked.push(p);
    return { items: p <= pages ? [`a${p}`, `b${p}`] : [], ...(announced === undefined ? {} : { pages: announced as number }) };
  };
  return { asked, fetch };
}

test('the walk stops at the last page the server announces, even when it would answer further pages', async () => {
  const { asked, fetch } = server(5, 3);
  assert.deepEqual(await collectPages(fetch), ['a1', 'b1', 'a2', 'b2', 'a3', 'b3']);
  assert.deepEqual(asked, [1, 2, 3]);
});

test('a server announcing one page is asked for one page only', async () => {
  const { asked, fetch } = server(5, 1);
  assert.deepEqual(await collectPages(fetch), ['a1', 'b1']);
  assert.deepEqual(asked, [1]);
});

test('without a usable page count (none, 0, or written as text) the walk goes on to the first empty page', async () => {
  for (const announced of [undefined, 0, '1']) {
    const { asked, fetch } = server(3, announced);
    assert.equal((await collectPages(fetch)).length, 6, `pages ${JSON.stringify(announced)}`);
    assert.deepEqual(asked, [1, 2, 3, 4], `pages ${JSON.stringify(announced)}`);
  }
});

test('a page without an items list ends the walk and adds nothing', async () => {
  const all = await collectPages(async (p) => (p === 1 ? { items: ['x'] } : ({} as FetchedPage<string>)));
  assert.deepEqual(all, ['x']);
});

test('a server that invents pages forever is asked exactly up to the bound', async () => {
  const asked: number[] = [];
  const all = await collectPages(async (p) => (asked.push(p), { items: [`item ${p}`] }), { maxPages: 7 });
  assert.equal(asked.length, 7);
  assert.equal(all.length, 7);
});

test('a page repeating the one before ends the walk (a server ignoring p); the first page is never a repeat', () => {
  assert.equal(endsPaging(undefined, ['a']), false);
  assert.equal(endsPaging(['a'], ['a']), true);
  assert.equal(endsPaging(['a'], ['b']), false);
  assert.equal(endsPaging(['a'], []), true);
  assert.equal(endsPaging(undefined, []), true);
});
