// The ids the explorer tree has loaded per environment, as the language server is told them:
// API pages accumulate (partial until every page is in, in any order), a refresh keeps the previous ids until the
// new listing is complete, policies come whole, and only listings pass through the observer.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { LoadedIds } from '../../../client/src/explorer/loadedIds';
import type { ApiSummary, Page, PolicySummary, ResourceSource } from '../../../client/src/explorer/resourceSource';

const apis = (pages: number, ...ids: string[]): Page<ApiSummary> => ({
  pages,
  items: ids.map((id) => ({ kind: 'classic', id, name: `API ${id}`, active: true, usesOAuth: false, raw: {} })),
});
const policies = (...ids: string[]): PolicySummary[] => ids.map((id) => ({ id, name: `Plan ${id}`, active: true, raw: {} }));

test('nothing loaded: no lists (the server then says the environment was not checked)', () => {
  assert.deepEqual(new LoadedIds().of('Staging'), { apiIds: undefined, apiIdsPartial: undefined, policyIds: undefined });
});

test('API pages accumulate, partial until the last page; environments stay apart', () => {
  const loaded = new LoadedIds();
  const changed: string[] = [];
  loaded.onDidChange((env) => changed.push(env));
  loaded.apiPage('Staging', 1, apis(2, 'a', 'b'));
  assert.deepEqual(loaded.of('Staging'), { apiIds: ['a', 'b'], apiIdsPartial: true, policyIds: undefined });
  loaded.apiPage('Staging', 2, apis(2, 'c'));
  assert.deepEqual(loaded.of('Staging'), { apiIds: ['a', 'b', 'c'], apiIdsPartial: false, policyIds: undefined });
  loaded.apiPage('Prod', 1, apis(1, 'p'));
  assert.deepEqual(loaded.of('Prod').apiIds, ['p']);
  assert.deepEqual(loaded.of('Staging').apiIds, ['a', 'b', 'c']);
  assert.deepEqual(changed, ['Staging', 'Staging', 'Prod']);
  // One page of one: complete at once. An empty page ends the listing even if more were announced.
  loaded.apiPage('Solo', 1, apis(1, 's'));
  assert.equal(loaded.of('Solo').apiIdsPartial, false);
  loaded.apiPage('Short', 1, apis(3, 'x'));
  loaded.apiPage('Short', 2, apis(3));
  assert.deepEqual(loaded.of('Short'), { apiIds: ['x'], apiIdsPartial: false, policyIds: undefined });
});

test('as the tree lists them: everything at once (p=-1), or pages out of order, ending early on an empty or repeated page', () => {
  const loaded = new LoadedIds();
  loaded.apiPage('All', -1, apis(1, 'a', 'b', 'c'));
  assert.deepEqual(loaded.of('All'), { apiIds: ['a', 'b', 'c'], apiIdsPartial: false, policyIds: undefined });
  // A server that pages anyway: the first answer is page 1 of 4; pages 2-4 come in parallel.
  loaded.apiPage('Paged', -1, apis(4, 'a'));
  loaded.apiPage('Paged', 3, apis(4, 'c'));
  loaded.apiPage('Paged', 4, apis(4, 'd'));
  assert.deepEqual(loaded.of('Paged'), { apiIds: ['a', 'c', 'd'], apiIdsPartial: true, policyIds: undefined });
  loaded.apiPage('Paged', 2, apis(4, 'b'));
  assert.deepEqual(loaded.of('Paged'), { apiIds: ['a', 'c', 'd', 'b'], apiIdsPartial: false, policyIds: undefined });
  // A page 3 announced but empty, arriving before page 2: complete once page 2 is in.
  loaded.apiPage('Shrunk', -1, apis(3, 'a'));
  loaded.apiPage('Shrunk', 3, apis(3));
  assert.equal(loaded.of('Shrunk').apiIdsPartial, true);
  loaded.apiPage('Shrunk', 2, apis(3, 'b'));
  assert.equal(loaded.of('Shrunk').apiIdsPartial, false);
  // A server ignoring `p` repeats page 1: nothing new, so the listing ends there.
  loaded.apiPage('Deaf', -1, apis(5, 'a', 'b'));
  loaded.apiPage('Deaf', 2, apis(5, 'a', 'b'));
  assert.deepEqual(loaded.of('Deaf'), { apiIds: ['a', 'b'], apiIdsPartial: false, policyIds: undefined });
  // Stopped at the background bound (or failed): still partial, the loaded ids count.
  loaded.apiPage('Big', -1, apis(600, 'a'));
  loaded.apiPage('Big', 2, apis(600, 'b'));
  assert.deepEqual(loaded.of('Big'), { apiIds: ['a', 'b'], apiIdsPartial: true, policyIds: undefined });
});

test('a refresh keeps the previous ids until its listing is complete, then drops the deleted ones', () => {
  const loaded = new LoadedIds();
  loaded.apiPage('Staging', 1, apis(2, 'a', 'b'));
  loaded.apiPage('Staging', 2, apis(2, 'c'));
  loaded.apiPage('Staging', -1, apis(2, 'a'));
  assert.deepEqual(loaded.of('Staging'), { apiIds: ['a', 'b', 'c'], apiIdsPartial: true, policyIds: undefined });
  loaded.apiPage('Staging', 2, apis(2, 'd'));
  assert.deepEqual(loaded.of('Staging'), { apiIds: ['a', 'd'], apiIdsPartial: false, policyIds: undefined });
});

