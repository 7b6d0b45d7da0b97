// The request core under misbehaving servers: time limits, retries only where they are safe,
// reset connections, cancellation, credentials that are missing, and a log without secrets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { ManagementClient, ManagementApiError } from '../../../api/src';
import { SECRETS, configFor, json, startServer } from './servers';

async function rejection(promise: Promise<unknown>): Promise<ManagementApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ManagementApiError, `expected a ManagementApiError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

test('a server that never answers fails with kind timeout after timeoutMs', async () => {
  const server = await startServer(() => {
    /* never answers */
  });
  try {
    const client = new ManagementClient(configFor(server.url, { timeoutMs: 300, retries: 0 }));
    const started = Date.now();
    const error = await rejection(client.listPolicies());
    assert.equal(error.kind, 'timeout');
    assert.equal(error.endpoint, 'GET /svc/policies');
    assert.match(error.hint, /did not answer within 300 ms/);
    assert.ok(Date.now() - started < 4000, 'the time limit fired, not some later default');
  } finally {
    await server.close();
  }
});

test('GET answered 503 then 200 is retried and succeeds', async () => {
  const server = await startServer((_req, res, index) => (index === 0 ? json(res, 503, { status: 'error', message: 'busy' }) : json(res, 200, [{ id: 'p1' }])));
  try {
    const policies = await new ManagementClient(configFor(server.url)).listPolicies();
    assert.deepEqual(policies, [{ id: 'p1' }]);
    assert.equal(server.requests.length, 2);
  } finally {
    await server.close();
  }
});

test('PUT answered 502 and 504 is retried (idempotent)', async () => {
  const server = await startServer((_req, res, index) =>
    index < 2 ? json(res, index === 0 ? 502 : 504, {}) : json(res, 200, { status: 'ok', action: 'modified' }),
  );
  try {
    const result = await new ManagementClient(configFor(server.url)).updatePolicy('p1', { name: 'x' });
    assert.equal(result.action, 'modified');
    assert.equal(server.requests.length, 3);
  } finally {
    await server.close();
  }
});

test('POST answered 503 is not retried and reports a server error', async () => {
  const server = await startServer((_req, res, index) => (index === 0 ? json(res, 503, { status: 'error', message: 'busy' }) : json(res, 200, {})));
  try {
    const error = await rejection(new ManagementClient(configFor(server.url)).createPolicy({ name: 'x' }));
    assert.equal(error.kind, 'server');
    assert.equal(error.status, 503);
    assert.equal(error.serverMessage, 'busy');
    assert.equal(server.requests.length, 1, 'a POST is sent once');
  } finally {
    await server.close();
  }
});

test('PATCH answered 503 is not retried', async () => {
  const server = await startServer((_req, res) => json(res, 503, {}));
  try {
    await rejection(new ManagementClient(configFor(server.url)).patchStreamsApi('s1', {}));
    assert.equal(server.requests.length, 1);
  } finally {
    await server.close();
  }
});

test('retries stop after `retries` extra attempts', async () => {
  const server = await startServer((_req, res) => json(res, 503, { status: 'error', message: 'still busy' }));
  try {
    const error = await rejection(new ManagementClient(configFor(server.url, { retries: 3 })).listPolicies());
    assert.equal(error.status, 503);
    assert.equal(server.requests.length, 4);
  } finally {
    await server.close();
  }
});

test('a reset connection is retried for GET, not for POST', async () => {
  // The first connection is reset (TCP RST) before any answer; the second is answered.
  const server = await startServer((_req, res, index) => (index === 0 ? void res.socket?.resetAndDestroy() : json(res, 200, { hooks: [], pages: 1 })));
  try {
    const client = new ManagementClient(configFor(server.url));
    assert.deepEqual(await client.listWebhooks(), { hooks: [], pages: 1 });
    assert.equal(server.requests.length, 2);
  } finally {
    await server.close();
  }
  const always = await startServer((_req, res) => void res.socket?.resetAndDestroy());
  try {
    const error = await rejection(
      new ManagementClient(configFor(always.url)).addUser({ email_address: 'a@b.c', first_name: 'a', last_name: 'b', user_permissions: {} }),
    );
    assert.equal(error.kind, 'unreachable');
    assert.match(error.hint, /reset/);
    assert.equal(always.requests.length, 1, 'the POST is not repeated');
  } finally {
    await always.close();
  }
});

test('a closed port fails with kind unreachable and a hint naming the URL', async () => {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const error = await rejection(new ManagementClient(configFor(url, { retries: 0 })).listApis());
  assert.equal(error.kind, 'unreachable');
  assert.equal(error.hint, `Is the server running at ${url}? Check the URL of environment 'test-env'.`);
});

test('a caller abort cancels a request in flight with kind cancelled', async () => {
  const server = await startServer(() => {
    /* never answers */
  });
  try {
    const controller = new AbortController();
    const pending = new ManagementClient(configFor(server.url)).listPolicies({ signal: controller.signal });
    while (server.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const error = await rejection(pending);
    assert.equal(error.kind, 'cancelled');
  } finally {
    await server.close();
  }
});

test('an already aborted signal sends nothing', async () => {
  const server = await startServer((_req, res) => json(res, 200, []));
  try {
    const error = await rejection(new ManagementClient(configFor(server.url)).listPolicies({ signal: AbortSignal.abort() }));
    assert.equal(error.kind, 'cancelled');
    assert.equal(server.requests.length, 0);
  } finally {
    await server.close();
  }
});

test('a missing credential fails before sending, naming the credential and the command', async () => {
  const server = await startServer((_req, res) => json(res, 200, {}));
  try {
    const client = new ManagementClient(configFor(server.url, { name: 'prod', credentials: { gatewaySecret: SECRETS.gatewaySecret } }));
    const dashboard = await rejection(client.getWebhook('h1'));
    assert.equal(dashboard.kind, 'missing-credential');
    assert.equal(dashboard.hint, "Set the dashboard token of environment 'prod' (Svc: Set Credentials); nothing was sent.");
    const admin = await rejection(client.updateOrgKeyAdmin('o1', {}));
    assert.equal(admin.kind, 'missing-credential');
    assert.match(admin.hint, /admin secret/);
    assert.equal(server.requests.length, 0);
  } finally {
    await server.close();
  }
});

test('an empty id is refused before sending', async () => {
  const server = await startServer((_req, res) => json(res, 200, {}));
  try {
    const error = await rejection(new ManagementClient(configFor(server.url)).getWebhook(''));
    assert.equal(error.kind, 'bad-request');
    assert.equal(server.requests.length, 0);
  } finally {
    await server.close();
  }
});

test('a success answer that is not JSON fails with kind invalid-response', async () => {
  const server = await startServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<html>login</html>');
  });
  try {
    const error = await rejection(new ManagementClient(configFor(server.url)).listApis());
    assert.equal(error.kind, 'invalid-response');
    assert.match(error.hint, /not the expected JSON/);
  } finally {
    await server.close();
  }
});

test('the log shows method, URL, status and duration but never a secret', async () => {
  const lines: string[] = [];
  const server = await startServer((req, res, index) => (index === 0 ? json(res, 503, {}) : json(res, 200, { key: 'k', status: 'ok' })));
  try {
    const client = new ManagementClient(configFor(server.url, { logger: (line) => lines.push(line) }));
    await client.listPolicies();
    await client.createCustomKey('custom-key-5e1d', { rate: 1, jwt_data: { secret: 'jwt-secret-0a0a' } });
    await client.getWebhook('h1');
    await client.updateOrgKeyAdmin('org-key-77', {});
  } finally {
    await server.close();
  }
  const log = lines.join('\n');
  for (const secret of [...Object.values(SECRETS), 'custom-key-5e1d', 'org-key-77', 'jwt-secret-0a0a']) {
    assert.ok(!log.includes(secret), `the log must not contain ${secret}`);
  }
  assert.match(log, /→ GET http:\/\/127\.0\.0\.1:\d+\/svc\/policies .*X-Svc-Authorization: <redacted>/);
  assert.match(log, /← 503 GET \/svc\/policies \d+ ms/);
  assert.match(log, /← 200 GET \/svc\/policies \d+ ms/);
  assert.match(log, /→ POST .*\/svc\/keys\/\{keyID\}/);
  assert.match(log, /Authorization: <redacted>/);
  assert.match(log, /Admin-Auth: <redacted>/);
});

test('a throwing logger does not fail the request', async () => {
  const server = await startServer((_req, res) => json(res, 200, []));
  try {
    const client = new ManagementClient(
      configFor(server.url, {
        logger: () => {
          throw new Error('log closed');
        },
      }),
    );
    assert.deepEqual(await client.listPolicies(), []);
  } finally {
    await server.close();
  }
});
