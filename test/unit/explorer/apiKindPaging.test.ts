// The APIs listing is paged (10 a page) across kinds, and the tree groups it by kind. While
// pages remain, a kind group must not claim a count or emptiness the loaded pages do not prove.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManagementApiError } from '../../../client/src/api/errors';
import { ExplorerModel } from '../../../client/src/explorer/explorerModel';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import type { ApiSummary, ResourceSource } from '../../../client/src/explorer/resourceSource';

const api = (id: string, kind: ApiSummary['kind']): ApiSummary => ({ id, kind, name: `API ${id}`, listenPath: `/${id}/`, active: true, usesOAuth: false, raw: {} });

/** 9 classic and 1 OAS API on page 1; the 2 streams APIs only on page 2 (the lead's case). */
const ALL = [...Array.from({ length: 9 }, (_, i) => api(`c${i + 1}`, 'classic')), api('o1', 'oas'), api('s1', 'streams'), api('s2', 'streams')];

function setup(options: { failPage?: number; apis?: ApiSummary[] } = {}) {
  const all = options.apis ?? ALL;
  const calls: number[] = [];
  let failPage = options.failPage;
  const source: ResourceSource = {
    listApis: async (page) => {
      calls.push(page);
      if (page === failPage) throw new ManagementApiError({ kind: 'server', endpoint: 'GET /api/apis', status: 500, serverMessage: 'boom', hint: 'Try again.' });
      return { items: all.slice((page - 1) * 10, page * 10), pages: Math.ceil(all.length / 10) };
    },
    listOAuthClients: async () => [],
    listPolicies: async () => [],
    listKeys: async () => ({ items: [], pages: 1 }),
    listWebhooks: async () => ({ items: [], pages: 1 }),
    listExamples: async () => [],
    fetchDocument: async () => ({}),
  };
  const model = new ExplorerModel({ environments: () => [{ name: 'Dev', builtin: false, active: true, tooltip: 'Dev' }], sourceFor: async () => source });
  return { model, calls, heal: () => { failPage = undefined; } };
}

async function apisNode(model: ExplorerModel): Promise<ExplorerNode> {
  const [env] = await model.children();
  return (await model.children(env)).find((n) => n.type === 'apis')!;
}

const kindGroups = async (model: ExplorerModel, apis: ExplorerNode) => (await model.children(apis)).filter((n) => n.type === 'apiKind');
const byLabel = (nodes: ExplorerNode[], label: string) => nodes.find((n) => n.label === label)!;

test('with pages left, no kind group claims a total: "N loaded, more on later pages", and an empty one stays expandable', async () => {
  const { model } = setup();
  const apis = await apisNode(model);
  const kinds = await kindGroups(model, apis);
  assert.deepEqual(kinds.map((k) => `${k.label}: ${k.description}`), [
    'Classic APIs: 9 loaded, more on later pages',
    'OAS APIs: 1 loaded, more on later pages',
    'Streams APIs: 0 loaded, more on later pages',
  ]);
  const streams = byLabel(kinds, 'Streams APIs');
  assert.equal(streams.collapsible, 'collapsed', 'streams may be on page 2: the group must be expandable');
  assert.match(String(streams.tooltip).replace(/\\/g, ''), /counted on the loaded pages \(1 of 2\)/);
});

test('an empty kind group with pages left says "none on the loaded pages" and offers the next page inside', async () => {
  const { model, calls } = setup();
  const streams = byLabel(await kindGroups(model, await apisNode(model)), 'Streams APIs');
  const children = await model.children(streams);
  assert.deepEqual(children.map((n) => [n.type, n.label]), [
    ['message', 'None on the loaded pages (1 of 2).'],
    ['loadMore', 'Load more APIs…'],
  ]);
  assert.equal(children.some((n) => n.label === 'None.'), false);
  // Lazy: expanding groups fetched nothing beyond page 1.
  assert.deepEqual(calls, [1]);
});

