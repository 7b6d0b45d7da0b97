// A malformed request target or Host header (issue 34, item 16): `GET http://[::1/svc/policies`
// answered an empty 500. It answers 400 with the family's error body, as the spec's errors are
// shaped; a well-formed absolute-form target routes on its path, as Go's server does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { startHarness, type Harness } from './helpers.js';

let h: Harness;
before(async () => (h = await startHarness()));
after(() => h.close());

function raw(head: string): Promise<{ status: number; body: any; connection: string | undefined }> {
  const { port } = new URL(h.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8').on('data', (c: string) => {
      text += c;
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? -1);
      if (end >= 0 && length >= 0 && text.length >= end + 4 + length) {
        socket.destroy();
        const body = text.slice(end + 4, end + 4 + length);
        resolve({ status: Number(text.split(' ')[1]), body: body ? JSON.parse(body) : undefined, connection: /connection: (\S+)/i.exec(text)?.[1] });
      }
    });
    socket.on('error', reject);
    socket.write(head);
  });
}

const secret = () => h.credentials.gatewaySecret;

test('an absolute-form target with a malformed host answers 400 with the gateway error body', async () => {
  const r = await raw(`GET http://[::1/svc/policies HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Svc-Authorization: ${secret()}\r\n\r\n`);
  assert.equal(r.status, 400);
  assert.deepEqual(r.body, { status: 'error', message: 'Request malformed: the request target is not a valid URL' });
});

test('a malformed Host header answers 400 with the family error body (gateway and dashboard)', async () => {
  const gateway = await raw(`GET /svc/policies HTTP/1.1\r\nHost: [::1\r\nX-Svc-Authorization: ${secret()}\r\n\r\n`);
  assert.equal(gateway.status, 400);
  assert.deepEqual(gateway.body, { status: 'error', message: 'Request malformed: malformed Host header "[::1"' });
  const dashboard = await raw(`GET /api/apis HTTP/1.1\r\nHost: [::1\r\n\r\n`);
  assert.equal(dashboard.status, 400);
  assert.deepEqual(dashboard.body, { Status: 'Error', Message: 'Request malformed: malformed Host header "[::1"', Meta: null });
});

test('well-formed hosts still work: [::1]:port, a name with a port, an absolute-form target', async () => {
  for (const host of ['[::1]:8080', 'localhost:1', 'example.com']) {
    const r = await raw(`GET /svc/policies HTTP/1.1\r\nHost: ${host}\r\nX-Svc-Authorization: ${secret()}\r\n\r\n`);
    assert.equal(r.status, 200, host);
  }
  const absolute = await raw(`GET http://[::1]:9/svc/policies HTTP/1.1\r\nHost: [::1]:9\r\nX-Svc-Authorization: ${secret()}\r\n\r\n`);
  assert.equal(absolute.status, 200);
  assert.ok(Array.isArray(absolute.body));
});
