// Each link of the reason chain of explainRequest, with the boundary on both sides: policies
// refused, inactive, expired, API granted or not, version, allowed_urls (path and method), and
// which limit applies and where it came from.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { explainRequest, type ExplainRequest } from '../../../access/src/explain';
import { parsePolicy, parseSession, type Policy } from '../../../access/src/model';

const policies: Record<string, unknown> = {
  gold: {
    id: 'gold',
    rate: 100,
    per: 60,
    quota_max: 10000,
    quota_renewal_rate: 2592000,
    access_rights: { orders: { versions: ['Default'], allowed_urls: [{ url: '^/orders', methods: ['GET'] }] } },
    partitions: {},
  },
  writes: {
    id: 'writes',
    access_rights: { orders: { versions: ['Default'], allowed_urls: [{ url: '^/orders', methods: ['POST'] }] } },
    partitions: { acl: true },
  },
  perapi: {
    id: 'perapi',
    rate: 5,
    per: 1,
    access_rights: { orders: { limit: { rate: 50, per: 10, quota_max: 500, quota_renewal_rate: 3600 } }, users: {} },
    partitions: { per_api: true },
  },
  quota: { id: 'quota', quota_max: 7, quota_renewal_rate: 86400, partitions: { quota: true } },
  off: { id: 'off', is_inactive: true, access_rights: { orders: {} }, partitions: {} },
  other: { id: 'other', org_id: 'org-b', access_rights: { orders: {} }, partitions: {} },
};
const lookup = (id: string): Policy | undefined => (Object.hasOwn(policies, id) ? parsePolicy(policies[id]) : undefined);
const orders = { id: 'orders', name: 'Orders' };
const ask = (key: object, req: Partial<ExplainRequest> = {}) =>
  explainRequest(parseSession(key), lookup, { api: orders, method: 'GET', path: '/orders/1', now: 1_000_000, ...req });

test('a policy that grants the API, a matching allowed_urls entry and the policy limits: allowed, with each link named', () => {
  const e = ask({ apply_policies: ['gold'] });
  assert.equal(e.allowed, true);
  assert.deepEqual(
    e.steps.map((s) => s.check),
    ['policies', 'api', 'version', 'url', 'rate', 'quota'],
  );
  assert.match(e.steps[1].text, /granted by policy 'gold'/);
  assert.deepEqual(e.steps[1].deciders, [{ in: 'policy', policy: 'gold', path: ['access_rights', 'orders'] }]);
  assert.match(e.steps[3].text, /'\^\/orders' matches \/orders\/1 and lists GET/);
  assert.deepEqual(e.steps[3].deciders, [{ in: 'policy', policy: 'gold', path: ['access_rights', 'orders', 'allowed_urls', 0] }]);
  assert.equal(e.limit?.rate, 100);
  assert.equal(e.limit?.per, 60);
  assert.equal(e.limit?.quota_max, 10000);
  assert.match(e.steps[4].text, /100 req \/ 60 s, from policy 'gold'/);
  assert.match(e.steps[5].text, /quota 10,000 \/ month/);
});

test('allowed_urls: the path matches but the method is not listed → denied 403; the other policy listing it → allowed', () => {
  const denied = ask({ apply_policies: ['gold'] }, { method: 'POST' });
  assert.equal(denied.allowed, false);
  assert.equal(denied.status, 403);
  assert.equal(denied.message, 'Access to this resource has been disallowed');
  assert.match(denied.steps.at(-1)!.text, /match \/orders\/1 but do not list POST \(they list GET\)/);
  const merged = ask({ apply_policies: ['gold', 'writes'] }, { method: 'POST' });
  assert.equal(merged.allowed, true);
  assert.deepEqual(merged.steps.find((s) => s.check === 'url')?.deciders, [
    { in: 'policy', policy: 'writes', path: ['access_rights', 'orders', 'allowed_urls', 0] },
  ]);
});

test('allowed_urls: a path no entry matches is denied; just inside (the anchored prefix) is allowed', () => {
  assert.equal(ask({ apply_policies: ['gold'] }, { path: '/v2/orders' }).allowed, false);
  assert.match(ask({ apply_policies: ['gold'] }, { path: '/v2/orders' }).steps.at(-1)!.text, /no allowed_urls entry matches \/v2\/orders/);
  assert.equal(ask({ apply_policies: ['gold'] }, { path: '/orders' }).allowed, true);
});

test('an API the key has no access right for is denied; a key with no access rights at all may call any API', () => {
  const e = ask({ apply_policies: ['gold'] }, { api: { id: 'billing', name: 'Billing' } });
  assert.equal(e.allowed, false);
  assert.equal(e.message, 'Access to this API has been disallowed');
  assert.match(e.steps.at(-1)!.text, /no access right for API 'Billing' \(the key may call 'orders'\)/);
  const open = ask({ rate: 1, per: 1 }, { api: { id: 'billing' } });
  assert.equal(open.allowed, true);
  assert.match(open.steps[0].text, /no access rights at all/);
});

