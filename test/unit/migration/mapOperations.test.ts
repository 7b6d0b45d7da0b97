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

test('ignored (per method of method_actions): ignoreAuthentication from ¬disabled and ignore_case', () => {
  const { ops, warnings } = operationsOf({ ignored: [{ path: '/open', ignore_case: true, method_actions: { GET: { action: 'no_action' } } }] });
  assert.deepEqual(ops, { openGET: { ignoreAuthentication: { enabled: true, ignoreCase: true } } });
  assert.deepEqual(warnings, []);
});

test('a disabled ignored entry whose reply becomes a mock keeps authentication: its ignoreAuthentication stays off', () => {
  const { ops, warnings } = operationsOf({
    ignored: [{ path: '/open', disabled: true, method_actions: { GET: { action: 'reply', code: 200, data: 'x' } } }],
  });
  assert.deepEqual(ops.openGET, { ignoreAuthentication: { enabled: false }, mockResponse: { enabled: false, code: 200, body: 'x' } });
  assert.deepEqual(warnings, []);
});

test('a disabled mock response still ignores authentication (as the reference migrates it), and the report says so', () => {
  const disabled = operationsOf({ mock_response: [{ path: '/m', method: 'GET', code: 200, disabled: true }] });
  assert.deepEqual(disabled.ops.mGET, { mockResponse: { enabled: false, code: 200 }, ignoreAuthentication: { enabled: true } });
  assert.deepEqual(disabled.warnings, [
    'operation mGET: ignoreAuthentication is on although its mock response is disabled (the reference migrates it so): ' +
      'check that the endpoint may be called without credentials',
  ]);
  // An enabled mock: the same bypass, no warning.
  const enabled = operationsOf({ mock_response: [{ path: '/m', method: 'GET', code: 200 }] });
  assert.deepEqual(enabled.ops.mGET.ignoreAuthentication, { enabled: true });
  assert.deepEqual(enabled.warnings, []);
});

test('a mock response whose body is not a string (a Go null) has no body; no code means 200', () => {
  const { ops, paths } = operationsOf({ mock_response: [{ path: '/m', method: 'GET', body: null }] });
  assert.deepEqual(ops.mGET.mockResponse, { enabled: true, code: 200 });
  assert.deepEqual(paths['/m'].get.responses, { '200': { description: '' } });
});

test('list entries and url rewrite triggers that are not objects are skipped without a warning', () => {
  const { ops, warnings } = operationsOf({
    internal: ['/a', 5, null, { path: '/a', method: 'GET' }],
    go_plugin: ['/a'],
    mock_response: [null],
    url_rewrites: [{ path: '/u', method: 'GET', match_pattern: '/u', rewrite_to: '/v', triggers: ['x', { on: 'all', rewrite_to: '/w' }] }],
  });
  assert.deepEqual(ops, {
    aGET: { internal: { enabled: true } },
    uGET: { urlRewrite: { enabled: true, pattern: '/u', rewriteTo: '/v', triggers: [{ condition: 'all', rewriteTo: '/w' }] } },
  });
  assert.deepEqual(warnings, []);
});

test("an entry without a method is dropped with a warning; one without a path is the root path's operation", () => {
  const noMethod = operationsOf({ internal: [{ path: '/x' }] });
  assert.deepEqual(noMethod.ops, {});
  assert.deepEqual(noMethod.warnings, ['endpoint dropped: internal (no method) /x has no OAS operation']);
  // operationId = path without its leading slash (nothing) + method.
  const noPath = operationsOf({ internal: [{ method: 'GET' }] });
  assert.deepEqual(noPath.ops, { GET: { internal: { enabled: true } } });
  assert.deepEqual(noPath.paths, { '/': { get: { operationId: 'GET', responses: { default: { description: '' } } } } });
});

test('Go plugin and mock response entries whose method OAS cannot hold are dropped with warnings naming their list', () => {
  const { ops, paths, warnings } = operationsOf({
    go_plugin: [{ path: '/x', method: 'CONNECT', symbol_name: 'P', plugin_path: 'p.so' }],
    mock_response: [{ path: '/y', method: 'CONNECT', code: 200 }],
  });
  assert.deepEqual(ops, {});
  assert.deepEqual(paths, {});
  assert.deepEqual(warnings, [
    'endpoint dropped: go_plugin CONNECT /x has no OAS operation',
    'endpoint dropped: mock_response CONNECT /y has no OAS operation',
  ]);
});

