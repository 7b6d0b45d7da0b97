// Key options → the query the server receives: the client is pointed at a loopback server that
// records each request's method, path and query.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManagementClient } from '../../../api/src';
import {
  createGatewayKeyOptions,
  createOrgKeyOptions,
  keyLookupOptions,
  optionsFor,
  updateKeyOptions,
  validateKeyId,
} from '../../../client/src/workflows/resources/keyOptions';

async function withRecorder(run: (client: ManagementClient, seen: string[]) => Promise<void>): Promise<void> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await run(
      new ManagementClient({ name: 't', dashboardUrl: url, credentials: { gatewaySecret: 'g', dashboardToken: 'd', adminSecret: 'a' }, retries: 0 }),
      seen,
    );
  } finally {
    server.close();
  }
}

test('gateway create: suppress_reset=1 and hashed=true, nothing when no option is picked', async () => {
  await withRecorder(async (client, seen) => {
    await client.createCustomKey('k1', {}, createGatewayKeyOptions(['suppressReset', 'hashed']));
    await client.createCustomKey('k2', {}, createGatewayKeyOptions([]));
    assert.deepEqual(seen, ['POST /svc/keys/k1?suppress_reset=1&hashed=true', 'POST /svc/keys/k2']);
  });
});

test('org key: reset_quota=1 only when picked', async () => {
  await withRecorder(async (client, seen) => {
    await client.createOrgKey('org1', {}, createOrgKeyOptions(['resetQuota']));
    await client.createOrgKey('org1', {}, createOrgKeyOptions([]));
    assert.deepEqual(seen, ['POST /svc/org/keys/org1?reset_quota=1', 'POST /svc/org/keys/org1']);
  });
});

test('update: every option of endpoint 17 reaches the query', async () => {
  await withRecorder(async (client, seen) => {
    await client.updateKey('api1', 'k1', {}, updateKeyOptions(['autoGuess', 'hashed', 'username', 'suppressReset']));
    await client.updateKey('api1', 'k1', {}, updateKeyOptions(['username']));
    const [all, one] = seen.map((s) => new URL(s.split(' ')[1], 'http://x'));
    assert.deepEqual(Object.fromEntries(all.searchParams), { auto_guess: 'true', hashed: 'true', username: 'true', suppress_reset: '1' });
    assert.equal(all.pathname, '/api/apis/api1/keys/k1');
    assert.deepEqual(Object.fromEntries(one.searchParams), { username: 'true' });
  });
});

test('details: auto_guess, hashed and username; suppress_reset does not apply to a read', async () => {
  await withRecorder(async (client, seen) => {
    await client.getKey('api1', 'k1', keyLookupOptions(['autoGuess']));
    assert.deepEqual(seen, ['GET /api/apis/api1/keys/k1?auto_guess=true']);
  });
  assert.throws(() => keyLookupOptions(['suppressReset']), /does not apply here; use autoGuess, hashed, username/);
  assert.throws(() => createGatewayKeyOptions(['username']), /'username' does not apply/);
});

test('every offered option explains itself and names its query parameter', () => {
  for (const operation of ['createGateway', 'createOrg', 'update', 'details'] as const) {
    for (const info of optionsFor(operation)) {
      assert.ok(info.detail.length > 40, `${info.option} has an explanation`);
      assert.match(info.query, /^(auto_guess|hashed|username|suppress_reset|reset_quota)/);
    }
  }
  assert.deepEqual(optionsFor('createDashboard'), []);
  assert.deepEqual(
    optionsFor('update').map((o) => o.query),
    ['auto_guess=true', 'hashed', 'username=true', 'suppress_reset=1'],
  );
});

test('key ids: one path segment, not blank', () => {
  assert.equal(validateKeyId('my-custom-key_01'), undefined);
  assert.match(validateKeyId('  ')!, /Enter a key id/);
  assert.match(validateKeyId('..')!, /cannot be/);
  assert.match(validateKeyId('a/b')!, /cannot be/);
  assert.match(validateKeyId('a b')!, /spaces/);
});
