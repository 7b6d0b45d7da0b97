// Approval covers the origin and the TLS options together: a workspace change that turns on
// allowSelfSigned or swaps the CA file of an approved host asks again; unchanged options do not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { approvalKey, decideRequest, type RequestContext } from '../../../client/src/environments/requestDecision';
import { HostApproval, type ApprovalState } from '../../../client/src/environments/hostApproval';
import { RequestsBlockedError } from '../../../client/src/environments/blocked';
import type { Environment } from '../../../client/src/environments/model';

const ORIGIN = 'https://dash.example.com';
const env: Environment = { name: 'Repo staging', dashboardUrl: `${ORIGIN}/`, source: 'workspace' };
const trusted = (approvedOrigins: string[]): RequestContext => ({ workspaceTrusted: true, approvedOrigins, mayAsk: true });

test('an approved origin asks again when the workspace adds allowSelfSigned or changes the CA file', () => {
  assert.deepEqual(decideRequest(env, trusted([ORIGIN])), { action: 'send' }, 'no TLS option: the origin alone (earlier approvals stay valid)');
  const weakened = decideRequest({ ...env, tls: { allowSelfSigned: true } }, trusted([ORIGIN]));
  assert.deepEqual(weakened, { action: 'ask', origins: [`${ORIGIN} with TLS options: any certificate accepted (allowSelfSigned)`] });
  const withCa = approvalKey(ORIGIN, { caFile: 'certs/ca.pem' });
  assert.deepEqual(decideRequest({ ...env, tls: { caFile: 'certs/ca.pem' } }, trusted([withCa])), { action: 'send' });
  assert.equal(decideRequest({ ...env, tls: { caFile: '/tmp/other-ca.pem' } }, trusted([withCa])).action, 'ask');
  assert.equal(decideRequest({ ...env, tls: { caFile: 'certs/ca.pem', allowSelfSigned: true } }, trusted([withCa])).action, 'ask');
  assert.equal(approvalKey(ORIGIN, { allowSelfSigned: false }), ORIGIN, 'an option switched off is no option');
});

test('HostApproval: one question per origin+TLS; a TLS change asks again, a refusal blocks', async () => {
  const data: Record<string, unknown> = {};
  const state: ApprovalState = { get: <T>(k: string, d: T) => (k in data ? (data[k] as T) : d), update: async (k, v) => void (data[k] = v) };
  const asked: string[] = [];
  let answer = true;
  const approval = new HostApproval({ state, isTrusted: () => true, confirm: async (_env, origin) => (asked.push(origin), answer) });
  await approval.ensureAllowed(env);
  await approval.ensureAllowed(env);
  assert.deepEqual(asked, [ORIGIN]);
  answer = false;
  await assert.rejects(approval.ensureAllowed({ ...env, tls: { allowSelfSigned: true } }), RequestsBlockedError);
  assert.equal(asked.length, 2);
  assert.match(asked[1], /allowSelfSigned/);
  answer = true;
  await approval.ensureAllowed({ ...env, tls: { allowSelfSigned: true } });
  await approval.ensureAllowed({ ...env, tls: { allowSelfSigned: true } });
  assert.equal(asked.length, 3, 'asked once more, then remembered');
});
