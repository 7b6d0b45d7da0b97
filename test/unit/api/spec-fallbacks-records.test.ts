// Which dashboard records are classic definitions, which ids a record answers to, and which APIs
// a key's session grants: the rules the spec fallbacks (specFallbacks.ts) decide reads by.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManagementClient, isManagementApiError } from '../../../api/src';
import { findDashboardApi, grantedApiIds, grantedApiOfKey, idsOfRecord, readClassicApi, reloadKnownMissing } from '../../../api/src/specFallbacks';
import type { DashApi } from '../../../api/src/types';
import { configFor, json, startServer } from './servers';

test('a record answers to its API id and database id, classic or OAS; empty or non-text ids are not ids', () => {
  assert.deepEqual(idsOfRecord({ api_definition: { api_id: 'c1', id: 'db1' } } as DashApi), ['c1', 'db1']);
  assert.deepEqual(idsOfRecord({ oas: { 'x-svc-api-gateway': { info: { id: 'o1', dbId: 'dbo1' } } } } as unknown as DashApi), ['o1', 'dbo1']);
  assert.deepEqual(idsOfRecord({ api_definition: { api_id: '', id: 42 } } as unknown as DashApi), []);
  assert.deepEqual(idsOfRecord({} as DashApi), []);
});

test("a key's granted APIs are its access rights' keys; a session without an object of rights grants none", () => {
  assert.deepEqual(grantedApiIds({ access_rights: { a: {}, b: {} } }), ['a', 'b']);
  for (const session of [undefined, null, {}, { access_rights: null }, { access_rights: ['a'] }, { access_rights: 'a' }]) {
    assert.deepEqual(grantedApiIds(session), [], JSON.stringify(session));
  }
});

const RECORDS = [
  { api_definition: { api_id: 'classic', name: 'Classic' } },
  { api_definition: { api_id: 'streams' }, oas: { 'x-svc-streaming': { streams: {} } } },
  { api_definition: { api_id: 'flagged', is_oas: true } },
  { api_definition: { api_id: 'oas' }, oas: { 'x-svc-api-gateway': { info: { id: 'oas' } } } },
];

async function withServer(
  handle: (url: URL) => { status: number; body: unknown } | undefined,
  run: (client: ManagementClient, asked: string[]) => Promise<void>,
) {
  const asked: string[] = [];
  const server = await startServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    const answer = handle(new URL(req.url, 'http://x'));
    if (answer) return json(res, answer.status, answer.body);
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('404 page not found\n');
  });
  try {
    await run(new ManagementClient(configFor(server.url)), asked);
  } finally {
    await server.close();
  }
}

test('only a record without the gateway or streaming extension and not flagged is_oas is read as a classic definition', async () => {
  await withServer(
    (url) => (url.pathname === '/api/apis' ? { status: 200, body: { apis: RECORDS, pages: 1 } } : undefined),
    async (client) => {
      assert.equal((await readClassicApi(client, 'classic'))?.definition.name, 'Classic');
      for (const id of ['streams', 'flagged', 'oas']) assert.equal(await readClassicApi(client, id), undefined, id);
    },
  );
});

test('the record read failing for another reason than a missing endpoint is the failure the user sees (no silent listing)', async () => {
  await withServer(
    (url) => (url.pathname.startsWith('/api/apis/') ? { status: 403, body: { Status: 'Error', Message: 'Forbidden' } } : undefined),
    async (client, asked) => {
      await assert.rejects(findDashboardApi(client, 'c1'), (err: unknown) => isManagementApiError(err) && err.kind !== 'missing-endpoint');
      assert.deepEqual(asked, ['GET /api/apis/c1']);
    },
  );
});

test('a server without the hot reload: unknown until asked, then known missing for the session', async () => {
  await withServer(
    () => undefined,
    async (client) => {
      assert.equal(reloadKnownMissing(client), false);
      await assert.rejects(client.reloadGateway(), (err: unknown) => isManagementApiError(err, 'missing-endpoint'));
      assert.equal(reloadKnownMissing(client), true);
    },
  );
});

test("the API of a key granting none: the first API of the listing's first page; none when the listing holds no APIs", async () => {
  await withServer(
    (url) => {
      if (url.pathname.startsWith('/svc/keys/')) return { status: 200, body: { access_rights: {} } };
      if (url.pathname === '/api/apis') return { status: 200, body: url.searchParams.get('p') === '1' ? { pages: 1 } : { apis: RECORDS } };
      return undefined;
    },
    async (client, asked) => {
      assert.equal(await grantedApiOfKey(client, 'k1'), undefined);
      assert.deepEqual(asked, ['GET /svc/keys/k1', 'GET /api/apis?p=1']);
    },
  );
});

test("a failure of the key read other than a missing endpoint or an unknown key is the user's to see", async () => {
  await withServer(
    (url) => (url.pathname.startsWith('/svc/keys/') ? { status: 500, body: { status: 'error', message: 'boom' } } : undefined),
    async (client) => {
      await assert.rejects(grantedApiOfKey(client, 'k1'), (err: unknown) => isManagementApiError(err, 'server'));
    },
  );
});

test('a credential of blanks only is no credential: the gateway key read is not tried', async () => {
  const asked: string[] = [];
  const server = await startServer((req, res) => {
    asked.push(req.url);
    json(res, 200, { access_rights: { a1: {} } });
  });
  try {
    const client = new ManagementClient(configFor(server.url, { credentials: { gatewaySecret: '   ', dashboardToken: 'token' } }));
    assert.equal(await grantedApiOfKey(client, 'k1'), undefined);
    assert.deepEqual(asked, []);
  } finally {
    await server.close();
  }
});
