// What the sandbox refuses (request validation), without HTTP: the shared core's refusals of a
// classic definition, a policy and a non-object, the null policy, missing members (no refusal in a
// classic definition, whose schema the gateway never runs), and the sandbox's 400 with the reason
// in the reference's words.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstRefusal, refusalsOf } from '../../../validation/src/refusals';
import { refusalOf, refuseInvalid } from '../../../sandbox/src/routes/refusals';
import { HttpError } from '../../../sandbox/src/http/results';

const ok = {
  api_id: 'a1',
  name: 'A',
  org_id: 'o',
  active: true,
  use_keyless: true,
  proxy: { listen_path: '/a/', target_url: 'http://up.test', strip_listen_path: true },
  version_data: { not_versioned: true, versions: { Default: { name: 'Default' } } },
};

test('a valid classic definition has no refusal; a wrong type is refused at its path in the reference style', () => {
  assert.deepEqual(refusalsOf('classic', ok), []);
  assert.deepEqual(refusalsOf('classic', { ...ok, proxy: { ...ok.proxy, target_url: 5 } }), [
    { pointer: '/proxy/target_url', message: 'proxy.target_url: must be string', code: 'svc.schema' },
  ]);
  assert.deepEqual(refusalsOf('policy', { rate: 'x' }), [{ pointer: '/rate', message: 'rate: must be number', code: 'svc.schema' }]);
});

test('member names with `/` and `~` are decoded in the message', () => {
  const doc = { ...ok, version_data: { not_versioned: true, versions: { 'a/b~c': { name: 5 } } } };
  assert.deepEqual(refusalsOf('classic', doc), [
    { pointer: '/version_data/versions/a~1b~0c/name', message: 'version_data.versions.a/b~c.name: must be string', code: 'svc.schema' },
  ]);
});

test('missing required members: never refused in a classic definition (the gateway does not run its schema), refused for every other kind', () => {
  assert.deepEqual(refusalsOf('classic', { name: 'x' }), []);
  assert.deepEqual(refusalsOf('dashboard-api', { api_definition: { name: 'x' } }), [], 'a classic definition in a dashboard record');
  assert.deepEqual(
    refusalsOf('classic', { name: 5 }).map((r) => r.message),
    ['name: must be string'],
    'types still refuse',
  );
  const streams = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, 'x-svc-streaming': {} };
  assert.deepEqual(
    refusalsOf('streams', streams).map((r) => r.message),
    ['x-svc-streaming.streams: is required'],
  );
});

test('null policy: nulls the reference accepts are not refused; a null it refuses is', () => {
  for (const member of ['tags', 'allowed_ips', 'custom_middleware', 'auth_configs']) {
    assert.deepEqual(refusalsOf('classic', { ...ok, [member]: null }), [], member);
  }
  assert.deepEqual(
    refusalsOf('classic', { ...ok, proxy: { ...ok.proxy, target_url: null } }).map((r) => r.message),
    ['proxy.target_url: must be string'],
  );
});

test('semantic rules refuse with their code when in force (errors), never as warnings', () => {
  assert.deepEqual(refusalsOf('classic', { ...ok, enable_ip_whitelisting: true, allowed_ips: ['1.2.3.4/33'] }), [
    { pointer: '/allowed_ips/0', message: '`1.2.3.4/33` is not a valid IP address or CIDR range.', code: 'svc.semantic.ip-cidr' },
  ]);
  assert.deepEqual(refusalsOf('classic', { ...ok, allowed_ips: ['1.2.3.4/33'] }), [], 'a warning (list switched off) is no refusal');
});

test('a document that is not an object is refused as "document: must be object"', () => {
  const messages = refusalsOf('classic', 5).map((r) => r.message);
  assert.ok(messages.length > 0);
  for (const m of messages) assert.equal(m, 'document: must be object');
});

test('the sandbox: refusalOf joins the reasons line by line (undefined when accepted); refuseInvalid answers 400 with them', async () => {
  assert.equal(await refusalOf('classic', ok), undefined);
  assert.equal(await refusalOf('classic', { name: 5, active: 'yes' }), 'active: must be boolean\nname: must be string');
  assert.equal(await refusalOf('classic', { name: 'x' }), undefined, 'missing members do not refuse a classic definition');
  await refuseInvalid('classic', ok, (r) => `Bad: ${r}`);
  await refuseInvalid('classic', { name: 'x' }, (r) => `Bad: ${r}`);
  await assert.rejects(
    refuseInvalid('classic', { name: 5, active: 'yes' }, (r) => `Bad: ${r}`),
    (e: unknown) => e instanceof HttpError && e.status === 400 && e.message === 'Bad: active: must be boolean\nname: must be string',
  );
});

