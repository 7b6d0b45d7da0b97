// Where `null` is an error: only where the reference gateway's schema check refuses it (its Go decoder
// takes `null` anywhere and keeps the default). Classic definitions: the members the classic schema
// declares without `null`; OAS documents (and the `oas` of a Dashboard record): everywhere our
// schema refuses it; keys and policies: never (no schema check). See validation/src/nullPolicy.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classicMemberPath, referenceRefusesNull } from '../../../validation/src/nullPolicy';

/** One member of every group of the classic list, at a pointer into a definition that holds it. */
const REFUSED_CLASSIC: Array<[string, unknown]> = [
  ['/ip_access_control_disabled', { ip_access_control_disabled: null }],
  ['/session_lifetime_disabled', { session_lifetime_disabled: null }],
  ['/jwt_skip_kid', { jwt_skip_kid: null }],
  ['/custom_middleware_bundle_disabled', { custom_middleware_bundle_disabled: null }],
  ['/jwt_jwks_uris/0/cache_timeout', { jwt_jwks_uris: [{ cache_timeout: null }] }],
  ['/jwt_disable_not_before_validation', { jwt_disable_not_before_validation: null }],
  ['/jwt_scope_claim_name', { jwt_scope_claim_name: null }],
  ['/use_basic_auth', { use_basic_auth: null }],
  ['/use_oauth2', { use_oauth2: null }],
  ['/hmac_allowed_clock_skew', { hmac_allowed_clock_skew: null }],
  ['/enable_detailed_recording', { enable_detailed_recording: null }],
  ['/definition/location', { definition: { location: null } }],
  ['/check_host_against_uptime_tests', { check_host_against_uptime_tests: null }],
  ['/proxy/transport/ssl_min_version', { proxy: { transport: { ssl_min_version: null } } }],
  ['/proxy/transport/ssl_force_common_name_check', { proxy: { transport: { ssl_force_common_name_check: null } } }],
  ['/version_data/versions/Default/name', { version_data: { versions: { Default: { name: null } } } }],
  ['/version_data/versions/v1/extended_paths/hard_timeouts/0/path', { version_data: { versions: { v1: { extended_paths: { hard_timeouts: [{}] } } } } }],
  ['/version_data/versions/v1/extended_paths/hard_timeouts/0/timeout', { version_data: { versions: { v1: { extended_paths: { hard_timeouts: [{}] } } } } }],
  ['/version_data/versions/v1/global_enforce_timeout', { version_data: { versions: { v1: {} } } }],
  ['/global_rate_limit/per', { global_rate_limit: { per: null } }],
  ['/request_signing/algorithm', { request_signing: { algorithm: null } }],
  ['/graphql/type_field_configurations/0/type_name', { graphql: { type_field_configurations: [{}] } }],
  ['/graphql/type_field_configurations/0/mapping/disabled', { graphql: { type_field_configurations: [{ mapping: {} }] } }],
  ['/graphql/type_field_configurations/1/data_source/kind', { graphql: { type_field_configurations: [{}, { data_source: {} }] } }],
  ['/graphql/engine/field_configs/0/disable_default_mapping', { graphql: { engine: { field_configs: [{}] } } }],
  ['/graphql/engine/data_sources/0/internal', { graphql: { engine: { data_sources: [{}] } } }],
  ['/graphql/engine/global_headers/0/value', { graphql: { engine: { global_headers: [{}] } } }],
  ['/graphql/proxy/request_headers_rewrite/remove', { graphql: { proxy: { request_headers_rewrite: {} } } }],
  ['/graphql/supergraph/subgraphs/0/api_id', { graphql: { supergraph: { subgraphs: [{}] } } }],
  ['/graphql/supergraph/merged_sdl', { graphql: { supergraph: {} } }],
  ['/analytics_plugin/enabled', { analytics_plugin: {} }],
  ['/upstream_auth/enabled', { upstream_auth: {} }],
  ['/upstream_auth/basic_auth/password', { upstream_auth: { basic_auth: {} } }],
  ['/upstream_auth/oauth/client_credentials', { upstream_auth: { oauth: {} } }],
  ['/upstream_auth/oauth/client_credentials/client_secret', { upstream_auth: { oauth: { client_credentials: {} } } }],
  ['/upstream_auth/oauth/client_credentials/header', { upstream_auth: { oauth: { client_credentials: {} } } }],
  ['/upstream_auth/oauth/client_credentials/header/name', { upstream_auth: { oauth: { client_credentials: { header: {} } } } }],
  ['/upstream_auth/oauth/password/client_secret', { upstream_auth: { oauth: { password: {} } } }],
  ['/upstream_auth/oauth/password/token_url', { upstream_auth: { oauth: { password: {} } } }],
  ['/upstream_auth/oauth/password/header/name', { upstream_auth: { oauth: { password: { header: {} } } } }],
  ['/error_overrides/500/0/match/message_pattern', { error_overrides: { 500: [{ match: {} }] } }],
  ['/error_overrides/404/0/response/status_code', { error_overrides: { 404: [{ response: {} }] } }],
  ['/error_overrides/401/1/response/headers', { error_overrides: { 401: [{}, { response: {} }] } }],
];

test('a classic member the classic schema declares without null refuses null, at any depth', () => {
  for (const [pointer, root] of REFUSED_CLASSIC) assert.equal(referenceRefusesNull('classic', pointer, root), true, pointer);
});

