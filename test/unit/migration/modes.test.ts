// migration-mapping.md §8.1, §8.2, §8.4, §8.5: request parsing, response building, stage and
// promote helpers, and the local preview.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addFailure,
  addSkipped,
  addSuccess,
  classicIdOfStaged,
  emptyMigrateResponse,
  parseMigrateRequest,
  previewMigration,
  promote,
  stagedApiId,
  stagedApiName,
  toStaged,
} from '../../../migration/src/index.js';
import { classic, ext, migrate } from './helpers.js';

test('§8.1 a valid request is normalised', () => {
  assert.deepEqual(parseMigrateRequest({ mode: 'stage', apiIDs: ['a'], overrideStaged: true }), {
    ok: true,
    request: { mode: 'stage', apiIDs: ['a'], abortOnFailure: false, overrideStaged: true },
  });
  assert.deepEqual(parseMigrateRequest({ mode: 'dryRun', all: true, abortOnFailure: true }), {
    ok: true,
    request: { mode: 'dryRun', all: true, abortOnFailure: true, overrideStaged: false },
  });
});

test('§8.1 invalid requests give a 400 message', () => {
  const message = (body: unknown) => {
    const r = parseMigrateRequest(body);
    return r.ok ? 'ok' : r.message;
  };
  assert.equal(message('nope'), 'request body must be a JSON object');
  assert.equal(message({ all: true }), 'mode is required');
  assert.equal(message({ mode: 'fast', all: true }), 'mode must be one of dryRun, stage, promote, direct');
  assert.equal(message({ mode: 'dryRun', all: true, apiIDs: ['a'] }), 'apiIDs and all cannot be combined');
  assert.equal(message({ mode: 'dryRun' }), 'either apiIDs or all is required');
  assert.equal(message({ mode: 'dryRun', all: false }), 'either apiIDs or all is required');
  assert.equal(message({ mode: 'dryRun', apiIDs: [1] }), 'apiIDs must be a list of strings');
  assert.equal(message({ mode: 'dryRun', all: 'yes' }), 'all must be a boolean');
});

test('§8.2 response: a base with children counts once; failures and skips are listed', () => {
  const r = migrate(classic({ version_data: { versions: { Default: {}, v2: {} } } }));
  const response = emptyMigrateResponse();
  addSuccess(response, 'api1', r, stagedApiId('api1'));
  addFailure(response, 'api2', ['not migratable - new versioning is already enabled']);
  addSkipped(response, 'api3', { key: 'is_tcp', message: 'tcp' });
  assert.equal(response.success.count, 1);
  assert.deepEqual(response.success.apiIDs, ['api1']);
  assert.deepEqual(response.success.stagedAPIs, [{ classicAPIID: 'api1', oasAPIID: 'api1-staged' }]);
  assert.equal(response.success.definitions[0]?.versions.length, 1);
  assert.deepEqual(response.failure, { count: 1, errors: [{ apiID: 'api2', message: ['not migratable - new versioning is already enabled'] }] });
  assert.deepEqual(response.skipped, { count: 1, apis: [{ apiID: 'api3', message: 'tcp', key: 'is_tcp' }] });
  assert.equal(response.abortedOnFailure, false);
});

test('§8.4 staged id and name are derived from the classic API and can be traced back', () => {
  assert.equal(stagedApiId('abc'), 'abc-staged');
  assert.equal(classicIdOfStaged('abc-staged'), 'abc');
  assert.equal(classicIdOfStaged('abc'), undefined);
  assert.equal(stagedApiName('Pets'), 'Pets (staged)');
});

test('§8.4 stage: the copy has the staged id and name, no database id, and takes no traffic', () => {
  const def = classic({ id: 'db1', version_data: { versions: { Default: {}, v2: {} } } });
  const r = migrate(def);
  const staged = toStaged(r, def);
  const info = ext(staged.baseAPI).info;
  assert.equal(info.id, 'api1-staged');
  assert.equal(info.dbId, undefined);
  assert.equal(info.name, 'Pets (staged)');
  assert.equal(staged.baseAPI.info.title, 'Pets (staged)');
  assert.equal(info.state.active, false);
  assert.equal(ext(staged.versions[0]!).info.state.active, false);
  assert.deepEqual(info.versioning.versions, [{ name: 'v2', id: 'child1' }]);
  // The conversion result is untouched.
  assert.equal(ext(r.baseAPI).info.id, 'api1');
});

