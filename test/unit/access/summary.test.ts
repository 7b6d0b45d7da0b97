// The code lens line, limits in words, keys a policy changes, and the warnings on keys and policies.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { keysNamingPolicy } from '../../../access/src/affected';
import { applyPolicies } from '../../../access/src/apply';
import { keyWarnings, policyWarnings } from '../../../access/src/diagnostics';
import { formatQuota, formatRate, formatRenewal } from '../../../access/src/format';
import { parsePolicy, parseSession, type Policy } from '../../../access/src/model';
import { summarizeKey } from '../../../access/src/summary';

const policies: Record<string, unknown> = {
  gold: {
    id: 'gold',
    rate: 100,
    per: 60,
    quota_max: 10000,
    quota_renewal_rate: 2592000,
    access_rights: { a: {}, b: {} },
    partitions: {},
    meta_data: { tier: 'gold' },
  },
  silver: { id: 'silver', rate: 10, per: 60, access_rights: { a: {} }, partitions: {}, meta_data: { tier: 'silver' } },
  q1: { quota_max: 100, partitions: { quota: true } },
  q2: { quota_max: 50, partitions: { quota: true } },
};
const lookup = (id: string): Policy | undefined => (Object.hasOwn(policies, id) ? parsePolicy(policies[id]) : undefined);

test('limits in words: rate, renewal periods, quota; the edges 0, -1 and an unnamed period', () => {
  assert.equal(formatRate(100, 60), '100 req / 60 s');
  assert.equal(formatRate(0, 60), 'no rate limit');
  assert.equal(formatRate(-1, 0), 'unlimited rate');
  assert.equal(formatRenewal(3600), 'hour');
  assert.equal(formatRenewal(2592000), 'month');
  assert.equal(formatRenewal(3599), '3,599 s');
  assert.equal(formatRenewal(0), 'never renews');
  assert.equal(formatQuota(10000, 2592000), 'quota 10,000 / month');
  assert.equal(formatQuota(-1, 0), 'quota unlimited');
  assert.equal(formatQuota(0, 3600), 'no quota');
});

test('the code lens line counts the APIs and shows the shared limit', () => {
  assert.equal(summarizeKey(parseSession({ apply_policies: ['gold'] }), lookup).line, 'effective: 2 APIs · 100 req / 60 s · quota 10,000 / month');
  assert.equal(summarizeKey(parseSession({ access_rights: { a: {} }, rate: 5, per: 1 }), lookup).line, 'effective: 1 API · 5 req / 1 s · no quota');
  assert.match(summarizeKey(parseSession({ apply_policies: ['nope'] }), lookup).line, /refused by the gateway \(policy not found: "nope"\)/);
  assert.match(summarizeKey(parseSession({ apply_policies: ['gold', 'nope'] }), lookup).line, /· 1 missing policy$/);
});

test('Keys Affected: keys naming the policy, changed or not', () => {
  const keys = [
    { key: 'k1', session: parseSession({ apply_policies: ['gold'] }) },
    { key: 'k2', session: parseSession({ apply_policies: ['silver'] }) },
    { key: 'k3', session: parseSession({ apply_policies: ['gold', 'q1', 'q2'] }) },
  ];
  assert.deepEqual(keysNamingPolicy('gold', keys, lookup), [
    { key: 'k1', changed: true },
    { key: 'k3', changed: true },
  ]);
  // q1 sets the quota, but q2 (the last quota partition without access rights) sets it outright afterwards: removing q1 changes nothing.
  assert.deepEqual(keysNamingPolicy('q1', keys, lookup), [{ key: 'k3', changed: false }]);
  assert.deepEqual(keysNamingPolicy('q2', keys, lookup), [{ key: 'k3', changed: true }]);
});

