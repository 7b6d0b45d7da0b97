// Kind → endpoint routing, no-op/normalised comparison and file naming (pure parts of sync).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalJson, hashDocument, sameDocument } from '../../../client/src/workflows/sync/canonicalJson';
import { copyNameFor, fileNameFor, slugify } from '../../../client/src/workflows/sync/fileNaming';
import { isRefusal, planPush, type PushClient, type RoutingInput } from '../../../client/src/workflows/sync/routing';

/** A client that records which method was called with what. */
function recordingClient() {
  const calls: Array<{ method: string; args: unknown[] }> = [];
  const record =
    (method: string, result: unknown) =>
    async (...args: unknown[]) => {
      calls.push({ method, args });
      return result;
    };
  const client = {
    replaceClassicApi: record('replaceClassicApi', { key: 'a1', status: 'ok', action: 'modified' }),
    updateApi: record('updateApi', { Status: 'OK' }),
    createOasApi: record('createOasApi', { key: 'new-id', status: 'ok', action: 'added' }),
    replaceStreamsApi: record('replaceStreamsApi', { Status: 'OK' }),
    patchStreamsApi: record('patchStreamsApi', { Status: 'OK' }),
    createPolicy: record('createPolicy', { key: 'p1', status: 'ok', action: 'added' }),
    updatePolicy: record('updatePolicy', { key: 'p1', status: 'ok', action: 'modified' }),
    updateKey: record('updateKey', { key_hash: 'h1' }),
    createCustomKey: record('createCustomKey', { key: 'k', key_hash: 'h2', status: 'ok', action: 'added' }),
  } as unknown as PushClient;
  return { client, calls };
}

const both = { gateway: true, dashboard: true };
const classic = { api_id: 'a1', name: 'Petstore', proxy: { listen_path: '/pet/' } };
const record = { api_definition: { api_id: 'a1', name: 'old' }, categories: ['x'] };
const oas = {
  openapi: '3.0.3',
  info: { title: 'P', version: '1' },
  paths: {},
  'x-svc-api-gateway': { info: { id: 'o1', name: 'P', state: { active: true } } },
};

async function route(input: RoutingInput) {
  const plan = planPush(input);
  if (isRefusal(plan)) return { refused: plan.refused };
  const { client, calls } = recordingClient();
  const id = await plan.send(client);
  return { endpoint: plan.endpoint, reloadNeeded: plan.reloadNeeded, operation: plan.operation, id, calls };
}

test('classic: the dashboard record when the dashboard has it, carrying the new api_definition', async () => {
  const r = await route({ kind: 'classic', document: classic, id: 'a1', exists: true, credentials: both, dashboardRecord: record });
  assert.equal(r.endpoint, 'PUT /api/apis/{apiId}');
  assert.equal(r.reloadNeeded, false);
  assert.deepEqual(r.calls?.[0].args.slice(0, 2), ['a1', { api_definition: classic, categories: ['x'] }]);
});

test('classic: the gateway (stored, needs a reload) without a dashboard record or token', async () => {
  for (const credentials of [both, { gateway: true, dashboard: false }]) {
    const r = await route({ kind: 'classic', document: classic, id: 'a1', exists: true, credentials });
    assert.equal(r.endpoint, 'PUT /svc/apis/{apiID}');
    assert.equal(r.reloadNeeded, true);
    assert.equal(r.calls?.[0].method, 'replaceClassicApi');
  }
});

test('classic: refused with the reason when nothing can write it', async () => {
  assert.match(
    (await route({ kind: 'classic', document: classic, id: 'a1', exists: false, credentials: both })).refused!,
    /no endpoint that creates a classic/,
  );
  assert.match(
    (await route({ kind: 'classic', document: classic, id: 'a1', exists: true, credentials: { gateway: false, dashboard: false } })).refused!,
    /gateway secret/,
  );
  assert.match(
    (await route({ kind: 'classic', document: { ...classic, api_id: 'other' }, id: 'a1', exists: true, credentials: { gateway: true, dashboard: false } }))
      .refused!,
    /must equal/,
  );
});

test('OAS: create through POST /svc/apis/oas, as a new version with the query members', async () => {
  const created = await route({ kind: 'oas', document: oas, id: 'o1', exists: false, credentials: both });
  assert.equal(created.endpoint, 'POST /svc/apis/oas');
  assert.equal(created.id, 'new-id');
  const version = await route({
    kind: 'oas',
    document: oas,
    id: 'o1',
    exists: true,
    credentials: both,
    dashboardRecord: record,
    choices: { oasVersion: { baseApiId: 'o1', newVersionName: 'v2', setDefault: true } },
  });
  assert.equal(version.operation, 'create');
  const [body, options] = version.calls![0].args as [typeof oas, Record<string, unknown>];
  assert.equal(body['x-svc-api-gateway'].info.id, undefined, 'a version of the same id is created without that id');
  assert.equal(options.baseApiId, 'o1');
  assert.equal(options.newVersionName, 'v2');
  assert.equal(options.setDefault, true);
});

