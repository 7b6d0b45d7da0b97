// The cross-cutting contract of every endpoint: the credential of its family (reference status
// and body when missing or wrong), 404 JSON for unknown routes, 405 on gateway routes, 400 for
// malformed JSON and unsafe ids, 413 over the body limit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { authHeader, rawGet, startHarness, type Harness } from './helpers.js';

let h: Harness;
before(async () => {
  h = await startHarness({ bodyLimit: 64 * 1024 });
});
after(() => h.close());

/** All 24 endpoints of the spec, with a path that exists in the seed where it matters. */
const ENDPOINTS: Array<[string, string]> = [
  ['GET', '/svc/oauth/clients/x/y'],
  ['PUT', '/svc/apis/x'],
  ['GET', '/svc/apis/oas/x'],
  ['POST', '/svc/apis/oas'],
  ['POST', '/svc/keys/x'],
  ['POST', '/svc/org/keys/x'],
  ['GET', '/svc/policies'],
  ['POST', '/svc/policies'],
  ['PUT', '/svc/policies/x'],
  ['GET', '/api/apis'],
  ['PUT', '/api/apis/x'],
  ['PATCH', '/api/apis/streams/x'],
  ['PUT', '/api/apis/streams/x'],
  ['GET', '/api/apis/streams/x'],
  ['POST', '/api/apis/migrate'],
  ['GET', '/api/examples/oas/petstore-token'],
  ['PUT', '/api/apis/x/keys/y'],
  ['GET', '/api/apis/x/keys/y'],
  ['POST', '/api/keys/x'],
  ['POST', '/api/users'],
  ['GET', '/api/activity/oauthid/c/1/1/2024/2/1/2024'],
  ['GET', '/api/hooks/x'],
  ['GET', '/api/hooks'],
  ['PUT', '/admin/org/keys/x'],
];

test('every endpoint refuses a missing or wrong credential with its family status and body', async () => {
  for (const [method, path] of ENDPOINTS) {
    for (const auth of [false, 'wrong-secret'] as const) {
      const r = await h.call(method, path, { auth, body: method === 'GET' ? undefined : {} });
      if (path.startsWith('/svc/')) {
        assert.equal(r.status, 403, `${method} ${path}`);
        assert.deepEqual(r.body, { status: 'error', message: 'Attempted administrative access with invalid or missing key!' });
      } else {
        assert.equal(r.status, 401, `${method} ${path}`);
        assert.deepEqual(r.body, { Status: 'Error', Message: 'Not authorised', Meta: null });
      }
    }
  }
});

test('a credential of another family does not open a family', async () => {
  const r = await h.call('GET', '/svc/policies', { auth: h.credentials.dashboardToken });
  assert.equal(r.status, 403);
  const d = await h.call('GET', '/api/hooks', { auth: h.credentials.gatewaySecret });
  assert.equal(d.status, 401);
});

test('the dashboard accepts the raw token as well as Bearer', async () => {
  const response = await fetch(`${h.url}/api/hooks`, { headers: { Authorization: h.credentials.dashboardToken } });
  assert.equal(response.status, 200);
});

test('unknown routes answer 404 JSON in each family', async () => {
  const g = await h.call('GET', '/svc/nothing/here');
  assert.equal(g.status, 404);
  assert.equal(g.body.status, 'error');
  const d = await h.call('GET', '/api/nothing');
  assert.equal(d.status, 404);
  assert.equal(d.body.Status, 'Error');
  const o = await h.call('GET', '/elsewhere');
  assert.equal(o.status, 404);
  assert.match(o.headers.get('content-type') ?? '', /application\/json/);
});

test('an unsupported method on a gateway route answers 405 "Method not supported"', async () => {
  const r = await h.call('DELETE', '/svc/policies');
  assert.equal(r.status, 405);
  assert.deepEqual(r.body, { status: 'error', message: 'Method not supported' });
  assert.match(r.headers.get('allow') ?? '', /GET/);
});

test('malformed JSON answers 400 naming the problem', async () => {
  const g = await h.call('POST', '/svc/policies', { raw: '{"id": "p1",' });
  assert.equal(g.status, 400);
  assert.match(g.body.message, /^Request malformed: .*JSON/);
  const d = await h.call('POST', '/api/users', { raw: '[1, 2' });
  assert.equal(d.status, 400);
  assert.match(d.body.Message, /Request malformed/);
  const empty = await h.call('POST', '/api/keys/k1', { raw: '' });
  assert.equal(empty.status, 400);
  assert.match(empty.body.Message, /empty/);
});

test('a body over the limit answers 413', async () => {
  const r = await h.call('POST', '/svc/policies', { raw: JSON.stringify({ id: 'big', pad: 'x'.repeat(100 * 1024) }) });
  assert.equal(r.status, 413);
  assert.match(r.body.message, /too large/);
});

test('ids that are not one safe path segment answer 400', async () => {
  for (const id of ['..', '%2E%2E', 'a%2Fb', 'a%5Cb', '%00x']) {
    const r = await rawGet(h.url, `/svc/apis/${id}`, authHeader('/svc/', h.credentials, undefined));
    assert.equal(r.status, 400, id);
    assert.deepEqual(r.body, { status: 'error', message: 'Invalid API ID' });
  }
  const k = await h.call('POST', '/api/keys/a%2Fb', { body: {} });
  assert.equal(k.status, 400);
  assert.match(k.body.Message, /one path segment/);
  const e = await rawGet(h.url, '/api/examples/oas/../../etc', authHeader('/api/', h.credentials, undefined));
  assert.equal(e.status, 400);
});

test('the health check answers without credentials', async () => {
  const r = await h.call('GET', '/hello');
  assert.equal(r.status, 200);
  assert.equal(r.body.status, 'pass');
});