test('a classic member the classic schema lets be null is a hint, also when a refused one has the same last name', () => {
  assert.equal(referenceRefusesNull('classic', '/proxy/listen_path', { proxy: { listen_path: null } }), false);
  assert.equal(referenceRefusesNull('classic', '/custom_middleware', { custom_middleware: null }), false);
  // `name` is refused at the top; under `graphql` it is another member.
  assert.equal(referenceRefusesNull('classic', '/name', { name: null }), true);
  assert.equal(referenceRefusesNull('classic', '/graphql/name', { graphql: { name: null } }), false);
  // A level below a refused member is not that member.
  assert.equal(referenceRefusesNull('classic', '/upstream_auth/oauth/password/header/extra', {}), false);
});

test('array items and the values of the classic maps are not levels of the member path', () => {
  assert.equal(classicMemberPath('/jwt_jwks_uris/0/url', { jwt_jwks_uris: [{ url: null }] }), 'jwt_jwks_uris.url');
  assert.equal(classicMemberPath('/version_data/versions/Default/name', { version_data: { versions: { Default: {} } } }), 'version_data.versions.name');
  // error_overrides: status code -> list of overrides.
  assert.equal(classicMemberPath('/error_overrides/500/0/match/flag', { error_overrides: { 500: [{ match: {} }] } }), 'error_overrides.match.flag');
  // A member after an item is a level again.
  assert.equal(
    classicMemberPath('/graphql/engine/data_sources/0/root_fields/1/type', { graphql: { engine: { data_sources: [{ root_fields: [{}, {}] }] } } }),
    'graphql.engine.data_sources.root_fields.type',
  );
});

test('a member named like a map elsewhere is a level: only version_data.versions and error_overrides are maps', () => {
  assert.equal(classicMemberPath('/versions/v1/name', { versions: { v1: {} } }), 'versions.v1.name');
  assert.equal(classicMemberPath('/graphql/error_overrides/x', { graphql: { error_overrides: {} } }), 'graphql.error_overrides.x');
});

test('the member path of a pointer below a member that is absent, null or not an object is still its names', () => {
  assert.equal(classicMemberPath('/proxy/transport/proxy_url', {}), 'proxy.transport.proxy_url');
  assert.equal(classicMemberPath('/proxy/target_url', { proxy: null }), 'proxy.target_url');
  assert.equal(classicMemberPath('/proxy/target_url', undefined), 'proxy.target_url');
  assert.equal(referenceRefusesNull('classic', '/proxy/transport/proxy_url', { proxy: null }), true);
});

test('pointer escapes are read: ~1 is a slash and ~0 a tilde in a map key', () => {
  assert.equal(classicMemberPath('/version_data/versions/v1~12/name', { version_data: { versions: { 'v1/2': {} } } }), 'version_data.versions.name');
  assert.equal(classicMemberPath('/a~1b/c~0d', { 'a/b': {} }), 'a/b.c~d');
  assert.equal(referenceRefusesNull('classic', '/version_data/versions/v~01/expires', { version_data: { versions: { 'v~1': {} } } }), true);
});

test('a Dashboard API record: its api_definition follows the classic list, its oas refuses null, the rest does not', () => {
  const record = { api_definition: { jwt_jwks_uris: [{ url: null }], proxy: { listen_path: null } }, oas: { info: { title: null } } };
  assert.equal(referenceRefusesNull('dashboard-api', '/api_definition/jwt_jwks_uris/0/url', record), true);
  assert.equal(referenceRefusesNull('dashboard-api', '/api_definition/name', record), true);
  assert.equal(referenceRefusesNull('dashboard-api', '/api_definition/proxy/listen_path', record), false);
  assert.equal(referenceRefusesNull('dashboard-api', '/oas/info/title', record), true);
  assert.equal(referenceRefusesNull('dashboard-api', '/oas/x-tyk-api-gateway/info/name', record), true);
  assert.equal(referenceRefusesNull('dashboard-api', '/user_owners', record), false);
  assert.equal(referenceRefusesNull('dashboard-api', '/api_definition', record), false);
  assert.equal(referenceRefusesNull('dashboard-api', '/oas', record), false);
});

test('a Dashboard API record that is not an object: the api_definition pointer is still read by name', () => {
  for (const root of [null, undefined, 7, 'text']) {
    assert.equal(referenceRefusesNull('dashboard-api', '/api_definition/name', root), true, String(root));
    assert.equal(referenceRefusesNull('dashboard-api', '/api_definition/proxy/listen_path', root), false, String(root));
  }
});

test('keys and policies never refuse null (no schema check in the reference)', () => {
  for (const kind of ['session', 'policy', 'policies'] as const) {
    assert.equal(referenceRefusesNull(kind, '/org_id', { org_id: null }), false, kind);
    assert.equal(referenceRefusesNull(kind, '/name', { name: null }), false, kind);
  }
});

test('OAS and streams documents refuse null wherever our schema does', () => {
  for (const kind of ['oas', 'streams', 'oas-template', 'streams-template'] as const) {
    assert.equal(referenceRefusesNull(kind, '/info/title', { info: { title: null } }), true, kind);
    assert.equal(referenceRefusesNull(kind, '/proxy/listen_path', {}), true, kind);
  }
});
