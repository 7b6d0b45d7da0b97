// Gateway family (/svc/...): classic and OAS-native APIs, reload, keys with the live quota,
// organisation keys, policies and OAuth clients.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, type Harness } from './helpers.js';
import { SEED_API_IDS, SEED_ORG_ID } from '../../../sandbox/src/seed/ids.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

const PETSTORE = SEED_API_IDS.petstoreClassic;

test('GET /svc/apis lists every API as a bare array, OAS ones flagged is_oas', async () => {
  const r = await h.call('GET', '/svc/apis');
  assert.equal(r.status, 200);
  assert.ok(Array.isArray(r.body));
  assert.ok(r.body.length >= 14);
  assert.equal(r.body.find((a: any) => a.api_id === PETSTORE).name, 'Petstore Classic');
  assert.equal(r.body.find((a: any) => a.api_id === SEED_API_IDS.paymentsOas).is_oas, true);
});

test('PUT /svc/apis/{id} stores the definition; it goes live only after GET /svc/reload', async () => {
  const before = (await h.call('GET', `/svc/apis/${PETSTORE}`)).body;
  const changed = { ...before, name: 'Petstore Classic (renamed)' };
  const put = await h.call('PUT', `/svc/apis/${PETSTORE}`, { body: changed });
  assert.equal(put.status, 200);
  assert.deepEqual(put.body, { key: PETSTORE, status: 'ok', action: 'modified' });
  const stored = await h.call('GET', `/svc/apis/${PETSTORE}`);
  assert.equal(stored.body.name, 'Petstore Classic (renamed)');
  assert.equal(stored.headers.get('x-svc-reload-pending'), 'true');
  assert.equal((await h.call('GET', `/svc/apis/${PETSTORE}?state=live`)).body.name, 'Petstore Classic');
  const reload = await h.call('GET', '/svc/reload');
  assert.deepEqual(reload.body, { status: 'ok', message: '' });
  assert.equal((await h.call('GET', `/svc/apis/${PETSTORE}?state=live`)).body.name, 'Petstore Classic (renamed)');
  assert.equal((await h.call('GET', `/svc/apis/${PETSTORE}`)).headers.get('x-svc-reload-pending'), 'false');
});

test('PUT /svc/apis/{id} refuses a body whose api_id differs, unknown ids and OAS APIs', async () => {
  const mismatch = await h.call('PUT', `/svc/apis/${PETSTORE}`, { body: { api_id: 'other', name: 'x' } });
  assert.equal(mismatch.status, 400);
  assert.equal(mismatch.body.message, 'Request APIID does not match that in Definition! For Update operations these must match.');
  const missing = await h.call('PUT', '/svc/apis/nope', { body: { api_id: 'nope', name: 'x' } });
  assert.deepEqual([missing.status, missing.body.message], [404, 'API not found']);
  const oas = await h.call('PUT', `/svc/apis/${SEED_API_IDS.paymentsOas}`, { body: { api_id: SEED_API_IDS.paymentsOas, name: 'x' } });
  assert.equal(oas.status, 400);
  assert.match(oas.body.message, /only supports Svc Classic APIs/);
  const bad = await h.call('PUT', `/svc/apis/${PETSTORE}`, { body: [1] });
  assert.equal(bad.status, 400);
  assert.equal((await h.call('GET', '/svc/apis/nope')).status, 404);
});

