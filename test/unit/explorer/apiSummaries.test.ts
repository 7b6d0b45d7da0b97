import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiKindOf, pagesOf, summariseApi, summariseOAuthClient } from '../../../client/src/explorer/apiSummaries';

test('API records are classified as classic, OAS or streams and summarised', () => {
  const classic = { api_definition: { api_id: 'c1', name: 'Classic', active: false, use_oauth2: true, proxy: { listen_path: '/c/' } } };
  const oas = {
    api_definition: { api_id: 'o1', is_oas: true },
    oas: {
      info: { title: 'T' },
      'x-svc-api-gateway': { info: { id: 'o1', name: 'Orders', state: { active: true } }, server: { listenPath: { value: '/orders/' } } },
    },
  };
  const streams = { oas: { 'x-svc-api-gateway': { info: { id: 's1', name: 'Events' } }, 'x-svc-streaming': { streams: {} } } };
  assert.equal(apiKindOf(classic), 'classic');
  assert.equal(apiKindOf(oas), 'oas');
  assert.equal(apiKindOf(streams), 'streams');
  assert.deepEqual(
    [classic, oas, streams].map(summariseApi).map(({ raw: _raw, ...s }) => s),
    [
      { kind: 'classic', id: 'c1', name: 'Classic', listenPath: '/c/', active: false, usesOAuth: true },
      { kind: 'oas', id: 'o1', name: 'Orders', listenPath: '/orders/', active: true, usesOAuth: false },
      { kind: 'streams', id: 's1', name: 'Events', listenPath: undefined, active: true, usesOAuth: false },
    ],
  );
});

test('an OAuth client summary never carries its secret', () => {
  const s = summariseOAuthClient({ client_id: 'c', secret: 'very-secret' }, 'api1');
  assert.equal(JSON.stringify(s).includes('very-secret'), false);
  assert.equal(s.apiId, 'api1');
});

test('missing or zero page counts mean one page', () => {
  assert.equal(pagesOf(undefined), 1);
  assert.equal(pagesOf(0), 1);
  assert.equal(pagesOf(3), 3);
});
