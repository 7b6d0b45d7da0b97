// migration-mapping.md §5.6 (`middleware.global`), §5.8 (`errorOverrides`), §5.9 (inversions).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classic, ext, migrate, withVersion } from './helpers.js';

const globalOf = (overrides: object) => ext(migrate(classic(overrides)).baseAPI).middleware.global;

test('plugin config and plugin lists', () => {
  const g = globalOf({
    custom_middleware_bundle: 'b.zip',
    config_data: { env: 'prod' },
    custom_middleware: {
      driver: 'python',
      pre: [{ name: 'Pre', path: 'pre.py', disabled: false }],
      post_key_auth: [{ name: 'PostAuth', path: 'pa.py', require_session: true }],
      post: [{ name: 'Post', path: 'post.py', disabled: true }],
      response: [{ name: 'Resp', path: 'r.py', raw_body_only: true }],
    },
  });
  assert.deepEqual(g.pluginConfig, { driver: 'python', bundle: { enabled: true, path: 'b.zip' }, data: { enabled: true, value: { env: 'prod' } } });
  assert.deepEqual(g.prePlugins, [{ enabled: true, functionName: 'Pre', path: 'pre.py' }]);
  assert.deepEqual(g.postAuthenticationPlugins, [{ enabled: true, functionName: 'PostAuth', path: 'pa.py', requireSession: true }]);
  assert.deepEqual(g.postPlugins, [{ enabled: false, functionName: 'Post', path: 'post.py' }]);
  assert.deepEqual(g.responsePlugins, [{ enabled: true, functionName: 'Resp', path: 'r.py', rawBodyOnly: true }]);
  assert.deepEqual(globalOf({ config_data: { a: 1 }, config_data_disabled: true }).pluginConfig, { data: { enabled: false, value: { a: 1 } } });
});

test('CORS and cache', () => {
  const g = globalOf({
    CORS: {
      enable: true,
      max_age: 24,
      allow_credentials: true,
      allowed_origins: ['https://a'],
      allowed_methods: ['GET'],
      allowed_headers: ['X'],
      exposed_headers: ['Y'],
      options_passthrough: false,
      debug: true,
    },
    cache_options: {
      enable_cache: true,
      cache_timeout: 120,
      cache_all_safe_requests: true,
      cache_response_codes: [200, 204],
      cache_by_headers: ['Accept'],
      enable_upstream_cache_control: true,
      cache_control_ttl_header: 'X-TTL',
    },
  });
  assert.deepEqual(g.cors, {
    enabled: true,
    maxAge: 24,
    allowCredentials: true,
    exposedHeaders: ['Y'],
    allowedHeaders: ['X'],
    optionsPassthrough: false,
    debug: true,
    allowedOrigins: ['https://a'],
    allowedMethods: ['GET'],
  });
  assert.deepEqual(g.cache, {
    enabled: true,
    timeout: 120,
    cacheAllSafeRequests: true,
    cacheResponseCodes: [200, 204],
    cacheByHeaders: ['Accept'],
    enableUpstreamCacheControl: true,
    controlTTLHeaderName: 'X-TTL',
  });
  assert.equal(globalOf({ CORS: { enable: false } }).cors, undefined);
});

test('global header transforms, size limit and ignore case from versions[""]', () => {
  const g = ext(
    migrate(
      withVersion({
        global_headers: { 'X-Z': 'z', 'X-A': 'a' },
        global_headers_remove: ['X-Drop'],
        global_response_headers: { 'X-R': 'r' },
        global_response_headers_disabled: true,
        global_size_limit: 1024,
        ignore_endpoint_case: true,
      }),
    ).baseAPI,
  ).middleware.global;
  assert.deepEqual(g.transformRequestHeaders, {
    enabled: true,
    add: [
      { name: 'X-A', value: 'a' },
      { name: 'X-Z', value: 'z' },
    ],
    remove: ['X-Drop'],
  });
  assert.deepEqual(g.transformResponseHeaders, { enabled: false, add: [{ name: 'X-R', value: 'r' }] });
  assert.deepEqual(g.requestSizeLimit, { enabled: true, value: 1024 });
  assert.deepEqual(g.ignoreCase, { enabled: true });
});

