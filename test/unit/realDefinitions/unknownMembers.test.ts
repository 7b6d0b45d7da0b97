// "Unknown member" on a real document must mean a member the reference does not know: a typo, a
// member in the wrong place, or one no reference schema or fact names. Members the dashboard
// writes and options of the streams engine are declared (docs/language-server.md). This pins the
// warnings left on ../shared/real-definitions, each with why it stays; a new one fails the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasRealDefinitions, lint, realDocuments } from './realDefinitions';

const EXPECTED: Record<string, string[]> = {
  // A typo in the reference's own test app: "did you mean `custom_middleware`?".
  'classic/gw__apps__coprocess_grpc_app_sample_protected.json': ['custom_middleware_'],
  // Not a member of `proxy.transport` in the reference's schema or facts.
  'classic/gw__error-overrides__apps__test-nrh.json': ['dial_timeout'],
  'classic/gw__error-overrides__apps__test-uct.json': ['dial_timeout'],
  // `extended_paths` belongs inside a version of `version_data.versions`, not at the top.
  'classic/gw__tracing__apps__test-response-mw.json': ['extended_paths'],
  // A plugin's session in another shape: quota counters under names the reference does not read.
  'keys/demo__bearer-token__bearer-token-1-grpc_hmac_key.json': [
    ...['quota_reset', 'quota_used'],
    ...['quota_max', 'quota_renews', 'quota_remaining', 'quota_reset', 'quota_used', 'per', 'expires'],
  ],
  // A policy record's member (gateway-facts §6) in a key.
  'keys/demo__bearer-token__bearer-token-10-jwt_rsa.json': ['access_rights_array'],
  // Not in the reference's `limit` (gateway-facts §5).
  'policies/demo__policies__policy-641c15dd0fffb800010197bf.json': ['set_by_policy', 'set_by_policy'],
  'policies/demo__svc-portal__plan.json': ['oauth2_scopes'],
  // A key's member (the time of the next reset) in a policy, which has `quota_renewal_rate`.
  'policies/gw__policy__testdata__policies.json': ['quota_renews'],
};

test('real definitions: the "unknown member" warnings left are the expected ones', { skip: !hasRealDefinitions && 'no ../shared/real-definitions' }, () => {
  const found: Record<string, string[]> = {};
  for (const doc of realDocuments().documents) {
    for (const d of lint(doc)) {
      if (d.code !== 'svc.unknown-member') continue;
      const member = /`([^`]+)`/.exec(String(d.message))?.[1] ?? '?';
      (found[doc.name.split('#')[0]] ??= []).push(member);
    }
  }
  assert.deepEqual(found, EXPECTED);
});
