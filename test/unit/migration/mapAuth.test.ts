// migration-mapping.md §5.4 (`server.authentication`) and §5.5 (security schemes).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classic, ext, migrate } from './helpers.js';

test('§5.4 keyless API: authentication disabled, no schemes, no security', () => {
  const { baseAPI } = migrate(classic());
  assert.deepEqual(ext(baseAPI).server.authentication, { enabled: false });
  assert.equal(baseAPI.components, undefined);
  assert.equal(baseAPI.security, undefined);
});

test('§5.4 general members: strip auth data, base identity, key lifetime, certificate auth', () => {
  const { baseAPI } = migrate(
    classic({
      use_keyless: false,
      use_standard_auth: true,
      strip_auth_data: true,
      base_identity_provided_by: 'auth_token',
      session_lifetime: 3600,
      session_lifetime_respects_key_expiration: true,
      auth_configs: { authToken: { use_certificate: true } },
    }),
  );
  const a = ext(baseAPI).server.authentication;
  assert.equal(a.enabled, true);
  assert.equal(a.stripAuthorizationData, true);
  assert.equal(a.baseIdentityProvider, 'auth_token');
  assert.deepEqual(a.customKeyLifetime, { enabled: true, value: '1h', respectValidity: true });
  assert.deepEqual(a.certificateAuth, { enabled: true });
});

test('§5.5 auth token: apiKey scheme from the enabled source, vendor object with signature validation', () => {
  const { baseAPI } = migrate(
    classic({
      use_keyless: false,
      use_standard_auth: true,
      auth_configs: {
        authToken: {
          disable_header: true,
          use_param: true,
          param_name: 'key',
          use_cookie: true,
          cookie_name: 'tok',
          validate_signature: true,
          signature: { algorithm: 'MasherySHA256', header: 'X-Sig', secret: 's3', allowed_clock_skew: 5, error_code: 401, error_message: 'bad sig' },
        },
      },
    }),
  );
  assert.deepEqual(baseAPI.components?.securitySchemes, { authToken: { type: 'apiKey', in: 'query', name: 'key' } });
  assert.deepEqual(baseAPI.security, [{ authToken: [] }]);
  assert.deepEqual(ext(baseAPI).server.authentication.securitySchemes.authToken, {
    enabled: true,
    header: { enabled: false },
    query: { enabled: true, name: 'key' },
    cookie: { enabled: true, name: 'tok' },
    signatureValidation: {
      enabled: true,
      algorithm: 'MasherySHA256',
      header: 'X-Sig',
      secret: 's3',
      allowedClockSkew: 5,
      errorCode: 401,
      errorMessage: 'bad sig',
    },
  });
});

test('§5.5 JWT: bearer scheme and the jwt_* members', () => {
  const { baseAPI } = migrate(
    classic({
      use_keyless: false,
      enable_jwt: true,
      auth_configs: { jwt: { auth_header_name: 'Authorization' } },
      jwt_source: 'https://idp.test/jwks',
      jwt_signing_method: 'rsa',
      jwt_identity_base_field: 'sub',
      jwt_client_base_field: 'azp',
      jwt_policy_field_name: 'pol',
      jwt_default_policies: ['p1'],
      jwt_skip_kid: true,
      jwt_issued_at_validation_skew: 1,
      jwt_not_before_validation_skew: 2,
      jwt_expires_at_validation_skew: 3,
      idp_client_id_mapping_disabled: true,
      jwt_jwks_uris: [{ url: 'https://idp.test/jwks', cache_timeout: '1h' }],
    }),
  );
  assert.deepEqual(baseAPI.components?.securitySchemes, { jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } });
  assert.deepEqual(ext(baseAPI).server.authentication.securitySchemes.jwt, {
    enabled: true,
    header: { enabled: true, name: 'Authorization' },
    source: 'https://idp.test/jwks',
    signingMethod: 'rsa',
    identityBaseField: 'sub',
    clientBaseField: 'azp',
    policyFieldName: 'pol',
    defaultPolicies: ['p1'],
    skipKid: true,
    jwksURIs: [{ url: 'https://idp.test/jwks', cacheTimeout: '1h' }],
    issuedAtValidationSkew: 1,
    notBeforeValidationSkew: 2,
    expiresAtValidationSkew: 3,
    idpClientIdMappingDisabled: true,
  });
});

