// POST /api/apis/migrate in its four modes, with failures, skips, abortOnFailure and the
// request validation of migration-mapping.md §8.1.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, type Harness } from './helpers.js';
import { SEED_API_IDS as ID } from '../../../sandbox/src/seed/ids.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const migrate = (body: unknown) => h.call('POST', '/api/apis/migrate', { body });
const apiCount = async () => (await h.call('GET', '/api/apis')).body.apis.length;

test('request validation: mode required and known, apiIDs and all exclusive', async () => {
  for (const body of [{}, { mode: 'sideways', all: true }, { mode: 'dryRun' }, { mode: 'dryRun', all: true, apiIDs: ['x'] }, { mode: 'dryRun', all: 'yes' }]) {
    const r = await migrate(body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.equal(r.body.Status, 'Error');
    assert.equal(r.body.Meta, null);
  }
  assert.equal((await h.call('POST', '/api/apis/migrate', { raw: '{mode' })).status, 400);
});

test('dryRun converts (base with its versions) and stores nothing', async () => {
  const before = await apiCount();
  const r = await migrate({ mode: 'dryRun', apiIDs: [ID.petstoreClassic] });
  assert.equal(r.status, 200);
  assert.equal(r.body.success.count, 1);
  assert.deepEqual(r.body.success.apiIDs, [ID.petstoreClassic]);
  const def = r.body.success.definitions[0];
  assert.equal(def.apiID, ID.petstoreClassic);
  assert.equal(def.baseAPI['x-svc-api-gateway'].info.id, ID.petstoreClassic);
  assert.equal(def.versions.length, 2, 'v2 and v3 become child APIs');
  assert.deepEqual(r.body.stagedAPIs ?? r.body.success.stagedAPIs, []);
  assert.equal(await apiCount(), before);
  assert.equal((await h.call('GET', `/svc/apis/oas/${ID.petstoreClassic}`)).status, 400, 'still classic');
});

test('all: skips with their keys, refusals as failures, abortedOnFailure false', async () => {
  const r = await migrate({ mode: 'dryRun', all: true });
  const keys = Object.fromEntries(r.body.skipped.apis.map((a: any) => [a.apiID, a.key]));
  assert.equal(keys[ID.legacyTcp], 'is_tcp');
  assert.equal(keys[ID.countriesGraphql], 'is_graphql');
  assert.equal(keys[ID.chatWebsocket], 'is_websocket');
  assert.equal(keys[ID.paymentsOas], 'already_migrated');
  assert.equal(keys[ID.ordersStream], 'is_streams');
  assert.equal(r.body.skipped.count, r.body.skipped.apis.length);
  assert.deepEqual(
    r.body.failure.errors.map((e: any) => e.apiID),
    [ID.billingVersioned],
  );
  assert.deepEqual(r.body.failure.errors[0].message, ['not migratable - new versioning is already enabled']);
  assert.equal(r.body.abortedOnFailure, false);
  assert.ok(r.body.success.apiIDs.includes(ID.petstoreClassic) && r.body.success.apiIDs.includes(ID.weatherClassic));
});

test('abortOnFailure stops at the first failure and leaves the rest unreported', async () => {
  const r = await migrate({ mode: 'dryRun', apiIDs: [ID.weatherClassic, ID.billingVersioned, ID.petstoreClassic], abortOnFailure: true });
  assert.equal(r.body.abortedOnFailure, true);
  assert.deepEqual(r.body.success.apiIDs, [ID.weatherClassic]);
  assert.equal(r.body.failure.count, 1);
  const unknown = await migrate({ mode: 'dryRun', apiIDs: ['nope', ID.weatherClassic] });
  assert.deepEqual(unknown.body.failure.errors, [{ apiID: 'nope', message: ['API not found'] }]);
  assert.equal(unknown.body.success.count, 1);
});

test('stage stores an inactive OAS copy; overrideStaged replaces it; promote makes it live', async () => {
  const staged = await migrate({ mode: 'stage', apiIDs: [ID.ordersClassic] });
  assert.equal(staged.body.success.count, 1);
  const pair = staged.body.success.stagedAPIs[0];
  assert.equal(pair.classicAPIID, ID.ordersClassic);
  const copy = await h.call('GET', `/svc/apis/oas/${pair.oasAPIID}`);
  assert.equal(copy.status, 200);
  assert.equal(copy.body['x-svc-api-gateway'].info.state.active, false);
  assert.equal((await h.call('GET', `/svc/apis/${ID.ordersClassic}`)).body.is_oas, undefined, 'classic stays');

  const again = await migrate({ mode: 'stage', apiIDs: [ID.ordersClassic] });
  assert.deepEqual(
    again.body.skipped.apis.map((a: any) => a.key),
    ['already_staged'],
  );
  const count = await apiCount();
  const override = await migrate({ mode: 'stage', apiIDs: [ID.ordersClassic], overrideStaged: true });
  assert.equal(override.body.success.count, 1);
  assert.equal(await apiCount(), count, 'the old copy and its children are replaced, not added to');

  const notStaged = await migrate({ mode: 'promote', apiIDs: [ID.weatherClassic] });
  assert.deepEqual(
    notStaged.body.skipped.apis.map((a: any) => a.key),
    ['not_staged'],
  );
  const promoted = await migrate({ mode: 'promote', apiIDs: [ID.ordersClassic] });
  assert.equal(promoted.body.success.count, 1);
  const live = await h.call('GET', `/svc/apis/oas/${ID.ordersClassic}`);
  assert.equal(live.status, 200, 'the classic id now holds the OAS API');
  assert.equal(live.body['x-svc-api-gateway'].info.name, 'Orders Classic');
  assert.equal(live.body['x-svc-api-gateway'].info.state.active, true);
  assert.equal((await h.call('GET', `/svc/apis/oas/${pair.oasAPIID}`)).status, 404, 'the staged copy is gone');
  const twice = await migrate({ mode: 'promote', apiIDs: [ID.ordersClassic] });
  assert.deepEqual(
    twice.body.skipped.apis.map((a: any) => a.key),
    ['already_migrated'],
  );
});

test('direct replaces the classic API in place and stores the child versions', async () => {
  const before = await apiCount();
  const r = await migrate({ mode: 'direct', apiIDs: [ID.petstoreClassic] });
  assert.equal(r.body.success.count, 1);
  const doc = await h.call('GET', `/svc/apis/oas/${ID.petstoreClassic}`);
  assert.equal(doc.status, 200);
  const versions = doc.body['x-svc-api-gateway'].info.versioning.versions;
  assert.equal(versions.length, 2);
  for (const v of versions) assert.equal((await h.call('GET', `/svc/apis/oas/${v.id}`)).status, 200);
  assert.equal(await apiCount(), before + 2);
  const again = await migrate({ mode: 'direct', apiIDs: [ID.petstoreClassic] });
  assert.deepEqual(
    again.body.skipped.apis.map((a: any) => a.key),
    ['already_migrated'],
  );
});
