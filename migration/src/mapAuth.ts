// migration-mapping.md §5.4 (`server.authentication`) and §5.5 (security schemes: the
// `components.securitySchemes` entry, the top-level `security` item and the vendor object).
import type { ClassicApiDefinition, Json, Report } from './types.js';
import { arr, bool, camelDeep, defined, durationOf, isObject, list, num, obj, section, str } from './util.js';

/** What §5.4/§5.5 produce for one definition. */
export interface AuthMapping {
  authentication: Json;
  securitySchemes: Record<string, Json>;
  security: Array<Record<string, string[]>>;
}

/** Scheme names in the order the reference fills them (§5.5). */
const SCHEME_ORDER = ['authToken', 'jwt', 'basic', 'oauth', 'externalOAuth'] as const;
const OAUTH_AUTHORIZE_URL = '/oauth/authorize';
const OAUTH_TOKEN_URL = '/oauth/token';

export function mapAuthentication(def: ClassicApiDefinition, report: Report): AuthMapping {
  const configs = obj(def.auth_configs);
  const securitySchemes: Record<string, Json> = {};
  const vendor: Record<string, Json> = {};
  const security: Array<Record<string, string[]>> = [];
  for (const name of SCHEME_ORDER) {
    if (!isObject(configs[name])) continue;
    const built = SCHEME_BUILDERS[name](def, configs[name]);
    securitySchemes[name] = built.component;
    vendor[name] = built.vendor;
    security.push({ [name]: [] });
  }
  const scopesOidc = obj(obj(def.scopes).oidc);
  const authentication = defined({
    enabled: def.use_keyless !== true,
    stripAuthorizationData: bool(def.strip_auth_data),
    baseIdentityProvider: str(def.base_identity_provided_by),
    customKeyLifetime: mapKeyLifetime(def),
    certificateAuth: isObject(configs.authToken) ? section({ enabled: bool(configs.authToken.use_certificate) }) : undefined,
    hmac: section({
      enabled: def.enable_signature_checking === true,
      ...authSources(configs.hmac),
      allowedAlgorithms: list(def.hmac_allowed_algorithms),
      allowedClockSkew: num(def.hmac_allowed_clock_skew),
    }),
    oidc: section({
      enabled: def.use_openid === true,
      ...authSources(configs.oidc),
      segregateByClientId: bool(obj(def.openid_options).segregate_by_client),
      providers: list(
        arr<Json>(obj(def.openid_options).providers).map((p) =>
          defined({
            issuer: str(obj(p).issuer),
            clientToPolicyMapping: pairs(obj(p).client_ids, 'clientId', 'policyId'),
          }),
        ),
      ),
      scopes: section({
        claimName: str(scopesOidc.scope_claim_name),
        scopeToPolicyMapping: pairs(scopesOidc.scope_to_policy, 'scope', 'policyId'),
      }),
    }),
    custom: section({
      enabled: def.custom_plugin_auth_enabled === true,
      ...authSources(configs.coprocess),
      config: mapCustomConfig(obj(def.custom_middleware), report),
    }),
    securitySchemes: Object.keys(vendor).length ? vendor : undefined,
  });
  return { authentication, securitySchemes, security };
}

/**
 * `header`/`query`/`cookie` of one `auth_configs` entry (§5.4 "Auth sources"). The header source
 * is on unless `disable_header`; with no name the gateway reads `Authorization`.
 */
export function authSources(config: unknown): Json {
  if (!isObject(config)) return {};
  return defined({
    header: defined({ enabled: config.disable_header !== true, name: str(config.auth_header_name) }),
    query: section({ enabled: bool(config.use_param), name: str(config.param_name) }),
    cookie: section({ enabled: bool(config.use_cookie), name: str(config.cookie_name) }),
  });
}

function mapKeyLifetime(def: ClassicApiDefinition): Json | undefined {
  // The schema rejects an all-zero lifetime, so an unset lifetime is not written.
  const value = durationOf(def.session_lifetime);
  if (!value && def.session_lifetime_respects_key_expiration !== true) return undefined;
  return defined({ enabled: Boolean(value), value, respectValidity: bool(def.session_lifetime_respects_key_expiration) });
}

function mapCustomConfig(mw: Json, report: Report): Json | undefined {
  const check = obj(mw.auth_check);
  const enabled = isObject(mw.auth_check) && check.disabled !== true;
  const rest = section({
    path: str(check.path),
    rawBodyOnly: bool(check.raw_body_only),
    requireSession: bool(check.require_session),
    idExtractor: mapIdExtractor(mw.id_extractor, report),
  });
  if (!enabled && !str(check.name) && !rest) return undefined;
  // The reference's schema requires `enabled` and `functionName` whenever `config` is written
  // (an id extractor alone, or an auth check without a name, used to leave them out).
  return { enabled, functionName: str(check.name) ?? '', ...rest };
}

/** `custom_middleware.id_extractor`: the reference requires `enabled`, `source`, `with` and `config`. */
function mapIdExtractor(ex: unknown, report: Report): Json | undefined {
  if (!isObject(ex)) return undefined;
  const source = str(ex.extract_from);
  const extractWith = str(ex.extract_with);
  if (!source || !extractWith) {
    if (ex.disabled !== true) report.warnings.push('custom_middleware.id_extractor dropped: it needs both extract_from and extract_with');
    return undefined;
  }
  const c = obj(ex.extractor_config);
  const config = defined({
    headerName: str(c.header_name),
    formParamName: str(c.form_param_name),
    regexp: str(c.regex_expression),
    regexpMatchIndex: num(c.regex_match_index),
    xPathExp: str(c.xpath_expression),
  });
  return { enabled: ex.disabled !== true, source, with: extractWith, config };
}