test('the observer reports API pages and policies of its environment, passes everything through, and a failure reports nothing', async () => {
  const loaded = new LoadedIds();
  let fail = false;
  const source: ResourceSource = {
    listApis: (page) => (fail ? Promise.reject(new Error('500')) : Promise.resolve(apis(1, `api-${page}`))),
    listPolicies: () => Promise.resolve(policies('gold', 'silver')),
    listOAuthClients: () => Promise.resolve([]),
    listKeys: () => Promise.resolve({ items: [], pages: 1 }),
    listWebhooks: () => Promise.resolve({ items: [], pages: 1 }),
    listExamples: () => Promise.resolve([]),
    fetchDocument: (ref) => Promise.resolve({ ref }),
  };
  const observed = loaded.observe('Staging', source);
  assert.deepEqual(
    (await observed.listApis(1)).items.map((a) => a.id),
    ['api-1'],
  );
  assert.deepEqual(
    (await observed.listPolicies()).map((p) => p.id),
    ['gold', 'silver'],
  );
  assert.deepEqual(await observed.fetchDocument({ type: 'policy', id: 'gold' }), { ref: { type: 'policy', id: 'gold' } });
  assert.deepEqual(loaded.of('Staging'), { apiIds: ['api-1'], apiIdsPartial: false, policyIds: ['gold', 'silver'] });
  fail = true;
  await assert.rejects(observed.listApis(1), /500/);
  assert.deepEqual(loaded.of('Staging').apiIds, ['api-1']);
  assert.deepEqual(loaded.of('Prod'), { apiIds: undefined, apiIdsPartial: undefined, policyIds: undefined });
});

test('a page that repeats some ids but brings new ones is a real page: the listing stays partial until its last page', () => {
  // Pages shift when an API is added while the tree pages through: page 2 repeats `b` and brings `c`.
  const loaded = new LoadedIds();
  loaded.apiPage('Staging', 1, apis(3, 'a', 'b'));
  loaded.apiPage('Staging', 2, apis(3, 'b', 'c'));
  assert.equal(loaded.of('Staging').apiIdsPartial, true, 'page 3 is still to come');
  loaded.apiPage('Staging', 3, apis(3, 'd'));
  assert.deepEqual(loaded.of('Staging'), { apiIds: ['a', 'b', 'c', 'd'], apiIdsPartial: false, policyIds: undefined });
  // Only a page that brings nothing new ends the listing early (a server ignoring `p`).
  loaded.apiPage('Prod', 1, apis(3, 'a', 'b'));
  loaded.apiPage('Prod', 2, apis(3, 'a', 'b'));
  assert.equal(loaded.of('Prod').apiIdsPartial, false);
});

test('a listing that shrank while the tree paged through it is complete at the last page the server now reports', () => {
  // Page 1 said 4 pages; by page 2 some APIs were deleted and the server says 2 pages.
  const loaded = new LoadedIds();
  loaded.apiPage('Staging', 1, apis(4, 'a', 'b'));
  loaded.apiPage('Staging', 2, apis(2, 'c'));
  assert.deepEqual(loaded.of('Staging'), { apiIds: ['a', 'b', 'c'], apiIdsPartial: false, policyIds: undefined });
});

test('a listener that stopped listening is no longer told of changes; the others still are', () => {
  const loaded = new LoadedIds();
  const told: string[] = [];
  const gone = loaded.onDidChange((env) => told.push(`gone ${env}`));
  loaded.onDidChange((env) => told.push(`kept ${env}`));
  loaded.policyList('Staging', policies('gold'));
  gone.dispose();
  loaded.apiPage('Staging', 1, apis(1, 'a'));
  assert.deepEqual(told, ['gone Staging', 'kept Staging', 'kept Staging']);
});

test('the policy ids handed out are a copy: changing them does not change what the environment has loaded', () => {
  const loaded = new LoadedIds();
  loaded.policyList('Staging', policies('gold', 'silver'));
  loaded.of('Staging').policyIds!.push('forged');
  assert.deepEqual(loaded.of('Staging').policyIds, ['gold', 'silver']);
});

test('the observer hands over OAuth clients, keys, webhooks and examples exactly as the source answered', async () => {
  const loaded = new LoadedIds();
  const asked: string[] = [];
  const source: ResourceSource = {
    listApis: () => Promise.resolve(apis(1)),
    listPolicies: () => Promise.resolve([]),
    listOAuthClients: (apiId) => (asked.push(`clients ${apiId}`), Promise.resolve([{ id: 'client-1' }] as never)),
    listKeys: (page) => (asked.push(`keys ${page}`), Promise.resolve({ items: [{ id: 'key-1' }], pages: 3 } as never)),
    listWebhooks: (page) => (asked.push(`webhooks ${page}`), Promise.resolve({ items: [{ id: 'hook-1' }], pages: 2 } as never)),
    listExamples: () => (asked.push('examples'), Promise.resolve([{ id: 'example-1' }] as never)),
    fetchDocument: () => Promise.resolve({}),
  };
  const observed = loaded.observe('Staging', source);
  assert.deepEqual(await observed.listOAuthClients('api-7'), [{ id: 'client-1' }]);
  assert.deepEqual(await observed.listKeys(2), { items: [{ id: 'key-1' }], pages: 3 });
  assert.deepEqual(await observed.listWebhooks(1), { items: [{ id: 'hook-1' }], pages: 2 });
  assert.deepEqual(await observed.listExamples(), [{ id: 'example-1' }]);
  assert.deepEqual(asked, ['clients api-7', 'keys 2', 'webhooks 1', 'examples']);
  assert.deepEqual(loaded.of('Staging'), { apiIds: undefined, apiIdsPartial: undefined, policyIds: undefined }, 'none of them is a listing of ids');
});
