// `null` where our schema wants a value: an error only where the reference gateway refuses it.
// The gateway decodes with Go's JSON decoder, which takes `null` for any member and leaves the
// default; what refuses `null` is a schema check, and only for members that check declares
// without `null`:
// - classic definitions: the reference's classic schema allows `null` for most members; the
//   members it declares without `null` are listed below (member paths: array items and map
//   values are not levels);
// - OAS and streams documents: the extension schema declares `null` almost nowhere, so `null`
//   is refused wherever our schema (which mirrors its few nullable members) refuses it;
// - keys and policies: no schema check at all, so `null` never is an error.
// Anything not refused is a hint: the member has no effect, the default applies.

import type { DocumentKind } from '../../common/src/kinds';
import { parsePointer } from './jsonPointer';

/** Classic members whose type in the reference's classic schema does not allow `null`. */
const CLASSIC_NULL_REFUSED = new Set(
  [
    'is_site expire_analytics_after disable_expire_analytics id org_id api_id expiration tags_disabled ip_access_control_disabled',
    'enable_ip_whitelisting enable_ip_blacklisting enable_context_vars strip_auth_data do_not_track session_lifetime_disabled',
    'enable_jwt use_openid use_standard_auth use_go_plugin_auth enable_coprocess_auth custom_plugin_auth_enabled jwt_skip_kid',
    'base_identity_provided_by disable_rate_limit disable_quota custom_middleware_bundle custom_middleware_bundle_disabled',
    'jwt_policy_field_name jwt_signing_method jwt_source jwt_jwks_uris.url jwt_jwks_uris.cache_timeout jwt_identity_base_field',
    'jwt_client_base_field jwt_disable_issued_at_validation jwt_disable_expires_at_validation jwt_disable_not_before_validation',
    'jwt_issued_at_validation_skew jwt_expires_at_validation_skew jwt_not_before_validation_skew jwt_scope_claim_name',
    'scopes.jwt.scope_claim_name scopes.oidc.scope_claim_name idp_client_id_mapping_disabled use_keyless use_basic_auth',
    'use_mutual_tls_auth upstream_certificates_disabled certificate_pinning_disabled enable_batch_request_support use_oauth2',
    'auth_provider.name auth_provider.storage_engine session_provider.name session_provider.storage_engine hmac_allowed_clock_skew',
    'dont_set_quota_on_create session_lifetime_respects_key_expiration session_lifetime enable_detailed_recording',
    'enable_signature_checking active internal auth.auth_header_name auth.use_certificate definition.key definition.location',
    'definition.strip_path name slug domain domain_disabled listen_port protocol enable_proxy_protocol check_host_against_uptime_tests',
    'proxy.target_url proxy.check_host_against_uptime_tests proxy.preserve_host_header proxy.transport.ssl_min_version',
    'proxy.transport.ssl_max_version proxy.transport.proxy_url proxy.transport.ssl_force_common_name_check',
    'version_data.not_versioned version_data.default_version version_data.versions.expires version_data.versions.name',
    'version_data.versions.extended_paths.hard_timeouts.disabled version_data.versions.extended_paths.hard_timeouts.path',
    'version_data.versions.extended_paths.hard_timeouts.method version_data.versions.extended_paths.hard_timeouts.timeout',
    'version_data.versions.extended_paths.hard_timeouts.duration version_data.versions.global_enforce_timeout',
    'version_data.versions.global_enforce_timeout_disabled config_data_disabled global_rate_limit.rate global_rate_limit.per',
    'request_signing.is_enabled request_signing.secret request_signing.key_id request_signing.algorithm graphql.enabled',
    'graphql.version graphql.execution_mode graphql.schema graphql.last_schema_update graphql.type_field_configurations.type_name',
    'graphql.type_field_configurations.field_name graphql.type_field_configurations.mapping.disabled',
    'graphql.type_field_configurations.mapping.path graphql.type_field_configurations.data_source.kind',
    'graphql.engine.field_configs.type_name graphql.engine.field_configs.field_name graphql.engine.field_configs.disable_default_mapping',
    'graphql.engine.data_sources.kind graphql.engine.data_sources.name graphql.engine.data_sources.internal',
    'graphql.engine.data_sources.root_fields.type graphql.engine.global_headers.key graphql.engine.global_headers.value',
    'graphql.proxy.features.use_immutable_headers graphql.proxy.request_headers_rewrite.value graphql.proxy.request_headers_rewrite.remove',
    'graphql.subgraph.sdl graphql.supergraph.updated_at graphql.supergraph.disable_query_batching graphql.supergraph.subgraphs.api_id',
    'graphql.supergraph.subgraphs.name graphql.supergraph.subgraphs.url graphql.supergraph.subgraphs.sdl graphql.supergraph.merged_sdl',
    'graphql.introspection.disabled graphql.playground.enabled graphql.playground.path analytics_plugin.enabled',
    'analytics_plugin.plugin_path analytics_plugin.func_name is_oas detailed_tracing upstream_auth upstream_auth.enabled',
    'upstream_auth.basic_auth upstream_auth.basic_auth.enabled upstream_auth.basic_auth.username upstream_auth.basic_auth.password',
    'upstream_auth.basic_auth.header_name upstream_auth.oauth upstream_auth.oauth.enabled upstream_auth.oauth.client_credentials',
    'upstream_auth.oauth.client_credentials.client_id upstream_auth.oauth.client_credentials.client_secret',
    'upstream_auth.oauth.client_credentials.token_url upstream_auth.oauth.client_credentials.header',
    'upstream_auth.oauth.client_credentials.header.enabled upstream_auth.oauth.client_credentials.header.name',
    'upstream_auth.oauth.password upstream_auth.oauth.password.client_id upstream_auth.oauth.password.client_secret',
    'upstream_auth.oauth.password.username upstream_auth.oauth.password.password upstream_auth.oauth.password.token_url',
    'upstream_auth.oauth.password.header upstream_auth.oauth.password.header.enabled upstream_auth.oauth.password.header.name',
    'error_overrides_disabled error_overrides.match error_overrides.match.flag error_overrides.match.message_pattern',
    'error_overrides.match.body_field error_overrides.match.body_value error_overrides.response error_overrides.response.status_code',
    'error_overrides.response.body error_overrides.response.message error_overrides.response.template error_overrides.response.headers',
  ]
    .join(' ')
    .split(' '),
);

