// `startSandbox({ specOnly: true })`: exactly the spec's 24 method/path pairs, every other route a
// Go router's plain-text 404 (before any credential check); key endpoints check the API the key
// grants. Also the two fixes that hold in both modes: streams PATCH keeps the stored extension
// members the body leaves out, and an example location with `%2F` is the one with `/`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, STREAMS, type Harness } from './helpers.js';
import { SPEC_ROUTES } from '../../../sandbox/src/http/specRoutes.js';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids.js';

let strict: Harness;
let full: Harness;

before(async () => {
  [strict, full] = await Promise.all([startHarness({ specOnly: true }), startHarness()]);
});
after(async () => {
  await Promise.all([strict.close(), full.close()]);
});

const PLAIN_404 = '404 page not found\n';

/** A concrete request for each spec route (bodies need not be valid: only "routed or not" counts). */
function concrete(route: string): [string, string] {
  const [method, pattern] = route.split(' ');
  const path = pattern
    .replace('*location', 'classic/keyless-proxy')
    .replace(/:apiI[dD]/g, SEED_API_IDS.petstoreClassic)
    .replace(/:[A-Za-z]+/g, (name) => (/Day|Month|Year/.test(name) ? '1' : 'x1'));
  return [method, path];
}

test('the spec lists 24 method/path pairs and spec-only serves every one of them with a JSON answer', async () => {
  assert.equal(SPEC_ROUTES.length, 24);
  assert.equal(new Set(SPEC_ROUTES).size, 24);
  for (const route of SPEC_ROUTES) {
    const [method, path] = concrete(route);
    const answer = await strict.call(method, path, method === 'GET' ? {} : { body: {} });
    assert.notEqual(answer.body, PLAIN_404, `${route} is served`);
    assert.equal(typeof answer.body, 'object', `${route} answers JSON (HTTP ${answer.status})`);
  }
});

test('spec-only answers the listing extensions, other methods and unknown paths with a plain-text 404', async () => {
  const refused: [string, string][] = [
    ['GET', '/svc/apis'],
    ['GET', `/svc/apis/${SEED_API_IDS.petstoreClassic}`],
    ['POST', '/svc/apis'],
    ['GET', '/svc/reload/group'],
    ['GET', '/svc/reload'],
    ['GET', '/svc/keys/abc'],
    ['GET', '/svc/policies/abc'],
    ['GET', `/svc/oauth/clients/${SEED_API_IDS.partnerOauth}`],
    ['GET', '/svc/org/keys/abc'],
    ['GET', `/api/apis/${SEED_API_IDS.petstoreClassic}`],
    ['GET', '/api/keys'],
    ['GET', '/api/users'],
    ['GET', '/api/examples'],
    ['DELETE', `/api/apis/${SEED_API_IDS.petstoreClassic}`],
    ['GET', '/api/hooks/a/b'],
    ['GET', '/hello'],
    ['GET', '/'],
  ];
  for (const [method, path] of refused) {
    for (const auth of [undefined, false] as const) {
      const answer = await strict.call(method, path, { auth });
      assert.equal(answer.status, 404, `${method} ${path}`);
      assert.equal(answer.body, PLAIN_404, `${method} ${path} has the plain-text body`);
      assert.match(answer.headers.get('content-type') ?? '', /^text\/plain/);
    }
    // Just outside: the full sandbox answers the same request with JSON (an extension, or a JSON error).
    const normal = await full.call(method, path);
    assert.notEqual(normal.body, PLAIN_404, `the full sandbox routes ${method} ${path}`);
  }
});

test('spec-only still checks credentials and ids on the routes it serves', async () => {
  const noAuth = await strict.call('GET', '/svc/policies', { auth: false });
  assert.equal(noAuth.status, 403);
  assert.equal(typeof noAuth.body, 'object');
  const list = await strict.call('GET', '/api/apis?p=1');
  assert.equal(list.status, 200);
  assert.equal(list.body.apis.length, 10, 'endpoint 10 pages as the reference does');
});

