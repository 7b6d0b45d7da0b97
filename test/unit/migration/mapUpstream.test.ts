// migration-mapping.md §5.2: `upstream`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classic, ext, migrate, withVersion } from './helpers.js';

const upstreamOf = (overrides: object, options = {}) => ext(migrate(classic(overrides), options).baseAPI).upstream;

test('url from proxy.target_url; nothing else for a minimal API', () => {
  assert.deepEqual(upstreamOf({}), { url: 'http://upstream.test' });
});

test('service discovery with its cache (¬cache_disabled)', () => {
  const up = upstreamOf({
    proxy: {
      listen_path: '/p/',
      target_url: 'http://u',
      service_discovery: {
        use_discovery_service: true,
        query_endpoint: 'http://consul/v1/svc',
        data_path: 'Address',
        use_nested_query: false,
        port_data_path: 'Port',
        use_target_list: true,
        cache_timeout: 10,
        cache_disabled: false,
        endpoint_returns_list: true,
      },
    },
  });
  assert.deepEqual(up.serviceDiscovery, {
    enabled: true,
    queryEndpoint: 'http://consul/v1/svc',
    dataPath: 'Address',
    useNestedQuery: false,
    portDataPath: 'Port',
    useTargetList: true,
    endpointReturnsList: true,
    cacheTimeout: 10,
    cache: { enabled: true, timeout: 10 },
  });
});

test('uptime tests: enabled with checks, durations from seconds, headers a map, protocol folded into the URL', () => {
  const up = upstreamOf({
    uptime_tests: {
      check_list: [
        { url: 'http://u/health', protocol: 'https', method: 'GET', timeout: 2_000_000_000, headers: { 'X-B': '2', 'X-A': 1 } },
        { url: 'u:7000', protocol: 'tcp', timeout: 1_500_000_000 },
      ],
      config: { recheck_wait: 90, expire_utime_after: 3600 },
    },
  });
  assert.deepEqual(up.uptimeTests, {
    enabled: true,
    tests: [
      { url: 'https://u/health', timeout: '2s', method: 'GET', headers: { 'X-B': '2', 'X-A': '1' } },
      { url: 'tcp://u:7000', timeout: '1s500ms' },
    ],
    hostDownRetestPeriod: '1m30s',
    logRetentionPeriod: '1h',
  });
  const disabled = upstreamOf({ uptime_tests: { disabled: true, check_list: [{ url: 'http://u' }] } });
  assert.equal(disabled.uptimeTests.enabled, false);
  assert.deepEqual(disabled.uptimeTests.tests, [{ url: 'http://u' }], 'no protocol: the URL as written');
});

test('uptime check timeouts keep every unit down to nanoseconds; zero is left out', () => {
  const timeouts = [2_000_000, 20_000, 200, 1, 61_000_000_001, 0].map(
    (timeout) => upstreamOf({ uptime_tests: { check_list: [{ url: 'http://u', timeout }] } }).uptimeTests.tests[0].timeout,
  );
  assert.deepEqual(timeouts, ['2ms', '20µs', '200ns', '1ns', '1m1s1ns', undefined]);
});

test('mutual TLS and certificate pinning from maps (sorted by domain)', () => {
  const up = upstreamOf({
    upstream_certificates: { 'b.test': 'cert-b', '*': 'cert-all' },
    pinned_public_keys: { 'a.test': 'key1, key2' },
  });
  assert.deepEqual(up.mutualTLS, {
    enabled: true,
    domainToCertificateMapping: [
      { domain: '*', certificate: 'cert-all' },
      { domain: 'b.test', certificate: 'cert-b' },
    ],
  });
  assert.deepEqual(up.certificatePinning, { enabled: true, domainToPublicKeysMapping: [{ domain: 'a.test', publicKeys: ['key1', 'key2'] }] });
  const off = upstreamOf({ upstream_certificates: { x: 'c' }, upstream_certificates_disabled: true });
  assert.equal(off.mutualTLS.enabled, false);
});

test('global rate limit: integer rate, per in seconds (spec) or as a duration on request', () => {
  assert.deepEqual(upstreamOf({ global_rate_limit: { rate: 100, per: 60 } }).rateLimit, { enabled: true, rate: 100, per: 60 });
  assert.deepEqual(upstreamOf({ global_rate_limit: { rate: 100, per: 60 } }, { rateLimitPer: 'duration' }).rateLimit, {
    enabled: true,
    rate: 100,
    per: '1m',
  });
  const r = migrate(classic({ global_rate_limit: { rate: 2.7, per: 1 } }));
  assert.equal(ext(r.baseAPI).upstream.rateLimit.rate, 2);
  assert.deepEqual(r.warnings, ['global_rate_limit.rate 2.7 truncated to 2']);
});