/** Classic maps whose keys are names chosen by the user (not levels of a member path). */
const CLASSIC_MAPS = new Set(['version_data.versions', 'error_overrides']);

/** The member path (`proxy.target_url`) of a pointer into a classic definition. */
export function classicMemberPath(pointer: string, root: unknown): string {
  const names: string[] = [];
  let current = root;
  let skipNext = false;
  for (const segment of parsePointer(pointer)) {
    const isItem = Array.isArray(current);
    current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[segment] : undefined;
    if (isItem || skipNext) {
      skipNext = false;
      continue;
    }
    names.push(segment);
    skipNext = CLASSIC_MAPS.has(names.join('.'));
  }
  return names.join('.');
}

/** Does the reference refuse `null` at `pointer` of a document of `kind`? */
export function referenceRefusesNull(kind: DocumentKind, pointer: string, root: unknown): boolean {
  switch (kind) {
    case 'classic':
      return CLASSIC_NULL_REFUSED.has(classicMemberPath(pointer, root));
    case 'dashboard-api': {
      const record = root !== null && typeof root === 'object' ? (root as Record<string, unknown>) : {};
      if (pointer.startsWith('/api_definition/'))
        return CLASSIC_NULL_REFUSED.has(classicMemberPath(pointer.slice('/api_definition'.length), record.api_definition));
      return pointer.startsWith('/oas/');
    }
    case 'session':
    case 'policy':
    case 'policies':
      return false;
    default:
      return true;
  }
}