test('§5.5 basic auth and OAuth: schemes, flows with default URLs, vendor objects; security in fill order', () => {
  const { baseAPI } = migrate(
    classic({
      use_keyless: false,
      use_basic_auth: true,
      use_oauth2: true,
      auth_configs: { oauth: {}, basic: {} },
      basic_auth: { cache_ttl: 30, disable_caching: false, extract_from_body: true, body_user_regexp: 'u=(.*)', body_password_regexp: 'p=(.*)' },
      oauth_meta: {
        allowed_access_types: ['authorization_code', 'refresh_token', 'client_credentials'],
        allowed_authorize_types: ['code'],
        auth_login_redirect: 'http://login',
      },
      notifications: { shared_secret: 'ss', oauth_on_keychange_url: 'http://notify' },
    }),
  );
  assert.deepEqual(baseAPI.components?.securitySchemes, {
    basic: { type: 'http', scheme: 'basic' },
    oauth: {
      type: 'oauth2',
      flows: {
        authorizationCode: { authorizationUrl: '/oauth/authorize', tokenUrl: '/oauth/token', scopes: {} },
        clientCredentials: { tokenUrl: '/oauth/token', scopes: {} },
      },
    },
  });
  assert.deepEqual(baseAPI.security, [{ basic: [] }, { oauth: [] }]);
  const schemes = ext(baseAPI).server.authentication.securitySchemes;
  assert.deepEqual(schemes.basic, {
    enabled: true,
    header: { enabled: true },
    cacheTTL: 30,
    disableCaching: false,
    extractCredentialsFromBody: { enabled: true, userRegexp: 'u=(.*)', passwordRegexp: 'p=(.*)' },
  });
  assert.deepEqual(schemes.oauth, {
    enabled: true,
    header: { enabled: true },
    allowedAuthorizeTypes: ['code'],
    authLoginRedirect: 'http://login',
    notifications: { sharedSecret: 'ss', onKeyChangeUrl: 'http://notify' },
  });
});

test('§5.5 external OAuth: an enabled vendor object, its providers camelCased', () => {
  const { baseAPI } = migrate(
    classic({
      use_keyless: false,
      external_oauth: {
        enabled: true,
        providers: [
          {
            jwt: { enabled: true, signing_method: 'rsa', source: 'abc', identity_base_field: 'sub', expires_at_validation_skew: 5 },
            introspection: { enabled: false, url: 'http://i', client_id: 'c', client_secret: 's', cache: { enabled: true, timeout: 10 } },
          },
        ],
      },
      auth_configs: { externalOAuth: {} },
    }),
  );
  assert.deepEqual(baseAPI.components?.securitySchemes, { externalOAuth: { type: 'oauth2', flows: {} } });
  assert.deepEqual(ext(baseAPI).server.authentication.securitySchemes.externalOAuth, {
    enabled: true,
    header: { enabled: true },
    providers: [
      {
        jwt: { enabled: true, signingMethod: 'rsa', source: 'abc', identityBaseField: 'sub', expiresAtValidationSkew: 5 },
        introspection: { enabled: false, url: 'http://i', clientId: 'c', clientSecret: 's', cache: { enabled: true, timeout: 10 } },
      },
    ],
  });
});

test('§5.4 HMAC, OIDC and custom auth: no scheme, settings with sources', () => {
  const { baseAPI } = migrate(
    classic({
      use_keyless: false,
      enable_signature_checking: true,
      hmac_allowed_algorithms: ['hmac-sha256'],
      hmac_allowed_clock_skew: 1000,
      use_openid: true,
      openid_options: { segregate_by_client: true, providers: [{ issuer: 'https://iss', client_ids: { Y2xpZW50: 'pol1' } }] },
      custom_plugin_auth_enabled: true,
      custom_middleware: {
        driver: 'goplugin',
        auth_check: { name: 'Auth', path: 'plugin.so', raw_body_only: true, require_session: false },
        id_extractor: { extract_from: 'header', extract_with: 'value', extractor_config: { header_name: 'X-Id' } },
      },
      auth_configs: { hmac: { auth_header_name: 'Authorization' }, oidc: {}, coprocess: { use_param: true, param_name: 'k' } },
    }),
  );
  assert.equal(baseAPI.components, undefined);
  const a = ext(baseAPI).server.authentication;
  assert.deepEqual(a.hmac, { enabled: true, header: { enabled: true, name: 'Authorization' }, allowedAlgorithms: ['hmac-sha256'], allowedClockSkew: 1000 });
  assert.deepEqual(a.oidc, {
    enabled: true,
    header: { enabled: true },
    segregateByClientId: true,
    providers: [{ issuer: 'https://iss', clientToPolicyMapping: [{ clientId: 'Y2xpZW50', policyId: 'pol1' }] }],
  });
  assert.deepEqual(a.custom, {
    enabled: true,
    header: { enabled: true },
    query: { enabled: true, name: 'k' },
    config: {
      enabled: true,
      functionName: 'Auth',
      path: 'plugin.so',
      rawBodyOnly: true,
      requireSession: false,
      idExtractor: { enabled: true, source: 'header', with: 'value', config: { headerName: 'X-Id' } },
    },
  });
});

