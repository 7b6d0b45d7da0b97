// Issue 32, the local work of sync at scale: the normalised text written in one pass is the old
// text character for character (hashes in existing state files stay valid); the local hashes
// cache answers only for the very bytes it saw; and a batch pull gives the same files, names,
// outcomes and records as pulling one resource after another.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { canonicalJson, canonicalText, hashDocument, withoutVolatile } from '../../../engine/src/sync/canonicalJson';
import { LocalHashCache, LOCAL_HASHES_FILE } from '../../../engine/src/sync/localHashes';
import { pullResource, type PullOutcome, type PullPorts } from '../../../engine/src/sync/pull';
import { pullBatch, type BatchItem } from '../../../engine/src/sync/pullBatch';
import { localStateOf, unchangedLocally } from '../../../engine/src/sync/quickCheck';
import { insideWorkspace } from '../../../engine/src/sync/readContainment';
import type { RemoteSnapshot } from '../../../engine/src/sync/remoteReader';
import { SyncStateStore } from '../../../engine/src/sync/stateStore';
import { SYNC_KINDS } from '../../../engine/src/sync/syncKinds';

/** A small deterministic generator (no dependency): the same values on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function value(next: () => number, depth: number): unknown {
  const r = next();
  if (depth <= 0 || r < 0.3) {
    const leaves = [null, true, false, 0, -1.5, 1e21, 'x', '', 'é\u2028"\\', undefined, NaN];
    return leaves[Math.floor(next() * leaves.length)];
  }
  if (r < 0.55) return Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth - 1));
  const names = ['b', 'a', 'key_id', 'quota_remaining', 'last_updated', 'Z', '10', '2', 'é', ''];
  const object: Record<string, unknown> = {};
  for (let i = Math.floor(next() * 5); i > 0; i--) object[names[Math.floor(next() * names.length)]] = value(next, depth - 1);
  return object;
}

test('canonicalText is canonicalJson(withoutVolatile(…)) character for character (500 generated values, every kind)', () => {
  const next = random(32);
  for (let i = 0; i < 500; i++) {
    const v = value(next, 4);
    if (v === undefined) continue;
    for (const kind of SYNC_KINDS) assert.equal(canonicalText(kind, v), canonicalJson(withoutVolatile(kind, v)), JSON.stringify(v));
  }
});

test('the local hashes answer only for the bytes they saw, of the kind they saw, and survive a save', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-hashes-'));
  try {
    const text = '{"b": 1, "a": [1, 2]}\n';
    const cache = LocalHashCache.empty();
    const first = cache.hashOf('svc/x.oas.json', 'oas', text);
    assert.equal(first.hash, hashDocument('oas', { a: [1, 2], b: 1 }));
    assert.deepEqual(first.parsed, { b: 1, a: [1, 2] }, 'parsed the first time');
    assert.equal(cache.hashOf('svc/x.oas.json', 'oas', text).parsed, undefined, 'known the second time: not parsed');
    assert.equal(cache.known('svc/x.oas.json', 'oas', `${text} `), undefined, 'one more byte: not known');
    assert.equal(cache.known('svc/x.oas.json', 'policy', text), undefined, 'another kind: not known');
    assert.equal(cache.known('svc/y.oas.json', 'oas', text), undefined, 'another file: not known');
    await cache.save(root);
    const again = await LocalHashCache.load(root);
    assert.equal(again.known('svc/x.oas.json', 'oas', text), first.hash);
    await fs.writeFile(path.join(root, '.svc', LOCAL_HASHES_FILE), '{ not json');
    assert.equal((await LocalHashCache.load(root)).known('svc/x.oas.json', 'oas', text), undefined, 'a damaged cache is empty');
    assert.throws(() => LocalHashCache.empty().hashOf('svc/z.oas.json', 'oas', '{'), SyntaxError);
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
});

const oas = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  info: { title: name, version: '1' },
  paths: {},
  'x-svc-api-gateway': { info: { id, name, state: { active: true } }, upstream: { url: 'http://u.invalid' }, server: { listenPath: { value: `/${id}/` } } },
  ...extra,
});

/** Files under root (but the state's times), and the state's records without their times. */
async function snapshotOf(root: string) {
  const files: Record<string, string> = {};
  const walk = async (dir: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name !== 'state.json' && entry.name !== LOCAL_HASHES_FILE) files[path.relative(root, full)] = await fs.readFile(full, 'utf8');
    }
  };
  await walk(root);
  const state = JSON.parse(await fs.readFile(path.join(root, '.svc', 'state.json'), 'utf8'));
  for (const record of Object.values<any>(state.files)) delete record.pulledAt;
  return { files, state };
}