test('context variables, traffic logs (¬do_not_track), skip flags (not inverted)', () => {
  const g = globalOf({
    enable_context_vars: true,
    tag_headers: ['X-Team'],
    expire_analytics_after: 86400,
    disable_rate_limit: true,
    disable_quota: true,
    dont_set_quota_on_create: true,
  });
  assert.deepEqual(g.contextVariables, { enabled: true });
  assert.deepEqual(g.trafficLogs, { enabled: true, tagHeaders: ['X-Team'], customRetentionPeriod: '24h' });
  assert.equal(g.skipRateLimit, true);
  assert.equal(g.skipQuota, true);
  assert.equal(g.skipQuotaReset, true);
  // Not tracking, nothing else: the reverse conversion reads an absent member as "off".
  assert.equal(ext(migrate(classic({ do_not_track: true })).baseAPI).middleware, undefined);
});

test('§5.8 error overrides, snake_case → camelCase, header names kept', () => {
  const { baseAPI } = migrate(
    classic({
      error_overrides: {
        '401': [
          {
            match: { flag: 'AMF', message_pattern: 'key.*', body_field: 'err', body_value: 'x' },
            response: { status_code: 403, body: 'no', message: 'denied', template: 't', headers: { 'X-Error_Code': 'E1' } },
          },
        ],
      },
    }),
  );
  assert.deepEqual(ext(baseAPI).errorOverrides, {
    enabled: true,
    value: {
      '401': [
        {
          match: { flag: 'AMF', messagePattern: 'key.*', bodyField: 'err', bodyValue: 'x' },
          response: { statusCode: 403, body: 'no', message: 'denied', template: 't', headers: { 'X-Error_Code': 'E1' } },
        },
      ],
    },
  });
  const off = migrate(classic({ error_overrides: { '500': [{ response: { status_code: 500 } }] }, error_overrides_disabled: true }));
  assert.equal(ext(off.baseAPI).errorOverrides.enabled, false);
});

test('each skip flag alone turns on its own member and no other', () => {
  const flags = { disable_rate_limit: 'skipRateLimit', disable_quota: 'skipQuota', dont_set_quota_on_create: 'skipQuotaReset' } as const;
  for (const [flag, member] of Object.entries(flags)) {
    const g = globalOf({ [flag]: true });
    for (const other of Object.values(flags)) assert.equal(g[other], other === member ? true : undefined, `${flag} alone → ${other}`);
  }
  // Off or absent: none of them.
  const off = ext(migrate(classic({ disable_rate_limit: false, disable_quota: false, dont_set_quota_on_create: false })).baseAPI).middleware?.global ?? {};
  assert.deepEqual([off.skipRateLimit, off.skipQuota, off.skipQuotaReset], [undefined, undefined, undefined]);
});

test('error overrides: response header names are data, kept as written (also snake_case ones)', () => {
  const { baseAPI } = migrate(
    classic({ error_overrides: { '403': [{ response: { status_code: 403, headers: { x_request_id: 'r', 'Retry-After': '5' } } }] } }),
  );
  assert.deepEqual(ext(baseAPI).errorOverrides.value['403'][0].response.headers, { x_request_id: 'r', 'Retry-After': '5' });
});

test('error overrides and plugin data that are not a map of members are not carried over', () => {
  for (const value of [['x'], 'text', {}]) {
    const { baseAPI } = migrate(classic({ error_overrides: value, config_data: value }));
    assert.equal(ext(baseAPI).errorOverrides, undefined, JSON.stringify(value));
    assert.equal(ext(baseAPI).middleware?.global?.pluginConfig?.data?.value, undefined, JSON.stringify(value));
  }
});

test('plugin lists: entries that are not objects are skipped; a plugin without name or path gets empty ones', () => {
  const g = globalOf({ custom_middleware: { pre: [null, 'Pre', 7, { path: 'p.js' }, { name: 'OnlyName' }] } });
  assert.deepEqual(g.prePlugins, [
    { enabled: true, functionName: '', path: 'p.js' },
    { enabled: true, functionName: 'OnlyName', path: '' },
  ]);
  assert.equal(globalOf({ custom_middleware: { pre: ['x'], driver: 'otto' } }).prePlugins, undefined, 'no object entry: no list');
});
