// pushDocument (engine/src/sync/pushPipeline.ts) called directly, against a sandbox on 127.0.0.1,
// from the send on: the gateway reload after a classic push, a key addressed by its hash, and the
// merge with a server that moved since the pull. Before the send: pushDocument.test.ts.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManagementApiError } from '../../../api/src/errors';
import { NO_RELOAD_MESSAGE } from '../../../api/src/specFallbacks';
import { hashDocument, formatDocument } from '../../../engine/src/sync/canonicalJson';
import { SECRET_PLACEHOLDER } from '../../../engine/src/sync/keySecrets';
import { pushDocument, type PushUi } from '../../../engine/src/sync/pushPipeline';
import { readRemote } from '../../../engine/src/sync/remoteReader';
import type { RemoteTarget } from '../../../engine/src/sync/syncKinds';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { client, freshPolicy, gatewayOnly, policyTarget, push, request, scripted, serverPolicy, useSandbox } from './pushDocument.helpers';

useSandbox();

describe('the gateway reload after a classic push over the gateway', () => {
  const target: RemoteTarget = { kind: 'classic', id: SEED_API_IDS.weatherClassic };
  let round = 0;
  async function classicPush(script: Partial<PushUi>, reload?: (options: unknown) => Promise<never>, knownMissing = false) {
    const gw = gatewayOnly();
    const calls: unknown[] = [];
    if (reload) gw.reloadGateway = async (options) => (calls.push(options), reload(options));
    else {
      const real = gw.reloadGateway.bind(gw);
      gw.reloadGateway = async (options) => (calls.push(options), real(options));
    }
    if (knownMissing)
      gw.availability.record('GET /svc/reload/group', new ManagementApiError({ kind: 'missing-endpoint', endpoint: 'GET /svc/reload/group', hint: 'h' }));
    const doc = structuredClone((await readRemote(gw, target)).document) as any;
    doc.name = `Weather ${++round}`;
    const { ui, asked, seen } = scripted(script);
    const signal = new AbortController().signal;
    const outcome = await push(ui, request('w.json', doc, { environment: 'gw', target, signal }), gw);
    return { outcome, asked, seen, calls, signal };
  }
  const stored = `Pushed w.json to 'gw'. The gateway stored the definition but still serves the previous one until it reloads.`;

  it('declined: not reloaded, the message says the gateway still serves the previous one', async () => {
    const { outcome, asked, seen, calls } = await classicPush({});
    assert.deepEqual(asked, ['diff', 'confirm', 'reload']);
    assert.equal(seen.reloadMessage, stored);
    assert.equal(outcome.message, stored);
    assert.equal(outcome.reloaded, false);
    assert.deepEqual(calls, []);
  });

  it('accepted: reloaded with the push signal, the definition is live', async () => {
    const { outcome, calls, signal } = await classicPush({ offerReload: async () => true });
    assert.equal(outcome.reloaded, true);
    assert.equal(outcome.message, `Pushed w.json to 'gw' and reloaded the gateway: the definition is live.`);
    assert.deepEqual(calls, [{ signal }]);
  });

  it('a server without the reload endpoint: not reloaded, said so', async () => {
    const missing = async () => {
      throw new ManagementApiError({ kind: 'missing-endpoint', endpoint: 'GET /svc/reload/group', hint: 'h' });
    };
    const { outcome } = await classicPush({ offerReload: async () => true }, missing);
    assert.equal(outcome.reloaded, false);
    assert.equal(outcome.message, `Pushed w.json to 'gw'. ${NO_RELOAD_MESSAGE}`);
  });

  it('another reload failure is thrown', async () => {
    const failing = async () => {
      throw new ManagementApiError({ kind: 'server', endpoint: 'GET /svc/reload/group', hint: 'h', status: 500 });
    };
    await assert.rejects(classicPush({ offerReload: async () => true }, failing), /GET \/svc\/reload\/group failed \(HTTP 500\)/);
  });

  it('known missing this session: not offered', async () => {
    const { outcome, asked, calls } = await classicPush({ offerReload: async () => true }, undefined, true);
    assert.deepEqual(asked, ['diff', 'confirm']);
    assert.equal(outcome.reloaded, false);
    assert.equal(outcome.message, `Pushed w.json to 'gw'. ${NO_RELOAD_MESSAGE}`);
    assert.deepEqual(calls, []);
  });
});