test('rateLimit.per: integer seconds by default, the reference\'s duration on request; 0 / "0s" without per', () => {
  const extendedPaths = {
    rate_limit: [
      { path: '/r', method: 'GET', rate: 5.9, per: 60 },
      { path: '/s', method: 'GET', rate: 5 },
    ],
  };
  assert.deepEqual(operationsOf(extendedPaths).ops, {
    rGET: { rateLimit: { enabled: true, rate: 5, per: 60 } },
    sGET: { rateLimit: { enabled: true, rate: 5, per: 0 } },
  });
  const r = migrate(withVersion({ extended_paths: extendedPaths }), { rateLimitPer: 'duration' });
  assert.deepEqual(ext(r.baseAPI).middleware.operations, {
    rGET: { rateLimit: { enabled: true, rate: 5, per: '1m' } },
    sGET: { rateLimit: { enabled: true, rate: 5, per: '0s' } },
  });
});

test('validate_json without a schema: validateRequest only, no request body; only validate_json moves a schema', () => {
  const { ops, paths } = operationsOf({
    validate_json: [{ path: '/p', method: 'POST' }],
    internal: [{ path: '/q', method: 'GET', schema: { type: 'object' } }],
  });
  assert.deepEqual(ops, { pPOST: { validateRequest: { enabled: true } }, qGET: { internal: { enabled: true } } });
  assert.equal(paths['/p'].post.requestBody, undefined);
  assert.equal(paths['/q'].get.requestBody, undefined);
});

test('validate_request entries are dropped with a warning', () => {
  const { ops, warnings } = operationsOf({ validate_request: [{ path: '/v', method: 'POST', enabled: true }] });
  assert.deepEqual(ops, {});
  assert.deepEqual(warnings, ['extended_paths.validate_request dropped: not in the mapping']);
});

test('virtual endpoint source: blob → body, file → path, any other type → neither', () => {
  const { ops } = operationsOf({
    virtual: [
      { path: '/b', method: 'GET', response_function_name: 'f', function_source_type: 'blob', function_source_uri: 'Zm4=' },
      { path: '/i', method: 'GET', response_function_name: 'f', function_source_type: 'inline', function_source_uri: 'x' },
    ],
  });
  assert.deepEqual(ops.bGET.virtualEndpoint, { enabled: true, functionName: 'f', body: 'Zm4=' });
  assert.deepEqual(ops.iGET.virtualEndpoint, { enabled: true, functionName: 'f' });
});

test("required string members a classic entry leaves out are written empty (the reference writes Go's empty string)", () => {
  const { ops } = operationsOf({
    method_transforms: [{ path: '/t', method: 'GET' }],
    go_plugin: [{ path: '/t', method: 'GET' }],
    virtual: [{ path: '/t', method: 'POST' }],
    url_rewrites: [{ path: '/u', method: 'GET', triggers: [{ on: 'all', options: { header_matches: { 'X-A': {} } } }] }],
  });
  assert.deepEqual(ops, {
    tGET: { transformRequestMethod: { enabled: true, toMethod: '' }, postPlugins: [{ enabled: true, functionName: '', path: '' }] },
    tPOST: { virtualEndpoint: { enabled: true, functionName: '' } },
    uGET: {
      urlRewrite: {
        enabled: true,
        pattern: '',
        rewriteTo: '',
        triggers: [{ condition: 'all', rewriteTo: '', rules: [{ in: 'header', name: 'X-A', pattern: '' }] }],
      },
    },
  });
});

test('URL rewrite: an absent or empty payload pattern is no body rule (the gateway ignores it)', () => {
  const trigger = (options: object) => ({ on: 'all', rewrite_to: '/w', options: { query_val_matches: { q: { match_rx: '1' } }, ...options } });
  const { ops } = operationsOf({
    url_rewrites: [
      { path: '/u', method: 'GET', match_pattern: '/u', rewrite_to: '/v', triggers: [trigger({}), trigger({ payload_matches: { match_rx: '' } })] },
    ],
  });
  const rules = [{ in: 'query', name: 'q', pattern: '1' }];
  assert.deepEqual(ops.uGET.urlRewrite.triggers, [
    { condition: 'all', rewriteTo: '/w', rules },
    { condition: 'all', rewriteTo: '/w', rules },
  ]);
});
