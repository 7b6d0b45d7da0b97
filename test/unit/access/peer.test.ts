// The peer suite: the reference gateway's own table tests for applying policies
// (internal/policy/apply_test.go), turned into data under test/fixtures/access/peer/ (README
// there: origin, licence, cases left out). Each case names the reference test it comes from.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPolicies, applyPolicyRate } from '../../../access/src/apply';
import { parseLimit, parsePolicy, parseSession, type Policy } from '../../../access/src/model';
import { mergeEndpointLimits } from '../../../access/src/rules';
import { accessJson, endpointsJson, rightsJson } from '../../../access/src/serialize';

const dir = join(__dirname, '..', '..', 'fixtures', 'access', 'peer');
const read = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'));
const store = read('policies.json') as Record<string, unknown>;

interface Case {
  reference: string;
  name: string;
  policies: string[];
  key?: Record<string, unknown>;
  orgId?: string;
  reverseOrder?: boolean;
  store?: Record<string, unknown>;
  expect: {
    error?: string;
    access_rights?: Record<string, unknown>;
    session?: Record<string, number | boolean>;
    tags?: string[];
    endpoints?: Record<string, unknown[]>;
    limits?: Record<string, unknown>;
    allowed_urls?: Record<string, unknown>;
    nonEmptyRights?: boolean;
  };
}

const byPath = (list: unknown[]) => [...(list as { path: string }[])].sort((a, b) => a.path.localeCompare(b.path));
const parseEndpoints = (v: unknown) => parseSession({ access_rights: { x: { endpoints: v } } }).access_rights.get('x')!.endpoints;

function run(c: Case, order: string[]): void {
  const pool = c.store ?? store;
  const lookup = (id: string): Policy | undefined => (Object.hasOwn(pool, id) ? parsePolicy(pool[id]) : undefined);
  const key = parseSession({ ...(c.key ?? {}), apply_policies: order });
  const result = applyPolicies(key, lookup, c.orgId === undefined ? {} : { orgId: c.orgId });
  const e = c.expect;
  if (e.error !== undefined) {
    assert.ok(result.error?.includes(e.error), `expected an error containing "${e.error}", got ${result.error ?? 'none'}`);
    return;
  }
  assert.equal(result.error, undefined);
  const s = result.session;
  if (e.access_rights) assert.deepEqual(rightsJson(s.access_rights), e.access_rights);
  for (const [member, value] of Object.entries(e.session ?? {})) assert.equal(s[member as keyof typeof s], value, member);
  if (e.tags) assert.deepEqual([...s.tags].sort(), e.tags);
  for (const [api, endpoints] of Object.entries(e.endpoints ?? {}))
    assert.deepEqual(byPath(endpointsJson(s.access_rights.get(api)?.endpoints ?? [])), byPath(endpoints), `endpoints of ${api}`);
  for (const [api, limit] of Object.entries(e.limits ?? {})) assert.deepEqual(accessJson(s.access_rights.get(api)!).limit, limit, `limit of ${api}`);
  for (const [api, urls] of Object.entries(e.allowed_urls ?? {})) assert.deepEqual(s.access_rights.get(api)?.allowed_urls, urls);
  if (e.nonEmptyRights) assert.ok(s.access_rights.size > 0);
}

const files = readdirSync(join(dir, 'cases')).filter((f) => f.endsWith('.json'));
let count = 0;
for (const file of files) {
  for (const c of read(join('cases', file)) as Case[]) {
    count++;
    test(`${c.reference} (${file})`, () => run(c, c.policies));
    if (c.reverseOrder) test(`${c.reference}, reversed=true (${file})`, () => run(c, [...c.policies].reverse()));
  }
}

for (const c of read('rate-limits.json') as {
  reference: string;
  session: object;
  apiLimit: object;
  policy: object;
  expect: { apiRate: number; sessionRate: number };
}[]) {
  count++;
  test(c.reference, () => {
    const session = parseSession(c.session);
    const limit = parseLimit(c.apiLimit);
    applyPolicyRate(session, parsePolicy(c.policy), limit);
    assert.equal(limit.rate, c.expect.apiRate);
    assert.equal(session.rate, c.expect.sessionRate);
  });
}

for (const c of read('endpoint-merge.json') as { reference: string; policyEP: unknown; currEP: unknown; expected: unknown[] }[]) {
  count++;
  test(c.reference, () => {
    assert.deepEqual(byPath(endpointsJson(mergeEndpointLimits(parseEndpoints(c.policyEP), parseEndpoints(c.currEP)))), byPath(c.expected));
  });
}

test('the peer suite holds at least 40 of the reference cases', () => {
  assert.ok(count >= 40, `only ${count} cases`);
});