describe('a key addressed by its hash', () => {
  const keyBody = {
    alias: 'hash key',
    rate: 10,
    per: 60,
    quota_max: 5,
    access_rights: { [SEED_API_IDS.weatherClassic]: { api_id: SEED_API_IDS.weatherClassic, versions: ['Default'] } },
  };

  it("unchanged: a no-op whose target carries the document's API id", async () => {
    const created = await push(scripted().ui, request('h.key.json', keyBody, { choices: { keyId: 'unit-key-hash' } }));
    assert.equal(created.status, 'pushed', created.message);
    const outcome = await push(scripted().ui, request('h.key.json', created.remoteDocument, { target: { kind: 'key', id: created.target!.id } }));
    assert.equal(outcome.status, 'no-op', outcome.message);
    assert.deepEqual(outcome.target, { kind: 'key', id: created.target!.id, apiId: SEED_API_IDS.weatherClassic });
  });

  it('secrets are read only for placeholders: a key without any, or a policy, is read once before the send and once after', async () => {
    const created = await push(scripted().ui, request('h.key.json', { ...keyBody, alias: 'counted' }, { choices: { keyId: 'unit-key-counted' } }));
    const calls: string[] = [];
    const counting = new Proxy(client, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== 'function' || property === 'call') return value;
        return (...args: unknown[]) => (calls.push(String(property)), value.apply(receiver, args));
      },
    });
    const keyTarget: RemoteTarget = { kind: 'key', id: created.target!.id, apiId: SEED_API_IDS.weatherClassic };
    const outcome = await push(scripted().ui, request('h.key.json', { ...(created.remoteDocument as object), rate: 13 }, { target: keyTarget }), counting);
    assert.equal(outcome.status, 'pushed', outcome.message);
    assert.deepEqual(calls, ['getKey', 'updateKey', 'getKey']);
    calls.length = 0;
    const { id, doc } = await freshPolicy();
    await push(scripted().ui, request('p.json', { ...doc, rate: 14 }, { target: policyTarget(id) }), counting);
    assert.deepEqual(calls, ['listPolicies', 'updatePolicy', 'listPolicies']);
  });

  it('the log names what was pushed where, but never a key hash; an overwrite after a conflict is logged', async () => {
    const created = await push(scripted().ui, request('h.key.json', { ...keyBody, alias: 'logged' }, { choices: { keyId: 'unit-key-logged' } }));
    const lines: string[] = [];
    const log = (line: string) => void lines.push(line);
    const keyTarget: RemoteTarget = { kind: 'key', id: created.target!.id, apiId: SEED_API_IDS.weatherClassic };
    await pushDocument(
      { clientFor: async () => client, ui: scripted().ui, log },
      request('h.key.json', { ...(created.remoteDocument as object), rate: 15 }, { target: keyTarget }),
    );
    const { id, doc } = await freshPolicy();
    const overwrite = scripted({ resolveConflict: async () => 'overwrite' }).ui;
    await pushDocument(
      { clientFor: async () => client, ui: overwrite, log },
      request('p.json', { ...doc, rate: 16 }, { target: policyTarget(id), base: { remoteHash: 'stale' } }),
    );
    assert.deepEqual(lines, [
      `pushed h.key.json to 'sb' through PUT /api/apis/{apiID}/keys/{keyID} (update, id <key hash>)`,
      'push p.json: the remote changed since the pull; the user chose to overwrite',
      `pushed p.json to 'sb' through PUT /svc/policies/{polID} (update, id ${id})`,
    ]);
  });

  it('the placeholder means "keep the secret" only in a key: a policy holding its text is sent as it is', async () => {
    const { id, doc } = await freshPolicy();
    const outcome = await push(scripted().ui, request('p.json', { ...doc, tags: [SECRET_PLACEHOLDER] }, { target: policyTarget(id) }));
    assert.equal(outcome.status, 'pushed', outcome.message);
    assert.deepEqual((await serverPolicy(id)).tags, [SECRET_PLACEHOLDER]);
  });

  it('a hash the server does not know is refused through the dashboard, before any question', async () => {
    const { ui, asked } = scripted();
    const outcome = await push(ui, request('h.key.json', keyBody, { target: { kind: 'key', id: 'no-such-key-hash' } }));
    assert.deepEqual(outcome, { status: 'refused', kind: 'key', message: 'This key does not exist on this environment: create keys with Svc: Create Key.' });
    assert.deepEqual(asked, []);
  });
});

