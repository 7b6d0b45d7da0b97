// Issue 32: the transport keeps connections open (a bounded pool per environment) for idempotent
// requests; POST and PATCH get a connection of their own; a kept-alive socket the server closed
// while idle costs nothing (the request goes again on a fresh one, once), while a reset on a fresh
// connection fails as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ManagementClient, ManagementApiError } from '../../../api/src';
import { MAX_SOCKETS } from '../../../api/src/http';
import { configFor } from './servers';

interface CountingServer {
  url: string;
  connections: number;
  requests: number;
  close(): Promise<void>;
}

/** `answer` gets the request's number on its socket (1 for the first). */
async function countingServer(answer: (req: http.IncomingMessage, res: http.ServerResponse, onSocket: number) => void): Promise<CountingServer> {
  const perSocket = new WeakMap<Socket, number>();
  const state = { connections: 0, requests: 0 };
  const server = http.createServer((req, res) => {
    state.requests++;
    const n = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, n);
    req.resume();
    req.on('end', () => answer(req, res, n));
  });
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get connections() {
      return state.connections;
    },
    get requests() {
      return state.requests;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const ok = (res: http.ServerResponse, body: unknown = { hooks: [], pages: 1 }) => {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
};

test('sequential GETs share one kept-alive connection', async () => {
  const server = await countingServer((_req, res) => ok(res));
  const client = new ManagementClient(configFor(server.url));
  try {
    for (let i = 0; i < 10; i++) await client.listWebhooks({ p: 1 });
    assert.equal(server.requests, 10);
    assert.equal(server.connections, 1);
  } finally {
    client.dispose();
    await server.close();
  }
});

test(`GETs in parallel use at most ${MAX_SOCKETS} connections`, async () => {
  const server = await countingServer((_req, res) => setTimeout(() => ok(res), 20));
  const client = new ManagementClient(configFor(server.url));
  try {
    await Promise.all(Array.from({ length: MAX_SOCKETS * 3 }, () => client.listWebhooks({ p: 1 })));
    assert.equal(server.requests, MAX_SOCKETS * 3);
    assert.equal(server.connections, MAX_SOCKETS, 'the pool is full, and never more');
  } finally {
    client.dispose();
    await server.close();
  }
});

test('each POST gets a connection of its own (it is never sent twice)', async () => {
  const server = await countingServer((_req, res) => ok(res, { Status: 'OK', Message: 'created' }));
  const client = new ManagementClient(configFor(server.url));
  try {
    for (let i = 0; i < 3; i++) await client.addUser({ email_address: `u${i}@b.c`, first_name: 'a', last_name: 'b', user_permissions: {} });
    assert.equal(server.connections, 3);
  } finally {
    client.dispose();
    await server.close();
  }
});

test('a kept-alive socket the server drops is replaced without a retry being spent (retries: 0)', async () => {
  // The second request on any socket finds it closed by the server (reset, no answer).
  const server = await countingServer((req, res, onSocket) => (onSocket > 1 ? void req.socket.resetAndDestroy() : ok(res)));
  const client = new ManagementClient({ ...configFor(server.url), retries: 0 });
  try {
    assert.deepEqual(await client.listWebhooks({ p: 1 }), { hooks: [], pages: 1 });
    assert.deepEqual(await client.listWebhooks({ p: 1 }), { hooks: [], pages: 1 });
    assert.equal(server.requests, 3, 'the dropped request went again, once');
    assert.equal(server.connections, 2);
  } finally {
    client.dispose();
    await server.close();
  }
});

test('a reset on a fresh connection still fails as before (retries: 0)', async () => {
  const server = await countingServer((req) => void req.socket.resetAndDestroy());
  const client = new ManagementClient({ ...configFor(server.url), retries: 0 });
  try {
    await assert.rejects(client.listWebhooks({ p: 1 }), (err: unknown) => {
      assert.ok(err instanceof ManagementApiError);
      assert.equal(err.kind, 'unreachable');
      return true;
    });
    assert.equal(server.requests, 1);
  } finally {
    client.dispose();
    await server.close();
  }
});
