import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decideRequest, type RequestContext } from '../../../client/src/environments/requestDecision';
import { HostApproval, type ApprovalState } from '../../../client/src/environments/hostApproval';
import { RequestsBlockedError } from '../../../client/src/environments/blocked';
import type { Environment } from '../../../client/src/environments/model';

const workspaceEnv: Environment = { name: 'Repo staging', dashboardUrl: 'https://dash.evil.example', source: 'workspace' };
const userEnv: Environment = { name: 'Mine', dashboardUrl: 'https://dash.example.com', source: 'user' };
const sandboxEnv: Environment = { name: 'Local sandbox', dashboardUrl: 'http://127.0.0.1:0', source: 'builtin' };
const trusted: RequestContext = { workspaceTrusted: true, approvedOrigins: [], mayAsk: true };

function memoryState(initial: Record<string, unknown> = {}): ApprovalState & { data: Record<string, unknown> } {
  const data = { ...initial };
  return {
    data,
    get: <T>(key: string, defaultValue: T) => (key in data ? (data[key] as T) : defaultValue),
    update: async (key, value) => void (data[key] = value),
  };
}

test('a workspace-defined host not yet approved: ask about its origin before sending', () => {
  assert.deepEqual(decideRequest(workspaceEnv, trusted), { action: 'ask', origins: ['https://dash.evil.example'] });
});

test('a workspace-defined environment with a separate gateway asks about both origins, only the unapproved ones', () => {
  const env: Environment = { ...workspaceEnv, gatewayUrl: 'https://gw.evil.example:8080' };
  assert.deepEqual(decideRequest(env, trusted), { action: 'ask', origins: ['https://dash.evil.example', 'https://gw.evil.example:8080'] });
  assert.deepEqual(decideRequest(env, { ...trusted, approvedOrigins: ['https://dash.evil.example'] }), {
    action: 'ask',
    origins: ['https://gw.evil.example:8080'],
  });
});

test('a workspace-defined host already approved: send', () => {
  assert.deepEqual(decideRequest(workspaceEnv, { ...trusted, approvedOrigins: ['https://dash.evil.example'] }), { action: 'send' });
});

test('approval is per origin: the same host on another port or scheme is asked again', () => {
  assert.equal(
    decideRequest({ ...workspaceEnv, dashboardUrl: 'https://dash.evil.example:8443' }, { ...trusted, approvedOrigins: ['https://dash.evil.example'] }).action,
    'ask',
  );
  assert.equal(
    decideRequest({ ...workspaceEnv, dashboardUrl: 'http://dash.evil.example' }, { ...trusted, approvedOrigins: ['https://dash.evil.example'] }).action,
    'ask',
  );
});

test('a user-defined environment: send without asking', () => {
  assert.deepEqual(decideRequest(userEnv, trusted), { action: 'send' });
  assert.deepEqual(decideRequest(userEnv, { ...trusted, mayAsk: false }), { action: 'send' });
});

test('a background check never asks: an unapproved workspace host is blocked with the reason', () => {
  const decision = decideRequest(workspaceEnv, { ...trusted, mayAsk: false });
  assert.equal(decision.action, 'block');
  assert.ok(decision.action === 'block');
  assert.equal(decision.error.reason, 'host-not-approved');
  assert.match(decision.error.message, /https:\/\/dash\.evil\.example/);
  assert.match(decision.error.message, /comes from this workspace's settings/);
  assert.match(decision.error.hint, /Allow/);
});

test('untrusted workspace: never send to any configured environment, and say why', () => {
  for (const env of [workspaceEnv, userEnv]) {
    for (const ctx of [
      { workspaceTrusted: false, approvedOrigins: [], mayAsk: true },
      { workspaceTrusted: false, approvedOrigins: ['https://dash.evil.example', 'https://dash.example.com'], mayAsk: true },
    ]) {
      const decision = decideRequest(env, ctx);
      assert.equal(decision.action, 'block', `${env.name} with approvals ${ctx.approvedOrigins.join(',')}`);
      assert.ok(decision.action === 'block');
      assert.equal(decision.error.reason, 'untrusted-workspace');
      assert.match(decision.error.message, new RegExp(`No request is sent to '${env.name}': this workspace is not trusted`));
      assert.match(decision.error.hint, /Manage Workspace Trust/);
    }
  }
});

test('the Local sandbox works in an untrusted workspace: it never leaves this machine', () => {
  assert.deepEqual(decideRequest(sandboxEnv, { workspaceTrusted: false, approvedOrigins: [], mayAsk: false }), { action: 'send' });
});

test('HostApproval: "Allow" is remembered per origin, so the user is asked once', async () => {
  const state = memoryState();
  const asked: string[] = [];
  const approval = new HostApproval({ state, isTrusted: () => true, confirm: async (_env, origin) => (asked.push(origin), true) });
  await approval.ensureAllowed(workspaceEnv);
  await approval.ensureAllowed(workspaceEnv);
  assert.deepEqual(asked, ['https://dash.evil.example']);
  assert.deepEqual(state.data['svc.approvedHosts'], ['https://dash.evil.example']);
  assert.equal(approval.isApproved('https://dash.evil.example'), true);
});

test('HostApproval: a refusal sends nothing, is not remembered, and the next request asks again', async () => {
  const state = memoryState();
  let asked = 0;
  const approval = new HostApproval({ state, isTrusted: () => true, confirm: async () => (asked++, false) });
  await assert.rejects(approval.ensureAllowed(workspaceEnv), (err: unknown) => err instanceof RequestsBlockedError && err.reason === 'host-not-approved');
  await assert.rejects(approval.ensureAllowed(workspaceEnv), RequestsBlockedError);
  assert.equal(asked, 2);
  assert.equal(state.data['svc.approvedHosts'], undefined);
});

test('HostApproval: parallel loads of one environment share a single question', async () => {
  let release!: (allow: boolean) => void;
  let asked = 0;
  const approval = new HostApproval({
    state: memoryState(),
    isTrusted: () => true,
    confirm: () => (asked++, new Promise<boolean>((resolve) => (release = resolve))),
  });
  const loads = [approval.ensureAllowed(workspaceEnv), approval.ensureAllowed(workspaceEnv), approval.ensureAllowed(workspaceEnv)];
  await new Promise((r) => setImmediate(r));
  release(true);
  await Promise.all(loads);
  assert.equal(asked, 1);
});

test('HostApproval: background checks never ask; untrusted blocks even approved hosts; trust is read at each request', async () => {
  let isTrusted = false;
  let asked = 0;
  const approval = new HostApproval({
    state: memoryState({ 'svc.approvedHosts': ['https://dash.evil.example'] }),
    isTrusted: () => isTrusted,
    confirm: async () => (asked++, true),
  });
  await assert.rejects(approval.ensureAllowed(workspaceEnv), (err: unknown) => err instanceof RequestsBlockedError && err.reason === 'untrusted-workspace');
  await assert.rejects(approval.ensureAllowed(userEnv), (err: unknown) => err instanceof RequestsBlockedError && err.reason === 'untrusted-workspace');
  isTrusted = true;
  await approval.ensureAllowed(workspaceEnv);
  await assert.rejects(
    approval.ensureAllowed({ ...workspaceEnv, dashboardUrl: 'https://other.evil.example' }, false),
    (err: unknown) => err instanceof RequestsBlockedError && err.reason === 'host-not-approved',
  );
  assert.equal(asked, 0);
});