test('POST /svc/apis creates a classic API (reference extension) and generates an empty id', async () => {
  const versions = { not_versioned: true, versions: { Default: { name: 'Default' } } };
  const r = await h.call('POST', '/svc/apis', {
    body: { name: 'Created', proxy: { listen_path: '/created/', target_url: 'http://x' }, version_data: versions },
  });
  assert.equal(r.status, 200);
  assert.equal(r.body.action, 'added');
  assert.match(r.body.key, /^[0-9a-f]{32}$/);
  assert.equal((await h.call('GET', `/svc/apis/${r.body.key}`)).body.name, 'Created');
  const invalid = await h.call('POST', '/svc/apis', { body: { proxy: 5 } });
  assert.deepEqual([invalid.status, invalid.body.message], [400, 'Validation of API Definition failed. Reason: proxy: must be object,null.']);
  // No member is required (the gateway never runs the classic schema; the editor only warns).
  const bare = await h.call('POST', '/svc/apis', { body: { proxy: { listen_path: '/bare/' } } });
  assert.deepEqual([bare.status, bare.body.action], [200, 'added']);
  assert.equal((await h.call('GET', `/svc/apis/${bare.body.key}`)).body.proxy.listen_path, '/bare/');
});

test('GET /svc/apis/oas/{id} returns the document; mode=public strips the extension', async () => {
  const full = await h.call('GET', `/svc/apis/oas/${SEED_API_IDS.paymentsOas}`);
  assert.equal(full.status, 200);
  assert.ok(full.body['x-svc-api-gateway']);
  const pub = await h.call('GET', `/svc/apis/oas/${SEED_API_IDS.paymentsOas}?mode=public`);
  assert.equal(pub.body['x-svc-api-gateway'], undefined);
  assert.equal(pub.body.info.title, 'Payments');
  const classic = await h.call('GET', `/svc/apis/oas/${PETSTORE}`);
  assert.equal(classic.status, 400);
  assert.match(classic.body.message, /classic format/);
  assert.equal((await h.call('GET', '/svc/apis/oas/nope')).status, 404);
});

function oasDoc(name: string, listen: string): any {
  return {
    openapi: '3.0.3',
    info: { title: name, version: '1' },
    paths: {},
    'x-svc-api-gateway': { info: { name, state: { active: true } }, upstream: { url: 'http://up' }, server: { listenPath: { value: listen } } },
  };
}

test('POST /svc/apis/oas creates an API and links versions with the versioning parameters', async () => {
  const base = await h.call('POST', '/svc/apis/oas', { body: oasDoc('Base', '/base/') });
  assert.equal(base.status, 200);
  assert.equal(base.body.action, 'added');
  const baseId = base.body.key;

  const noName = await h.call('POST', `/svc/apis/oas?base_api_id=${baseId}`, { body: oasDoc('V2', '/v2/') });
  assert.deepEqual([noName.status, noName.body.message], [422, 'The new version name is required']);
  const noBaseName = await h.call('POST', `/svc/apis/oas?base_api_id=${baseId}&new_version_name=v2`, { body: oasDoc('V2', '/v2/') });
  assert.equal(noBaseName.status, 400);
  assert.equal(noBaseName.body.message, `you need to provide a version name for the new Base API: ${baseId}`);
  const unknown = await h.call('POST', '/svc/apis/oas?base_api_id=nope&new_version_name=v2', { body: oasDoc('V2', '/v2/') });
  assert.deepEqual([unknown.status, unknown.body.message], [400, 'nope is not a valid Base API version']);

  const v2 = await h.call('POST', `/svc/apis/oas?base_api_id=${baseId}&base_api_version_name=v1&new_version_name=v2&set_default=true`, {
    body: oasDoc('V2', '/v2/'),
  });
  assert.equal(v2.status, 200);
  const versioning = (await h.call('GET', `/svc/apis/oas/${baseId}`)).body['x-svc-api-gateway'].info.versioning;
  assert.equal(versioning.enabled, true);
  assert.equal(versioning.name, 'v1');
  assert.equal(versioning.default, 'v2');
  assert.deepEqual(versioning.versions, [{ id: v2.body.key, name: 'v2' }]);

  const v3 = await h.call('POST', `/svc/apis/oas?base_api_id=${baseId}&new_version_name=v3`, { body: oasDoc('V3', '/v3/') });
  assert.equal(v3.status, 200);
  const after = (await h.call('GET', `/svc/apis/oas/${baseId}`)).body['x-svc-api-gateway'].info.versioning;
  assert.equal(after.default, 'v2', 'set_default absent keeps the default');
  assert.equal(after.versions.length, 2);
});

