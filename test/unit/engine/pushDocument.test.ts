// pushDocument (engine/src/sync/pushPipeline.ts) called directly, against a sandbox on 127.0.0.1
// with a scripted PushUi, up to the send: the refusals and cancellations word for word, what the UI
// is asked and in which order, what reaches the server, the no-op check, the questions only some
// kinds need (OAS create, streams PUT/PATCH, key id), key secrets, the diff's title, and the
// caller's own read of the remote (`known`). After the send: pushDocumentAfterSend.test.ts.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashDocument, formatDocument } from '../../../engine/src/sync/canonicalJson';
import { SECRET_PLACEHOLDER } from '../../../engine/src/sync/keySecrets';
import { readRemote } from '../../../engine/src/sync/remoteReader';
import type { RemoteTarget } from '../../../engine/src/sync/syncKinds';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { client, freshPolicy, nextNumber, gatewayOnly, policyTarget, push, request, scripted, serverPolicy, useSandbox } from './pushDocument.helpers';

useSandbox();

describe('documents push refuses before asking anything', () => {
  it('a .json file that is not JSON: refused with where it stops being JSON', async () => {
    const { ui, asked } = scripted();
    const outcome = await push(ui, request('p.json', '{\n  "a": 1,,\n}'));
    assert.deepEqual(outcome, {
      status: 'refused',
      kind: undefined,
      message: 'p.json is not valid JSON at line 2, column 10: a member name (in double quotes) is expected. Fix it before pushing.',
    });
    assert.deepEqual(asked, []);
  });

  it('a .yaml file that is not YAML: refused with the parser sentence, without its prefix', async () => {
    const outcome = await push(scripted().ui, request('p.yaml', 'a: 1\nb: [1,\n'));
    assert.equal(outcome.status, 'refused');
    assert.equal(
      outcome.message,
      'p.yaml is not valid YAML (line 3: Flow sequence in block collection must be sufficiently indented and end with a ]). Fix it before pushing.',
    );
  });

  it('a document that is not one object (null, a list, a string, a number) is refused, even with its kind given; an empty object is not', async () => {
    const target = { kind: 'policy', id: 'nobody-has-this' } as RemoteTarget;
    for (const [text, holds] of [
      ['null', 'null'],
      ['[]', 'a list'],
      ['"x"', 'a string'],
      ['0', 'a number'],
      ['false', 'a boolean'],
    ]) {
      const { ui, asked } = scripted();
      const outcome = await push(ui, request('p.json', text, { target }));
      assert.deepEqual(outcome, {
        status: 'refused',
        kind: 'policy',
        message: `p.json holds ${holds}, not an object: push sends one API, policy or key. Fix it before pushing.`,
      });
      assert.deepEqual(asked, []);
    }
    const empty = await push(scripted().ui, request('p.json', '{}'));
    assert.match(empty.message, /^p\.json is not a document push knows/);
  });

  it('the format comes from the uri, not the display name: YAML named without an extension', async () => {
    const bad = await push(scripted().ui, request('svc:policies/p', 'a: [1,\n', { uri: 'file:///w/p.policy.yaml' }));
    assert.match(bad.message, /^svc:policies\/p is not valid YAML \(/);
    const good = await push(scripted().ui, request('svc:policies/p', 'hello: world\n', { uri: 'file:///w/p.yaml' }));
    assert.match(good.message, /^svc:policies\/p is not a document push knows/, 'the YAML was parsed');
  });

  it('a file pulled with mode=public is refused as an OAS API', async () => {
    const outcome = await push(scripted().ui, request('inv.json', {}, { target: { kind: 'oas', id: 'x', publicMode: true } as RemoteTarget }));
    assert.deepEqual(outcome, {
      status: 'refused',
      kind: 'oas',
      message:
        'inv.json was pulled with mode=public, without the x-svc-api-gateway extension: it cannot be pushed back. ' +
        'Pull the API again with the extension to edit and push it.',
    });
  });

  it('a document of no kind push knows is refused, saying how kinds are detected', async () => {
    const { ui, asked } = scripted();
    const outcome = await push(ui, request('h.json', { hello: 'world' }, { errors: ['x'] }));
    assert.deepEqual(outcome, {
      status: 'refused',
      kind: undefined,
      message:
        'h.json is not a document push knows (classic, OAS or streams API, policy, key): ' +
        'it is detected by its content, so check that it has the members of one of these.',
    });
    assert.deepEqual(asked, [], 'not even the errors are asked about');
  });

  it('errors the user declines to push despite: cancelled, counting them', async () => {
    const { doc } = await freshPolicy();
    const { ui, asked } = scripted();
    const outcome = await push(ui, request('p.json', { ...doc, rate: 1 }, { errors: ['one', 'two'] }));
    assert.deepEqual(outcome, {
      status: 'cancelled',
      kind: 'policy',
      message: 'Push cancelled: p.json has 2 error(s); fix them (see Problems) or push anyway.',
    });
    assert.deepEqual(asked, ['errors:p.json:2']);
  });
});

describe('the remote changed since the pull', () => {
  it('"pull" returns pull-requested with the server document and its hash; nothing is sent', async () => {
    const { id, doc } = await freshPolicy();
    const { ui, asked } = scripted({ resolveConflict: async () => 'pull' });
    const outcome = await push(ui, request('p.json', { ...doc, rate: 3 }, { target: policyTarget(id), base: { remoteHash: 'stale' } }));
    assert.deepEqual(outcome, {
      status: 'pull-requested',
      kind: 'policy',
      target: policyTarget(id),
      message: `p.json changed on 'sb' since you pulled it: pull it again.`,
      remoteDocument: doc,
      remoteHash: hashDocument('policy', doc),
    });
    assert.deepEqual(asked, ['conflict']);
    assert.deepEqual(await serverPolicy(id), doc);
  });

  it('"cancel" says what changed where', async () => {
    const { id, doc } = await freshPolicy();
    const outcome = await push(scripted().ui, request('p.json', { ...doc, rate: 3 }, { target: policyTarget(id), base: { remoteHash: 'stale' } }));
    assert.equal(outcome.status, 'cancelled');
    assert.equal(outcome.message, `Push cancelled: p.json changed on 'sb' since you pulled it; nothing was sent.`);
  });

  it('a file already equal to the server, which moved without a base to merge with: no-op, nothing asked', async () => {
    const { id, doc } = await freshPolicy();
    const { ui, asked } = scripted();
    const outcome = await push(ui, request('p.json', doc, { target: policyTarget(id), base: { remoteHash: 'stale' } }));
    assert.equal(outcome.status, 'no-op');
    assert.equal(outcome.message, `No changes: p.json is the same as the policy on 'sb'; nothing was sent.`);
    assert.deepEqual(asked, []);
  });
});

describe('no-op, diff, confirm, send', () => {
  it('the same document: no-op naming the kind, nothing asked', async () => {
    const { id, doc } = await freshPolicy();
    const { ui, asked } = scripted();
    const outcome = await push(ui, request('p.json', doc, { target: policyTarget(id) }));
    assert.equal(outcome.status, 'no-op');
    assert.equal(outcome.message, `No changes: p.json is the same as the policy on 'sb'; nothing was sent.`);
    assert.deepEqual(asked, []);
  });

  it('an update: the diff against the server now, the summary says unrecorded without a base, the message names the endpoint', async () => {
    const { id, doc } = await freshPolicy();
    const { ui, asked, seen } = scripted();
    const outcome = await push(ui, request('p.json', { ...doc, rate: 77 }, { target: policyTarget(id) }));
    assert.equal(outcome.status, 'pushed', outcome.message);
    assert.deepEqual(asked, ['diff', 'confirm']);
    assert.deepEqual(seen.diff, { remoteText: formatDocument(doc), title: `p.json: 'sb' now ↔ to be pushed` });
    assert.equal(seen.summary?.unrecorded, true);
    assert.equal(outcome.message, `Pushed p.json to 'sb' (${outcome.route?.endpoint}).`);
    assert.match(outcome.route!.endpoint, /policies/);
    assert.deepEqual(outcome.target, policyTarget(id), 'a policy target carries no API id, even with access rights');
    assert.equal((await serverPolicy(id)).rate, 77);
  });

  it('with a base the summary is not unrecorded', async () => {
    const { id, doc } = await freshPolicy();
    const { ui, seen } = scripted();
    await push(ui, request('p.json', { ...doc, rate: 78 }, { target: policyTarget(id), base: { remoteHash: hashDocument('policy', doc) } }));
    assert.equal(seen.summary?.unrecorded, false);
  });

  it('a new document: the diff is against nothing, titled new on the environment, not unrecorded', async () => {
    const { doc } = await freshPolicy();
    const id = `push-unit-new-${nextNumber()}`;
    const { ui, asked, seen } = scripted();
    const outcome = await push(ui, request('n.json', { ...doc, id, name: 'brand new' }, { target: policyTarget(id) }));
    assert.equal(outcome.status, 'pushed', outcome.message);
    assert.deepEqual(asked, ['diff', 'confirm'], 'no OAS question for a policy');
    assert.deepEqual(seen.diff, { remoteText: '', title: `n.json: new on 'sb' ↔ to be pushed` });
    assert.equal(seen.summary?.unrecorded, false);
    assert.equal((await serverPolicy(id)).name, 'brand new');
  });

  it('declining the send: cancelled with the route, nothing sent', async () => {
    const { id, doc } = await freshPolicy();
    const outcome = await push(scripted({ confirmSend: async () => false }).ui, request('p.json', { ...doc, rate: 5 }, { target: policyTarget(id) }));
    assert.equal(outcome.status, 'cancelled');
    assert.equal(outcome.kind, 'policy');
    assert.equal(outcome.message, 'Push cancelled; nothing was sent.');
    assert.ok(outcome.route?.endpoint);
    assert.deepEqual(await serverPolicy(id), doc);
  });
});

describe("the caller's read of the remote (known)", () => {
  it('as-read: taken without reading; another target (kind, id or API id) is read', async () => {
    const { id, doc } = await freshPolicy();
    const mine = { ...doc, rate: 901 };
    const snapshot = { exists: true as const, document: mine };
    const asRead = await push(
      scripted().ui,
      request('p.json', mine, { target: policyTarget(id), known: { target: policyTarget(id), snapshot, use: 'as-read' } }),
    );
    assert.equal(asRead.status, 'no-op', 'the known snapshot was used');
    for (const other of [
      { kind: 'classic', id },
      { kind: 'policy', id: 'silver-plan' },
      { kind: 'policy', id, apiId: 'a1' },
    ] as RemoteTarget[]) {
      const outcome = await push(
        scripted({ confirmSend: async () => false }).ui,
        request('p.json', mine, { target: policyTarget(id), known: { target: other, snapshot, use: 'as-read' } }),
      );
      assert.equal(outcome.status, 'cancelled', `known for ${JSON.stringify(other)} is ignored: the server is read`);
    }
  });

  it('prove: a snapshot the server no longer holds is read again', async () => {
    const { id, doc } = await freshPolicy();
    const mine = { ...doc, rate: 902 };
    const outcome = await push(
      scripted({ confirmSend: async () => false }).ui,
      request('p.json', mine, { target: policyTarget(id), known: { target: policyTarget(id), snapshot: { exists: true, document: mine }, use: 'prove' } }),
    );
    assert.equal(outcome.status, 'cancelled', 'the server was read: it differs from the stale snapshot');
  });

  it('an aborted push stops at the first read, before any question', async () => {
    const { id, doc } = await freshPolicy();
    const signal = AbortSignal.abort();
    for (const known of [undefined, { target: policyTarget(id), snapshot: { exists: true as const, document: doc }, use: 'prove' as const }]) {
      const { ui, asked } = scripted();
      await assert.rejects(push(ui, request('p.json', { ...doc, rate: 4 }, { target: policyTarget(id), signal, known })));
      assert.deepEqual(asked, []);
    }
  });
});

describe('questions only some kinds need', () => {
  const oasDoc = async () => {
    const doc = structuredClone((await readRemote(client, { kind: 'oas', id: SEED_API_IDS.paymentsOas })).document) as any;
    delete doc['x-svc-api-gateway'].info.id;
    delete doc['x-svc-api-gateway'].info.dbId;
    doc['x-svc-api-gateway'].info.name = 'Payments copy';
    doc['x-svc-api-gateway'].server.listenPath.value = `/payments-copy-${nextNumber()}/`;
    return doc;
  };

  it('a new OAS API: the create question comes first; no answer cancels', async () => {
    const { ui, asked, seen } = scripted({ chooseOasCreate: async () => undefined });
    const outcome = await push(ui, request('o.json', await oasDoc()));
    assert.deepEqual(outcome, { status: 'cancelled', kind: 'oas', message: 'Push cancelled; nothing was sent.' });
    assert.deepEqual(asked, ['oasCreate']);
    assert.deepEqual(seen.oasContext, { name: 'o.json', environment: 'sb' });
  });

  it("a new OAS API, answered 'new': created", async () => {
    const { ui, asked } = scripted();
    const outcome = await push(ui, request('o.json', await oasDoc()));
    assert.equal(outcome.status, 'pushed', outcome.message);
    assert.deepEqual(asked, ['oasCreate', 'diff', 'confirm']);
    assert.equal(outcome.route?.operation, 'create');
  });

  it('an existing streams API asks PUT or PATCH; no answer cancels; a choice given in advance is not asked', async () => {
    const target: RemoteTarget = { kind: 'streams', id: SEED_API_IDS.ordersStream };
    const doc = structuredClone((await readRemote(client, target)).document) as any;
    doc.info.description = 'edited by pushDocument.test';
    const cancelled = scripted({ chooseStreamsUpdate: async () => undefined });
    assert.deepEqual(await push(cancelled.ui, request('s.json', doc, { target })), {
      status: 'cancelled',
      kind: 'streams',
      message: 'Push cancelled; nothing was sent.',
    });
    assert.deepEqual(cancelled.asked, ['streams:s.json']);
    const stop = async () => false;
    const patched = scripted({ chooseStreamsUpdate: async () => ({ listenPath: '/orders/' }), confirmSend: stop });
    assert.match((await push(patched.ui, request('s.json', doc, { target }))).route!.endpoint, /^PATCH /);
    const put = scripted({ confirmSend: stop });
    assert.match((await push(put.ui, request('s.json', doc, { target }))).route!.endpoint, /^PUT /);
    for (const choices of [{ streamsPut: true }, { streamsPatch: { listenPath: '/orders/' } }]) {
      const given = scripted({ confirmSend: stop });
      await push(given.ui, request('s.json', doc, { target, choices }));
      assert.deepEqual(given.asked, ['diff', 'confirm'], JSON.stringify(choices));
    }
  });

  const keyBody = {
    alias: 'unit key',
    rate: 10,
    per: 60,
    quota_max: 5,
    access_rights: { [SEED_API_IDS.weatherClassic]: { api_id: SEED_API_IDS.weatherClassic, versions: ['Default'] } },
  };

  it('a key over the gateway only asks its id; no answer cancels', async () => {
    const { ui, asked } = scripted();
    const outcome = await push(ui, request('k.key.json', keyBody), gatewayOnly());
    assert.deepEqual(outcome, { status: 'cancelled', kind: 'key', message: 'Push cancelled; nothing was sent.' });
    assert.deepEqual(asked, ['keyId:k.key.json']);
  });

  it('a new key with both credentials asks its id too (the gateway creates it); a key addressed by its hash is not asked about', async () => {
    const declined = scripted();
    const outcome = await push(declined.ui, request('k.key.json', keyBody));
    assert.deepEqual(outcome, { status: 'cancelled', kind: 'key', message: 'Push cancelled; nothing was sent.' });
    assert.deepEqual(declined.asked, ['keyId:k.key.json']);
    const answered = scripted({ askKeyId: () => Promise.resolve('unit-key-both-credentials') });
    const created = await push(answered.ui, request('k.key.json', keyBody));
    assert.equal(created.status, 'pushed', created.message);
    assert.equal(answered.asked[0], 'keyId:k.key.json');
    const again = scripted();
    const edited = { ...keyBody, rate: 11 };
    const updated = await push(again.ui, request('k.key.json', edited, { target: created.target }));
    assert.equal(updated.status, 'pushed', updated.message);
    assert.equal(again.asked.includes('keyId:k.key.json'), false);
  });

  it("a key's API id comes from its document first, else from the target", async () => {
    const created = await push(scripted().ui, request('k.key.json', keyBody, { choices: { keyId: 'unit-key-api-id' } }));
    assert.equal(created.status, 'pushed', created.message);
    assert.equal(created.target?.apiId, SEED_API_IDS.weatherClassic);
    const keyId = created.target!.id;
    const edited = { ...(created.remoteDocument as object), rate: 11 };
    const stop = { confirmSend: async () => false };
    const other = scripted(stop);
    await push(other.ui, request('k.key.json', edited, { target: { kind: 'key', id: keyId, apiId: 'not-this-one' } }));
    assert.equal(other.seen.summary?.route.operation, 'update', "the document's API id found the key");
    const noRights = scripted(stop);
    await push(
      noRights.ui,
      request('k.key.json', { ...edited, access_rights: {} }, { target: { kind: 'key', id: keyId, apiId: SEED_API_IDS.weatherClassic } }),
    );
    assert.equal(noRights.seen.summary?.route.operation, 'update', "the target's API id found the key");
    const none = await push(scripted(stop).ui, request('k.key.json', { ...keyBody, access_rights: {} }, { choices: { keyId: 'unit-key-no-rights' } }));
    assert.equal(none.status, 'cancelled', none.message);
  });

  it('a placeholder for a secret the server does not have is refused with the member named', async () => {
    const { ui, asked } = scripted();
    const outcome = await push(ui, request('k.key.json', { ...keyBody, hmac_string: SECRET_PLACEHOLDER }, { choices: { keyId: 'unit-key-placeholder' } }));
    assert.equal(outcome.status, 'refused');
    assert.equal(outcome.kind, 'key');
    assert.ok(outcome.message.startsWith('k.key.json: `hmac_string` says "<secret kept on the server>", but the server has no value'), outcome.message);
    assert.deepEqual(asked, []);
  });

  it("a placeholder keeps the server's secret", async () => {
    const created = await push(
      scripted().ui,
      request('k.key.json', { ...keyBody, hmac_enabled: true, hmac_string: 'HMAC-unit-secret' }, { choices: { keyId: 'unit-key-secret' } }),
    );
    assert.equal(created.status, 'pushed', created.message);
    const target = created.target!;
    const doc = created.remoteDocument as Record<string, unknown>;
    assert.equal(doc.hmac_string, SECRET_PLACEHOLDER);
    const outcome = await push(scripted().ui, request('k.key.json', { ...doc, rate: 12 }, { target }));
    assert.equal(outcome.status, 'pushed', outcome.message);
    const now = (await readRemote(client, target, { withSecrets: true })).document as Record<string, unknown>;
    assert.equal(now.rate, 12);
    assert.equal(now.hmac_string, 'HMAC-unit-secret');
  });
});