test('§5.4 custom auth config always carries enabled and functionName (the reference schema requires them)', () => {
  const customOf = (custom_middleware: object) =>
    ext(migrate(classic({ use_keyless: false, custom_plugin_auth_enabled: true, custom_middleware })).baseAPI).server.authentication.custom;
  // An id extractor without an auth check: the check is off and unnamed, but both members are written.
  assert.deepEqual(customOf({ id_extractor: { extract_from: 'header', extract_with: 'value', extractor_config: {} } }).config, {
    enabled: false,
    functionName: '',
    idExtractor: { enabled: true, source: 'header', with: 'value', config: {} },
  });
  // An auth check with a path and no name.
  assert.deepEqual(customOf({ auth_check: { path: 'auth.so' } }).config, { enabled: true, functionName: '', path: 'auth.so' });
  // Nothing configured: no config at all.
  assert.equal(customOf({ auth_check: { name: '', path: '' } }).config, undefined);
});

test('§5.4 an id extractor without extract_from or extract_with is dropped, and the report says so', () => {
  const result = migrate(
    classic({
      use_keyless: false,
      custom_plugin_auth_enabled: true,
      custom_middleware: { auth_check: { name: 'Auth' }, id_extractor: { extract_from: 'header' } },
    }),
  );
  assert.deepEqual(ext(result.baseAPI).server.authentication.custom.config, { enabled: true, functionName: 'Auth' });
  assert.ok(result.warnings.includes('custom_middleware.id_extractor dropped: it needs both extract_from and extract_with'), result.warnings.join('\n'));
});

test('§5.5 auth token scheme location: the first enabled source (header, query, cookie), named Authorization when unnamed', () => {
  const schemeOf = (authToken: object) =>
    migrate(classic({ use_keyless: false, use_standard_auth: true, auth_configs: { authToken } })).baseAPI.components?.securitySchemes?.authToken;
  assert.deepEqual(schemeOf({}), { type: 'apiKey', in: 'header', name: 'Authorization' });
  assert.deepEqual(schemeOf({ auth_header_name: 'X-Key', use_param: true }), { type: 'apiKey', in: 'header', name: 'X-Key' });
  assert.deepEqual(schemeOf({ disable_header: true, use_param: true }), { type: 'apiKey', in: 'query', name: 'Authorization' });
  assert.deepEqual(schemeOf({ disable_header: true, use_cookie: true, cookie_name: 'c' }), { type: 'apiKey', in: 'cookie', name: 'c' });
  assert.deepEqual(schemeOf({ disable_header: true, use_cookie: true }), { type: 'apiKey', in: 'cookie', name: 'Authorization' });
  assert.deepEqual(schemeOf({ disable_header: true, auth_header_name: 'X-Off' }), { type: 'apiKey', in: 'header', name: 'X-Off' });
  assert.deepEqual(schemeOf({ disable_header: true }), { type: 'apiKey', in: 'header', name: 'Authorization' });
});

