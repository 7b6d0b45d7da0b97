// The APIs listing is paged (10 a page) across kinds, and the tree groups it by kind. A group
// counts only once every page is in: the model asks for everything (`p=-1`); a server that pages
// anyway gets its further pages fetched in the background (bounded, cancelled by a refresh), and
// until they are in a group says "loading…"/"not loaded yet" without a number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManagementApiError } from '../../../api/src/errors';
import { ApiListing } from '../../../client/src/explorer/apiListing';
import { ExplorerModel } from '../../../client/src/explorer/explorerModel';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import type { ApiSummary, Page, ResourceSource } from '../../../client/src/explorer/resourceSource';

const api = (id: string, kind: ApiSummary['kind']): ApiSummary => ({
  id,
  kind,
  name: `API ${id}`,
  listenPath: `/${id}/`,
  active: true,
  usesOAuth: false,
  raw: {},
});

/** 9 classic and 1 OAS API on page 1; the 2 streams APIs only on page 2 (the lead's case). */
const ALL = [...Array.from({ length: 9 }, (_, i) => api(`c${i + 1}`, 'classic')), api('o1', 'oas'), api('s1', 'streams'), api('s2', 'streams')];

interface Options {
  /** The server honours `p=-1` (the spec); otherwise it answers page 1 for it. */
  honoursAll?: boolean;
  failPage?: number;
  apis?: ApiSummary[];
  /** Pages wait for this before answering (to look at the tree mid-way). */
  gate?: Promise<void>;
}

function setup(options: Options = {}) {
  const all = options.apis ?? ALL;
  const calls: number[] = [];
  const changed: string[] = [];
  const settled: Array<Promise<void>> = [];
  let failPage = options.failPage;
  const pageOf = (page: number): Page<ApiSummary> => ({ items: all.slice((page - 1) * 10, page * 10), pages: Math.ceil(all.length / 10) });
  const source: ResourceSource = {
    listApis: async (page) => {
      calls.push(page);
      if (page > 1 && options.gate) await options.gate;
      if (page === failPage)
        throw new ManagementApiError({ kind: 'server', endpoint: 'GET /api/apis', status: 500, serverMessage: 'boom', hint: 'Try again.' });
      if (page < 0) return options.honoursAll ? { items: all, pages: 1 } : pageOf(1);
      return pageOf(page);
    },
    listOAuthClients: async () => [],
    listPolicies: async () => [],
    listKeys: async () => ({ items: [], pages: 1 }),
    listWebhooks: async () => ({ items: [], pages: 1 }),
    listExamples: async () => [],
    fetchDocument: async () => ({}),
  };
  const model = new ExplorerModel({
    environments: () => [{ name: 'Dev', builtin: false, active: true, tooltip: 'Dev' }],
    sourceFor: async () => source,
    onDidChange: (id) => changed.push(id),
    onBackgroundLoad: (_env, done) => settled.push(done),
  });
  return {
    model,
    calls,
    changed,
    settled,
    heal: () => {
      failPage = undefined;
    },
    all,
  };
}

async function apisNode(model: ExplorerModel): Promise<ExplorerNode> {
  const [env] = await model.children();
  return (await model.children(env)).find((n) => n.type === 'apis')!;
}

const kindGroups = async (model: ExplorerModel, apis: ExplorerNode) => (await model.children(apis)).filter((n) => n.type === 'apiKind');
const byLabel = (nodes: ExplorerNode[], label: string) => nodes.find((n) => n.label === label)!;
const described = (nodes: ExplorerNode[]) => nodes.map((k) => `${k.label}: ${k.description}`);

test('a server that honours p=-1 answers once and every group counts its true total', async () => {
  const { model, calls, settled } = setup({ honoursAll: true });
  const kinds = await kindGroups(model, await apisNode(model));
  assert.deepEqual(described(kinds), ['Classic APIs: 9', 'OAS APIs: 1', 'Streams APIs: 2']);
  assert.deepEqual(calls, [-1]);
  assert.equal(settled.length, 0, 'no background loading');
});

test('a server that pages anyway: while pages load, no group claims a number; then the streams group holds 2', async () => {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const { model, calls, changed, settled } = setup({ gate });
  const apis = await apisNode(model);
  const during = await kindGroups(model, apis);
  assert.deepEqual(described(during), ['Classic APIs: loading… (page 1 of 2)', 'OAS APIs: loading… (page 1 of 2)', 'Streams APIs: loading… (page 1 of 2)']);
  assert.equal(byLabel(during, 'Streams APIs').collapsible, 'collapsed', 'streams may be on page 2: expandable');
  assert.deepEqual(
    (await model.children(byLabel(during, 'Streams APIs'))).map((n) => n.label),
    ['Loading the other APIs… (page 1 of 2)'],
  );
  assert.equal(settled.length, 1, 'the view is told to show progress');
  open();
  await settled[0];
  assert.ok(changed.includes(apis.id), 'the APIs node is redrawn when the pages are in');
  const after = await kindGroups(model, apis);
  assert.deepEqual(described(after), ['Classic APIs: 9', 'OAS APIs: 1', 'Streams APIs: 2']);
  assert.deepEqual(
    (await model.children(byLabel(after, 'Streams APIs'))).map((n) => n.label),
    ['API s1', 'API s2'],
  );
  assert.deepEqual(calls, [-1, 2]);
  assert.ok(!(await model.children(apis)).some((n) => n.type === 'loadMore'), 'no "Load more" anywhere');
});

