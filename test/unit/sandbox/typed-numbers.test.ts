// Typed sessions, the audit's three cases (issue 34, item 11): `meta_data: []` was accepted on
// POST /svc/keys (the reference decodes it into map[string]interface{} and refuses an array);
// 9007199254740993 was stored as …992 (the reference keeps int64 exactly; the sandbox cannot, so
// it refuses and says so); `-1.0` was accepted for an integer member (the reference's decoder
// refuses a fraction or exponent for int64). Each is refused with 400 naming the member.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, type Harness } from './helpers.js';
import { rawNumbers } from '../../../sandbox/src/model/rawNumbers.js';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

const cases: Array<[string, string, RegExp]> = [
  ['meta_data an array', '{"meta_data": []}', /meta_data must be an object, got an array/],
  ['meta_data a string', '{"meta_data": "x"}', /meta_data must be an object/],
  [
    'an int64 beyond 2^53',
    '{"quota_max": 9007199254740993}',
    /quota_max is 9007199254740993, beyond ±9007199254740991, which the sandbox cannot store exactly/,
  ],
  ['-1.0 for an integer', '{"quota_max": -1.0}', /json: cannot unmarshal number -1\.0 into Go struct field quota_max of type int64/],
  ['an exponent for an integer', '{"expires": 1e3}', /json: cannot unmarshal number 1e3 into Go struct field expires of type int64/],
  [
    '-1.0 deep in access_rights',
    `{"access_rights": {"a": {"limit": {"quota_max": -1.0}}}}`,
    /json: cannot unmarshal number -1\.0 into Go struct field access_rights\.a\.limit\.quota_max of type int64/,
  ],
];

for (const [what, body, message] of cases) {
  test(`POST /svc/keys and POST /api/keys refuse ${what} with 400; nothing is stored`, async () => {
    const id = `typed-${what.replace(/\W+/g, '-')}`;
    const gateway = await h.call('POST', `/svc/keys/${id}`, { raw: body });
    assert.equal(gateway.status, 400);
    assert.match(gateway.body.message, message);
    const dashboard = await h.call('POST', `/api/keys/${id}`, { raw: body });
    assert.equal(dashboard.status, 400);
    assert.match(dashboard.body.Message, message);
    assert.equal((await h.call('GET', `/svc/keys/${id}`)).status, 404);
  });
}

test('just inside: meta_data an object or null, -1 and the largest safe integer, fractions in double members are accepted exactly', async () => {
  const body = '{"meta_data": {"team": "a"}, "quota_max": -1, "expires": 9007199254740991, "rate": 1.0, "per": 2.5e1}';
  const r = await h.call('POST', '/svc/keys/typed-inside', { raw: body });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const stored = (await h.call('GET', '/svc/keys/typed-inside')).body;
  assert.deepEqual([stored.quota_max, stored.expires, stored.rate, stored.per, stored.meta_data], [-1, 9007199254740991, 1, 25, { team: 'a' }]);
  assert.equal((await h.call('POST', '/svc/keys/typed-null', { raw: '{"meta_data": null}' })).status, 200);
  const update = await h.call('PUT', `/api/apis/${SEED_API_IDS.petstoreClassic}/keys/typed-inside`, { raw: '{"quota_max": 5.0}' });
  assert.equal(update.status, 400);
});

test('rawNumbers finds the text of each number by path, also under keys that look like indexes and with duplicates', () => {
  const tree = rawNumbers('{"2": {"a": [1.0, {"b": -0}]}, "1": 1e2, "x": "3.0", "d": 1, "d": 2.50}') as any;
  assert.equal(tree['2'].a[0], '1.0');
  assert.equal(tree['2'].a[1].b, '-0');
  assert.equal(tree['1'], '1e2');
  assert.equal(tree.x, undefined, 'a string is not a number');
  assert.equal(tree.d, '2.50', 'the last duplicate wins, as in JSON.parse');
});