test('POST /svc/apis/oas refuses a body without the extension or with schema errors', async () => {
  const plain = await h.call('POST', '/svc/apis/oas', { body: { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: {} } });
  assert.deepEqual([plain.status, plain.body.message], [400, 'the payload should contain x-svc-api-gateway']);
  const doc = oasDoc(' ', '/x/');
  const invalid = await h.call('POST', '/svc/apis/oas', { body: doc });
  assert.equal(invalid.status, 400);
  assert.match(invalid.body.message, /x-svc-api-gateway\.info\.name/);
});

test('POST /svc/keys/{id} resets the live quota unless suppress_reset=1; hashed=true keeps the name as hash', async () => {
  const session = { quota_max: 100, quota_remaining: 40, quota_renewal_rate: 3600, access_rights: {} };
  const created = await h.call('POST', '/svc/keys/custom-key-1', { body: session });
  assert.equal(created.status, 200);
  assert.equal(created.body.action, 'added');
  assert.equal(created.body.key, 'custom-key-1');
  assert.notEqual(created.body.key_hash, 'custom-key-1');
  assert.equal((await h.call('GET', '/svc/keys/custom-key-1')).body.quota_remaining, 100, 'reset to quota_max');

  // A seeded key has used part of its quota: re-import it with and without suppress_reset.
  const keyId = (await h.call('GET', '/api/keys')).body.data.keys[0];
  const seeded = (await h.call('GET', `/svc/keys/${keyId}`)).body;
  assert.ok(seeded.quota_remaining < seeded.quota_max);
  await h.call('POST', `/svc/keys/${keyId}?suppress_reset=1`, { body: seeded });
  assert.equal((await h.call('GET', `/svc/keys/${keyId}`)).body.quota_remaining, seeded.quota_remaining);
  await h.call('POST', `/svc/keys/${keyId}`, { body: seeded });
  assert.equal((await h.call('GET', `/svc/keys/${keyId}`)).body.quota_remaining, seeded.quota_max);

  const hashed = await h.call('POST', '/svc/keys/abcdef0123456789?hashed=true', { body: {} });
  assert.equal(hashed.body.key_hash, 'abcdef0123456789');
  assert.equal((await h.call('POST', '/svc/keys/k', { raw: 'nope' })).status, 400);
  assert.equal((await h.call('GET', '/svc/keys/missing')).status, 404);
});

test('POST /svc/org/keys/{org} resets the organisation quota only with reset_quota=1', async () => {
  const current = (await h.call('GET', `/svc/org/keys/${SEED_ORG_ID}`)).body;
  assert.ok(current.quota_remaining < current.quota_max);
  const kept = await h.call('POST', `/svc/org/keys/${SEED_ORG_ID}`, { body: { quota_max: current.quota_max } });
  assert.deepEqual(kept.body, { key: SEED_ORG_ID, status: 'ok', action: 'added' });
  assert.equal((await h.call('GET', `/svc/org/keys/${SEED_ORG_ID}`)).body.quota_remaining, current.quota_remaining);
  await h.call('POST', `/svc/org/keys/${SEED_ORG_ID}?reset_quota=1`, { body: { quota_max: current.quota_max } });
  assert.equal((await h.call('GET', `/svc/org/keys/${SEED_ORG_ID}`)).body.quota_remaining, current.quota_max);
  const unknown = await h.call('POST', '/svc/org/keys/no-such-org', { body: {} });
  assert.deepEqual([unknown.status, unknown.body.message], [404, 'No such organisation found in Active API list']);
});

