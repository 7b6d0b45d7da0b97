// Push against a real sandbox: when the remote it measured against (the pull) is gone, push
// stops and asks before sending anything.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ManagementClient } from '../../../api/src';
import { startSandbox } from '../../../sandbox/src/index';
import { hashDocument } from '../../../engine/src/sync/canonicalJson';
import { pushDocument, type ConflictFacts, type PushUi } from '../../../engine/src/sync/pushPipeline';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;
let client: ManagementClient;
before(async () => {
  sandbox = await startSandbox({ port: 0, memory: true });
  client = new ManagementClient({ name: 'unit', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
});
after(async () => {
  await sandbox?.close();
});

function recordingUi(decision: 'cancel' | 'overwrite') {
  const facts: ConflictFacts[] = [];
  const asked: string[] = [];
  const ui: PushUi = {
    confirmDespiteErrors: async () => (asked.push('errors'), false),
    resolveConflict: async (f) => (facts.push(f), asked.push('conflict'), decision),
    chooseOasCreate: async () => (asked.push('oasCreate'), 'new'),
    chooseStreamsUpdate: async () => (asked.push('streams'), 'put'),
    askKeyId: async () => (asked.push('keyId'), undefined),
    showDiff: async () => void asked.push('diff'),
    confirmSend: async () => (asked.push('confirm'), true),
    offerReload: async () => (asked.push('reload'), false),
  };
  return { ui, facts, asked };
}

test('push boundary: a policy deleted on the server since the pull is a conflict: the user is asked (deleted: true) and cancel sends nothing', async () => {
  const doc = { id: 'deleted-since-pull', name: 'Gone', rate: 5, per: 1, org_id: 'o' };
  const request = {
    environment: 'sb',
    name: 'gone.policy.json',
    uri: 'file:///gone.policy.json',
    text: JSON.stringify(doc),
    target: { kind: 'policy' as const, id: doc.id },
    base: { remoteHash: hashDocument('policy', { ...doc, rate: 4 }), remoteText: '{}' },
    errors: [],
  };
  const { ui, facts, asked } = recordingUi('cancel');
  const outcome = await pushDocument({ clientFor: async () => client, ui }, request);
  assert.equal(outcome.status, 'cancelled');
  assert.deepEqual(asked, ['conflict']);
  assert.equal(facts.length, 1);
  assert.equal(facts[0].deleted, true);
  assert.equal(facts[0].nowText, undefined);
  assert.equal(facts[0].pulledText, '{}');
  assert.match(outcome.message ?? '', /changed on 'sb' since you pulled it; nothing was sent/);
  const policies = await client.listPolicies();
  assert.equal(JSON.stringify(policies).includes(doc.id), false, 'nothing was created on the server');
});