test('OAS: update through the dashboard record with oas replaced; public documents refused', async () => {
  const updated = await route({ kind: 'oas', document: oas, id: 'o1', exists: true, credentials: both, dashboardRecord: record });
  assert.equal(updated.endpoint, 'PUT /api/apis/{apiId}');
  assert.deepEqual((updated.calls![0].args[1] as { oas: unknown }).oas, oas);
  assert.match(
    (await route({ kind: 'oas', document: oas, id: 'o1', exists: true, credentials: { gateway: true, dashboard: false } })).refused!,
    /dashboard token/,
  );
  const { 'x-svc-api-gateway': _ext, ...plain } = oas;
  assert.match((await route({ kind: 'oas', document: plain, id: 'o1', exists: true, credentials: both, dashboardRecord: record })).refused!, /mode=public/);
});

test('streams: PUT by default, PATCH with the chosen parameters', async () => {
  const doc = { ...oas, 'x-svc-streaming': { streams: {} } };
  const put = await route({ kind: 'streams', document: doc, id: 's1', exists: true, credentials: both });
  assert.equal(put.endpoint, 'PUT /api/apis/streams/{apiId}');
  const patch = await route({
    kind: 'streams',
    document: doc,
    id: 's1',
    exists: true,
    credentials: both,
    choices: { streamsPatch: { listenPath: '/ev/', allowList: true } },
  });
  assert.equal(patch.endpoint, 'PATCH /api/apis/streams/{apiId}');
  assert.deepEqual(patch.calls![0].args[2], { listenPath: '/ev/', allowList: true, signal: undefined });
});

test('policies: PUT when it exists, POST when not; keys: dashboard by hash, gateway with the typed id', async () => {
  assert.equal((await route({ kind: 'policy', document: { id: 'p1' }, id: 'p1', exists: true, credentials: both })).endpoint, 'PUT /svc/policies/{polID}');
  assert.equal((await route({ kind: 'policy', document: { id: 'p1' }, id: 'p1', exists: false, credentials: both })).endpoint, 'POST /svc/policies');
  const key = await route({ kind: 'key', document: { rate: 1 }, id: 'hash1', apiId: 'a1', exists: true, credentials: both });
  assert.equal(key.endpoint, 'PUT /api/apis/{apiID}/keys/{keyID}');
  assert.deepEqual(key.calls![0].args.slice(0, 2), ['a1', 'hash1']);
  assert.equal((key.calls![0].args[3] as { hashed: boolean; suppressReset: boolean }).suppressReset, true, 'the live quota is kept by default');
  const gw = await route({
    kind: 'key',
    document: { rate: 1 },
    id: 'hash1',
    exists: true,
    credentials: { gateway: true, dashboard: false },
    choices: { keyId: 'my-key' },
  });
  assert.equal(gw.endpoint, 'POST /svc/keys/{keyID}');
  assert.equal(gw.calls![0].args[0], 'my-key');
  assert.match((await route({ kind: 'key', document: {}, id: 'h', exists: true, credentials: { gateway: true, dashboard: false } })).refused!, /key id/);
});

test('normalised comparison: member order and volatile members do not count, values do', () => {
  assert.equal(canonicalJson({ b: 1, a: { d: 2, c: [3, { f: 1, e: 2 }] } }), '{"a":{"c":[3,{"e":2,"f":1}],"d":2},"b":1}');
  assert.ok(sameDocument('classic', { a: 1, b: 2 }, { b: 2, a: 1 }));
  assert.ok(!sameDocument('classic', { a: 1 }, { a: 2 }));
  assert.ok(!sameDocument('classic', { a: [1, 2] }, { a: [2, 1] }), 'array order matters');
  assert.ok(sameDocument('key', { rate: 5, quota_remaining: 1, last_updated: 'x' }, { rate: 5, quota_remaining: 9 }));
  assert.ok(!sameDocument('classic', { last_updated: 'x' }, {}), "only the kind's volatile members are ignored");
  assert.equal(hashDocument('policy', { id: 'p', last_updated: '1' }), hashDocument('policy', { id: 'p' }));
  assert.match(hashDocument('oas', {}), /^[0-9a-f]{64}$/);
});

test('file names: readable slug, kind, and a distinct name when taken', () => {
  assert.equal(slugify('Petstore (v2) — Ünïcode!'), 'petstore-v2-unicode');
  assert.equal(slugify('***'), 'unnamed');
  assert.equal(fileNameFor({ kind: 'classic', name: 'Petstore', id: 'a1' }), 'petstore.classic.json');
  assert.equal(fileNameFor({ kind: 'policy', id: 'Gold-Plan' }), 'gold-plan.policy.json');
  const taken = new Set(['petstore.classic.json']);
  assert.equal(
    fileNameFor({ kind: 'classic', name: 'Petstore', id: 'b2' }, (n) => taken.has(n)),
    'petstore-b2.classic.json',
  );
  assert.equal(copyNameFor('petstore.classic.json'), 'petstore.classic.mine.json');
  assert.equal(
    copyNameFor('petstore.classic.json', (n) => n === 'petstore.classic.mine.json'),
    'petstore.classic.mine-2.json',
  );
});