test('with every page in, an empty kind is a real zero: "0", not expandable', async () => {
  const { model, settled } = setup({ apis: ALL.filter((a) => a.kind !== 'streams').concat([api('c10', 'classic'), api('c11', 'classic')]) });
  const apis = await apisNode(model);
  await kindGroups(model, apis);
  await Promise.all(settled);
  const streams = byLabel(await kindGroups(model, apis), 'Streams APIs');
  assert.equal(streams.description, '0');
  assert.equal(streams.collapsible, 'none');
});

test('the filter searches every API, including those of the last page', async () => {
  const many = Array.from({ length: 2000 }, (_, i) => api(`api-${i}`, i % 3 === 0 ? 'oas' : 'classic'));
  const { model, settled } = setup({ apis: many });
  const apis = await apisNode(model);
  await kindGroups(model, apis);
  await Promise.all(settled);
  model.setFilter('api-1999');
  const kinds = await kindGroups(model, apis);
  assert.deepEqual(described(kinds), ['Classic APIs: 1 of 1333', 'OAS APIs: 0 of 667', 'Streams APIs: 0']);
  assert.deepEqual(
    (await model.children(byLabel(kinds, 'Classic APIs'))).map((n) => n.label),
    ['API api-1999'],
  );
  assert.equal((await model.allApis('Dev')).length, 2000);
});

test('a failure in the background shows as an error node on the APIs group; its retry loads again', async () => {
  const { model, settled, heal } = setup({ failPage: 2 });
  const apis = await apisNode(model);
  await kindGroups(model, apis);
  await Promise.all(settled);
  const children = await model.children(apis);
  assert.deepEqual(
    described(children.filter((n) => n.type === 'apiKind')).map((d) => d.split(': ')[1]),
    ['not loaded yet', 'not loaded yet', 'not loaded yet'],
  );
  const error = children.find((n) => n.type === 'error')!;
  assert.match(error.label, /^boom/);
  assert.equal(error.ownerId, apis.id, 'the retry reloads the APIs listing');
  heal();
  model.invalidate(apis);
  await kindGroups(model, apis);
  await Promise.all(settled);
  assert.deepEqual(described(await kindGroups(model, apis)), ['Classic APIs: 9', 'OAS APIs: 1', 'Streams APIs: 2']);
});

test('the background loading is bounded; "Load more APIs…" goes further, once, on the APIs group only', async () => {
  const pages: number[] = [];
  const all = Array.from({ length: 45 }, (_, i) => api(`a${i}`, 'classic'));
  const listing = new ApiListing(
    async (p) => (pages.push(p), p < 0 ? { items: all.slice(0, 10), pages: 5 } : { items: all.slice((p - 1) * 10, p * 10), pages: 5 }),
    undefined,
    3,
  );
  await listing.start();
  await listing.whenSettled();
  assert.deepEqual(pages, [-1, 2, 3]);
  assert.equal(listing.items.length, 30);
  assert.ok(listing.stoppedAtBound && !listing.complete);
  await listing.resume(50);
  assert.ok(listing.complete);
  assert.equal(listing.items.length, 45);
});

test('a refresh cancels the background loading of the listing it replaces', async () => {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const many = Array.from({ length: 50 }, (_, i) => api(`a${i}`, 'classic'));
  const { model, calls, settled } = setup({ apis: many, gate });
  const apis = await apisNode(model);
  await kindGroups(model, apis);
  model.invalidate(apis);
  open();
  await settled[0];
  // Page 2 goes alone (api/src/listingWalk.ts: a server that ignores `p` costs one request), then 4 at most in flight.
  assert.deepEqual(calls, [-1, 2], 'the cancelled listing stopped after the page in flight');
});

test('a server that refuses p=-1 with 400 is paged from page 1', async () => {
  const pages: number[] = [];
  const listing = new ApiListing(async (p) => {
    pages.push(p);
    if (p < 0) throw new ManagementApiError({ kind: 'bad-request', endpoint: 'GET /api/apis', status: 400, hint: '' });
    return { items: [api(`x${p}`, 'oas')], pages: 2 };
  });
  await listing.start();
  await listing.whenSettled();
  assert.deepEqual(pages, [-1, 1, 2]);
  assert.deepEqual(
    listing.items.map((a) => a.id),
    ['x1', 'x2'],
  );
});

test('a server that refuses p=-1 with 422 is paged from page 1 too; any other refusal is the listing’s failure', async () => {
  const refusing = (status: number, kind: 'bad-request' | 'forbidden' | 'server') => {
    const pages: number[] = [];
    const listing = new ApiListing(async (p) => {
      pages.push(p);
      if (p < 0) throw new ManagementApiError({ kind, endpoint: 'GET /api/apis', status, hint: '' });
      return { items: [api(`x${p}`, 'oas')], pages: 1 };
    });
    return { pages, listing };
  };
  const unprocessable = refusing(422, 'bad-request');
  await unprocessable.listing.start();
  await unprocessable.listing.whenSettled();
  assert.deepEqual(unprocessable.pages, [-1, 1]);
  assert.deepEqual(
    unprocessable.listing.items.map((a) => a.id),
    ['x1'],
  );
  // Just outside: 403 and 500 are not "this server pages differently"; they reach the user.
  for (const [status, kind] of [
    [403, 'forbidden'],
    [500, 'server'],
  ] as const) {
    const other = refusing(status, kind);
    await assert.rejects(other.listing.start(), (err: { status?: number }) => err.status === status);
    assert.deepEqual(other.pages, [-1], `${status}: page 1 is not tried`);
  }
});
