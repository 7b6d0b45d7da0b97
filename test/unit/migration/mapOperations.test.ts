// migration-mapping.md §5.7: extended_paths → paths + middleware.operations; §6 dropped lists.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ext, migrate, withVersion } from './helpers.js';

/** Operations of an API whose version "" has these extended paths. */
function operationsOf(extendedPaths: object, overrides: object = {}) {
  const r = migrate(withVersion({ extended_paths: extendedPaths }, overrides));
  return { ops: ext(r.baseAPI).middleware?.operations ?? {}, paths: r.baseAPI.paths, warnings: r.warnings };
}

test('operationId is the path without its leading slash plus the method; the operation is created', () => {
  const { ops, paths } = operationsOf({ internal: [{ path: '/anything', method: 'GET' }] });
  assert.deepEqual(paths, { '/anything': { get: { operationId: 'anythingGET', responses: { default: { description: '' } } } } });
  assert.deepEqual(ops, { anythingGET: { internal: { enabled: true } } });
});

test('regex segments become customRegexN path parameters; mux templates keep their name without the regex', () => {
  const { paths } = operationsOf({
    internal: [
      { path: '/users/[0-9]+/files/.*', method: 'GET' },
      { path: '/orders/{id:[0-9]+}/lines/{line}', method: 'PUT' },
    ],
  });
  assert.deepEqual(paths['/users/{customRegex1}/files/{customRegex2}'], {
    parameters: [
      { in: 'path', name: 'customRegex1', required: true, schema: { type: 'string', pattern: '[0-9]+' } },
      { in: 'path', name: 'customRegex2', required: true, schema: { type: 'string', pattern: '.*' } },
    ],
    get: { operationId: 'users/[0-9]+/files/.*GET', responses: { default: { description: '' } } },
  });
  assert.deepEqual(paths['/orders/{id}/lines/{line}'].parameters, [
    { in: 'path', name: 'id', required: true, schema: { type: 'string' } },
    { in: 'path', name: 'line', required: true, schema: { type: 'string' } },
  ]);
});

test('a braced regex is a customRegexN parameter without pattern; the dropped regexes are reported', () => {
  const result = migrate(withVersion({ extended_paths: { internal: [{ path: '/t/{[0-9]+}/{id:[a-z]+}/[0-9]+', method: 'GET' }] } }));
  assert.deepEqual(result.baseAPI.paths['/t/{customRegex1}/{id}/{customRegex2}'].parameters, [
    { in: 'path', name: 'customRegex1', required: true, schema: { type: 'string' } },
    { in: 'path', name: 'id', required: true, schema: { type: 'string' } },
    { in: 'path', name: 'customRegex2', required: true, schema: { type: 'string', pattern: '[0-9]+' } },
  ]);
  const path = '/t/{[0-9]+}/{id:[a-z]+}/[0-9]+';
  const matches = '(any value matches /t/{customRegex1}/{id}/{customRegex2})';
  assert.deepEqual(result.warnings, [
    `path ${path}: the regular expression [0-9]+ of parameter customRegex1 is not kept ${matches}`,
    `path ${path}: the regular expression [a-z]+ of parameter id is not kept ${matches}`,
  ]);
  assert.ok(result.changes.includes('regular-expression path segments → path parameters customRegex1, customRegex2, … (pattern kept for bare segments)'));
});

test('method transform, header transforms, body transforms', () => {
  const { ops } = operationsOf({
    method_transforms: [{ path: '/m', method: 'GET', to_method: 'POST' }],
    transform_headers: [{ path: '/m', method: 'GET', add_headers: { 'X-In': '1' }, delete_headers: ['X-Out'] }],
    transform_response_headers: [{ path: '/m', method: 'GET', disabled: true, add_headers: { 'X-Resp': '2' } }],
    transform: [{ path: '/m', method: 'GET', template_data: { input_type: 'json', template_mode: 'blob', template_source: 'e3t9fQ==' } }],
    transform_response: [{ path: '/m', method: 'GET', template_data: { input_type: 'xml', template_mode: 'file', template_source: 't.tmpl' } }],
  });
  assert.deepEqual(ops.mGET, {
    transformRequestMethod: { enabled: true, toMethod: 'POST' },
    transformRequestBody: { enabled: true, format: 'json', body: 'e3t9fQ==' },
    transformResponseBody: { enabled: true, format: 'xml', path: 't.tmpl' },
    transformRequestHeaders: { enabled: true, add: [{ name: 'X-In', value: '1' }], remove: ['X-Out'] },
    transformResponseHeaders: { enabled: false, add: [{ name: 'X-Resp', value: '2' }] },
  });
});

