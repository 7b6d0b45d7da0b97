// migration-mapping.md §4: endpoint-list normalisation, observed through the OAS operations.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ext, migrate, withVersion } from './helpers.js';

test('method_actions expand to one operation per method; reply makes an enabled mock', () => {
  const { baseAPI, warnings } = migrate(
    withVersion({
      extended_paths: {
        white_list: [
          {
            path: '/cats',
            method_actions: {
              GET: { action: 'no_action', code: 200, data: '', headers: {} },
              POST: { action: 'reply', code: 201, data: '{"ok":true}', headers: { 'X-Mock': '1' } },
            },
          },
        ],
      },
    }),
  );
  assert.deepEqual(warnings, []);
  assert.deepEqual(baseAPI.paths, {
    '/cats': {
      get: { operationId: 'catsGET', responses: { default: { description: '' } } },
      post: { operationId: 'catsPOST', responses: { '201': { description: '' } } },
    },
  });
  assert.deepEqual(ext(baseAPI).middleware.operations, {
    catsGET: { allow: { enabled: true } },
    catsPOST: {
      allow: { enabled: true },
      mockResponse: { enabled: true, code: 201, body: '{"ok":true}', headers: [{ name: 'X-Mock', value: '1' }] },
      ignoreAuthentication: { enabled: true },
    },
  });
});

test('an action other than reply makes a disabled mock; authentication is skipped as the reference does, and the report warns', () => {
  const result = migrate(
    withVersion({
      extended_paths: { black_list: [{ path: '/x', method_actions: { DELETE: { action: 'redirect', code: 302, data: '' } } }] },
    }),
  );
  assert.deepEqual(ext(result.baseAPI).middleware.operations.xDELETE, {
    block: { enabled: true },
    mockResponse: { enabled: false, code: 302, body: '' },
    ignoreAuthentication: { enabled: true },
  });
  assert.deepEqual(result.baseAPI.paths['/x'].delete.responses, { '302': { description: '' } });
  assert.ok(
    result.warnings.some((w) => w.startsWith('operation xDELETE: ignoreAuthentication is on although its mock response is disabled')),
    result.warnings.join('\n'),
  );
});

test("an endpoint entry's own disabled wins over a reply action; an enabled reply gives no warning", () => {
  const entry = (disabled: boolean) => ({ path: '/x', disabled, method_actions: { GET: { action: 'reply', code: 200, data: 'ok' } } });
  const off = migrate(withVersion({ extended_paths: { white_list: [entry(true)] } }));
  assert.deepEqual(ext(off.baseAPI).middleware.operations.xGET.mockResponse, { enabled: false, code: 200, body: 'ok' });
  assert.deepEqual(ext(off.baseAPI).middleware.operations.xGET.allow, { enabled: false });
  const on = migrate(withVersion({ extended_paths: { white_list: [entry(false)] } }));
  assert.equal(ext(on.baseAPI).middleware.operations.xGET.mockResponse.enabled, true);
  assert.deepEqual(on.warnings, []);
});

test('an ignored entry keeps ignoreAuthentication as configured when a mock is added', () => {
  const { baseAPI } = migrate(
    withVersion({
      extended_paths: {
        ignored: [{ path: '/health', ignore_case: true, method_actions: { GET: { action: 'reply', code: 200, data: 'up' } } }],
      },
    }),
  );
  assert.deepEqual(ext(baseAPI).middleware.operations.healthGET, {
    ignoreAuthentication: { enabled: true, ignoreCase: true },
    mockResponse: { enabled: true, code: 200, body: 'up' },
  });
});

test('an entry with only a method and no method_actions is dropped with a warning', () => {
  const { baseAPI, warnings } = migrate(withVersion({ extended_paths: { white_list: [{ path: '/old', method: 'GET' }] } }));
  assert.deepEqual(baseAPI.paths, {});
  assert.equal(ext(baseAPI).middleware.operations, undefined);
  assert.deepEqual(warnings, ['endpoint dropped: no method_actions (white_list GET /old)']);
});

test('plain cache paths become GET, HEAD and OPTIONS caches with the API cache settings', () => {
  const { baseAPI } = migrate(
    withVersion({ extended_paths: { cache: ['/list'] } }, { cache_options: { enable_cache: true, cache_timeout: 0, cache_response_codes: [200] } }),
  );
  const cache = { enabled: true, cacheResponseCodes: [200], timeout: 60 };
  assert.deepEqual(ext(baseAPI).middleware.operations, {
    listGET: { cache },
    listHEAD: { cache },
    listOPTIONS: { cache },
  });
  assert.deepEqual(Object.keys(baseAPI.paths['/list']), ['get', 'head', 'options']);
});

test('plain cache paths are disabled when the API cache is off and use its timeout', () => {
  const { baseAPI } = migrate(withVersion({ extended_paths: { cache: ['/a'] } }, { cache_options: { enable_cache: false, cache_timeout: 30 } }));
  assert.deepEqual(ext(baseAPI).middleware.operations.aGET.cache, { enabled: false, timeout: 30 });
});

test('empty global header maps disable the header transforms; remove-only ones stay enabled', () => {
  const empty = migrate(withVersion({ global_headers: {}, global_response_headers: {} }));
  assert.equal(ext(empty.baseAPI).middleware.global.transformRequestHeaders, undefined);
  assert.equal(ext(empty.baseAPI).middleware.global.transformResponseHeaders, undefined);
  const removeOnly = migrate(withVersion({ global_headers: {}, global_headers_remove: ['X-Secret'] }));
  assert.deepEqual(ext(removeOnly.baseAPI).middleware.global.transformRequestHeaders, { enabled: true, remove: ['X-Secret'] });
});
