// What changed shape (migration/src/changes.ts): one sentence per reshaping that applies, none for an
// API with nothing reshaped, and no sentence for an empty map or a zero duration (the boundary).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { previewMigration, shapeChanges } from '../../../migration/src/index.js';
import { classic, migrate, withVersion } from './helpers.js';

test('a plain keyless API changed no shape', () => {
  assert.deepEqual(migrate(classic()).changes, []);
});

test('maps that became lists, seconds that became durations, each named with the value', () => {
  const { changes } = migrate(
    withVersion(
      { global_headers: { 'X-A': '1' }, global_response_headers: {} },
      { session_lifetime: 3600, expire_analytics_after: 0, upstream_certificates: { '*': 'cert' }, pinned_public_keys: {} },
    ),
  );
  assert.deepEqual(changes, [
    'global_headers (map) → middleware.global.transformRequestHeaders.add (list of {name, value})',
    'session_lifetime 3600 (seconds) → server.authentication.customKeyLifetime.value "1h"',
    'upstream_certificates (map) → upstream.mutualTLS.domainToCertificateMapping (list)',
  ]);
});

test('uptime checks: nanosecond timeouts with their durations, the protocol folded into the URL', () => {
  const { changes } = migrate(classic({ uptime_tests: { check_list: [{ url: 'http://u', protocol: 'https', timeout: 20_000 }, { url: 'http://v' }] } }));
  assert.deepEqual(changes, [
    'uptime_tests.check_list[].timeout (nanoseconds) → readable durations down to µs and ns (20000 → "20µs")',
    'uptime_tests.check_list[].protocol → the scheme of upstream.uptimeTests.tests[].url',
  ]);
});

test('endpoints: operations, method actions, plain cache and regex paths are named', () => {
  const { changes } = migrate(
    withVersion(
      {
        extended_paths: {
          white_list: [{ path: '/users/[0-9]+', method_actions: { GET: { action: 'reply', code: 200, data: '' } } }],
          cache: ['/users'],
        },
      },
      { cache_options: { enable_cache: true, cache_timeout: 30 } },
    ),
  );
  assert.deepEqual(changes, [
    'extended_paths entries (path + method) → OAS operations in paths, their settings in middleware.operations under operationId <path><METHOD>',
    'ignored / white_list / black_list method_actions → one operation per method; reply actions → mockResponse (its code an OAS response)',
    'extended_paths.cache (plain paths) → a per-operation cache for GET, HEAD and OPTIONS, from cache_options',
    'regular-expression path segments → path parameters customRegex1, customRegex2, … (pattern kept for bare segments)',
  ]);
});

test('versions that became child APIs, and the spec decision on rateLimit.per, are named', () => {
  const { changes, baseAPI, versions } = migrate(
    classic({
      global_rate_limit: { rate: 10, per: 60 },
      version_data: { not_versioned: false, default_version: 'v1', versions: { v1: { name: 'v1' }, v2: { name: 'v2' } } },
    }),
  );
  assert.deepEqual(changes, [
    "version_data.versions: each non-default version became its own internal child API (v2 → Pets-v2), listed in the base's info.versioning",
    'global_rate_limit.per 60 → upstream.rateLimit.per 60: integer seconds, as the spec decides (the reference gateway writes "1m")',
  ]);
  assert.deepEqual(shapeChanges(classic({ global_rate_limit: { rate: 10, per: 0 } }), baseAPI, []), [], 'per 0: nothing to name');
  assert.equal(versions.length, 1);
});

test('the preview carries the changes; a refused or skipped API has none', () => {
  assert.deepEqual(previewMigration(classic({ session_lifetime: 60 })).changes, [
    'session_lifetime 60 (seconds) → server.authentication.customKeyLifetime.value "1m"',
  ]);
  assert.deepEqual(previewMigration(classic({ protocol: 'tcp', session_lifetime: 60 })).changes, []);
  assert.deepEqual(previewMigration(classic({ definition: { enabled: true }, session_lifetime: 60 })).changes, []);
});