/** `{k: v}` → `[{<keyName>: k, <valueName>: v}]` sorted by key (§5.4 "map → array"). */
function pairs(map: unknown, keyName: string, valueName: string): Json[] | undefined {
  if (!isObject(map)) return undefined;
  const out = Object.keys(map)
    .sort()
    .map((k) => ({ [keyName]: k, [valueName]: String(map[k]) }));
  return out.length ? out : undefined;
}

interface BuiltScheme {
  component: Json;
  vendor: Json;
}

const SCHEME_BUILDERS: Record<(typeof SCHEME_ORDER)[number], (def: ClassicApiDefinition, config: Json) => BuiltScheme> = {
  authToken: (_def, config) => {
    const sig = obj(config.signature);
    return {
      component: { type: 'apiKey', ...apiKeyLocation(config) },
      vendor: defined({
        enabled: true,
        ...authSources(config),
        signatureValidation: section({
          enabled: bool(config.validate_signature),
          algorithm: str(sig.algorithm),
          header: str(sig.header),
          query: section({ enabled: bool(sig.use_param), name: str(sig.param_name) }),
          secret: str(sig.secret),
          allowedClockSkew: num(sig.allowed_clock_skew),
          errorCode: num(sig.error_code),
          errorMessage: str(sig.error_message),
        }),
      }),
    };
  },
  jwt: (def, config) => {
    const scopes = obj(obj(def.scopes).jwt);
    return {
      component: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      vendor: defined({
        enabled: true,
        ...authSources(config),
        source: str(def.jwt_source),
        signingMethod: str(def.jwt_signing_method),
        identityBaseField: str(def.jwt_identity_base_field),
        clientBaseField: str(def.jwt_client_base_field),
        policyFieldName: str(def.jwt_policy_field_name),
        defaultPolicies: list(def.jwt_default_policies),
        skipKid: bool(def.jwt_skip_kid),
        jwksURIs: list(def.jwt_jwks_uris) ? camelDeep(def.jwt_jwks_uris) : undefined,
        issuedAtValidationSkew: num(def.jwt_issued_at_validation_skew),
        notBeforeValidationSkew: num(def.jwt_not_before_validation_skew),
        expiresAtValidationSkew: num(def.jwt_expires_at_validation_skew),
        idpClientIdMappingDisabled: bool(def.idp_client_id_mapping_disabled),
        scopes: section({
          claimName: str(scopes.scope_claim_name),
          scopeToPolicyMapping: pairs(scopes.scope_to_policy, 'scope', 'policyId'),
        }),
      }),
    };
  },
  basic: (def, config) => {
    const b = obj(def.basic_auth);
    return {
      component: { type: 'http', scheme: 'basic' },
      vendor: defined({
        enabled: true,
        ...authSources(config),
        cacheTTL: num(b.cache_ttl),
        disableCaching: bool(b.disable_caching),
        extractCredentialsFromBody: section({
          enabled: bool(b.extract_from_body),
          userRegexp: str(b.body_user_regexp),
          passwordRegexp: str(b.body_password_regexp),
        }),
      }),
    };
  },
  oauth: (def, config) => {
    const meta = obj(def.oauth_meta);
    const n = obj(def.notifications);
    return {
      component: { type: 'oauth2', flows: oauthFlows(arr<string>(meta.allowed_access_types)) },
      vendor: defined({
        enabled: true,
        ...authSources(config),
        allowedAuthorizeTypes: list(meta.allowed_authorize_types),
        authLoginRedirect: str(meta.auth_login_redirect),
        notifications: section({ sharedSecret: str(n.shared_secret), onKeyChangeUrl: str(n.oauth_on_keychange_url) }),
      }),
    };
  },
  externalOAuth: (def, config) => ({
    component: { type: 'oauth2', flows: {} },
    vendor: defined({
      enabled: true,
      ...authSources(config),
      providers: list(obj(def.external_oauth).providers) ? camelDeep(def.external_oauth.providers) : undefined,
    }),
  }),
};

/** `in`/`name` of an apiKey scheme: the first enabled source (header, query, cookie). */
function apiKeyLocation(config: Json): { in: string; name: string } {
  if (config.disable_header !== true) return { in: 'header', name: str(config.auth_header_name) ?? 'Authorization' };
  if (config.use_param === true) return { in: 'query', name: str(config.param_name) ?? 'Authorization' };
  if (config.use_cookie === true) return { in: 'cookie', name: str(config.cookie_name) ?? 'Authorization' };
  return { in: 'header', name: str(config.auth_header_name) ?? 'Authorization' };
}

/** OAuth2 flows from `oauth_meta.allowed_access_types`, with the gateway's default URLs. */
function oauthFlows(accessTypes: string[]): Json {
  const flows: Json = {};
  for (const t of accessTypes) {
    if (t === 'authorization_code') {
      flows.authorizationCode = { authorizationUrl: OAUTH_AUTHORIZE_URL, tokenUrl: OAUTH_TOKEN_URL, scopes: {} };
    } else if (t === 'client_credentials') flows.clientCredentials = { tokenUrl: OAUTH_TOKEN_URL, scopes: {} };
    else if (t === 'password') flows.password = { tokenUrl: OAUTH_TOKEN_URL, scopes: {} };
    else if (t === 'implicit' || t === '__implicit') flows.implicit = { authorizationUrl: OAUTH_AUTHORIZE_URL, scopes: {} };
  }
  return flows;
}
