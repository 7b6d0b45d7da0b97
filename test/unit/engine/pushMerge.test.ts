// The push pipeline's merge with a server that moved (engine/src/sync/pushMerge.ts), against a
// real sandbox with a scripted PushUi: declined (nothing written or sent), accepted (the merged
// text written first, then sent), conflicts asked per path (stopped or answered), the merge
// leaving nothing to send, and the old question when the caller cannot write a merged file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { ManagementClient } from '../../../api/src';
import type { MergeConflict, MergeSide } from '../../../engine/src/diff/merge';
import { pullResource } from '../../../engine/src/sync/pull';
import { pushDocument, type MergeFacts, type PushRequest, type PushUi } from '../../../engine/src/sync/pushPipeline';
import { readSnapshot } from '../../../engine/src/sync/stateFile';
import { SyncStateStore } from '../../../engine/src/sync/stateStore';
import { startSandbox } from '../../../sandbox/src/index';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let client: ManagementClient;
let root: string;
const store = new SyncStateStore();
const target = { kind: 'policy' as const, id: 'silver-plan' };

before(async () => {
  sandbox = await startSandbox({ port: 0, memory: true });
  client = new ManagementClient({ name: 'unit', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-merge-'));
});
after(async () => {
  await sandbox?.close();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

const serverPolicy = async () => (await client.listPolicies()).find((p) => p.id === target.id)!;

interface Script {
  confirmMerge?: boolean;
  conflicts?: Record<string, MergeSide>;
}

function scriptedUi(script: Script) {
  const asked: string[] = [];
  const seen: { facts?: MergeFacts; conflicts?: MergeConflict[] } = {};
  const ui: PushUi = {
    confirmDespiteErrors: async () => false,
    resolveConflict: async () => (asked.push('resolveConflict'), 'cancel'),
    chooseOasCreate: async () => 'new',
    chooseStreamsUpdate: async () => 'put',
    askKeyId: async () => undefined,
    showDiff: async () => void asked.push('showDiff'),
    confirmSend: async () => (asked.push('confirmSend'), true),
    offerReload: async () => false,
    confirmMerge: async (facts) => {
      asked.push('confirmMerge');
      seen.facts = facts;
      return script.confirmMerge ?? false;
    },
    resolveMergeConflicts: async (facts) => {
      asked.push('resolveMergeConflicts');
      seen.conflicts = facts.conflicts;
      return script.conflicts ? new Map(Object.entries(script.conflicts)) : undefined;
    },
  };
  return { ui, asked, seen };
}

/** Pulls the policy, lets the server and the file change, and pushes the file. */
async function scenario(server: Record<string, unknown>, mine: Record<string, unknown>, script: Script, canWrite = true) {
  await pullResource(
    { client, store, unsavedText: () => undefined, decideOverwrite: async () => 'overwrite' },
    { environment: 'sb', target, root, folder: 'svc' },
  );
  const file = path.join(root, 'svc', 'silver-plan.policy.json');
  const record = (await store.get(root)).files['svc/silver-plan.policy.json'];
  await client.updatePolicy(target.id, { ...(await serverPolicy()), ...server });
  const text = JSON.stringify({ ...JSON.parse(await fs.readFile(file, 'utf8')), ...mine }, null, 4) + '\n';
  const written: string[] = [];
  const { ui, asked, seen } = scriptedUi(script);
  const request: PushRequest = {
    environment: 'sb',
    name: 'silver-plan.policy.json',
    uri: `file://${file}`,
    text,
    target: record.target,
    base: { remoteHash: record.remoteHash, remoteText: await readSnapshot(root, record.remoteHash), localHash: record.localHash },
    errors: [],
    writeMerged: canWrite ? async (t) => void written.push(t) : undefined,
  };
  const outcome = await pushDocument({ clientFor: async () => client, ui }, request);
  return { outcome, asked, seen, written, text };
}

describe('push merges with a server that moved', () => {
  beforeEach(async () => {
    await client.updatePolicy(target.id, { ...(await serverPolicy()), rate: 100, per: 60, quota_max: -1 });
  });

  it('declined: nothing written, nothing sent', async () => {
    const { outcome, asked, seen, written } = await scenario({ per: 30 }, { rate: 200 }, { confirmMerge: false });
    assert.equal(outcome.status, 'cancelled');
    assert.deepEqual(asked, ['confirmMerge'], 'the merge question replaces the diff and the confirm');
    assert.deepEqual(seen.facts!.fromServer, ['per']);
    assert.deepEqual(seen.facts!.fromFile, ['rate']);
    assert.deepEqual(written, []);
    assert.equal((await serverPolicy()).rate, 100);
  });

  it('accepted: the merged text (in the file’s 4-space shape) is written, then pushed; the notice names what came from the server', async () => {
    const { outcome, written, seen, text } = await scenario({ per: 30 }, { rate: 200 }, { confirmMerge: true });
    assert.equal(outcome.status, 'pushed', outcome.message);
    assert.match(outcome.message, /Merged silver-plan\.policy\.json with the changes on 'sb' and pushed it .*From the server: per\./);
    assert.equal(written.length, 1);
    assert.equal(written[0], text.replace('"per": 60', '"per": 30'));
    assert.equal(seen.facts!.mergedText, written[0]);
    const now = await serverPolicy();
    assert.equal(now.rate, 200);
    assert.equal(now.per, 30);
    assert.deepEqual(outcome.merge?.fromServer, ['per']);
  });

  it('conflicts are asked per path with the three values; stopping sends and writes nothing', async () => {
    const { outcome, asked, seen, written } = await scenario({ rate: 150, per: 30 }, { rate: 200 }, {});
    assert.equal(outcome.status, 'cancelled');
    assert.deepEqual(asked, ['resolveMergeConflicts']);
    assert.deepEqual(
      seen.conflicts!.map((c) => [c.pointer, c.base, c.ours, c.theirs]),
      [['/rate', 100, 200, 150]],
    );
    assert.deepEqual(
      outcome.conflicts!.map((c) => c.pointer),
      ['/rate'],
    );
    assert.match(outcome.message, /both changed rate since you pulled it; nothing was sent and the file is unchanged/);
    assert.deepEqual(written, []);
    assert.equal((await serverPolicy()).rate, 150);
  });

  it('conflicts answered (theirs): merged and pushed with the answer', async () => {
    const { outcome, seen } = await scenario({ rate: 150, per: 30 }, { rate: 200, quota_max: 7 }, { conflicts: { '/rate': 'theirs' }, confirmMerge: true });
    assert.equal(outcome.status, 'pushed', outcome.message);
    assert.deepEqual(seen.facts!.resolved, ['rate (theirs)']);
    const now = await serverPolicy();
    assert.deepEqual([now.rate, now.per, now.quota_max], [150, 30, 7]);
  });

  it('a merge that leaves nothing to send: the file takes the server’s change, nothing is sent, no question', async () => {
    const { outcome, asked, written } = await scenario({ per: 30 }, {}, {});
    assert.equal(outcome.status, 'no-op', outcome.message);
    assert.deepEqual(asked, []);
    assert.equal(written.length, 1);
    assert.equal(JSON.parse(written[0]).per, 30);
    assert.match(outcome.message, /Merged the changes on 'sb' \(per\) into silver-plan\.policy\.json: it now equals the server's version; nothing was sent/);
  });

  it('a caller that cannot write a merged file (an svc: document) gets the question it had before', async () => {
    const { outcome, asked } = await scenario({ per: 30 }, { rate: 200 }, {}, false);
    assert.equal(outcome.status, 'cancelled');
    assert.deepEqual(asked, ['resolveConflict']);
  });
});
