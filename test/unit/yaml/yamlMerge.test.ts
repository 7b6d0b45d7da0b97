// The three-way merge on a YAML file (issues 29 and 30): mergeFile writes the merged document
// into the YAML text in place (comments, key order and untouched lines kept), never as JSON; and
// the editor's push of a pulled `.oas.yaml` file after a server change (pushDocument, as
// pushFlow.ts drives it, with a scripted PushUi) hands valid YAML to writeMerged.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManagementClient } from '../../../api/src';
import { startSandbox } from '../../../sandbox/src/index';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { parseDefinitionText } from '../../../engine/src/sync/documentFormat';
import { mergeFile } from '../../../engine/src/sync/mergeFile';
import { pullResource } from '../../../engine/src/sync/pull';
import { pushDocument, type MergeFacts, type PushUi } from '../../../engine/src/sync/pushPipeline';
import { readSnapshot } from '../../../engine/src/sync/stateFile';
import { SyncStateStore } from '../../../engine/src/sync/stateStore';
import type { RemoteTarget } from '../../../engine/src/sync/syncKinds';

/** Lines of `after` that differ from `before`'s at the same place (same line count asserted). */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  assert.equal(b.length, a.length, after);
  return a.flatMap((line, i) => (line === b[i] ? [] : [`${line} → ${b[i]}`]));
}

describe('mergeFile on a YAML file', () => {
  const file = 'svc/payments.oas.yaml';
  const text = [
    '# Payments API, kept in git',
    'openapi: 3.0.3',
    'info: # shown in the portal',
    '  title: Payments',
    "  version: '1.0'",
    'paths: {}',
    'x-svc-api-gateway:',
    '  info:',
    '    name: Payments',
    '    state: {active: true}',
    '  upstream:',
    '    # the new cluster (mine)',
    '    url: https://payments-v2.example.com',
    '    rateLimit:',
    '      enabled: true',
    '      rate: 50 # per minute',
    '      per: 60',
    '  server:',
    '    listenPath:',
    '      value: /payments/',
    '',
  ].join('\n');
  const local = parseDefinitionText(file, text) as any;
  const base = structuredClone(local);
  base['x-svc-api-gateway'].upstream.url = 'https://payments.example.com';

  it('the server’s change comes in as a YAML edit of its own line: comments, order and every other line kept', () => {
    const remote = structuredClone(base);
    remote['x-svc-api-gateway'].upstream.rateLimit.rate = 75;
    const r = mergeFile({ kind: 'oas', file, text, local, base, remote });
    assert.deepEqual(r.conflicts, []);
    assert.deepEqual(
      r.fromServer.map((c) => c.pointer),
      ['/x-svc-api-gateway/upstream/rateLimit/rate'],
    );
    const expected = structuredClone(local);
    expected['x-svc-api-gateway'].upstream.rateLimit.rate = 75;
    assert.deepEqual(r.value, expected);
    assert.deepEqual(parseDefinitionText(file, r.text), expected, 'the text holds the merged value');
    assert.deepEqual(changedLines(text, r.text), ['      rate: 50 # per minute →       rate: 75 # per minute']);
  });

  it('a member added on the server is appended to its mapping in YAML; a conflict leaves the file’s value in the text', () => {
    const remote = structuredClone(base);
    remote.info.description = 'Added on the server';
    remote['x-svc-api-gateway'].upstream.url = 'https://payments-v3.example.com';
    const r = mergeFile({ kind: 'oas', file, text, local, base, remote });
    assert.deepEqual(
      r.conflicts.map((c) => c.pointer),
      ['/x-svc-api-gateway/upstream/url'],
    );
    assert.equal(r.text, text.replace("  version: '1.0'\n", "  version: '1.0'\n  description: Added on the server\n"));
    const resolved = mergeFile({ kind: 'oas', file, text, local, base, remote, resolutions: { all: 'theirs' } });
    assert.equal(
      resolved.text,
      text
        .replace("  version: '1.0'\n", "  version: '1.0'\n  description: Added on the server\n")
        .replace('payments-v2.example.com', 'payments-v3.example.com'),
    );
  });
});

