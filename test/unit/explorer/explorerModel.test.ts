import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManagementApiError } from '../../../api/src/errors';
import { ExplorerModel, type EnvironmentEntry } from '../../../client/src/explorer/explorerModel';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import type { ApiSummary, Page, ResourceSource, WebhookSummary } from '../../../client/src/explorer/resourceSource';

const api = (id: string, kind: ApiSummary['kind'], active = true, usesOAuth = false): ApiSummary => ({
  id,
  kind,
  name: `API ${id}`,
  listenPath: `/${id}/`,
  active,
  usesOAuth,
  raw: {},
});
const hook = (i: number): WebhookSummary => ({ id: `h${i}`, name: `Hook ${i}`, method: 'POST', targetPath: `http://t/${i}`, raw: {} });

/** A page as the spec's servers answer: `p` below zero is every item at once. */
function pageOf<T>(all: T[], page: number, size = 10): Page<T> {
  if (page < 0) return { items: all, pages: 1 };
  return { items: all.slice((page - 1) * size, page * size), pages: Math.max(1, Math.ceil(all.length / size)) };
}

const missing = (endpoint: string) => new ManagementApiError({ kind: 'missing-endpoint', endpoint, status: 404, hint: 'This server does not offer it.' });

function fakeSource(overrides: Partial<ResourceSource> = {}): ResourceSource & { calls: string[] } {
  const calls: string[] = [];
  const hooks = Array.from({ length: 25 }, (_, i) => hook(i + 1));
  const apis = [api('a1', 'classic', true, true), api('a2', 'oas', false), api('a3', 'streams'), api('b4', 'classic')];
  return {
    calls,
    listApis: async (p) => (calls.push(`apis ${p}`), pageOf(apis, p, 3)),
    listOAuthClients: async (id) => (calls.push(`oauth ${id}`), [{ id: 'client-1', apiId: id, raw: {} }]),
    listPolicies: async () => (
      calls.push('policies'),
      [
        { id: 'p1', name: 'Gold', active: true, raw: {} },
        { id: 'p2', name: 'Silver', active: false, raw: {} },
      ]
    ),
    listKeys: async () => {
      calls.push('keys');
      throw missing('GET /api/keys');
    },
    listWebhooks: async (p) => (calls.push(`hooks ${p}`), pageOf(hooks, p)),
    listExamples: async () => (calls.push('examples'), [{ location: 'udg/vat', name: 'VAT checker', raw: {} }]),
    fetchDocument: async () => ({}),
    ...overrides,
  };
}

function setup(source: ResourceSource | (() => Promise<ResourceSource>)) {
  const envs: EnvironmentEntry[] = [{ name: 'Dev', builtin: false, active: true, tooltip: 'Dev' }];
  const results: [string, unknown][] = [];
  const model = new ExplorerModel({
    environments: () => envs,
    sourceFor: typeof source === 'function' ? source : async () => source,
    onLoadResult: (env, err) => results.push([env, err]),
  });
  return { model, results };
}

async function child(model: ExplorerModel, parent: ExplorerNode | undefined, label: string): Promise<ExplorerNode> {
  const children = await model.children(parent);
  const found = children.find((c) => c.label === label);
  assert.ok(found, `no child '${label}' among ${children.map((c) => c.label).join(', ')}`);
  return found;
}

test('an environment lists its groups; APIs are grouped by kind with listen path and state', async () => {
  const { model } = setup(fakeSource());
  const env = await child(model, undefined, 'Dev');
  assert.equal(env.type, 'environment');
  assert.deepEqual(
    (await model.children(env)).map((n) => n.label),
    ['APIs', 'Policies', 'Keys', 'Webhooks', 'Examples'],
  );
  const apis = await child(model, env, 'APIs');
  const apisChildren = await model.children(apis);
  // Every API at once (`p=-1`): the counts are true totals, and nothing needs "Load more".
  assert.deepEqual(
    apisChildren.map((n) => `${n.label} ${n.description}`),
    ['Classic APIs 2', 'OAS APIs 1', 'Streams APIs 1'],
  );
  const oas = await model.children(apisChildren[1]);
  assert.equal(oas[0].label, 'API a2');
  assert.equal(oas[0].description, '/a2/ · inactive');
  assert.equal(oas[0].iconColor, 'disabledForeground');
  assert.deepEqual(oas[0].resource, { type: 'api', kind: 'oas', id: 'a2' });
});

test('"load more" appends the next page without fetching the first again', async () => {
  const source = fakeSource();
  const { model } = setup(source);
  const env = await child(model, undefined, 'Dev');
  const hooks = await child(model, env, 'Webhooks');
  let nodes = await model.children(hooks);
  assert.equal(nodes.filter((n) => n.type === 'webhook').length, 10);
  const more = nodes.at(-1)!;
  assert.equal(more.type, 'loadMore');
  await model.loadMore(more);
  nodes = await model.children(hooks);
  assert.equal(nodes.filter((n) => n.type === 'webhook').length, 20);
  await model.loadMore(nodes.at(-1)!);
  nodes = await model.children(hooks);
  assert.equal(nodes.filter((n) => n.type === 'webhook').length, 25);
  assert.equal(
    nodes.some((n) => n.type === 'loadMore'),
    false,
  );
  assert.deepEqual(
    source.calls.filter((c) => c.startsWith('hooks')),
    ['hooks 1', 'hooks 2', 'hooks 3'],
  );
});

test('a listing the server lacks becomes an explanation and an "Open Key by ID" node, not an error', async () => {
  const { model, results } = setup(fakeSource());
  const keys = await child(model, await child(model, undefined, 'Dev'), 'Keys');
  const nodes = await model.children(keys);
  assert.deepEqual(
    nodes.map((n) => n.type),
    ['message', 'openKeyById'],
  );
  assert.match(nodes[0].label, /does not list keys/);
  assert.equal(results.length, 0);
});