test('URL rewrite with triggers and rules', () => {
  const { ops } = operationsOf({
    url_rewrites: [
      {
        path: '/r',
        method: 'GET',
        match_pattern: '/r(.*)',
        rewrite_to: '/new$1',
        triggers: [
          {
            on: 'all',
            rewrite_to: '/special',
            options: {
              header_matches: { 'X-B': { match_rx: 'b' }, 'X-A': { match_rx: 'a', reverse: true } },
              query_val_matches: { q: { match_rx: '1' } },
              path_part_matches: { p: { match_rx: 'x' } },
              session_meta_matches: { tier: { match_rx: 'gold' } },
              request_context_matches: { remote_addr: { match_rx: '10\\.' } },
              payload_matches: { match_rx: 'secret' },
            },
          },
        ],
      },
    ],
  });
  assert.deepEqual(ops.rGET.urlRewrite, {
    enabled: true,
    pattern: '/r(.*)',
    rewriteTo: '/new$1',
    triggers: [
      {
        condition: 'all',
        rewriteTo: '/special',
        rules: [
          { in: 'header', name: 'X-A', pattern: 'a', negate: true },
          { in: 'header', name: 'X-B', pattern: 'b' },
          { in: 'query', name: 'q', pattern: '1' },
          { in: 'path', name: 'p', pattern: 'x' },
          { in: 'sessionMetadata', name: 'tier', pattern: 'gold' },
          { in: 'requestContext', name: 'remote_addr', pattern: '10\\.' },
          { in: 'requestBody', pattern: 'secret' },
        ],
      },
    ],
  });
});

test('cache, timeouts, size and rate limits, circuit breaker, tracking', () => {
  const { ops } = operationsOf({
    advance_cache_config: [{ path: '/c', method: 'GET', cache_key_regex: 'id=\\d+', cache_response_codes: [200], timeout: 15 }],
    hard_timeouts: [{ path: '/c', method: 'GET', timeout: 5, duration: '5s' }],
    size_limits: [{ path: '/c', method: 'GET', size_limit: 2048 }],
    rate_limit: [{ path: '/c', method: 'GET', rate: 5, per: 10 }],
    circuit_breakers: [{ path: '/c', method: 'GET', threshold_percent: 0.5, samples: 20, return_to_service_after: 30, disable_half_open_state: true }],
    track_endpoints: [{ path: '/c', method: 'GET' }],
    do_not_track_endpoints: [{ path: '/c', method: 'POST', disabled: true }],
  });
  assert.deepEqual(ops.cGET, {
    cache: { enabled: true, cacheByRegex: 'id=\\d+', cacheResponseCodes: [200], timeout: 15 },
    enforceTimeout: { enabled: true, duration: '5s', value: 5 },
    circuitBreaker: { enabled: true, threshold: 0.5, sampleSize: 20, coolDownPeriod: 30, halfOpenStateEnabled: false },
    trackEndpoint: { enabled: true },
    requestSizeLimit: { enabled: true, value: 2048 },
    rateLimit: { enabled: true, rate: 5, per: 10 },
  });
  assert.deepEqual(ops.cPOST, { doNotTrackEndpoint: { enabled: false } });
});

test('validate_json: validateRequest and the schema in the JSON request body', () => {
  const schema = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', required: ['name'] };
  const { ops, paths } = operationsOf({ validate_json: [{ path: '/pets', method: 'POST', schema, error_response_code: 422 }] });
  assert.deepEqual(ops.petsPOST, { validateRequest: { enabled: true, errorResponseCode: 422 } });
  assert.deepEqual(paths['/pets'].post.requestBody, { content: { 'application/json': { schema: { type: 'object', required: ['name'] } } } });
});

test('virtual endpoint and Go plugin', () => {
  const { ops } = operationsOf({
    virtual: [
      {
        path: '/v',
        method: 'GET',
        response_function_name: 'handler',
        function_source_type: 'file',
        function_source_uri: 'v.js',
        use_session: true,
        proxy_on_error: true,
      },
    ],
    go_plugin: [{ path: '/v', method: 'GET', symbol_name: 'MyPlugin', plugin_path: 'p.so', disabled: true }],
  });
  assert.deepEqual(ops.vGET, {
    virtualEndpoint: { enabled: true, functionName: 'handler', path: 'v.js', proxyOnError: true, requireSession: true },
    postPlugins: [{ enabled: false, functionName: 'MyPlugin', path: 'p.so' }],
  });
});

test('mock_response list: code replaces the default response and authentication is ignored', () => {
  const { ops, paths } = operationsOf({ mock_response: [{ path: '/m', method: 'GET', code: 418, body: 'teapot', headers: { 'Content-Type': 'text/plain' } }] });
  assert.deepEqual(ops.mGET, {
    mockResponse: { enabled: true, code: 418, body: 'teapot', headers: [{ name: 'Content-Type', value: 'text/plain' }] },
    ignoreAuthentication: { enabled: true },
  });
  assert.deepEqual(paths['/m'].get.responses, { '418': { description: '' } });
});

test('§6: transform_jq, transform_jq_response and persist_graphql are dropped with warnings', () => {
  const { ops, warnings } = operationsOf({
    transform_jq: [{ path: '/j', method: 'GET', filter: '.' }],
    transform_jq_response: [{ path: '/j', method: 'GET', filter: '.' }],
    persist_graphql: [{ path: '/g', method: 'GET', operation: 'q' }],
  });
  assert.deepEqual(ops, {});
  assert.deepEqual(warnings, [
    'extended_paths.transform_jq dropped: no OAS equivalent',
    'extended_paths.transform_jq_response dropped: no OAS equivalent',
    'extended_paths.persist_graphql dropped: no OAS equivalent',
  ]);
});

test('an entry whose method OAS cannot hold is dropped with a warning', () => {
  const { ops, warnings } = operationsOf({ internal: [{ path: '/x', method: 'CONNECT' }] });
  assert.deepEqual(ops, {});
  assert.deepEqual(warnings, ['endpoint dropped: internal CONNECT /x has no OAS operation']);
});
