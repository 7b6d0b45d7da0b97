// A self-signed HTTPS server: refused by default with an actionable hint, accepted when the
// environment allows self-signed certificates or names the certificate as its CA file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManagementClient, ManagementApiError } from '../../../api/src';
import { configFor, json, startServer, type TestServer } from './servers';

let dir: string;
let server: TestServer;
let certFile: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-tls-'));
  certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  // A certificate for 127.0.0.1 that is its own CA: exactly what a test gateway presents.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
    ],
    { stdio: 'ignore' },
  );
  server = await startServer((_req, res) => json(res, 200, [{ id: 'p1' }]), { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a self-signed certificate is refused by default with kind tls and a hint', async () => {
  const client = new ManagementClient(configFor(server.url, { name: 'staging' }));
  await assert.rejects(client.listPolicies(), (error: unknown) => {
    assert.ok(error instanceof ManagementApiError);
    assert.equal(error.kind, 'tls');
    assert.equal(
      error.hint,
      `The certificate of ${server.url} is not trusted: add its CA file to environment 'staging' or, for a test server, allow self-signed certificates.`,
    );
    return true;
  });
  assert.equal(server.requests.length, 0, 'no request reached the server');
});

test('allowSelfSigned accepts the server', async () => {
  const client = new ManagementClient(configFor(server.url, { tls: { allowSelfSigned: true } }));
  assert.deepEqual(await client.listPolicies(), [{ id: 'p1' }]);
});

test('the certificate as CA file accepts the server', async () => {
  const client = new ManagementClient(configFor(server.url, { tls: { caFile: certFile } }));
  assert.deepEqual(await client.listPolicies(), [{ id: 'p1' }]);
});

test('an unreadable CA file fails with kind tls naming the file', async () => {
  const missing = join(dir, 'nope.pem');
  const client = new ManagementClient(configFor(server.url, { tls: { caFile: missing } }));
  await assert.rejects(client.listPolicies(), (error: unknown) => {
    assert.ok(error instanceof ManagementApiError);
    assert.equal(error.kind, 'tls');
    assert.ok(error.hint.includes(missing));
    return true;
  });
});
