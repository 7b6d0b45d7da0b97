// migration-mapping.md §7: finished documents are validated; problems fail the API with one
// message per problem, naming the base or version API.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { convertClassicToOas, validateOas } from '../../../migration/src/index.js';
import { classic, migrate } from './helpers.js';

test('an empty listen path fails the base API with the schema message', () => {
  const r = convertClassicToOas(classic({ proxy: { listen_path: '', target_url: 'http://u' } }));
  assert.equal(r.ok, false);
  assert.deepEqual(!r.ok && r.errors, ["base API Pets migrated OAS is not valid: x-svc-api-gateway.server.listenPath.value: Does not match pattern '\\S+'"]);
});

test('a blank name fails the base API', () => {
  const r = convertClassicToOas(classic({ name: ' ' }));
  assert.deepEqual(!r.ok && r.errors, ["base API   migrated OAS is not valid: x-svc-api-gateway.info.name: Does not match pattern '\\S+'"]);
});

test('a problem in a child is reported as a version API, one line per problem', () => {
  const r = convertClassicToOas(classic({ version_data: { versions: { Default: {}, v2: {} } } }), {
    generateId: () => 'c1',
    validate: (doc) => (doc.info.version === 'v2' ? ['a: first', 'b: second'] : []),
  });
  assert.deepEqual(!r.ok && r.errors, ['version API Pets-v2 migrated OAS is not valid: a: first', 'version API Pets-v2 migrated OAS is not valid: b: second']);
});

test('a missing upstream and a TCP protocol each give a line', () => {
  const r = convertClassicToOas(classic({ proxy: { listen_path: '/x/' }, protocol: 'udp' }));
  assert.deepEqual(!r.ok && r.errors, [
    'base API Pets migrated OAS is not valid: x-svc-api-gateway.upstream: needs url or loadBalancing',
    'base API Pets migrated OAS is not valid: x-svc-api-gateway.server.protocol: must be one of http, https, h2c',
  ]);
});

test('the caller can add its own schema check', () => {
  const r = convertClassicToOas(classic(), { validate: (doc) => (doc.info.version === 'Default' ? ['info.version: custom rule'] : []) });
  assert.deepEqual(!r.ok && r.errors, ['base API Pets migrated OAS is not valid: info.version: custom rule']);
});

test('migrated documents pass the structural check', () => {
  const { baseAPI } = migrate(classic());
  assert.deepEqual(validateOas(baseAPI), []);
});

test('structural problems of a hand-made document are found', () => {
  const problems = validateOas({
    openapi: '3.1.0',
    info: { title: 'x', version: '1' },
    paths: { '/a/{id}': { get: { operationId: 'a' } } },
    security: [{ missing: [] }],
    'x-svc-api-gateway': {
      info: { name: 'x', state: { active: true } },
      upstream: { url: 'http://u' },
      server: { listenPath: { value: '/a/' }, authentication: { enabled: true } },
      middleware: { operations: { nope: {} } },
    },
  });
  assert.deepEqual(problems, [
    'openapi: must be a 3.0.x version',
    'paths./a/{id}.get.responses: is required',
    'paths./a/{id}.get: path parameter id is not declared',
    'security: unknown security scheme missing',
    'x-svc-api-gateway.middleware.operations.nope: no operation with this operationId in paths',
  ]);
});