test('a failure becomes an error node with message, hint and retry; retry loads again', async () => {
  let fail = true;
  const source = fakeSource({
    listPolicies: async () => {
      if (fail)
        throw new ManagementApiError({
          kind: 'auth',
          endpoint: 'GET /svc/policies',
          status: 403,
          serverMessage: 'Attempted administrative access with invalid or missing key!',
          hint: 'Check the gateway secret.',
        });
      return [{ id: 'p1', name: 'Gold', active: true, raw: {} }];
    },
  });
  const { model, results } = setup(source);
  const policies = await child(model, await child(model, undefined, 'Dev'), 'Policies');
  const [error] = await model.children(policies);
  assert.equal(error.type, 'error');
  assert.equal(error.label, 'Attempted administrative access with invalid or missing key! (HTTP 403)');
  assert.equal(error.description, 'GET /svc/policies');
  assert.match(String(error.tooltip), /Check the gateway secret/);
  const errorChildren = await model.children(error);
  assert.deepEqual(
    errorChildren.map((n) => [n.type, n.label]),
    [
      ['message', 'Check the gateway secret.'],
      ['retry', 'Retry'],
    ],
  );
  assert.equal(errorChildren[1].ownerId, policies.id);
  assert.equal((results[0][1] as ManagementApiError).kind, 'auth');
  fail = false;
  model.invalidate(policies);
  assert.deepEqual(
    (await model.children(policies)).map((n) => n.label),
    ['Gold'],
  );
});

test('an environment that may not be contacted shows one error node instead of its groups', async () => {
  const { model } = setup(async () => {
    throw Object.assign(new Error("No request is sent to 'Dev': this workspace is not trusted."), { hint: 'Trust the workspace.' });
  });
  const [error] = await model.children(await child(model, undefined, 'Dev'));
  assert.equal(error.type, 'error');
  assert.match(error.label, /not trusted/);
  assert.equal(error.description, 'Trust the workspace.');
});

test('the filter keeps matching resources, says how many it hides, and clears', async () => {
  const { model } = setup(fakeSource());
  const env = await child(model, undefined, 'Dev');
  const policies = await child(model, env, 'Policies');
  model.setFilter('gol');
  assert.deepEqual(
    (await model.children(policies)).map((n) => n.label),
    ['Gold'],
  );
  model.setFilter('zzz');
  assert.deepEqual(
    (await model.children(policies)).map((n) => n.label),
    ["No match for 'zzz' (2 hidden)."],
  );
  model.setFilter('');
  assert.equal((await model.children(policies)).length, 2);
  model.setFilter('a1');
  const kinds = await model.children(await child(model, env, 'APIs'));
  assert.deepEqual(
    kinds.slice(0, 2).map((k) => k.description),
    ['1 of 2', '0 of 1'],
  );
});

test('only APIs that use OAuth expand to their OAuth clients; listings load once until refreshed', async () => {
  const source = fakeSource();
  const { model } = setup(source);
  const env = await child(model, undefined, 'Dev');
  const classic = await child(model, await child(model, env, 'APIs'), 'Classic APIs');
  const [withOAuth, next] = await model.children(classic);
  assert.equal(withOAuth.collapsible, 'collapsed');
  assert.equal(next.collapsible, 'none'); // b4 uses no OAuth
  assert.deepEqual(
    (await model.children(withOAuth)).map((n) => n.label),
    ['client-1'],
  );
  await model.children(withOAuth);
  assert.equal(source.calls.filter((c) => c.startsWith('oauth')).length, 1);
  assert.equal(source.calls.filter((c) => c === 'apis -1').length, 1);
  model.invalidate(env);
  await model.children(await child(model, env, 'APIs'));
  assert.equal(source.calls.filter((c) => c === 'apis -1').length, 2);
});

test('a filter over a paged listing with pages left says its "no match" covers the loaded pages only', async () => {
  const { model } = setup(fakeSource());
  const hooks = await child(model, await child(model, undefined, 'Dev'), 'Webhooks');
  model.setFilter('zzz');
  assert.deepEqual(
    (await model.children(hooks)).map((n) => n.label),
    ["No match for 'zzz' on the loaded pages (10 hidden).", 'Load more webhooks…'],
  );
});

test('a refresh keeps what was loaded: as many pages again, and a new item shows', async () => {
  const hooks = Array.from({ length: 25 }, (_, i) => hook(i + 1));
  const calls: string[] = [];
  const source = fakeSource({ listWebhooks: async (p) => (calls.push(`hooks ${p}`), pageOf(hooks, p)) });
  const { model } = setup(source);
  const env = await child(model, undefined, 'Dev');
  const group = await child(model, env, 'Webhooks');
  await model.loadMore((await model.children(group)).at(-1)!);
  assert.equal((await model.children(group)).filter((n) => n.type === 'webhook').length, 20);
  // A push or create refreshes: the new hook (sorted first by the server) shows, the 20 stay.
  hooks.unshift(hook(99));
  model.invalidate();
  const again = await model.children(await child(model, await child(model, undefined, 'Dev'), 'Webhooks'));
  const shown = again.filter((n) => n.type === 'webhook').map((n) => n.label);
  assert.equal(shown.length, 20);
  assert.equal(shown[0], 'Hook 99');
  assert.equal(again.filter((n) => n.type === 'loadMore').length, 1, 'one "Load more", not one per refresh');
  assert.deepEqual(calls, ['hooks 1', 'hooks 2', 'hooks 1', 'hooks 2']);
});
