// A server that ignores `p` (page 2 is page 1 again) or announces pages it does not serve (an
// empty page): "Load more" adds nothing twice, and the tree stops offering more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ExplorerModel } from '../../../client/src/explorer/explorerModel';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import type { ApiSummary, Page, ResourceSource } from '../../../client/src/explorer/resourceSource';

const api = (id: string): ApiSummary => ({ id, kind: 'classic', name: `API ${id}`, listenPath: `/${id}/`, active: true, usesOAuth: false, raw: {} });
const FIRST = [api('c1'), api('c2'), api('c3')];

function setup(listApis: (page: number) => Page<ApiSummary>) {
  const calls: number[] = [];
  const source: ResourceSource = {
    listApis: async (page) => (calls.push(page), listApis(page)),
    listOAuthClients: async () => [],
    listPolicies: async () => [],
    listKeys: async () => ({ items: [], pages: 1 }),
    listWebhooks: async () => ({ items: [], pages: 1 }),
    listExamples: async () => [],
    fetchDocument: async () => ({}),
  };
  const model = new ExplorerModel({ environments: () => [{ name: 'Dev', builtin: false, active: true, tooltip: 'Dev' }], sourceFor: async () => source });
  return { model, calls };
}

async function classicApis(model: ExplorerModel): Promise<{ apis: ExplorerNode; nodes: ExplorerNode[] }> {
  const [env] = await model.children();
  const apis = (await model.children(env)).find((n) => n.type === 'apis')!;
  const classic = (await model.children(apis)).find((n) => n.label === 'Classic APIs')!;
  return { apis, nodes: await model.children(classic) };
}

for (const [name, pageTwo] of [
  ['repeats page 1 (ignores p)', FIRST],
  ['is empty (announced but not served)', []],
] as const) {
  test(`the APIs listing stops when page 2 ${name}: no duplicates, no more "Load more"`, async () => {
    const { model, calls } = setup((page) => ({ items: page === 1 ? FIRST : [...pageTwo], pages: 5 }));
    const before = await classicApis(model);
    assert.equal(before.nodes.filter((n) => n.type === 'api').length, 3);
    const more = before.nodes.find((n) => n.type === 'loadMore');
    assert.ok(more, 'the server announced 5 pages, so the tree offers more at first');
    await model.loadMore(more!);
    const after = await classicApis(model);
    assert.deepEqual(after.nodes.filter((n) => n.type === 'api').map((n) => n.label), ['API c1', 'API c2', 'API c3']);
    assert.equal(after.nodes.some((n) => n.type === 'loadMore'), false);
    assert.equal((await model.children(after.apis)).some((n) => n.type === 'loadMore'), false);
    assert.deepEqual(calls, [1, 2]);
  });
}

test('just inside: a page 2 with new items is added and paging goes on', async () => {
  const { model } = setup((page) => ({ items: page === 1 ? FIRST : page === 2 ? [api('c4')] : [], pages: 3 }));
  const before = await classicApis(model);
  await model.loadMore(before.nodes.find((n) => n.type === 'loadMore')!);
  const after = await classicApis(model);
  assert.equal(after.nodes.filter((n) => n.type === 'api').length, 4);
  assert.ok(after.nodes.some((n) => n.type === 'loadMore'), 'page 3 of 3 is still offered');
});