test('key warnings: a missing policy (skipped, or refused when alone), meta_data and master quotas where the last one wins', () => {
  const alone = keyWarnings(parseSession({ apply_policies: ['nope'] }), lookup, { policiesMember: 'apply_policies' });
  assert.equal(alone.length, 1);
  assert.match(alone[0].message, /refuses this key/);
  assert.deepEqual(alone[0].path, ['apply_policies', 0]);
  const skipped = keyWarnings(parseSession({ apply_policies: ['gold', 'nope'] }), lookup, { policiesMember: 'apply_policies' });
  assert.match(skipped[0].message, /skips it/);
  const meta = keyWarnings(parseSession({ apply_policies: ['gold', 'silver'] }), lookup, { policiesMember: 'apply_policies' });
  assert.equal(meta.length, 1);
  assert.match(meta[0].message, /meta_data\.tier differently.*keeps 'silver''s value/);
  const quotas = keyWarnings(parseSession({ apply_policies: ['q1', 'q2'] }), lookup, { policiesMember: 'apply_policies' });
  assert.match(quotas[0].message, /takes it from the last one, 'q2' \(50\/0\), not the larger/);
  assert.deepEqual(keyWarnings(parseSession({ apply_policies: ['gold'] }), lookup, { policiesMember: 'apply_policies' }), []);
});

test("a missing policy's sentence says what the gateway does: skipped beside a policy that exists, the key refused when none exists", () => {
  const warn = (ids: string[]) => keyWarnings(parseSession({ apply_policies: ids }), lookup, { policiesMember: 'apply_policies' });
  const refusal = (ids: string[]) => applyPolicies(parseSession({ apply_policies: ids }), lookup).error;
  const SKIPS = "The gateway skips it and applies the key's other policies.";
  // One missing of two, the other exists: skipped, and the gateway does not refuse the key.
  assert.equal(refusal(['gold', 'nope']), undefined);
  assert.deepEqual(
    warn(['nope', 'gold']).map((w) => [w.path, w.message]),
    [[['apply_policies', 0], `Policy 'nope' does not exist. ${SKIPS}`]],
  );
  // Both missing: the gateway refuses the key, and each warning says so (never "skips").
  assert.equal(refusal(['nope', 'nada']), 'key has no valid policies to be applied');
  const NONE = 'No other policy this key names exists either: the gateway refuses this key ("key has no valid policies to be applied") on every request.';
  assert.deepEqual(
    warn(['nope', 'nada']).map((w) => [w.path, w.message]),
    [
      [['apply_policies', 0], `Policy 'nope' does not exist. ${NONE}`],
      [['apply_policies', 1], `Policy 'nada' does not exist. ${NONE}`],
    ],
  );
  // The same missing id named twice is no "other" policy: still refused.
  assert.equal(refusal(['nope', 'nope']), 'key has no valid policies to be applied');
  assert.deepEqual(
    warn(['nope', 'nope']).map((w) => w.message),
    [`Policy 'nope' does not exist. ${NONE}`, `Policy 'nope' does not exist. ${NONE}`],
  );
  // One named and missing: "policy not found", in apply_policies or in apply_policy_id.
  assert.equal(refusal(['nope']), 'policy not found: "nope"');
  const ALONE = 'The gateway refuses this key ("policy not found") on every request.';
  assert.deepEqual(
    warn(['nope']).map((w) => w.message),
    [`Policy 'nope' does not exist. ${ALONE}`],
  );
  const single = keyWarnings(parseSession({ apply_policy_id: 'nope' }), lookup, { policiesMember: 'apply_policy_id' });
  assert.deepEqual(
    single.map((w) => [w.path, w.message]),
    [[['apply_policy_id'], `Policy 'nope' does not exist. ${ALONE}`]],
  );
});

test('policy warnings: limits outside the partitions, per_api with partitions, entry limits without per_api', () => {
  const w = policyWarnings(parsePolicy({ rate: 10, per: 1, quota_max: 5, partitions: { quota: true } }));
  assert.deepEqual(
    w.map((x) => x.path.join('.')),
    ['rate'],
  );
  assert.deepEqual(policyWarnings(parsePolicy({ rate: 10, per: 1, quota_max: -1, max_query_depth: -1, partitions: { rate_limit: true } })), []);
  assert.match(w[0].message, /partitions leave rate_limit off/);
  assert.deepEqual(policyWarnings(parsePolicy({ rate: 10, per: 1, partitions: { rate_limit: true } })), []);
  assert.match(policyWarnings(parsePolicy({ id: 'x', partitions: { per_api: true, acl: true } }))[0].message, /refuses every key/);
  const entry = policyWarnings(parsePolicy({ rate: 10, per: 1, access_rights: { a: { limit: { rate: 99, per: 1 } } }, partitions: {} }));
  assert.deepEqual(entry[0].path, ['access_rights', 'a', 'limit']);
  assert.deepEqual(policyWarnings(parsePolicy({ rate: 10, per: 1, access_rights: { a: { limit: { rate: 10, per: 1 } } }, partitions: {} })), []);
  const acl = policyWarnings(
    parsePolicy({ quota_max: 3, access_rights: { a: { allowed_urls: [{ url: '/x', methods: ['GET'] }] } }, partitions: { quota: true } }),
  );
  assert.match(acl[0].message, /leave acl off/);
});
