// Wrongly typed session bodies are refused with 400, as the reference's decoder refuses them,
// on every key endpoint; ids that could never be addressed (`.`, `..`, over 255 characters) are
// refused when created. Nothing refused is stored.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, type Harness } from './helpers.js';
import { sessionTypeError } from '../../../sandbox/src/model/sessionShape.js';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

const WRONG: Array<[string, Record<string, unknown>, RegExp]> = [
  ['access_rights a string', { access_rights: 'x' }, /access_rights must be an object, got the string "x"/],
  ['access_rights an array', { access_rights: [] }, /access_rights must be an object, got an array/],
  ['an access definition a number', { access_rights: { a: 1 } }, /access_rights\.a must be an object/],
  ['versions a string', { access_rights: { a: { versions: 'v1' } } }, /access_rights\.a\.versions must be an array/],
  ['quota_max a string', { quota_max: '10' }, /quota_max must be an integer, got the string "10"/],
  ['quota_max a fraction', { quota_max: 1.5 }, /quota_max must be an integer, got the number 1.5/],
  ['rate a boolean', { rate: true }, /rate must be a number, got true/],
  ['is_inactive a string', { is_inactive: 'false' }, /is_inactive must be true or false/],
  ['tags a string', { tags: 'a' }, /tags must be an array/],
  ['tags holding a number', { tags: ['a', 2] }, /tags\[1\] must be a string/],
  ['basic_auth_data.password a number', { basic_auth_data: { password: 1234 } }, /basic_auth_data\.password must be a string/],
  ['jwt_data a string', { jwt_data: 'secret' }, /jwt_data must be an object/],
];

test('sessionTypeError: just inside (right types, nulls, unknown members, fractions in double members) passes', () => {
  assert.equal(
    sessionTypeError({
      access_rights: { a: { api_id: 'a', versions: ['Default'], limit: null } },
      rate: 1.5,
      per: 60,
      quota_max: -1,
      tags: null,
      alias: 'x',
      extra: [1],
    }),
    undefined,
  );
  for (const [what, body, message] of WRONG) assert.match(sessionTypeError(body) ?? '', message, what);
});

test('every key endpoint answers 400 to a wrongly typed session and stores nothing', async () => {
  const api = SEED_API_IDS.petstoreClassic;
  const existing = (await h.call('GET', '/api/keys')).body.data.keys[0];
  const before = (await h.call('GET', `/api/apis/-/keys/${existing}`)).body.data;
  const org = '5e9d9544a1dcd60001d0ed20';
  for (const [what, body, message] of WRONG) {
    const gateway = await h.call('POST', '/svc/keys/typed-key', { body });
    assert.equal(gateway.status, 400, `gateway create, ${what}`);
    assert.match(gateway.body.message, message);
    const dashCreate = await h.call('POST', '/api/keys/typed-key-2', { body });
    assert.equal(dashCreate.status, 400, `dashboard create, ${what}`);
    assert.match(dashCreate.body.Message, /^User\/Key object validation failed/);
    assert.equal((await h.call('PUT', `/api/apis/${api}/keys/${existing}`, { body })).status, 400, `dashboard update, ${what}`);
    assert.equal((await h.call('POST', `/svc/org/keys/${org}`, { body })).status, 400, `org key, ${what}`);
    assert.equal((await h.call('PUT', `/admin/org/keys/${org}`, { body })).status, 400, `admin org key, ${what}`);
  }
  assert.equal((await h.call('GET', '/svc/keys/typed-key')).status, 404);
  assert.equal((await h.call('GET', '/api/apis/-/keys/typed-key-2')).status, 404);
  assert.deepEqual((await h.call('GET', `/api/apis/-/keys/${existing}`)).body.data.quota_max, before.quota_max);
  assert.equal(
    (await h.call('POST', '/svc/keys/typed-key', { body: { access_rights: {}, quota_max: 10, rate: 2.5 } })).status,
    200,
    'a well-typed body is stored',
  );
});

test('ids that can never be addressed are refused at creation: ".", "..", 256 characters; 255 is fine', async () => {
  const long = 'k'.repeat(256);
  const fits = 'k'.repeat(255);
  for (const id of ['.', '..', long]) {
    const policy = await h.call('POST', '/svc/policies', { body: { id, name: 'p' } });
    assert.equal(policy.status, 400, `policy ${id.slice(0, 8)}`);
    const api = await h.call('POST', '/svc/apis', { body: { api_id: id, name: 'x', proxy: { listen_path: '/x/', target_url: 'http://127.0.0.1' } } });
    assert.equal(api.status, 400, `api ${id.slice(0, 8)}`);
  }
  assert.equal((await h.call('POST', `/svc/keys/${long}`, { body: {} })).status, 400);
  assert.equal((await h.call('POST', `/api/keys/${long}`, { body: {} })).status, 400);
  assert.ok(!(await h.call('GET', '/svc/policies')).body.some((p: any) => p.id === '.' || p.id === '..' || p.id === long));
  assert.equal((await h.call('POST', '/svc/policies', { body: { id: fits, name: 'fits' } })).status, 200);
  assert.equal((await h.call('GET', `/svc/policies/${fits}`)).status, 200, 'a 255-character id is addressable');
  assert.equal((await h.call('POST', `/svc/keys/${fits}`, { body: {} })).status, 200);
});