test('spec-only: endpoints 17/18 need an API the key grants access to; "-" is not an API', async () => {
  // Create a key there with known rights, then probe around it.
  const created = await strict.call('POST', '/api/keys/spec-only-probe-key', {
    body: { access_rights: { [SEED_API_IDS.weatherClassic]: { api_id: SEED_API_IDS.weatherClassic, versions: ['Default'] } }, org_id: 'o' },
  });
  assert.equal(created.status, 200);
  const granted = await strict.call('GET', `/api/apis/${SEED_API_IDS.weatherClassic}/keys/spec-only-probe-key`);
  assert.equal(granted.status, 200);
  assert.ok(granted.body.data.access_rights[SEED_API_IDS.weatherClassic]);
  const other = await strict.call('GET', `/api/apis/${SEED_API_IDS.petstoreClassic}/keys/spec-only-probe-key`);
  assert.equal(other.status, 404, 'an API the key does not grant is refused');
  const update = await strict.call('PUT', `/api/apis/${SEED_API_IDS.petstoreClassic}/keys/spec-only-probe-key`, { body: granted.body.data });
  assert.equal(update.status, 404, 'and so is an update through it');
  assert.equal((await strict.call('GET', '/api/apis/-/keys/spec-only-probe-key')).status, 404, '"-" is a sandbox extension');
  // Just outside: the full sandbox accepts any existing API (and "-").
  await full.call('POST', '/api/keys/spec-only-probe-key', { body: { access_rights: { [SEED_API_IDS.weatherClassic]: {} } } });
  assert.equal((await full.call('GET', `/api/apis/${SEED_API_IDS.petstoreClassic}/keys/spec-only-probe-key`)).status, 200);
  assert.equal((await full.call('GET', '/api/apis/-/keys/spec-only-probe-key')).status, 200);
});

test('streams PATCH keeps the stored extension members a body with only x-svc-api-gateway.info leaves out', async () => {
  for (const h of [full, strict]) {
    const id = SEED_API_IDS.ordersStream;
    const before = (await h.call('GET', `/api/apis/streams/${id}`, { headers: { Accept: STREAMS } })).body;
    const listenPath = before['x-svc-api-gateway'].server.listenPath;
    assert.ok(listenPath?.value, 'the seed has a listen path');
    assert.ok(before['x-svc-api-gateway'].upstream, 'the seed has an upstream');
    const body = {
      openapi: before.openapi,
      info: { ...before.info, title: 'Order events (renamed)' },
      paths: before.paths ?? {},
      'x-svc-api-gateway': { info: { ...before['x-svc-api-gateway'].info, name: 'Order events (renamed)' } },
    };
    const patch = await h.call('PATCH', `/api/apis/streams/${id}`, { body, headers: { 'Content-Type': STREAMS } });
    assert.equal(patch.status, 200);
    const after = (await h.call('GET', `/api/apis/streams/${id}`, { headers: { Accept: STREAMS } })).body;
    assert.equal(after['x-svc-api-gateway'].info.name, 'Order events (renamed)', "the body's member wins");
    assert.deepEqual(after['x-svc-api-gateway'].server.listenPath, listenPath, 'server.listenPath is kept');
    assert.deepEqual(after['x-svc-api-gateway'].upstream, before['x-svc-api-gateway'].upstream, 'upstream is kept');
    assert.deepEqual(after['x-svc-streaming'], before['x-svc-streaming'], 'x-svc-streaming is kept');
    assert.equal(after.info.title, 'Order events (renamed)');
  }
});

test('an example location with a percent-encoded slash is the same location as with a literal slash', async () => {
  for (const h of [full, strict]) {
    const literal = await h.call('GET', '/api/examples/classic/keyless-proxy?apiDef=true');
    const encoded = await h.call('GET', '/api/examples/classic%2Fkeyless-proxy?apiDef=true');
    assert.equal(literal.status, 200);
    assert.equal(encoded.status, 200);
    assert.deepEqual(encoded.body, literal.body);
    assert.equal(encoded.body.location, 'classic/keyless-proxy');
    // Just outside: an encoded `..` still escapes nothing.
    assert.equal((await h.call('GET', '/api/examples/classic%2F..%2F..%2Fsecret')).status, 400);
    assert.equal((await h.call('GET', '/api/examples/classic%2Fnope')).status >= 400, true);
  }
});
