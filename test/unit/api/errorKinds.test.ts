// The kind of a failure decides what the user is told to do, so each mapping is pinned at its
// boundary: the server's message from either body style (a plain-text body cut at 300 characters,
// an HTML page not shown), the dashboard's 400 "could not retrieve" on a read as "not found", a 404
// on a listing extension as "missing" unless a structured body names a resource, and the socket
// codes (reset, unresolved host, TLS) with their own hints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ManagementApiError,
  errorCode,
  errorFromNetwork,
  errorFromResponse,
  isConnectionReset,
  parseServerMessage,
  type ErrorContext,
} from '../../../api/src/errors';

const ctx = (over: Partial<ErrorContext> = {}): ErrorContext => ({
  environment: 'Staging',
  family: 'dashboard',
  method: 'GET',
  pathTemplate: '/api/apis/{apiId}',
  baseUrl: 'https://gw.example',
  ...over,
});

test("the server's message: gateway or dashboard body style, a short plain text as it is, nothing from HTML or blanks", () => {
  assert.equal(parseServerMessage('{"status":"error","message":"Key not found"}'), 'Key not found');
  assert.equal(parseServerMessage('{"Status":"Error","Message":"Could not retrieve API detail"}'), 'Could not retrieve API detail');
  assert.equal(parseServerMessage('{"error":"bad"}'), 'bad');
  assert.equal(parseServerMessage('{"message":""}'), undefined, 'an empty message is none');
  assert.equal(parseServerMessage('{"message":42}'), undefined);
  assert.equal(parseServerMessage('["message"]'), undefined);
  assert.equal(parseServerMessage('null'), undefined);
  assert.equal(parseServerMessage('  404 page not found\n'), '404 page not found');
  assert.equal(parseServerMessage('   '), undefined);
  assert.equal(parseServerMessage('<html><body>Bad gateway</body></html>'), undefined);
  assert.equal(parseServerMessage('x'.repeat(300)), 'x'.repeat(300), 'just inside: 300 characters whole');
  assert.equal(parseServerMessage('x'.repeat(301)), `${'x'.repeat(300)}…`, 'just outside: cut at 300');
});

test("the error's text: endpoint, HTTP status when there is one, the server's message without its final stop, then the hint", () => {
  const cause = new Error('socket');
  const err = new ManagementApiError({ kind: 'server', endpoint: 'GET /x', status: 500, serverMessage: 'It broke!!', hint: 'Try again.', cause });
  assert.equal(err.message, 'GET /x failed (HTTP 500): It broke. Try again.');
  assert.equal(err.cause, cause);
  assert.equal(new ManagementApiError({ kind: 'timeout', endpoint: 'GET /x', hint: 'Wait.' }).message, 'GET /x failed. Wait.');
  assert.equal(
    new ManagementApiError({ kind: 'server', endpoint: 'GET /x', status: 0, serverMessage: 'a.b', hint: 'H.' }).message,
    'GET /x failed (HTTP 0): a.b. H.',
  );
});

test('a 400 "could not retrieve" is "not found" only on a read; elsewhere, or with another message, the request was refused', () => {
  const body = '{"Status":"Error","Message":"Could not retrieve API detail"}';
  assert.equal(errorFromResponse(ctx(), 400, body).kind, 'not-found');
  assert.equal(errorFromResponse(ctx({ method: 'PUT' }), 400, body).kind, 'bad-request');
  assert.equal(errorFromResponse(ctx(), 400, '{"Message":"Invalid listen path"}').kind, 'bad-request');
});

test('a 404 on a listing extension: "missing" for a plain router 404 or a listing; "not found" for a resource named in a structured body', () => {
  const ext = ctx({ extension: true, pathTemplate: '/svc/keys/{keyID}' });
  assert.equal(errorFromResponse(ext, 404, '404 page not found').kind, 'missing-endpoint');
  assert.equal(errorFromResponse(ext, 404, '{"status":"error","message":"Key not found"}').kind, 'not-found');
  assert.equal(errorFromResponse(ext, 404, '{"Status":"Error","Message":"Not found"}').kind, 'not-found');
  assert.equal(errorFromResponse(ext, 404, '{"error":"x"}').kind, 'missing-endpoint', 'a body without message is no resource answer');
  assert.equal(errorFromResponse(ext, 404, 'null').kind, 'missing-endpoint');
  assert.equal(errorFromResponse(ctx({ extension: true, pathTemplate: '/svc/keys' }), 404, '{"message":"x"}').kind, 'missing-endpoint');
  assert.equal(errorFromResponse(ctx(), 404, '404 page not found').kind, 'not-found', 'a spec endpoint is never missing');
});

test('socket codes: a reset, a broken pipe or an aborted connection is worth a retry; anything else, or no code, is not', () => {
  for (const code of ['ECONNRESET', 'EPIPE', 'ECONNABORTED']) assert.equal(isConnectionReset(Object.assign(new Error(), { code })), true, code);
  for (const error of [Object.assign(new Error(), { code: 'ECONNREFUSED' }), new Error('x'), undefined, null, { code: 5 }]) {
    assert.equal(isConnectionReset(error), false, String(error));
  }
  assert.equal(errorCode({ code: 'EPIPE' }), 'EPIPE');
  assert.equal(errorCode({ code: 5 }), undefined);
  assert.equal(errorCode(undefined), undefined);
});

test('below HTTP: a reset, an unresolved host, a TLS failure and anything else each get their own hint', () => {
  const net = (code?: string) => errorFromNetwork(ctx(), Object.assign(new Error(`failed ${code}`), code ? { code } : {}));
  for (const code of ['ECONNRESET', 'EPIPE', 'ECONNABORTED']) {
    const err = net(code);
    assert.equal(err.kind, 'unreachable');
    assert.match(err.hint, /was reset/, code);
  }
  for (const code of ['ENOTFOUND', 'EAI_AGAIN']) {
    const err = net(code);
    assert.equal(err.kind, 'unreachable');
    assert.match(err.hint, /cannot be resolved: check the URL of environment 'Staging'/, code);
    assert.equal(err.serverMessage, `failed ${code}`);
    assert.equal(err.endpoint, 'GET /api/apis/{apiId}');
  }
  for (const code of ['CERT_HAS_EXPIRED', 'ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_TLS_CERT_ALTNAME_INVALID', 'ERR_TLS_HANDSHAKE']) {
    assert.equal(net(code).kind, 'tls', code);
  }
  assert.equal(net('X_ERR_SSL').kind, 'unreachable', 'a code merely containing ERR_SSL is not TLS');
  const other = net('ECONNREFUSED');
  assert.equal(other.kind, 'unreachable');
  assert.match(other.hint, /Is the server running at https:\/\/gw\.example\?/);
  assert.match(net().hint, /Is the server running/);
  assert.equal(errorFromNetwork(ctx(), 'plain text').serverMessage, 'plain text');
});
