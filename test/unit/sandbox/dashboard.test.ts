// Dashboard (/api/...) and admin (/admin/...) families: API records, streams, keys, users,
// webhooks, analytics, the org key update, and paging with `p`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, STREAMS, type Harness } from './helpers.js';
import { SEED_API_IDS, SEED_ORG_ID } from '../../../sandbox/src/seed/ids.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

test('GET /api/apis pages by 10 and tells classic, OAS and streams apart', async () => {
  const all = await h.call('GET', '/api/apis');
  assert.equal(all.body.pages, 1);
  const total = all.body.apis.length;
  assert.ok(total > 10);
  const p1 = await h.call('GET', '/api/apis?p=1');
  const p2 = await h.call('GET', '/api/apis?p=2');
  assert.equal(p1.body.apis.length, 10);
  assert.equal(p2.body.apis.length, total - 10);
  assert.equal(p1.body.pages, Math.ceil(total / 10));
  assert.deepEqual((await h.call('GET', '/api/apis?p=9')).body.apis, []);
  assert.equal((await h.call('GET', '/api/apis?p=-1')).body.apis.length, total);
  const byId = (id: string) => all.body.apis.find((a: any) => a.api_definition.api_id === id);
  assert.equal(byId(SEED_API_IDS.petstoreClassic).oas, undefined);
  assert.ok(byId(SEED_API_IDS.paymentsOas).oas['x-svc-api-gateway']);
  assert.equal(byId(SEED_API_IDS.paymentsOas).oas['x-svc-streaming'], undefined);
  assert.ok(byId(SEED_API_IDS.ordersStream).oas['x-svc-streaming']);
});

test('GET and PUT /api/apis/{id}: StatusResult, live at once, reference errors', async () => {
  const record = (await h.call('GET', `/api/apis/${SEED_API_IDS.weatherClassic}`)).body;
  assert.equal(record.api_definition.name, 'Weather Classic');
  record.api_definition.name = 'Weather (edited)';
  const put = await h.call('PUT', `/api/apis/${SEED_API_IDS.weatherClassic}`, { body: record });
  assert.deepEqual(put.body, { Status: 'OK', Message: 'API modified', Meta: null, ID: SEED_API_IDS.weatherClassic });
  assert.equal((await h.call('GET', `/svc/apis/${SEED_API_IDS.weatherClassic}?state=live`)).body.name, 'Weather (edited)');
  // by database id too
  assert.equal((await h.call('GET', `/api/apis/${record.api_definition.id}`)).body.api_definition.name, 'Weather (edited)');

  const wrongDb = structuredClone(record);
  wrongDb.api_definition.id = '000000000000000000000000';
  assert.deepEqual([(await h.call('PUT', `/api/apis/${SEED_API_IDS.weatherClassic}`, { body: wrongDb })).status], [400]);
  const clash = structuredClone(record);
  clash.api_definition.proxy.listen_path = '/orders/';
  const dup = await h.call('PUT', `/api/apis/${SEED_API_IDS.weatherClassic}`, { body: clash });
  assert.deepEqual([dup.status, dup.body.Message], [403, 'Found API with same url.']);
  const missing = await h.call('PUT', '/api/apis/nope', { body: record });
  assert.deepEqual([missing.status, missing.body.Message], [404, 'API definition does not exist']);
  assert.deepEqual((await h.call('GET', '/api/apis/nope')).status, 400);
  assert.equal((await h.call('PUT', `/api/apis/${SEED_API_IDS.weatherClassic}`, { body: { api_definition: 3 } })).status, 400);
});

test('PUT /api/apis/{id} may change the api_id (self-hosted rule)', async () => {
  const record = (await h.call('GET', `/api/apis/${SEED_API_IDS.chatWebsocket}`)).body;
  record.api_definition.api_id = 'chat-renamed';
  const put = await h.call('PUT', `/api/apis/${SEED_API_IDS.chatWebsocket}`, { body: record });
  assert.equal(put.status, 200);
  assert.equal((await h.call('GET', '/api/apis/chat-renamed')).status, 200);
  assert.equal((await h.call('GET', `/api/apis/${SEED_API_IDS.chatWebsocket}`)).status, 400);
  record.api_definition.api_id = SEED_API_IDS.petstoreClassic;
  assert.equal((await h.call('PUT', '/api/apis/chat-renamed', { body: record })).status, 409);
});