test('versions: a listed version passes, an unlisted one is refused, an unversioned API is not checked', () => {
  const key = { access_rights: { orders: { versions: ['v1'] } } };
  assert.equal(ask(key, { version: 'v1' }).allowed, true);
  const e = ask(key, { version: 'v2' });
  assert.equal(e.allowed, false);
  assert.match(e.steps.at(-1)!.text, /version 'v2' is not among the granted versions \('v1'\)/);
  assert.equal(ask(key, { api: { ...orders, notVersioned: false, defaultVersion: 'v2' } }).allowed, false);
  assert.equal(ask(key).steps.find((s) => s.check === 'version')?.text, 'The API is not versioned: no version check.');
});

test('an inactive policy makes the key inactive (403); the key alone inactive too', () => {
  const e = ask({ apply_policies: ['gold', 'off'] });
  assert.equal(e.allowed, false);
  assert.equal(e.message, 'Key is inactive, please renew');
  assert.deepEqual(e.steps.at(-1)!.deciders, [{ in: 'policy', policy: 'off', path: ['is_inactive'] }]);
  assert.equal(ask({ is_inactive: true, access_rights: { orders: {} } }).allowed, false);
  assert.equal(ask({ is_inactive: false, access_rights: { orders: {} } }).allowed, true);
});

test('expiry: one second after expires is refused with 401, the second itself still passes, 0 never expires', () => {
  const key = { access_rights: { orders: {} }, expires: 1_000_000 };
  assert.equal(ask(key, { now: 1_000_000 }).allowed, true);
  const e = ask(key, { now: 1_000_001 });
  assert.equal(e.allowed, false);
  assert.equal(e.status, 401);
  assert.equal(ask({ ...key, expires: 0 }, { now: 9_999_999 }).allowed, true);
});

test('policies the gateway refuses: a single missing policy, a policy of another organisation', () => {
  const missing = ask({ apply_policies: ['nope'] });
  assert.equal(missing.allowed, false);
  assert.match(missing.message!, /policy not found: "nope"/);
  const skipped = ask({ apply_policies: ['nope', 'gold'] });
  assert.equal(skipped.allowed, true);
  assert.match(skipped.steps[0].text, /skipped \(not found\): 'nope'/);
  assert.equal(ask({ apply_policies: ['other'] }, { api: { ...orders, orgId: 'org-a' } }).allowed, false);
  assert.equal(ask({ apply_policies: ['other'] }, { api: { ...orders, orgId: 'org-b' } }).allowed, true);
});

test('limit sources: per-API limit of a per_api policy, policy fields for an entry without limit, a quota partition, the key', () => {
  const perApi = ask({ apply_policies: ['perapi'] });
  assert.equal(perApi.limit?.rate, 50);
  assert.equal(perApi.limit?.quota_max, 500);
  assert.deepEqual(perApi.limit?.rateSource, { kind: 'per-api', policy: 'perapi', fromPolicyFields: false });
  assert.match(perApi.steps.find((s) => s.check === 'rate')!.text, /50 req \/ 10 s \(counted under 'orders'\), from policy 'perapi' \(per-API limit\)/);
  const users = ask({ apply_policies: ['perapi'] }, { api: { id: 'users' } });
  assert.equal(users.limit?.rate, 5);
  assert.deepEqual(users.limit?.rateSource, { kind: 'per-api', policy: 'perapi', fromPolicyFields: true });
  const part = ask({ apply_policies: ['gold', 'quota'] });
  assert.equal(part.limit?.quota_max, 10000);
  const own = ask({ rate: 3, per: 1, quota_max: -1, access_rights: { orders: {} } });
  assert.deepEqual(own.limit?.rateSource, { kind: 'key' });
  assert.match(own.steps.find((s) => s.check === 'quota')!.text, /quota unlimited, from the key's own limits/);
  const ownApi = ask({ access_rights: { orders: { limit: { rate: 9, per: 3 } } } });
  assert.deepEqual(ownApi.limit?.rateSource, { kind: 'key-api' });
  assert.equal(ownApi.limit?.allowanceScope, 'orders');
});

test('a quota partition without access rights sets the key-level quota, named as its source', () => {
  const e = ask({ apply_policies: ['writes', 'quota'] }, { method: 'POST' });
  assert.equal(e.allowed, true);
  assert.equal(e.limit?.quota_max, 7);
  assert.deepEqual(e.limit?.quotaSource, { kind: 'partition', policy: 'quota' });
});