test('every kind group with pages left ends with "Load more APIs…"; its ids are unique per group', async () => {
  const { model } = setup();
  const apis = await apisNode(model);
  const tails: ExplorerNode[] = [];
  for (const kind of await kindGroups(model, apis)) tails.push((await model.children(kind)).at(-1)!);
  assert.deepEqual(tails.map((n) => n.type), ['loadMore', 'loadMore', 'loadMore']);
  assert.equal(new Set(tails.map((n) => n.id)).size, 3);
  assert.ok(tails.every((n) => n.ownerId === apis.id), 'each pages the APIs listing');
  const classic = await model.children(byLabel(await kindGroups(model, apis), 'Classic APIs'));
  assert.equal(classic.filter((n) => n.type === 'api').length, 9);
});

test('"load more" inside a kind group fetches the next page once and refreshes the APIs node; then counts are totals', async () => {
  const { model, calls } = setup();
  const apis = await apisNode(model);
  const streams = byLabel(await kindGroups(model, apis), 'Streams APIs');
  const more = (await model.children(streams)).find((n) => n.type === 'loadMore')!;
  const owner = await model.loadMore(more);
  assert.equal(owner?.id, apis.id, 'the APIs node is redrawn: every kind count changes');
  assert.deepEqual(calls, [1, 2]);
  const kinds = await kindGroups(model, apis);
  assert.deepEqual(kinds.map((k) => `${k.label}: ${k.description}`), ['Classic APIs: 9', 'OAS APIs: 1', 'Streams APIs: 2']);
  assert.deepEqual((await model.children(byLabel(kinds, 'Streams APIs'))).map((n) => n.label), ['API s1', 'API s2']);
  assert.equal((await model.children(apis)).some((n) => n.type === 'loadMore'), false);
  assert.equal((await model.children(byLabel(kinds, 'Classic APIs'))).some((n) => n.type === 'loadMore'), false);
});

test('once every page is loaded, an empty kind is a real zero: "0", not expandable', async () => {
  const { model } = setup({ apis: [...Array.from({ length: 11 }, (_, i) => api(`c${i + 1}`, 'classic')), api('o1', 'oas')] });
  const apis = await apisNode(model);
  assert.equal(byLabel(await kindGroups(model, apis), 'Streams APIs').collapsible, 'collapsed');
  await model.loadMore((await model.children(apis)).find((n) => n.type === 'loadMore')!);
  const streams = byLabel(await kindGroups(model, apis), 'Streams APIs');
  assert.equal(streams.description, '0');
  assert.equal(streams.collapsible, 'none');
  assert.equal(streams.tooltip, undefined);
});

test('with every page loaded, filter notes and counts are totals', async () => {
  const { model } = setup();
  const apis = await apisNode(model);
  await model.loadMore((await model.children(apis)).find((n) => n.type === 'loadMore')!);
  model.setFilter('s2');
  const kinds = await kindGroups(model, apis);
  assert.deepEqual(kinds.map((k) => k.description), ['0 of 9', '0 of 1', '1 of 2']);
  assert.deepEqual((await model.children(byLabel(kinds, 'Classic APIs'))).map((n) => n.label), ["No match for 's2' (9 hidden)."]);
});

test('a filter with pages left says its "no match" covers the loaded pages only', async () => {
  const { model } = setup();
  model.setFilter('zzz');
  const classic = byLabel(await kindGroups(model, await apisNode(model)), 'Classic APIs');
  assert.equal(classic.description, '0 of 9 loaded, more on later pages');
  assert.deepEqual((await model.children(classic)).map((n) => n.label), ["No match for 'zzz' on the loaded pages (9 hidden).", 'Load more APIs…']);
});

test('a failed "load more" shows under the kind group as an error whose retry reloads the APIs listing', async () => {
  const { model, calls, heal } = setup({ failPage: 2 });
  const apis = await apisNode(model);
  const streams = byLabel(await kindGroups(model, apis), 'Streams APIs');
  await model.loadMore((await model.children(streams)).find((n) => n.type === 'loadMore')!);
  const children = await model.children(streams);
  const error = children.at(-1)!;
  assert.equal(error.type, 'error');
  assert.equal(error.label, 'boom (HTTP 500)');
  assert.equal(error.ownerId, apis.id);
  assert.equal((await model.children(error)).at(-1)?.ownerId, apis.id, 'retry reloads the APIs listing');
  assert.equal(children[0].label, 'None on the loaded pages (1 of 2).');
  heal();
  model.invalidate(apis);
  await kindGroups(model, apis);
  assert.deepEqual(calls, [1, 2, 1]);
});
