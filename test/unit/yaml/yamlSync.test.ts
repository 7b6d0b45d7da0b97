// Pull, push and compare on YAML files against the sandbox: a new pull writes YAML when asked
// (`svc.pull.format`), push sends the YAML file's value as JSON, a change on the server pulled
// back into the YAML file changes only that value and keeps the comments, key order and style.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { ManagementClient } from '../../../api/src';
import { startSandbox } from '../../../sandbox/src/index';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { pullResource, type OverwriteDecision } from '../../../engine/src/sync/pull';
import { pushDocument, type PushUi } from '../../../engine/src/sync/pushPipeline';
import { inspectFile } from '../../../engine/src/sync/inspect';
import { SyncStateStore } from '../../../engine/src/sync/stateStore';
import type { RemoteTarget } from '../../../engine/src/sync/syncKinds';
import { parseDefinitionText } from '../../../engine/src/sync/documentFormat';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let client: ManagementClient;
let root: string;

before(async () => {
  sandbox = await startSandbox({ port: 0, memory: true });
  client = new ManagementClient({ name: 'unit', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-yaml-sync-'));
});
after(async () => {
  await sandbox?.close();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

const ui: PushUi = {
  confirmDespiteErrors: async () => true,
  resolveConflict: async () => 'overwrite',
  chooseOasCreate: async () => 'new',
  chooseStreamsUpdate: async () => 'put',
  askKeyId: async () => undefined,
  showDiff: async () => undefined,
  confirmSend: async () => true,
  offerReload: async () => false,
};
const store = new SyncStateStore();
const ports = (decision: OverwriteDecision = 'overwrite') => ({ client, store, unsavedText: () => undefined, decideOverwrite: async () => decision });
const push = (file: string, text: string, target: RemoteTarget, base?: { remoteHash: string }) =>
  pushDocument({ clientFor: async () => client, ui }, { environment: 'sb', name: path.basename(file), uri: `file://${file}`, text, target, base, errors: [] });

test('a new pull with format yaml writes an OAS API as YAML; a policy stays JSON', async () => {
  const pulled = await pullResource(ports(), {
    environment: 'sb',
    target: { kind: 'oas', id: SEED_API_IDS.inventoryOas },
    root,
    folder: 'svc',
    format: 'yaml',
  });
  assert.equal(pulled.status, 'pulled');
  assert.match(pulled.file!, /\.oas\.yaml$/);
  const text = await fs.readFile(pulled.file!, 'utf8');
  assert.doesNotMatch(text, /^\s*\{/); // YAML, not JSON
  assert.deepEqual(parseDefinitionText(pulled.file!, text), await client.getOasApi(SEED_API_IDS.inventoryOas));
  // Pulled again unchanged: nothing to do, the file is untouched.
  const again = await pullResource(ports(), { environment: 'sb', target: { kind: 'oas', id: SEED_API_IDS.inventoryOas }, root, folder: 'svc', format: 'yaml' });
  assert.equal(again.status, 'unchanged');
});

test('push a YAML file (sent as JSON), change it on the server, pull back: comments, order and style kept', async () => {
  const target: RemoteTarget = { kind: 'oas', id: SEED_API_IDS.paymentsOas };
  const first = await pullResource(ports(), { environment: 'sb', target, root, folder: 'yaml', format: 'yaml' });
  const file = first.file!;
  // The user comments the file and edits a value, then pushes.
  const pulledText = await fs.readFile(file, 'utf8');
  const commented = `# Payments API, kept in git\n${pulledText.replace(/^info:\n/m, 'info: # shown in the portal\n')}`;
  const edited = commented.replace(/^( {2}title: ).*$/m, "$1'Payments (edited in YAML)'");
  assert.notEqual(edited, commented, 'the title line was found');
  await fs.writeFile(file, edited, 'utf8');
  const record = (await store.get(root)).files[path.relative(root, file)];
  const pushed = await push(file, edited, target, { remoteHash: record.remoteHash });
  assert.equal(pushed.status, 'pushed', pushed.message);
  assert.equal((await client.getOasApi(target.id)).info?.title, 'Payments (edited in YAML)');
  await store.update(root, (s) => {
    s.files[path.relative(root, file)] = { ...record, remoteHash: pushed.remoteHash!, localHash: pushed.localHash! };
  });

  // Somebody changes the description on the server.
  const remote = await client.getOasApi(target.id);
  remote.info = { ...remote.info!, description: 'Changed on the server' };
  const other = path.join(root, 'other.json');
  assert.equal((await push(other, JSON.stringify(remote), target)).status, 'pushed');

  // Compare sees the remote change; pull writes it into the YAML file and nothing else moves.
  const inspection = await inspectFile(client, root, file, (await store.get(root)).files[path.relative(root, file)]);
  assert.ok(
    inspection.comparison.changes.some((c) => c.display.includes('description')),
    JSON.stringify(inspection.comparison.changes),
  );
  const back = await pullResource(ports(), { environment: 'sb', target, root, folder: 'yaml', format: 'json' });
  assert.equal(back.status, 'pulled', back.message);
  assert.equal(back.file, file, 'the same YAML file (its record), whatever the format setting');
  const after = await fs.readFile(file, 'utf8');
  assert.ok(after.startsWith('# Payments API, kept in git\n'), after.slice(0, 200));
  assert.match(after, /^info: # shown in the portal$/m);
  assert.match(after, /^ {2}title: 'Payments \(edited in YAML\)'$/m);
  assert.match(after, /^ {2}description: Changed on the server$/m);
  // Only the description's line changed: every other line is as it was, in its place.
  const before = edited.split('\n');
  const now = after.split('\n');
  assert.equal(now.length, before.length);
  const changed = before.flatMap((line, i) => (line === now[i] ? [] : [`${line} → ${now[i]}`]));
  assert.equal(changed.length, 1, changed.join('\n'));
  assert.match(changed[0], /^ {2}description: .* → {3}description: Changed on the server$/);
  assert.deepEqual(parseDefinitionText(file, after), await client.getOasApi(target.id));
});

test('push refuses a YAML file the gateway could not read, naming the line', async () => {
  const file = path.join(root, 'broken.oas.yaml');
  const outcome = await push(file, 'openapi: 3.0.3\nx-svc-api-gateway: {}\nopenapi: 3.1.0\n', { kind: 'oas', id: 'x' });
  assert.equal(outcome.status, 'refused');
  assert.match(outcome.message, /^broken\.oas\.yaml is not valid YAML \(line 3: Duplicate key `openapi`/);
});
