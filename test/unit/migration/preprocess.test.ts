// migration-mapping.md §2 steps 1–6, observed through the OAS output.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classic, ext, migrate } from './helpers.js';

test('§2.1 use_go_plugin_auth and enable_coprocess_auth turn on custom plugin auth', () => {
  for (const flag of ['use_go_plugin_auth', 'enable_coprocess_auth']) {
    const { baseAPI, warnings } = migrate(classic({ use_keyless: false, [flag]: true, auth_configs: { coprocess: { auth_header_name: 'X-Custom' } } }));
    assert.deepEqual(ext(baseAPI).server.authentication.custom, {
      enabled: true,
      header: { enabled: true, name: 'X-Custom' },
    });
    assert.deepEqual(warnings, []);
  }
});

test('§2.2 auth_configs of unused methods are dropped; the rest are named after their key', () => {
  const { baseAPI, warnings } = migrate(
    classic({
      use_keyless: false,
      enable_jwt: true,
      auth_configs: {
        authToken: { name: 'authToken', auth_header_name: 'X-Token' },
        jwt: { name: 'whatever', auth_header_name: 'Authorization' },
        basic: { name: 'basic' },
      },
    }),
  );
  assert.deepEqual(Object.keys(baseAPI.components?.securitySchemes), ['jwt']);
  assert.deepEqual(baseAPI.security, [{ jwt: [] }]);
  // authToken carried a setting, so its removal is reported; basic carried only its name.
  assert.deepEqual(warnings, ['auth_configs.authToken dropped: the auth method is not in use']);
});

test('§2.2 an auth method in use without an auth_configs entry still becomes a scheme', () => {
  const { baseAPI, warnings } = migrate(classic({ use_keyless: false, use_standard_auth: true, auth: { auth_header_name: 'X-Legacy' } }));
  assert.deepEqual(baseAPI.components?.securitySchemes, { authToken: { type: 'apiKey', in: 'header', name: 'X-Legacy' } });
  assert.deepEqual(warnings, ['auth_configs.authToken missing for an auth method in use: defaults assumed']);
});

test('§2.3 empty things are disabled, so no empty sections are written', () => {
  const { baseAPI } = migrate(
    classic({
      custom_middleware_bundle: '',
      config_data: {},
      upstream_certificates: {},
      pinned_public_keys: {},
      tags: [],
      domain: '',
      custom_middleware: { auth_check: { name: '', path: '' }, id_extractor: { extract_from: '', extract_with: '' } },
    }),
  );
  const x = ext(baseAPI);
  assert.equal(x.upstream.mutualTLS, undefined);
  assert.equal(x.upstream.certificatePinning, undefined);
  assert.equal(x.server.customDomain, undefined);
  assert.equal(x.server.gatewayTags, undefined);
  assert.equal(x.server.authentication.custom, undefined);
  assert.deepEqual(Object.keys(x.middleware.global), ['trafficLogs']);
});

test('§2.3 a non-empty domain, tags and bundle stay enabled', () => {
  const { baseAPI } = migrate(classic({ domain: 'api.example.com', tags: ['edge'], custom_middleware_bundle: 'bundle.zip' }));
  const x = ext(baseAPI);
  assert.deepEqual(x.server.customDomain, { enabled: true, name: 'api.example.com' });
  assert.deepEqual(x.server.gatewayTags, { enabled: true, tags: ['edge'] });
  assert.deepEqual(x.middleware.global.pluginConfig, { bundle: { enabled: true, path: 'bundle.zip' } });
});

test('§2.4 legacy JWT scope fields move to scopes.jwt', () => {
  const { baseAPI } = migrate(
    classic({
      use_keyless: false,
      enable_jwt: true,
      auth_configs: { jwt: {} },
      jwt_scope_claim_name: 'scp',
      jwt_scope_to_policy_mapping: { write: 'pol-w', read: 'pol-r' },
    }),
  );
  assert.deepEqual(ext(baseAPI).server.authentication.securitySchemes.jwt.scopes, {
    claimName: 'scp',
    scopeToPolicyMapping: [
      { scope: 'read', policyId: 'pol-r' },
      { scope: 'write', policyId: 'pol-w' },
    ],
  });
});

test('§2.4 with use_openid the legacy scope fields move to scopes.oidc', () => {
  const { baseAPI } = migrate(classic({ use_keyless: false, use_openid: true, jwt_scope_claim_name: 'scope', jwt_scope_to_policy_mapping: { a: 'p1' } }));
  assert.deepEqual(ext(baseAPI).server.authentication.oidc.scopes, {
    claimName: 'scope',
    scopeToPolicyMapping: [{ scope: 'a', policyId: 'p1' }],
  });
});

test('§2.5 the response_body_transform processor is dropped and reported', () => {
  const { warnings } = migrate(classic({ response_processors: [{ name: 'response_body_transform', options: {} }] }));
  assert.deepEqual(warnings, ['response_processors: response_body_transform dropped']);
});