test('§8.4 promote: the staged copy takes over the classic id, database id, name and state', () => {
  const def = classic({ id: 'db1', version_data: { versions: { Default: {}, v2: {} } } });
  const staged = toStaged(migrate(def), def);
  ext(staged.baseAPI).upstream.url = 'http://edited-after-staging';
  const live = promote(staged, def);
  const info = ext(live.baseAPI).info;
  assert.equal(info.id, 'api1');
  assert.equal(info.dbId, 'db1');
  assert.equal(info.name, 'Pets');
  assert.equal(live.baseAPI.info.title, 'Pets');
  assert.equal(info.state.active, true);
  assert.equal(ext(live.versions[0]!).info.state.active, true);
  assert.equal(ext(live.baseAPI).upstream.url, 'http://edited-after-staging');
});

test('§8.4 direct: the base keeps the classic api_id', () => {
  assert.equal(ext(migrate(classic()).baseAPI).info.id, 'api1');
});

test('§8.5 preview: a single-API dryRun response with the dropped items', () => {
  const ok = previewMigration(classic({ response_processors: [{ name: 'response_body_transform' }] }));
  assert.equal(ok.response.success.count, 1);
  assert.deepEqual(ok.warnings, ['response_processors: response_body_transform dropped']);
  const skipped = previewMigration(classic({ protocol: 'tcp' }));
  assert.deepEqual(
    skipped.response.skipped.apis.map((a) => a.key),
    ['is_tcp'],
  );
  const failed = previewMigration({ api_definition: classic({ definition: { enabled: true } }) });
  assert.deepEqual(failed.response.failure.errors, [{ apiID: 'api1', message: ['not migratable - new versioning is already enabled'] }]);
});

test('§8.4 only a longer id ending in -staged is a staged id', () => {
  assert.equal(classicIdOfStaged('-staged'), undefined);
  assert.equal(classicIdOfStaged('a-staged'), 'a');
  assert.equal(classicIdOfStaged('a-staged-2'), undefined);
});

test('§8.4 stage without a classic name or id takes them from the migrated document; other state members are kept', () => {
  const def = classic({ internal: true });
  const r = migrate(def);
  const staged = toStaged(r, { proxy: def.proxy });
  const info = ext(staged.baseAPI).info;
  assert.equal(info.id, 'api1-staged');
  assert.equal(info.name, 'Pets (staged)');
  assert.deepEqual(info.state, { active: false, internal: true });
  assert.equal(ext(r.baseAPI).info.state.active, true, 'the conversion result is untouched');
});

test('§8.4 promote of an inactive classic API stays inactive; members the classic API lacks keep the staged values', () => {
  const def = classic({ id: 'db1', version_data: { versions: { Default: {}, v2: {} } } });
  const staged = toStaged(migrate(def), def);
  const live = promote(staged, { active: false });
  const info = ext(live.baseAPI).info;
  assert.equal(info.id, 'api1-staged');
  assert.equal(info.dbId, undefined);
  assert.equal(info.name, 'Pets (staged)');
  assert.equal(live.baseAPI.info.title, 'Pets (staged)');
  assert.equal(info.state.active, false);
  assert.equal(ext(live.versions[0]!).info.state.active, false);
  assert.equal(promote(staged, { active: 'yes' as unknown as boolean }).baseAPI['x-svc-api-gateway'].info.state.active, false, 'only true is active');
  assert.equal(ext(staged.baseAPI).info.state.active, false, 'the staged copy is untouched');
  const renamed = promote(staged, { api_id: 'api1', name: 'Pets' });
  assert.equal(renamed.baseAPI.info.title, 'Pets');
  assert.equal(ext(renamed.baseAPI).info.dbId, undefined);
});

test('§8.4 promote keeps the database id the stored staged copy got when the classic API has none', () => {
  const def = classic();
  const staged = toStaged(migrate(def), def);
  ext(staged.baseAPI).info.dbId = 'staged-db';
  assert.equal(ext(promote(staged, { api_id: 'api1' }).baseAPI).info.dbId, 'staged-db');
  assert.equal(ext(promote(staged, { api_id: 'api1', id: 'db1' }).baseAPI).info.dbId, 'db1');
});

test('§8.4 stage of an API named nowhere gets only the suffixes', () => {
  const r = migrate(classic());
  delete ext(r.baseAPI).info.name;
  delete ext(r.baseAPI).info.id;
  const info = ext(toStaged(r, {}).baseAPI).info;
  assert.equal(info.name, ' (staged)');
  assert.equal(info.id, '-staged');
});
