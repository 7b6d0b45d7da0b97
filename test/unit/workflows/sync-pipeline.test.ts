// The state file (read/write/corruption) and pull → push against a real sandbox on 127.0.0.1,
// with the questions answered by a script: no-op, a change that lands, a refused conflict then
// an overwrite, an OAS update through the dashboard record, a pull over local changes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { ManagementClient } from '../../../api/src';
import { startSandbox } from '../../../sandbox/src/index';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { pullResource, type OverwriteDecision } from '../../../client/src/workflows/sync/pull';
import { pushDocument, type ConflictDecision, type PushUi } from '../../../client/src/workflows/sync/pushPipeline';
import { parseState, readState, writeState, STATE_DIR } from '../../../client/src/workflows/sync/stateFile';
import { SyncStateStore } from '../../../client/src/workflows/sync/stateStore';
import type { RemoteTarget } from '../../../client/src/workflows/sync/syncKinds';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;
let client: ManagementClient;
let root: string;

before(async () => {
  sandbox = await startSandbox({ port: 0, memory: true });
  client = new ManagementClient({ name: 'unit', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-sync-'));
});
after(async () => {
  await sandbox?.close();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

/** A PushUi that answers from a script and records what it was asked. */
function scriptedUi(answers: { conflict?: ConflictDecision; confirm?: boolean; errors?: boolean } = {}) {
  const asked: string[] = [];
  const ui: PushUi = {
    confirmDespiteErrors: async () => (asked.push('errors'), answers.errors ?? false),
    resolveConflict: async (facts) => (
      asked.push(`conflict:${facts.pulledText ? 'pulled' : '-'}:${facts.nowText ? 'now' : '-'}`),
      answers.conflict ?? 'cancel'
    ),
    chooseOasCreate: async () => (asked.push('oasCreate'), 'new'),
    chooseStreamsUpdate: async () => (asked.push('streams'), 'put'),
    askKeyId: async () => (asked.push('keyId'), undefined),
    showDiff: async () => void asked.push('diff'),
    confirmSend: async () => (asked.push('confirm'), answers.confirm ?? true),
    offerReload: async () => (asked.push('reload'), true),
  };
  return { ui, asked };
}

const store = new SyncStateStore();
const pullPorts = (decision: OverwriteDecision = 'skip', unsaved?: string) => ({
  client,
  store,
  unsavedText: () => unsaved,
  decideOverwrite: async () => decision,
});

async function pullAndPush(target: RemoteTarget, edit: (doc: any) => void, ui: PushUi) {
  const pulled = await pullResource(pullPorts(), { environment: 'sb', target, root, folder: 'svc' });
  const file = pulled.file!;
  const doc = JSON.parse(await fs.readFile(file, 'utf8'));
  edit(doc);
  const record = (await store.get(root)).files[path.relative(root, file)];
  return {
    file,
    record,
    outcome: await pushDocument(
      { clientFor: async () => client, ui },
      {
        environment: 'sb',
        name: path.basename(file),
        uri: `file://${file}`,
        text: JSON.stringify(doc),
        target: record.target,
        base: { remoteHash: record.remoteHash },
        errors: [],
      },
    ),
  };
}

test('state file: round trip, corrupt file moved aside with a message, damaged entries dropped', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-state-'));
  assert.deepEqual((await readState(dir)).state.files, {});
  const record = { environment: 'e', target: { kind: 'policy' as const, id: 'p' }, remoteHash: 'r', localHash: 'l', pulledAt: 't' };
  await writeState(dir, { version: 1, files: { 'svc/p.policy.json': record } });
  assert.deepEqual((await readState(dir)).state.files['svc/p.policy.json'], record);
  assert.equal(await fs.readFile(path.join(dir, STATE_DIR, '.gitignore'), 'utf8').then((t) => t.includes('*')), true);
  await fs.writeFile(path.join(dir, STATE_DIR, 'state.json'), '{ broken');
  const read = await readState(dir);
  assert.deepEqual(read.state.files, {});
  assert.match(read.problem!, /could not be read .* moved to state\.json\.corrupt-/);
  assert.ok(
    (await fs.readdir(path.join(dir, STATE_DIR))).some((n) => n.startsWith('state.json.corrupt-')),
    'the broken file is kept',
  );
  assert.deepEqual(Object.keys(parseState(JSON.stringify({ version: 1, files: { a: record, b: { environment: 3 } } })).files), ['a']);
  assert.throws(() => parseState('{"version":2,"files":{}}'), /unknown version/);
  await fs.rm(dir, { recursive: true, force: true });
});

test('pull then push unchanged: no-op, nothing sent, no question asked', async () => {
  const { ui, asked } = scriptedUi();
  const { outcome, file } = await pullAndPush({ kind: 'policy', id: (await client.listPolicies())[0].id! }, () => undefined, ui);
  assert.equal(outcome.status, 'no-op');
  assert.match(outcome.message, /nothing was sent/);
  assert.deepEqual(asked, []);
  assert.match(path.basename(file), /\.policy\.json$/);
});

test('push a change: diff, confirm, the server has it; gateway classic push offers the reload', async () => {
  const id = SEED_API_IDS.weatherClassic;
  const gatewayOnly = new ManagementClient({
    name: 'gw',
    dashboardUrl: sandbox.url,
    credentials: { gatewaySecret: sandbox.credentials.gatewaySecret },
    retries: 0,
  });
  const pulled = await pullResource({ ...pullPorts(), client: gatewayOnly }, { environment: 'gw', target: { kind: 'classic', id }, root, folder: 'svc' });
  const doc = JSON.parse(await fs.readFile(pulled.file!, 'utf8'));
  doc.name = 'Weather (edited)';
  const record = (await store.get(root)).files[path.relative(root, pulled.file!)];
  const { ui, asked } = scriptedUi();
  const outcome = await pushDocument(
    { clientFor: async () => gatewayOnly, ui },
    {
      environment: 'gw',
      name: 'weather',
      uri: 'file:///w.json',
      text: JSON.stringify(doc),
      target: record.target,
      base: { remoteHash: record.remoteHash },
      errors: [],
    },
  );
  assert.equal(outcome.status, 'pushed');
  assert.equal(outcome.route?.endpoint, 'PUT /svc/apis/{apiID}');
  assert.deepEqual(asked, ['diff', 'confirm', 'reload']);
  assert.equal(outcome.reloaded, true);
  assert.equal((await client.getClassicApi(id)).name, 'Weather (edited)');
});

test('push after a remote change: refused with the facts, then overwrite on the answer', async () => {
  const id = SEED_API_IDS.petstoreClassic;
  const pulled = await pullResource(pullPorts(), { environment: 'sb', target: { kind: 'classic', id }, root, folder: 'svc' });
  const record = (await store.get(root)).files[path.relative(root, pulled.file!)];
  // Somebody else edits the API on the server.
  const dash = await client.getDashboardApi(id);
  await client.updateApi(id, { ...dash, api_definition: { ...dash.api_definition, name: 'Changed by someone else' } });
  const mine = JSON.parse(await fs.readFile(pulled.file!, 'utf8'));
  mine.name = 'Petstore (mine)';
  const request = {
    environment: 'sb',
    name: 'petstore',
    uri: 'file:///p.json',
    text: JSON.stringify(mine),
    target: record.target,
    base: { remoteHash: record.remoteHash },
    errors: [],
  };
  const first = scriptedUi({ conflict: 'cancel' });
  const refused = await pushDocument({ clientFor: async () => client, ui: first.ui }, request);
  assert.equal(refused.status, 'cancelled');
  assert.deepEqual(first.asked, ['conflict:-:now']);
  assert.equal((await client.getDashboardApi(id)).api_definition?.name, 'Changed by someone else', 'nothing was sent');
  const second = scriptedUi({ conflict: 'overwrite' });
  const pushed = await pushDocument({ clientFor: async () => client, ui: second.ui }, request);
  assert.equal(pushed.status, 'pushed');
  assert.equal(pushed.route?.endpoint, 'PUT /api/apis/{apiId}');
  assert.equal((await client.getDashboardApi(id)).api_definition?.name, 'Petstore (mine)');
});

test('OAS: update through the dashboard record; errors stop the push unless overridden', async () => {
  const target: RemoteTarget = { kind: 'oas', id: SEED_API_IDS.paymentsOas };
  const stopped = scriptedUi({ errors: false });
  const pulled = await pullResource(pullPorts('overwrite'), { environment: 'sb', target, root, folder: 'svc' });
  const doc = JSON.parse(await fs.readFile(pulled.file!, 'utf8'));
  doc.info.description = 'Edited description';
  const record = (await store.get(root)).files[path.relative(root, pulled.file!)];
  const request = {
    environment: 'sb',
    name: 'payments',
    uri: 'file:///o.json',
    text: JSON.stringify(doc),
    target,
    base: { remoteHash: record.remoteHash },
    errors: ['Missing property "x"'],
  };
  assert.equal((await pushDocument({ clientFor: async () => client, ui: stopped.ui }, request)).status, 'cancelled');
  const pushed = await pushDocument({ clientFor: async () => client, ui: scriptedUi({ errors: true }).ui }, request);
  assert.equal(pushed.route?.endpoint, 'PUT /api/apis/{apiId}');
  assert.equal((await client.getOasApi(target.id)).info?.description, 'Edited description');
});

test('pull over local changes asks first; skip keeps the file, copy keeps mine beside it', async () => {
  const target: RemoteTarget = { kind: 'streams', id: SEED_API_IDS.ordersStream };
  const first = await pullResource(pullPorts(), { environment: 'sb', target, root, folder: 'svc' });
  await fs.writeFile(first.file!, '{"edited": true}\n');
  const skipped = await pullResource(pullPorts('skip'), { environment: 'sb', target, root, folder: 'svc' });
  assert.equal(skipped.status, 'skipped');
  assert.equal(await fs.readFile(first.file!, 'utf8'), '{"edited": true}\n');
  const copied = await pullResource(pullPorts('copy'), { environment: 'sb', target, root, folder: 'svc' });
  assert.equal(copied.status, 'pulled');
  assert.equal(await fs.readFile(copied.copiedTo!, 'utf8'), '{"edited": true}\n');
  assert.ok(JSON.parse(await fs.readFile(first.file!, 'utf8'))['x-svc-streaming']);
  const unsaved = await pullResource(pullPorts('skip', 'unsaved text'), { environment: 'sb', target, root, folder: 'svc' });
  assert.equal(unsaved.status, 'skipped', 'an editor with unsaved changes is never overwritten silently');
});

test('OAS pulled with mode=public is written apart and cannot be pushed back', async () => {
  const target: RemoteTarget = { kind: 'oas', id: SEED_API_IDS.inventoryOas };
  const pulled = await pullResource(pullPorts(), { environment: 'sb', target, root, folder: 'svc', mode: 'public' });
  const doc = JSON.parse(await fs.readFile(pulled.file!, 'utf8'));
  assert.equal(doc['x-svc-api-gateway'], undefined);
  assert.match(pulled.message, /cannot be pushed back/);
  const record = (await store.get(root)).files[path.relative(root, pulled.file!)];
  const outcome = await pushDocument(
    { clientFor: async () => client, ui: scriptedUi().ui },
    {
      environment: 'sb',
      name: 'inv',
      uri: 'file:///i.json',
      text: JSON.stringify(doc),
      target: record.target,
      base: { remoteHash: record.remoteHash },
      errors: [],
    },
  );
  assert.equal(outcome.status, 'refused');
  assert.match(outcome.message, /mode=public/);
});

test('key with only the gateway secret: POST /svc/keys/{id}, and the read-back goes through the gateway too', async () => {
  const gatewayOnly = new ManagementClient({
    name: 'gw',
    dashboardUrl: sandbox.url,
    credentials: { gatewaySecret: sandbox.credentials.gatewaySecret },
    retries: 0,
  });
  const { ui } = scriptedUi();
  ui.askKeyId = async () => 'unit-gateway-key';
  const body = {
    alias: 'unit gateway key',
    allowance: 10,
    rate: 10,
    per: 60,
    quota_max: 5,
    access_rights: { [SEED_API_IDS.weatherClassic]: { api_id: SEED_API_IDS.weatherClassic, versions: ['Default'] } },
  };
  const outcome = await pushDocument(
    { clientFor: async () => gatewayOnly, ui },
    { environment: 'gw', name: 'k.key.json', uri: 'file:///k.key.json', text: JSON.stringify(body), errors: [] },
  );
  assert.equal(outcome.status, 'pushed', outcome.message);
  assert.equal(outcome.route?.endpoint, 'POST /svc/keys/{keyID}');
  assert.ok(outcome.remoteHash, 'the pushed key was read back');
  assert.equal((outcome.remoteDocument as { alias?: string }).alias, 'unit gateway key');
  assert.equal('key_id' in (outcome.remoteDocument as object), false);
});

test('pull writes through the writeFile port when one is given (the extension writes open files through their editor)', async () => {
  const writes: { file: string; text: string }[] = [];
  const target: RemoteTarget = { kind: 'policy', id: String((await client.listPolicies())[0]?.id) };
  const pulled = await pullResource(
    { ...pullPorts('overwrite'), writeFile: async (file, text) => void writes.push({ file, text }) },
    { environment: 'port', target, root, folder: 'through-port' },
  );
  assert.equal(pulled.status, 'pulled', pulled.message);
  assert.deepEqual(
    writes.map((w) => w.file),
    [pulled.file],
  );
  assert.equal(JSON.parse(writes[0].text).id, target.id);
  assert.ok(pulled.file!.startsWith(path.join(root, 'through-port') + path.sep), 'the port gets the contained path');
  await assert.rejects(fs.access(pulled.file!), 'Node fs did not write it');
});