test('streams: GET needs the media type, PUT and PATCH update with StatusResult', async () => {
  const id = SEED_API_IDS.ordersStream;
  const got = await h.call('GET', `/api/apis/streams/${id}`, { headers: { Accept: STREAMS } });
  assert.equal(got.status, 200);
  assert.match(got.headers.get('content-type') ?? '', /application\/vnd\.svc\.streams\.oas/);
  assert.ok(got.body['x-svc-streaming'].streams.orders);
  assert.equal((await h.call('GET', `/api/apis/streams/${id}`)).status, 406);
  assert.equal((await h.call('GET', `/api/apis/streams/${SEED_API_IDS.paymentsOas}`, { headers: { Accept: STREAMS } })).status, 400);

  const doc = got.body;
  doc['x-svc-streaming'].streams.orders.output = { http_server: { ws_path: '/live' } };
  const put = await h.call('PUT', `/api/apis/streams/${id}`, { body: doc, headers: { 'Content-Type': STREAMS } });
  assert.deepEqual([put.status, put.body.Message], [200, 'API updated.']);
  assert.equal((await h.call('PUT', `/api/apis/streams/${id}`, { body: doc })).status, 415);
  const empty = await h.call('PUT', `/api/apis/streams/${id}`, { body: { openapi: '3.0.3' }, headers: { 'Content-Type': STREAMS } });
  assert.deepEqual([empty.status, empty.body.Message], [400, 'The payload should contain x-svc-api-gateway and/or x-svc-streaming.']);
  assert.equal((await h.call('PUT', '/api/apis/streams/nope', { body: doc, headers: { 'Content-Type': STREAMS } })).status, 404);

  const patchDoc = {
    openapi: '3.0.3',
    info: { title: 'Order events', version: '2' },
    paths: { '/in': { post: { operationId: 'publish', requestBody: { content: { 'application/json': {} } }, responses: { '200': { description: 'ok' } } } } },
  };
  const patch = await h.call(
    'PATCH',
    `/api/apis/streams/${id}?listenPath=/events-v2/&customDomain=events.example.com&allowList=true&validateRequest=true&authentication=false`,
    { body: patchDoc, headers: { 'Content-Type': STREAMS } },
  );
  assert.equal(patch.status, 200);
  const after = (await h.call('GET', `/api/apis/streams/${id}`, { headers: { Accept: STREAMS } })).body;
  const ext = after['x-svc-api-gateway'];
  assert.equal(after.info.version, '2');
  assert.equal(ext.server.listenPath.value, '/events-v2/');
  assert.deepEqual(ext.server.customDomain, { enabled: true, name: 'events.example.com' });
  assert.equal(ext.server.authentication.enabled, false);
  assert.equal(ext.middleware.operations.publish.allow.enabled, true);
  assert.deepEqual(ext.middleware.operations.publish.validateRequest, { enabled: true, errorResponseCode: 422 });
  assert.ok(after['x-svc-streaming'].streams.orders, 'streams kept when the body leaves them out');
  const missing = await h.call('PATCH', '/api/apis/streams/nope', { body: patchDoc, headers: { 'Content-Type': STREAMS } });
  assert.deepEqual([missing.status, missing.body.Message], [404, 'API not found.']);
});

test('keys: list paged, get and update with KeyResult, lookup flags, suppress_reset', async () => {
  const list = await h.call('GET', '/api/keys?p=1');
  assert.equal(list.body.data.keys.length, 10);
  assert.equal(list.body.pages, 2);
  const all = (await h.call('GET', '/api/keys?p=-1')).body.data.keys;
  assert.ok(all.length > 10);

  const api = SEED_API_IDS.petstoreClassic;
  const keyId = all[0];
  const got = await h.call('GET', `/api/apis/${api}/keys/${keyId}`);
  assert.equal(got.status, 200);
  assert.equal(got.body.key_id, keyId);
  assert.equal(got.body.data.key_id, keyId);
  assert.deepEqual(Object.keys(got.body).sort(), ['api_model', 'data', 'key_hash', 'key_id']);
  const used = got.body.data.quota_remaining;
  assert.ok(used < got.body.data.quota_max);

  // hashed / auto_guess: the hash finds the key only when the client says it may be a hash
  const hash = got.body.key_hash;
  assert.equal((await h.call('GET', `/api/apis/${api}/keys/${hash}`)).status, 404);
  assert.equal((await h.call('GET', `/api/apis/${api}/keys/${hash}?hashed=1`)).body.key_id, keyId);
  assert.equal((await h.call('GET', `/api/apis/${api}/keys/${hash}?auto_guess=true`)).body.key_id, keyId);
  assert.equal((await h.call('GET', `/api/apis/${api}/keys/alice?username=true`)).body.key_id, `${SEED_ORG_ID}alice`);
  assert.equal((await h.call('GET', `/api/apis/${api}/keys/alice`)).status, 404);

  const session = { ...got.body.data, alias: 'renamed' };
  const kept = await h.call('PUT', `/api/apis/${api}/keys/${keyId}?suppress_reset=1`, { body: session });
  assert.equal(kept.body.data.alias, 'renamed');
  assert.equal(kept.body.data.quota_remaining, used);
  const reset = await h.call('PUT', `/api/apis/${api}/keys/${keyId}`, { body: session });
  assert.equal(reset.body.data.quota_remaining, session.quota_max);

  assert.equal((await h.call('PUT', `/api/apis/${api}/keys/nope`, { body: {} })).body.Message, 'Could not retrieve key detail.');
  assert.equal(
    (await h.call('PUT', `/api/apis/${api}/keys/${keyId}`, { body: 'text' })).body.Message,
    'User/Key object validation failed, most likely malformed input.',
  );
  assert.equal((await h.call('GET', `/api/apis/nope/keys/${keyId}`)).status, 404);
});

