// The sandbox's credential check, boundary by boundary: the exact secret passes; an empty one,
// a prefix (one character short), the secret plus one character, or one character changed do not.
// Called directly (no HTTP) so each case is cheap (sandboxAuth.http.test.ts sees the user's 401).
import * as assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { test } from 'node:test';
import { checkAuth, DASHBOARD_AUTH_ERROR, GATEWAY_AUTH_ERROR } from '../../../sandbox/src/http/auth';
import { HttpError, type Family } from '../../../sandbox/src/http/results';
import type { SandboxCredentials } from '../../../sandbox/src/types';

const credentials: SandboxCredentials = { gatewaySecret: 'gw-secret-123', dashboardToken: 'dash-token-456', adminSecret: 'admin-secret-789' };

const req = (headers: Record<string, string | string[]>): IncomingMessage => ({ headers }) as unknown as IncomingMessage;

/** The HTTP status the check answers with, or 200 when it lets the request through. */
function statusOf(family: Family, headers: Record<string, string | string[]>, creds = credentials): number {
  try {
    checkAuth(family, req(headers), creds);
    return 200;
  } catch (e) {
    assert.ok(e instanceof HttpError, `unexpected ${String(e)}`);
    return e.status;
  }
}

function messageOf(family: Family, headers: Record<string, string>): string {
  try {
    checkAuth(family, req(headers), credentials);
  } catch (e) {
    return (e as Error).message;
  }
  return '';
}

const token = credentials.dashboardToken;

test('dashboard auth: the exact token passes, as `Bearer <token>` and as the raw token', () => {
  assert.equal(statusOf('dashboard', { authorization: `Bearer ${token}` }), 200);
  assert.equal(statusOf('dashboard', { authorization: `bearer   ${token}` }), 200);
  assert.equal(statusOf('dashboard', { authorization: token }), 200);
});

test('dashboard auth boundary: `Bearer ` with an empty token is refused (401), not taken as a prefix of the token', () => {
  assert.equal(statusOf('dashboard', { authorization: 'Bearer ' }), 401);
  assert.equal(statusOf('dashboard', { authorization: '' }), 401);
  assert.equal(messageOf('dashboard', { authorization: 'Bearer ' }), DASHBOARD_AUTH_ERROR);
});

test('dashboard auth boundary: a truncated token (one character short) is refused, and so is the token plus one character', () => {
  assert.equal(statusOf('dashboard', { authorization: `Bearer ${token.slice(0, -1)}` }), 401);
  assert.equal(statusOf('dashboard', { authorization: `Bearer ${token.slice(0, 1)}` }), 401);
  assert.equal(statusOf('dashboard', { authorization: `Bearer ${token}x` }), 401);
  assert.equal(statusOf('dashboard', { authorization: `Bearer ${token.slice(0, -1)}X` }), 401);
});

test('dashboard auth: a missing header is refused; a dashboard token sent to the gateway family is refused', () => {
  assert.equal(statusOf('dashboard', {}), 401);
  assert.equal(statusOf('gateway', { 'x-svc-authorization': token }), 403);
});

test('dashboard auth boundary: a sandbox with an empty token configured refuses everything, even an empty `Bearer `', () => {
  const open = { ...credentials, dashboardToken: '' };
  assert.equal(statusOf('dashboard', { authorization: 'Bearer ' }, open), 401);
  assert.equal(statusOf('dashboard', { authorization: '' }, open), 401);
});

test('gateway auth boundary: exact secret passes (200); empty, one short, one extra or a changed last character get 403 with the reference message', () => {
  const s = credentials.gatewaySecret;
  assert.equal(statusOf('gateway', { 'x-svc-authorization': s }), 200);
  assert.equal(statusOf('gateway', { 'x-svc-authorization': [s, 'other'] }), 200, 'the first of repeated headers counts');
  for (const wrong of ['', s.slice(0, -1), `${s}x`, `${s.slice(0, -1)}X`]) {
    assert.equal(statusOf('gateway', { 'x-svc-authorization': wrong }), 403, `"${wrong}"`);
  }
  assert.equal(statusOf('gateway', {}), 403);
  assert.equal(messageOf('gateway', {}), GATEWAY_AUTH_ERROR);
});

test('admin auth boundary: exact secret passes; empty, one short, one extra get 401 "Not authorised"', () => {
  const s = credentials.adminSecret;
  assert.equal(statusOf('admin', { 'admin-auth': s }), 200);
  for (const wrong of ['', s.slice(0, -1), `${s}x`]) assert.equal(statusOf('admin', { 'admin-auth': wrong }), 401, `"${wrong}"`);
  assert.equal(statusOf('admin', {}), 401);
  assert.equal(messageOf('admin', {}), DASHBOARD_AUTH_ERROR);
  // Bearer is only stripped for the dashboard family.
  assert.equal(statusOf('admin', { 'admin-auth': `Bearer ${s}` }), 401);
});

test('each family reads its own header only', () => {
  assert.equal(statusOf('dashboard', { 'x-svc-authorization': token, 'admin-auth': token }), 401);
  assert.equal(statusOf('gateway', { authorization: credentials.gatewaySecret }), 403);
  assert.equal(statusOf('admin', { authorization: credentials.adminSecret }), 401);
});

test('dashboard auth: `Bearer` is stripped only at the start of the header', () => {
  assert.equal(statusOf('dashboard', { authorization: `xBearer ${token}` }), 401);
  assert.equal(statusOf('dashboard', { authorization: `Token Bearer ${token}` }), 401);
  assert.equal(statusOf('dashboard', { authorization: `${token.slice(0, 3)}Bearer ${token.slice(3)}` }), 401);
});

test("the refusal messages are the reference gateway's own words", () => {
  assert.equal(messageOf('dashboard', {}), 'Not authorised');
  assert.equal(messageOf('admin', {}), 'Not authorised');
  assert.equal(messageOf('gateway', {}), 'Attempted administrative access with invalid or missing key!');
});

test('routes outside the three families (the examples, the health check) need no credential', () => {
  assert.equal(statusOf('other', {}), 200);
});