test('§5.4 key lifetime: written when a lifetime is set or validity is respected; enabled only with a lifetime', () => {
  const lifetimeOf = (members: object) => ext(migrate(classic({ use_keyless: false, ...members })).baseAPI).server.authentication.customKeyLifetime;
  // A lifetime alone (the smallest one, 1 s): on, without respectValidity.
  assert.deepEqual(lifetimeOf({ session_lifetime: 1 }), { enabled: true, value: '1s' });
  assert.deepEqual(lifetimeOf({ session_lifetime: 60, session_lifetime_respects_key_expiration: false }), {
    enabled: true,
    value: '1m',
    respectValidity: false,
  });
  // Respecting the key's validity without a lifetime: written, but the lifetime is off.
  assert.deepEqual(lifetimeOf({ session_lifetime_respects_key_expiration: true }), { enabled: false, respectValidity: true });
  assert.deepEqual(lifetimeOf({ session_lifetime: 0, session_lifetime_respects_key_expiration: true }), { enabled: false, respectValidity: true });
  // Neither: nothing (the schema rejects an all-zero lifetime).
  assert.equal(lifetimeOf({ session_lifetime: 0 }), undefined);
  assert.equal(lifetimeOf({ session_lifetime: 0, session_lifetime_respects_key_expiration: false }), undefined);
});

test('§5.4 a disabled auth check and a disabled id extractor are kept, switched off (enabled = ¬disabled)', () => {
  const result = migrate(
    classic({
      use_keyless: false,
      custom_plugin_auth_enabled: true,
      custom_middleware: {
        auth_check: { name: 'Auth', disabled: true },
        id_extractor: { extract_from: 'header', extract_with: 'value', extractor_config: { header_name: 'X-Id' }, disabled: true },
      },
    }),
  );
  assert.deepEqual(ext(result.baseAPI).server.authentication.custom.config, {
    enabled: false,
    functionName: 'Auth',
    idExtractor: { enabled: false, source: 'header', with: 'value', config: { headerName: 'X-Id' } },
  });
  // A disabled auth check with only its name left: still written, with the name.
  const nameOnly = migrate(
    classic({ use_keyless: false, custom_plugin_auth_enabled: true, custom_middleware: { auth_check: { name: 'Auth', disabled: true } } }),
  );
  assert.deepEqual(ext(nameOnly.baseAPI).server.authentication.custom.config, { enabled: false, functionName: 'Auth' });
  assert.ok(!result.warnings.some((w) => w.includes('id_extractor')), result.warnings.join('\n'));
});

test('§5.5 auth token signature read from a query parameter: signatureValidation.query from use_param and param_name', () => {
  const { baseAPI } = migrate(
    classic({
      use_keyless: false,
      use_standard_auth: true,
      auth_configs: { authToken: { validate_signature: true, signature: { algorithm: 'MasherySHA256', use_param: true, param_name: 'sig' } } },
    }),
  );
  assert.deepEqual(ext(baseAPI).server.authentication.securitySchemes.authToken.signatureValidation, {
    enabled: true,
    algorithm: 'MasherySHA256',
    query: { enabled: true, name: 'sig' },
  });
});

test('§5.5 OAuth flows: one per grant type with the default URLs; refresh_token, unknown and empty types add none', () => {
  const flowsOf = (allowed_access_types: string[]) =>
    migrate(classic({ use_keyless: false, use_oauth2: true, auth_configs: { oauth: {} }, oauth_meta: { allowed_access_types } })).baseAPI.components
      ?.securitySchemes?.oauth;
  const authorizationCode = { authorizationUrl: '/oauth/authorize', tokenUrl: '/oauth/token', scopes: {} };
  const tokenOnly = { tokenUrl: '/oauth/token', scopes: {} };
  const implicit = { authorizationUrl: '/oauth/authorize', scopes: {} };
  assert.deepEqual(flowsOf(['password']), { type: 'oauth2', flows: { password: tokenOnly } });
  assert.deepEqual(flowsOf(['client_credentials']), { type: 'oauth2', flows: { clientCredentials: tokenOnly } });
  // The gateway's OAuth library names the implicit grant `__implicit`.
  assert.deepEqual(flowsOf(['__implicit']), { type: 'oauth2', flows: { implicit } });
  assert.deepEqual(flowsOf(['authorization_code', 'refresh_token']), { type: 'oauth2', flows: { authorizationCode } });
  assert.deepEqual(flowsOf(['refresh_token', 'assertion', '']), { type: 'oauth2', flows: {} });
  assert.deepEqual(flowsOf(['__implicit', 'password', 'client_credentials', 'authorization_code']), {
    type: 'oauth2',
    flows: { implicit, password: tokenOnly, clientCredentials: tokenOnly, authorizationCode },
  });
});