test('POST /api/keys/{id} creates a custom key (KeyResult) and refuses a duplicate', async () => {
  const created = await h.call('POST', '/api/keys/my-custom-key', { body: { quota_max: 10, access_rights: {} } });
  assert.equal(created.status, 200);
  assert.equal(created.body.key_id, 'my-custom-key');
  assert.equal(created.body.data.quota_remaining, 10);
  assert.ok((await h.call('GET', '/api/keys')).body.data.keys.includes('my-custom-key'));
  assert.equal((await h.call('POST', '/api/keys/my-custom-key', { body: {} })).status, 409);
  assert.equal((await h.call('POST', '/api/keys/other', { body: [] })).status, 400);
});

test('users: create with StatusResult, required members, duplicate email, list', async () => {
  const user = { first_name: 'Katherine', last_name: 'Johnson', email_address: 'kj@example.com', user_permissions: { apis: 'read' } };
  const created = await h.call('POST', '/api/users', { body: user });
  assert.equal(created.status, 200);
  assert.equal(created.body.Status, 'OK');
  assert.equal(created.body.Message, 'User and session have been created');
  assert.match(created.body.Meta, /^[0-9a-f]{24}$/);
  const dup = await h.call('POST', '/api/users', { body: user });
  assert.deepEqual([dup.status, dup.body.Message], [403, 'User email already exists for this org.']);
  const invalid = await h.call('POST', '/api/users', { body: { first_name: 'x' } });
  assert.deepEqual([invalid.status, invalid.body.Message], [400, 'User object validation failed.']);
  const list = await h.call('GET', '/api/users');
  assert.ok(list.body.users.some((u: any) => u.email_address === 'kj@example.com'));
});

test('webhooks: list paged with p (below zero returns all), one by id', async () => {
  const all = await h.call('GET', '/api/hooks?p=-1');
  assert.equal(all.body.hooks.length, 12);
  assert.equal(all.body.pages, 1);
  const p1 = await h.call('GET', '/api/hooks?p=1');
  const p2 = await h.call('GET', '/api/hooks?p=2');
  assert.deepEqual([p1.body.hooks.length, p2.body.hooks.length, p1.body.pages], [10, 2, 2]);
  const one = await h.call('GET', `/api/hooks/${p2.body.hooks[0].id}`);
  assert.equal(one.body.name, p2.body.hooks[0].name);
  assert.ok(one.body.method && one.body.target_path);
  const missing = await h.call('GET', '/api/hooks/nope');
  assert.deepEqual([missing.status, missing.body.Message], [400, 'Could not retrieve webhook detail.']);
});

test('analytics per OAuth client over a date range, paged', async () => {
  const path = '/api/activity/oauthid/partner-portal/1/1/2000/31/12/2999';
  const all = await h.call('GET', path);
  assert.ok(all.body.data.length > 10);
  const record = all.body.data[0];
  assert.equal(record.id.key, 'partner-portal');
  assert.ok(record.hits >= record.success);
  const p1 = await h.call('GET', `${path}?p=1`);
  assert.equal(p1.body.data.length, 10);
  assert.equal(p1.body.pages, Math.ceil(all.body.data.length / 10));
  const today = new Date();
  const d = today.getUTCDate(),
    m = today.getUTCMonth() + 1,
    y = today.getUTCFullYear();
  const oneDay = await h.call('GET', `/api/activity/oauthid/partner-portal/${d}/${m}/${y}/${d}/${m}/${y}`);
  assert.ok(oneDay.body.data.every((r: any) => r.id.day === d && r.id.month === m && r.id.year === y));
  assert.deepEqual((await h.call('GET', '/api/activity/oauthid/partner-portal/1/1/1990/2/1/1990')).body, { data: null, pages: 0 });
  assert.equal((await h.call('GET', '/api/activity/oauthid/partner-portal/31/2/2024/1/3/2024')).status, 400);
  assert.equal((await h.call('GET', '/api/activity/oauthid/partner-portal/2/1/2024/1/1/2024')).status, 400);
});

test('PUT /admin/org/keys/{id} updates the org key with StatusResult', async () => {
  const ok = await h.call('PUT', `/admin/org/keys/${SEED_ORG_ID}`, { body: { quota_max: 5 } });
  assert.deepEqual([ok.status, ok.body.Status, ok.body.Message], [200, 'OK', 'Key updated']);
  assert.equal((await h.call('GET', `/svc/org/keys/${SEED_ORG_ID}`)).body.quota_max, 5);
  const missing = await h.call('PUT', '/admin/org/keys/nope', { body: {} });
  assert.deepEqual([missing.status, missing.body.Message], [404, "Org key doesn't exist"]);
  const moved = await h.call('PUT', `/admin/org/keys/${SEED_ORG_ID}`, { body: { org_id: 'other' } });
  assert.deepEqual([moved.status, moved.body.Message], [500, 'Updating orgID of org key is not allowed']);
  assert.equal((await h.call('PUT', `/admin/org/keys/${SEED_ORG_ID}`, { raw: '{' })).status, 400);
});