test('§2.6 a global rate limit with rate or per <= 0 is disabled', () => {
  for (const rl of [
    { rate: 0, per: 60 },
    { rate: 10, per: 0 },
    { rate: -1, per: -1 },
  ]) {
    const { baseAPI } = migrate(classic({ global_rate_limit: rl }));
    assert.deepEqual(ext(baseAPI).upstream.rateLimit, { enabled: false, ...rl }, JSON.stringify(rl));
  }
  const { baseAPI } = migrate(classic({ global_rate_limit: { rate: 0, per: 0 } }));
  assert.equal(ext(baseAPI).upstream.rateLimit, undefined, 'an all-zero limit is not written');
});

test('the input definition is not modified', () => {
  const def = classic({ use_go_plugin_auth: true, tags: [], version_data: { versions: { Default: {}, v2: {} } } });
  const before = JSON.stringify(def);
  migrate(def);
  assert.equal(JSON.stringify(def), before);
});

const jwtScopes = (overrides: object) =>
  ext(migrate(classic({ use_keyless: false, enable_jwt: true, auth_configs: { jwt: {} }, ...overrides })).baseAPI).server.authentication.securitySchemes.jwt
    .scopes;

test('§2.4 a legacy claim alone, or a legacy mapping alone, still moves; what scopes.jwt already holds is kept', () => {
  assert.deepEqual(jwtScopes({ jwt_scope_claim_name: 'scp' }), { claimName: 'scp' });
  assert.deepEqual(jwtScopes({ jwt_scope_to_policy_mapping: { a: 'p1' } }), { scopeToPolicyMapping: [{ scope: 'a', policyId: 'p1' }] });
  assert.deepEqual(jwtScopes({ scopes: { jwt: { scope_claim_name: 'kept' } }, jwt_scope_to_policy_mapping: { a: 'p1' } }), {
    claimName: 'kept',
    scopeToPolicyMapping: [{ scope: 'a', policyId: 'p1' }],
  });
  assert.deepEqual(jwtScopes({ scopes: { jwt: { scope_to_policy: { x: 'px' } } }, jwt_scope_claim_name: 'scp', jwt_scope_to_policy_mapping: {} }), {
    claimName: 'scp',
    scopeToPolicyMapping: [{ scope: 'x', policyId: 'px' }],
  });
  const oidc = migrate(
    classic({ use_keyless: false, use_openid: true, scopes: { oidc: { scope_claim_name: 'kept' } }, jwt_scope_to_policy_mapping: { a: 'p1' } }),
  );
  assert.deepEqual(ext(oidc.baseAPI).server.authentication.oidc.scopes, { claimName: 'kept', scopeToPolicyMapping: [{ scope: 'a', policyId: 'p1' }] });
});

test('§2.2 a token auth in use without its auth_configs entry takes the legacy auth member; another method does not', () => {
  const r = migrate(classic({ use_keyless: false, use_standard_auth: true, enable_jwt: true, auth: { auth_header_name: 'X-Legacy', use_param: true } }));
  assert.deepEqual(r.baseAPI.components?.securitySchemes?.authToken, { type: 'apiKey', in: 'header', name: 'X-Legacy' });
  assert.deepEqual(ext(r.baseAPI).server.authentication.securitySchemes.jwt.query, undefined, 'jwt got an empty entry, not the auth member');
  const noAuth = migrate(classic({ use_keyless: false, use_standard_auth: true, auth: 'x' }));
  assert.deepEqual(noAuth.baseAPI.components?.securitySchemes?.authToken, { type: 'apiKey', in: 'header', name: 'Authorization' });
});

test('§2.3 an id extractor with neither source nor method is off (nothing to say); with only one it is dropped and said', () => {
  const custom = (id_extractor: object) =>
    migrate(classic({ use_keyless: false, custom_plugin_auth_enabled: true, custom_middleware: { id_extractor } })).warnings;
  assert.deepEqual(custom({}), ['auth_configs.coprocess missing for an auth method in use: defaults assumed']);
  assert.ok(custom({ extract_from: 'header' }).includes('custom_middleware.id_extractor dropped: it needs both extract_from and extract_with'));
  assert.ok(custom({ extract_with: 'value' }).includes('custom_middleware.id_extractor dropped: it needs both extract_from and extract_with'));
});

test('§2.3 config data that is null or empty text is empty; other text is not', () => {
  for (const config_data of [null, ''])
    assert.equal(ext(migrate(classic({ config_data })).baseAPI).middleware?.global?.pluginConfig, undefined, String(config_data));
  assert.deepEqual(ext(migrate(classic({ config_data: 'text' })).baseAPI).middleware.global.pluginConfig, { data: { enabled: true } });
});

test('§2.5 other response processors are kept without a warning', () => {
  assert.deepEqual(migrate(classic({ response_processors: [{ name: 'header_injector' }] })).warnings, []);
});