describe('the editor’s push of a YAML file after a server change', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let client: ManagementClient;
  let root: string;
  const store = new SyncStateStore();
  const target: RemoteTarget = { kind: 'oas', id: SEED_API_IDS.paymentsOas };

  before(async () => {
    sandbox = await startSandbox({ port: 0, memory: true });
    client = new ManagementClient({ name: 'unit', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-yaml-merge-'));
  });
  after(async () => {
    await sandbox?.close();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  const plainUi: PushUi = {
    confirmDespiteErrors: async () => true,
    resolveConflict: async () => 'overwrite',
    chooseOasCreate: async () => 'new',
    chooseStreamsUpdate: async () => 'put',
    askKeyId: async () => undefined,
    showDiff: async () => undefined,
    confirmSend: async () => true,
    offerReload: async () => false,
  };

  it('merged and pushed: writeMerged gets the YAML file with the server’s change on its line, comments kept', async () => {
    const pulled = await pullResource(
      { client, store, unsavedText: () => undefined, decideOverwrite: async () => 'overwrite' },
      { environment: 'sb', target, root, folder: 'svc', format: 'yaml' },
    );
    const file = pulled.file!;
    assert.match(file, /\.oas\.yaml$/);
    const record = (await store.get(root)).files[path.relative(root, file).split(path.sep).join('/')];
    assert.ok(record, 'the pull is recorded');

    // Somebody raises the rate limit on the server.
    const theirs = await client.getOasApi(target.id);
    (theirs as any)['x-svc-api-gateway'].upstream.rateLimit.rate = 75;
    const other = await pushDocument(
      { clientFor: async () => client, ui: plainUi },
      { environment: 'sb', name: 'other.json', uri: `file://${path.join(root, 'other.json')}`, text: JSON.stringify(theirs), target, errors: [] },
    );
    assert.equal(other.status, 'pushed', other.message);

    // Meanwhile I comment the file and move the upstream.
    const pulledText = await fs.readFile(file, 'utf8');
    const mine = `# Payments API, kept in git\n${pulledText}`
      .replace(/^info:\n/m, 'info: # shown in the portal\n')
      .replace(/^( {4}url: )https:\/\/payments\.example\.com$/m, '$1https://payments-v2.example.com # the new cluster');
    assert.match(mine, /payments-v2/, 'the upstream line was found');

    const written: string[] = [];
    let facts: MergeFacts | undefined;
    const ui: PushUi = {
      ...plainUi,
      confirmMerge: async (f) => ((facts = f), true),
      resolveMergeConflicts: async () => undefined,
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
        writeMerged: async (t) => void written.push(t),
      },
    );
    assert.equal(outcome.status, 'pushed', outcome.message);
    assert.deepEqual(outcome.merge?.fromServer, ['x-svc-api-gateway.upstream.rateLimit.rate']);

    // What the editor writes into the file: YAML, mine with the server's rate, nothing else moved.
    assert.equal(written.length, 1);
    const merged = written[0];
    assert.equal(outcome.merge?.text, merged);
    assert.deepEqual(changedLines(mine, merged), ['      rate: 50 →       rate: 75']);
    const value = parseDefinitionText(file, merged) as any;
    assert.equal(value['x-svc-api-gateway'].upstream.url, 'https://payments-v2.example.com');
    assert.equal(value['x-svc-api-gateway'].upstream.rateLimit.rate, 75);
    assert.equal(facts?.mergedText, merged);
    assert.deepEqual(facts?.mergedDocument, value, 'the merged document is the value the YAML text holds');

    // The server has both changes.
    const now = (await client.getOasApi(target.id)) as any;
    assert.equal(now['x-svc-api-gateway'].upstream.url, 'https://payments-v2.example.com');
    assert.equal(now['x-svc-api-gateway'].upstream.rateLimit.rate, 75);
  });
});