test('null policy, where our schema wants a value: a policy with `rate: null` is not refused (no schema check for policies), `rate: "x"` is', () => {
  // Our policy schema says `rate` is a number, so ajv reports the null: the null policy must drop it.
  assert.deepEqual(refusalsOf('policy', { rate: null, per: null }), []);
  assert.deepEqual(
    refusalsOf('policy', { rate: null, per: 'x' }).map((r) => r.message),
    ['per: must be number'],
  );
});

const petstore = (): Record<string, any> => JSON.parse(readFileSync(join(__dirname, '../../../samples/workspace/apis/petstore.oas.json'), 'utf8'));

test('composite errors: an `if` (versioning in a header needs `key`) refuses with the missing member', () => {
  const doc = petstore();
  assert.deepEqual(refusalsOf('oas', doc), [], 'the sample is accepted');
  doc['x-svc-api-gateway'].info.versioning = { enabled: true, location: 'header' };
  assert.deepEqual(
    refusalsOf('oas', doc).map((r) => r.message),
    ['x-svc-api-gateway.info.versioning.key: is required', 'x-svc-api-gateway.info.versioning: must match "then" schema'],
  );
});

test('missing members only import fills in refuse an OAS document (POST, PUT, PATCH run the full schema), not an import template; others refuse both', () => {
  const doc = petstore();
  doc['x-svc-api-gateway'].upstream = {};
  delete doc['x-svc-api-gateway'].server.listenPath.value;
  delete doc['x-svc-api-gateway'].info.state.active;
  const messages = refusalsOf('oas', doc).map((r) => r.message);
  for (const m of [
    'x-svc-api-gateway.info.state.active: is required',
    'x-svc-api-gateway.server.listenPath.value: is required',
    'x-svc-api-gateway.upstream.url: is required',
  ]) {
    assert.ok(messages.includes(m), `${m} in ${messages.join(' | ')}`);
  }
  // Just inside: everything import completes (upstream url, listen path, active) may be missing from a template.
  assert.deepEqual(refusalsOf('oas-template', doc), []);
  const empty = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, 'x-svc-api-gateway': {} };
  assert.deepEqual(refusalsOf('oas-template', empty), []);
  assert.ok(refusalsOf('oas', empty).length > 0);
  // Just outside: a rate limit without its rate is not completed by anyone.
  doc['x-svc-api-gateway'].server.listenPath.value = '/pets/';
  doc['x-svc-api-gateway'].info.state.active = true;
  doc['x-svc-api-gateway'].upstream = { url: 'http://up.test', rateLimit: { enabled: true, per: 60 } };
  assert.deepEqual(
    refusalsOf('oas', doc).map((r) => r.message),
    ['x-svc-api-gateway.upstream.rateLimit.rate: is required'],
  );
});

test('firstRefusal: the first refusal in the reference words, undefined when the document is accepted', () => {
  assert.equal(firstRefusal('classic', ok), undefined);
  assert.equal(firstRefusal('classic', { ...ok, name: 5, proxy: { ...ok.proxy, target_url: 5 } }), 'name: must be string');
  assert.equal(firstRefusal('classic', { name: 'x' }), undefined);
  assert.equal(
    firstRefusal('oas', { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, 'x-svc-api-gateway': {} }),
    'x-svc-api-gateway.info: is required',
  );
  assert.equal(firstRefusal('oas-template', { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, 'x-svc-api-gateway': {} }), undefined);
  assert.equal(firstRefusal('oas', { openapi: '3.0.3', info: { title: 't' }, paths: {}, 'x-svc-api-gateway': {} }), 'info.version: is required');
});

test("a dashboard record's `oas` part follows the OAS rule: a member only import fills in is refused too", () => {
  const record = () => ({ api_definition: { ...ok, is_oas: true }, oas: petstore() });
  assert.deepEqual(refusalsOf('dashboard-api', record()), [], 'the record is accepted');
  const filled = record();
  delete filled.oas['x-svc-api-gateway'].server.listenPath.value;
  assert.deepEqual(
    refusalsOf('dashboard-api', filled).map((r) => r.message),
    ['oas.x-svc-api-gateway.server.listenPath.value: is required'],
  );
  // Just outside: the OpenAPI document's own `info.version`, which nobody fills in.
  const versionless = record();
  delete versionless.oas.info.version;
  assert.deepEqual(
    refusalsOf('dashboard-api', versionless).map((r) => r.message),
    ['oas.info.version: is required'],
  );
  // The classic part keeps the classic rule: a missing member is never refused.
  const bare = record();
  delete (bare.api_definition as Record<string, unknown>).version_data;
  assert.deepEqual(refusalsOf('dashboard-api', bare), []);
});