test('writes the editor marks as errors are refused with the same validator; warnings are not', async () => {
  const versions = { not_versioned: true, versions: { Default: { name: 'Default' } } };
  const classic = { name: 'Typed', proxy: { listen_path: '/typed/', target_url: 'http://x' }, version_data: versions };
  const wrongType = await h.call('POST', '/svc/apis', { body: { ...classic, api_id: 'typed-1', use_keyless: 'yes' } });
  assert.deepEqual([wrongType.status, wrongType.body.message], [400, 'Validation of API Definition failed. Reason: use_keyless: must be boolean.']);
  const authOff = { ...classic, api_id: 'typed-2', use_standard_auth: true, auth_configs: { authToken: { disable_header: true } } };
  const refused = await h.call('POST', '/svc/apis', { body: authOff });
  assert.equal(refused.status, 400);
  assert.match(refused.body.message, /All auth sources are disabled for `authToken`/);
  // An unknown member and a null the gateway takes are warnings/hints in the editor: accepted.
  const accepted = await h.call('POST', '/svc/apis', {
    body: { ...classic, api_id: 'typed-3', custom_thing: 1, proxy: { ...classic.proxy, transport: null } },
  });
  assert.equal(accepted.status, 200);
  const badKey = await h.call('POST', '/svc/keys/typed-key', { body: { rate: 'fast', access_rights: {} } });
  // A wrongly typed session member is refused by the decoder step first, as the reference's decoder would.
  assert.deepEqual([badKey.status, badKey.body.message], [400, 'Request malformed: rate must be a number, got the string "fast".']);
  const nullKey = await h.call('POST', '/svc/keys/typed-key', { body: { rate: null, per: 60, access_rights: {} } });
  assert.equal(nullKey.status, 200);
  const badPolicy = await h.call('POST', '/svc/policies', { body: { id: 'typed-plan', per: 'minute' } });
  assert.deepEqual([badPolicy.status, badPolicy.body.message], [400, 'Request malformed. Reason: per: must be number.']);
});

test('policies: list, create, update, and the reference errors', async () => {
  const list = await h.call('GET', '/svc/policies');
  assert.ok(Array.isArray(list.body) && list.body.some((p: any) => p.id === 'gold-plan'));
  const created = await h.call('POST', '/svc/policies', { body: { id: 'new-plan', name: 'New', rate: 5, per: 1 } });
  assert.deepEqual(created.body, { key: 'new-plan', status: 'ok', action: 'added' });
  const updated = await h.call('PUT', '/svc/policies/new-plan', { body: { id: 'new-plan', name: 'Newer' } });
  assert.equal(updated.body.action, 'modified');
  assert.equal((await h.call('GET', '/svc/policies')).body.find((p: any) => p.id === 'new-plan').name, 'Newer');
  assert.equal((await h.call('POST', '/svc/policies', { body: { name: 'no id' } })).body.message, 'Unable to create policy without id.');
  assert.match((await h.call('POST', '/svc/policies', { body: { id: 'bad id!' } })).body.message, /^Invalid Policy ID/);
  assert.equal((await h.call('PUT', '/svc/policies/missing', { body: {} })).status, 404);
  assert.equal((await h.call('PUT', '/svc/policies/new-plan', { body: { id: 'other' } })).status, 400);
});

test('OAuth clients: one by API and client id, and the list of an API (extension)', async () => {
  const list = await h.call('GET', `/svc/oauth/clients/${SEED_API_IDS.partnerOauth}`);
  assert.equal(list.body.length, 3);
  const one = await h.call('GET', `/svc/oauth/clients/${SEED_API_IDS.partnerOauth}/partner-portal`);
  assert.equal(one.status, 200);
  assert.equal(one.body.client_id, 'partner-portal');
  assert.ok(one.body.secret.length >= 16);
  const missing = await h.call('GET', `/svc/oauth/clients/${SEED_API_IDS.partnerOauth}/nope`);
  assert.deepEqual([missing.status, missing.body.message], [404, 'OAuth Client ID not found']);
  assert.equal((await h.call('GET', '/svc/oauth/clients/nope')).status, 404);
});