test('upstream authentication: basic auth and OAuth client credentials, camelCase', () => {
  const up = upstreamOf({
    upstream_auth: {
      enabled: true,
      basic_auth: { enabled: true, username: 'u', password: 'p', header_name: 'X-Up-Auth' },
      oauth: {
        enabled: true,
        allowed_authorize_types: ['clientCredentials'],
        client_credentials: {
          client_id: 'cid',
          client_secret: 'sec',
          token_url: 'http://idp/token',
          scopes: ['a'],
          header: { enabled: true, name: 'Authorization' },
          extra_metadata: ['instance_url'],
        },
      },
    },
  });
  assert.deepEqual(up.authentication, {
    enabled: true,
    basicAuth: { enabled: true, username: 'u', password: 'p', header: { enabled: true, name: 'X-Up-Auth' } },
    oauth: {
      enabled: true,
      allowedAuthorizeTypes: ['clientCredentials'],
      clientCredentials: {
        clientId: 'cid',
        clientSecret: 'sec',
        tokenUrl: 'http://idp/token',
        scopes: ['a'],
        header: { enabled: true, name: 'Authorization' },
        extraMetadata: ['instance_url'],
      },
    },
  });
});

test('load balancing: repeated URLs collapse into weighted targets', () => {
  const up = upstreamOf({
    proxy: { listen_path: '/p/', target_url: 'http://a', enable_load_balancing: true, target_list: ['http://a', 'http://b', 'http://a'] },
  });
  assert.deepEqual(up.loadBalancing, {
    enabled: true,
    targets: [
      { url: 'http://a', weight: 2 },
      { url: 'http://b', weight: 1 },
    ],
  });
});

test('host header, trailing slash (not inverted), TLS transport and proxy', () => {
  const up = upstreamOf({
    proxy: {
      listen_path: '/p/',
      target_url: 'http://a',
      preserve_host_header: true,
      disable_strip_slash: true,
      transport: {
        ssl_insecure_skip_verify: true,
        ssl_ciphers: ['TLS_AES_128_GCM_SHA256'],
        ssl_min_version: 771,
        ssl_max_version: 772,
        proxy_url: 'http://proxy:3128',
      },
    },
  });
  assert.deepEqual(up.preserveHostHeader, { enabled: true });
  assert.deepEqual(up.preserveTrailingSlash, { enabled: true });
  assert.deepEqual(up.tlsTransport, { insecureSkipVerify: true, ciphers: ['TLS_AES_128_GCM_SHA256'], minVersion: '1.2', maxVersion: '1.3' });
  assert.deepEqual(up.proxy, { enabled: true, url: 'http://proxy:3128' });
});

test('enforce timeout from versions[""].global_enforce_timeout', () => {
  const up = ext(migrate(withVersion({ global_enforce_timeout: 30 })).baseAPI).upstream;
  assert.deepEqual(up.enforceTimeout, { enabled: true, duration: '30s' });
  const off = ext(migrate(withVersion({ global_enforce_timeout: '1m', global_enforce_timeout_disabled: true })).baseAPI).upstream;
  assert.deepEqual(off.enforceTimeout, { enabled: false, duration: '1m' });
});

test('uptime checks: a protocol written with its colon or slashes, a URL without a scheme, a timeout already readable; non-object checks skipped', () => {
  const up = upstreamOf({
    uptime_tests: {
      check_list: [
        null,
        'http://skipped',
        { url: 'ws://u/a', protocol: 'https://', timeout: '5s' },
        { url: 'u/b', protocol: 'http:', timeout: '' },
        { url: 'svc+x.y-z://u/c', protocol: 'tcp' },
        { url: 'u/d' },
      ],
    },
  });
  assert.deepEqual(up.uptimeTests.tests, [{ url: 'https://u/a', timeout: '5s' }, { url: 'http://u/b' }, { url: 'tcp://u/c' }, { url: 'u/d' }]);
});

test('certificate pinning: the key list is split on commas, blanks dropped', () => {
  const up = upstreamOf({ pinned_public_keys: { 'a.test': 'k1, ,k2,' } });
  assert.deepEqual(up.certificatePinning.domainToPublicKeysMapping, [{ domain: 'a.test', publicKeys: ['k1', 'k2'] }]);
});
