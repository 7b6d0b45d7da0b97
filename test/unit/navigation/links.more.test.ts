// The other links of the gateway model: a dashboard record's hook_references → the webhook,
// versions → child APIs (classic and OAS), an OAuth client's api_id/policy_id, a streams
// document's id, and a dashboard record defining its API under api_definition or oas.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { workspace } from './navigation.helpers';

const webhook = (id: string) => `{ "id": "${id}", "name": "Alert ops", "method": "POST", "target_path": "https://hooks.example.com/alert", "header_map": {} }`;
const classic = (id: string, extra = '') =>
  `{ "name": "API ${id.replace(/[«»|]/g, '')}", "api_id": "${id}", "proxy": { "listen_path": "/${id.replace(/[«»|]/g, '')}/", "target_url": "http://up" }, "version_data": { "not_versioned": true, "versions": {} }${extra} }`;

test("a dashboard record's hook reference goes to the webhook file", () => {
  const ws = workspace({
    'hook.json': webhook('«hook-1»'),
    'record.json': `{ "api_definition": ${classic('rec-1')}, "hook_references": [{ "event_name": "QuotaExceeded", "hook": { "id": "hoo|k-1" } }] }`,
  });
  assert.deepEqual(ws.service.definition(ws.document, ws.position), ws.marked);
});

test("multi-API versioning: a classic base's definition.versions and an OAS base's versions[].id go to the child API", () => {
  const classicBase = workspace({
    'child.json': classic('«child-1»'),
    'base.json': classic('base-1', ', "definition": { "enabled": true, "location": "header", "key": "x-api-version", "versions": { "v2": "chi|ld-1" } }'),
  });
  assert.deepEqual(classicBase.service.definition(classicBase.document, classicBase.position), classicBase.marked);
  const oasBase = workspace({
    'child.json':
      '{ "openapi": "3.0.3", "info": { "title": "C", "version": "2" }, "paths": {}, "x-svc-api-gateway": { "info": { "id": "«oas-child»", "name": "C" } } }',
    'base.json':
      '{ "openapi": "3.0.3", "info": { "title": "B", "version": "1" }, "paths": {}, "x-svc-api-gateway": { "info": { "id": "oas-base", "name": "B", ' +
      '"versioning": { "enabled": true, "location": "header", "key": "v", "versions": [{ "name": "v2", "id": "oas-|child" }] } } } }',
  });
  assert.deepEqual(oasBase.service.definition(oasBase.document, oasBase.position), oasBase.marked);
});

test('an OAuth client names its API and its policy', () => {
  const files = {
    'api.json': classic('«api-1»'),
    'gold.json': '{ "id": "«gold»", "name": "Gold", "rate": 1, "per": 1, "access_rights": {} }',
  };
  const toApi = workspace({
    ...files,
    'client.json': '{ "client_id": "c1", "redirect_uri": "https://app.example.com/cb", "api_id": "ap|i-1", "policy_id": "gold" }',
  });
  assert.deepEqual(toApi.service.definition(toApi.document, toApi.position), [toApi.marked[0]]);
  const toPolicy = workspace({
    ...files,
    'client.json': '{ "client_id": "c1", "redirect_uri": "https://app.example.com/cb", "api_id": "api-1", "policy_id": "go|ld" }',
  });
  assert.deepEqual(toPolicy.service.definition(toPolicy.document, toPolicy.position), [toPolicy.marked[1]]);
});

test('a streams document and a dashboard record with an OAS document define APIs that policies reach', () => {
  const ws = workspace({
    'stream.json':
      '{ "openapi": "3.0.3", "info": { "title": "S", "version": "1" }, "paths": {}, "x-svc-streaming": { "streams": {} }, ' +
      '"x-svc-api-gateway": { "info": { "id": "«stream-1»", "name": "Orders stream" }, "server": { "listenPath": { "value": "/orders-stream/" } } } }',
    'record.json':
      '{ "api_definition": { "api_id": "" }, "oas": { "openapi": "3.0.3", "info": { "title": "R", "version": "1" }, "paths": {}, ' +
      '"x-svc-api-gateway": { "info": { "id": "«rec-oas»", "name": "Record" } } } }',
    'gold.json': '{ "id": "gold", "name": "Gold", "rate": 1, "per": 1, "access_rights": { "stream-1": { "api_id": "stream-1" }, "rec-oas": {} } }|',
  });
  assert.deepEqual(
    ws.service.workspaceSymbols('orders').map((s) => s.name),
    ['Orders stream /orders-stream/'],
  );
  const lenses = ws.service.codeLenses(ws.document);
  assert.equal(lenses[0].command?.title, 'grants 2 APIs');
  assert.deepEqual(lenses[0].command?.arguments?.[2], ws.marked);
});