describe('the server moved and the file merges with it', () => {
  /** A fresh policy pulled (its base), then changed on the server; the file pushed with `mine` merged in. */
  async function merging(
    server: Record<string, unknown>,
    mine: Record<string, unknown>,
    script: Partial<PushUi> & { merge?: boolean; answers?: Record<string, 'ours' | 'theirs'> },
  ) {
    const { id, doc } = await freshPolicy();
    await client.updatePolicy(id, { ...doc, ...server } as never);
    const now = await serverPolicy(id);
    const { ui, asked, seen } = scripted(script);
    const facts: { merge?: Parameters<NonNullable<PushUi['confirmMerge']>>[0] } = {};
    ui.confirmMerge = async (f) => (asked.push('confirmMerge'), (facts.merge = f), script.merge ?? false);
    ui.resolveMergeConflicts = async () => (asked.push('resolveMergeConflicts'), script.answers ? new Map(Object.entries(script.answers)) : undefined);
    const written: string[] = [];
    const outcome = await push(
      ui,
      request(
        'p.json',
        { ...doc, ...mine },
        {
          target: policyTarget(id),
          base: { remoteHash: hashDocument('policy', doc), remoteText: formatDocument(doc) },
          writeMerged: async (text) => void written.push(text),
        },
      ),
    );
    return { id, now, outcome, asked, seen, facts, written };
  }

  it('declined: cancelled, saying the merge was not written; the merge was shown against the server now', async () => {
    const { id, now, outcome, asked, facts, written } = await merging({ per: 30 }, { rate: 200 }, { merge: false });
    assert.equal(outcome.status, 'cancelled');
    assert.equal(outcome.message, 'Push cancelled: nothing was sent and p.json is unchanged (the merge was not written).');
    assert.ok(outcome.route?.endpoint);
    assert.deepEqual(asked, ['confirmMerge']);
    assert.equal(facts.merge?.remoteText, formatDocument(now));
    assert.equal(facts.merge?.summary.unrecorded, false);
    assert.deepEqual([facts.merge?.fromServer, facts.merge?.fromFile, facts.merge?.resolved], [['per'], ['rate'], []]);
    assert.deepEqual(written, []);
    assert.deepEqual(await serverPolicy(id), now);
  });

  it('accepted: written, pushed, and the outcome says what came from the server', async () => {
    const { id, outcome, written } = await merging({ per: 30, quota_max: 50 }, { rate: 200 }, { merge: true });
    assert.equal(outcome.status, 'pushed', outcome.message);
    assert.equal(outcome.message, `Merged p.json with the changes on 'sb' and pushed it (${outcome.route?.endpoint}). From the server: per, quota_max.`);
    assert.deepEqual(outcome.merge, { text: written[0], fromServer: ['per', 'quota_max'], fromFile: ['rate'], resolved: [], written: true });
    const after = await serverPolicy(id);
    assert.deepEqual([after.rate, after.per, after.quota_max], [200, 30, 50]);
  });

  it('nothing else in the file: written, a no-op naming what came from the server', async () => {
    const { outcome, asked, written } = await merging({ per: 30 }, {}, {});
    assert.equal(outcome.status, 'no-op', outcome.message);
    assert.equal(outcome.message, `Merged the changes on 'sb' (per) into p.json: it now equals the server's version; nothing was sent.`);
    assert.deepEqual(outcome.merge, { text: written[0], fromServer: ['per'], fromFile: [], resolved: [], written: true });
    assert.deepEqual(asked, []);
  });

  it('conflicts nobody resolves: cancelled, listing every member both changed', async () => {
    const { outcome } = await merging({ rate: 150, per: 30 }, { rate: 200, per: 45 }, {});
    assert.equal(outcome.status, 'cancelled');
    assert.equal(outcome.message, `Push cancelled: p.json and 'sb' both changed rate, per since you pulled it; nothing was sent and the file is unchanged.`);
  });

  it('a conflict answered with mine: resolved says (mine), and nothing else came from the server', async () => {
    const { outcome, facts } = await merging({ rate: 150 }, { rate: 200 }, { answers: { '/rate': 'ours' }, merge: true });
    assert.equal(outcome.status, 'pushed', outcome.message);
    assert.deepEqual(facts.merge?.resolved, ['rate (mine)']);
    assert.deepEqual(outcome.merge?.resolved, ['rate (mine)']);
    assert.equal(outcome.message, `Merged p.json with the changes on 'sb' and pushed it (${outcome.route?.endpoint}). From the server: nothing.`);
  });

  it('a conflict answered with theirs: resolved says (theirs)', async () => {
    const { outcome } = await merging({ rate: 150, per: 30 }, { rate: 200, quota_max: 9 }, { answers: { '/rate': 'theirs' }, merge: true });
    assert.equal(outcome.status, 'pushed', outcome.message);
    assert.deepEqual(outcome.merge?.resolved, ['rate (theirs)']);
  });
});
