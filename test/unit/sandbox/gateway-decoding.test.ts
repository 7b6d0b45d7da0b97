// The sandbox refuses what the reference's Go decoder refuses (issue 26), with the decoder's own
// words: an integer written `1718439136.0` in the raw body, a duration string for a Go duration.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, type Harness } from './helpers.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

const KEY = '{"access_rights": {}, "rate": 1000.0, "per": 60, "quota_max": -1, "expires": EXPIRES}';

test("POST /svc/keys: an integer written with a fraction is refused with Go's error; the same number written plainly is taken", async () => {
  const refused = await h.call('POST', '/svc/keys/decoding-key', { raw: KEY.replace('EXPIRES', '4102444800.0') });
  assert.equal(refused.status, 400);
  assert.match(refused.body.message, /json: cannot unmarshal number 4102444800\.0 into Go struct field expires of type int64/);
  const taken = await h.call('POST', '/svc/keys/decoding-key', { raw: KEY.replace('EXPIRES', '4102444800') });
  assert.equal(taken.status, 200, JSON.stringify(taken.body));
});

test('POST /svc/apis: a duration string for an uptime check timeout is refused; nanoseconds are taken', async () => {
  const def = (timeout: unknown) => ({
    name: 'Uptime',
    proxy: { listen_path: '/uptime-decoding/', target_url: 'http://x' },
    version_data: { not_versioned: true, versions: { Default: { name: 'Default' } } },
    uptime_tests: { check_list: [{ url: 'http://x/health', timeout }] },
  });
  const refused = await h.call('POST', '/svc/apis', { body: def('5s') });
  assert.equal(refused.status, 400);
  assert.match(refused.body.message, /cannot unmarshal string into Go struct field uptime_tests\.check_list\.timeout of type time\.Duration/);
  const taken = await h.call('POST', '/svc/apis', { body: def(5000000000) });
  assert.equal(taken.status, 200, JSON.stringify(taken.body));
});
