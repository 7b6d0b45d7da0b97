// The editor's diff before a push of a YAML file (vscodePushUi.ts's showDiff, through the plain
// pushDiffText.ts): the server's JSON on the left, the document push sends on the right, as JSON
// too, so a YAML file with one changed member shows that member only (its YAML text against the
// server's JSON made every line differ). A JSON file stays the right side itself.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { ManagementClient } from '../../../api/src';
import { startSandbox } from '../../../sandbox/src/index';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { pushedDiffText } from '../../../client/src/workflows/sync/pushDiffText';
import { pullResource } from '../../../engine/src/sync/pull';
import { pushDocument, type PushUi } from '../../../engine/src/sync/pushPipeline';
import { readSnapshot } from '../../../engine/src/sync/stateFile';
import { SyncStateStore } from '../../../engine/src/sync/stateStore';
import type { RemoteTarget } from '../../../engine/src/sync/syncKinds';

/** The lines that differ between two texts of the same line count, as "left → right". */
function changedLines(left: string, right: string): string[] {
  const a = left.split('\n');
  const b = right.split('\n');
  assert.equal(b.length, a.length, `${a.length} lines on the left, ${b.length} on the right:\n${right}`);
  return a.flatMap((line, i) => (line === b[i] ? [] : [`${line} → ${b[i]}`]));
}

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let client: ManagementClient;
let root: string;
before(async () => {
  sandbox = await startSandbox({ port: 0, memory: true });
  client = new ManagementClient({ name: 'unit', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-yaml-push-diff-'));
});
after(async () => {
  await sandbox?.close();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

test('push of a pulled YAML file with its title changed: the diff’s two sides differ on the title line only', async () => {
  const store = new SyncStateStore();
  const target: RemoteTarget = { kind: 'oas', id: SEED_API_IDS.paymentsOas };
  const pulled = await pullResource(
    { client, store, unsavedText: () => undefined, decideOverwrite: async () => 'overwrite' },
    { environment: 'sb', target, root, folder: 'svc', format: 'yaml' },
  );
  const file = pulled.file!;
  assert.match(file, /\.oas\.yaml$/);
  const record = (await store.get(root)).files[path.relative(root, file).split(path.sep).join('/')];
  // The user comments the file and changes the title.
  const pulledText = await fs.readFile(file, 'utf8');
  const mine = `# Payments API, kept in git\n${pulledText.replace(/^( {2}title: )Payments$/m, '$1Payments (edited in YAML)')}`;
  assert.notEqual(mine, `# Payments API, kept in git\n${pulledText}`, 'the title line was found');

  const diffs: Array<{ remoteText: string; document: unknown }> = [];
  const ui: PushUi = {
    confirmDespiteErrors: async () => true,
    resolveConflict: async () => 'cancel',
    chooseOasCreate: async () => 'new',
    chooseStreamsUpdate: async () => 'put',
    askKeyId: async () => undefined,
    showDiff: async (remoteText, _title, document) => void diffs.push({ remoteText, document }),
    confirmSend: async () => false,
    offerReload: async () => false,
  };
  const outcome = await pushDocument(
    { clientFor: async () => client, ui },
    {
      environment: 'sb',
      name: path.basename(file),
      uri: `file://${file}`,
      text: mine,
      target: record.target,
      base: { remoteHash: record.remoteHash, remoteText: await readSnapshot(root, record.remoteHash), localHash: record.localHash },
      errors: [],
    },
  );
  assert.equal(outcome.status, 'cancelled', outcome.message);
  assert.equal(diffs.length, 1, 'the diff was shown once');

  // What the diff editor shows: the server's JSON, and on the right the text given (else the file itself).
  const { remoteText, document } = diffs[0];
  const right = pushedDiffText(`file://${file}`, document) ?? mine;
  assert.deepEqual(changedLines(remoteText, right), ['    "title": "Payments", →     "title": "Payments (edited in YAML)",']);
});

test('a JSON file is the diff’s right side itself (no text in its place); a .yml file’s document is shown as formatted JSON', () => {
  assert.equal(pushedDiffText('file:///w/svc/payments.oas.json', { openapi: '3.0.3' }), undefined);
  assert.equal(pushedDiffText('/w/svc/yaml.oas.json', { openapi: '3.0.3' }), undefined);
  assert.equal(pushedDiffText('/w/svc/payments.oas.yml', { a: 1 }), '{\n  "a": 1\n}\n');
});