test('a pulled YAML file unchanged since the pull is unchanged by the quick check, and parsed only when its bytes are new', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-hashes-yaml-'));
  try {
    const store = new SyncStateStore();
    const ports: PullPorts = { client: undefined as never, store, unsavedText: () => undefined, decideOverwrite: () => Promise.resolve('skip') };
    const document = oas('y1', 'Payments');
    const pulled = await pullResource(ports, {
      environment: 'e',
      target: { kind: 'oas', id: 'y1' },
      root,
      folder: 'svc',
      format: 'yaml',
      remote: { exists: true, document, name: 'Payments' },
    });
    const file = pulled.file!;
    const key = path.relative(root, file).split(path.sep).join('/');
    assert.match(key, /^svc\/payments\.oas\.yaml$/);
    const record = (await store.get(root)).files[key];

    // The first run parses the YAML file and finds it as pulled; the next run knows its bytes.
    const inside = insideWorkspace(root);
    const first = await LocalHashCache.load(root);
    assert.ok(unchangedLocally(localStateOf(first, key, file, 'oas', inside), record), 'unchanged since the pull');
    await first.save(root);
    const next = await LocalHashCache.load(root);
    const text = await fs.readFile(file, 'utf8');
    assert.deepEqual(next.hashOf(key, 'oas', text), { hash: record.localHash }, 'known by its bytes: not parsed');
    assert.ok(unchangedLocally(localStateOf(next, key, file, 'oas', inside), record));

    // A comment changes the bytes, not the value: parsed once more, still unchanged; a value edit is a change.
    await fs.writeFile(file, `# kept in git\n${text}`);
    assert.deepEqual(next.hashOf(key, 'oas', `# kept in git\n${text}`).parsed, document);
    assert.ok(unchangedLocally(localStateOf(next, key, file, 'oas', inside), record));
    await fs.writeFile(file, text.replace(/^( {2}title: )Payments$/m, '$1Payments (edited)'));
    assert.ok(!unchangedLocally(localStateOf(next, key, file, 'oas', inside), record), 'a value edit is a local change');
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
});

test('a batch pull gives the files, names, outcomes and records of pulling one after another', async () => {
  const items: BatchItem[] = [
    { target: { kind: 'oas', id: 'a1' } },
    { target: { kind: 'oas', id: 'a2' } }, // the same name as a1: gets its id appended
    { target: { kind: 'oas', id: 'a3' } }, // a name a file not pulled already holds
    { target: { kind: 'oas', id: 'a4' } }, // recorded, edited locally: kept
    { target: { kind: 'oas', id: 'a5' } }, // recorded, unchanged
    { target: { kind: 'oas', id: 'gone' } },
    { target: { kind: 'oas', id: 'broken' } },
    { target: { kind: 'oas', id: 'a1' } }, // listed twice: the same file
  ];
  const remotes: Record<string, RemoteSnapshot | Error> = {
    a1: { exists: true, document: oas('a1', 'Petstore'), name: 'Petstore' },
    a2: { exists: true, document: oas('a2', 'Petstore'), name: 'Petstore' },
    a3: { exists: true, document: oas('a3', 'Taken'), name: 'Taken' },
    a4: { exists: true, document: oas('a4', 'Edited', { tags: [{ name: 'new on the server' }] }), name: 'Edited' },
    a5: { exists: true, document: oas('a5', 'Same'), name: 'Same' },
    gone: { exists: false },
    broken: new Error('the server answered 500'),
  };
  const prepare = async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-batch-'));
    const store = new SyncStateStore();
    const ports: PullPorts = { client: undefined as never, store, unsavedText: () => undefined, decideOverwrite: () => Promise.resolve('skip') };
    await fs.mkdir(path.join(root, 'svc'), { recursive: true });
    await fs.writeFile(path.join(root, 'svc', 'taken.oas.json'), '{"mine": true}\n');
    // a4 and a5 pulled before (the earlier version of a4), then a4 edited.
    for (const id of ['a4', 'a5']) {
      const document = oas(id, id === 'a4' ? 'Edited' : 'Same');
      await pullResource(ports, { environment: 'e', target: { kind: 'oas', id }, root, folder: 'svc', remote: { exists: true, document, name: 'x' } });
    }
    const edited = path.join(root, 'svc', 'x.oas.json');
    const doc = JSON.parse(await fs.readFile(edited, 'utf8'));
    doc.info.title = 'edited here';
    await fs.writeFile(edited, JSON.stringify(doc, null, 2));
    return { root, ports };
  };
  const describe = (o: PullOutcome | Error, root: string) =>
    o instanceof Error ? `error ${o.message}` : `${o.status} ${o.file ? path.relative(root, o.file) : ''}`;

  const one = await prepare();
  const oneByOne: string[] = [];
  for (const item of items) {
    const remote = remotes[item.target.id];
    if (remote instanceof Error) {
      oneByOne.push(`error ${remote.message}`);
      continue;
    }
    oneByOne.push(describe(await pullResource(one.ports, { environment: 'e', target: item.target, root: one.root, folder: 'svc', remote }), one.root));
  }

  const batch = await prepare();
  const batched: string[] = [];
  await pullBatch(batch.ports, {
    environment: 'e',
    root: batch.root,
    folder: 'svc',
    items,
    remoteOf: (i) => Promise.resolve(remotes[items[i].target.id]),
    report: (i, result) => void (batched[i] = describe(result, batch.root)),
    concurrency: 3,
  });
  try {
    assert.deepEqual(batched, oneByOne);
    assert.deepEqual(batched.slice(0, 3), ['pulled svc/petstore.oas.json', 'pulled svc/petstore-a2.oas.json', 'pulled svc/taken-a3.oas.json']);
    assert.equal(batched[3], 'skipped svc/x.oas.json');
    assert.equal(batched[4], 'unchanged svc/x-a5.oas.json');
    assert.deepEqual(await snapshotOf(batch.root), await snapshotOf(one.root));
  } finally {
    await fs.rm(one.root, { recursive: true, force: true });
    await fs.rm(batch.root, { recursive: true, force: true });
  }
});
