// One record collection, called directly (no server): what is stored is what the next start reads,
// a change that cannot reach the disk leaves memory as it was, loading reads every record file
// (removing leftovers, refusing a file that holds another record), and the snapshot is used only
// while it matches the record files exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Collection, fileNameFor, SNAPSHOT_FILE, StoreError } from '../../../sandbox/src/store/collection.js';
import { WriteQueue } from '../../../sandbox/src/store/writeQueue.js';
import { encodeRecord, sha256 } from '../../../sandbox/src/store/recordFile.js';
import type { DamagedFile } from '../../../sandbox/src/store/damage.js';

type Rec = { id: string; v?: unknown };
const idOf = (r: Rec) => r.id;

async function inFolder(run: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-collection-'));
  try {
    await run(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function loaded(dataDir: string, logs: string[] = []): Promise<{ c: Collection<Rec>; damaged: DamagedFile[] }> {
  const c = new Collection<Rec>('policies', dataDir, new WriteQueue(), (l) => logs.push(l));
  const damaged: DamagedFile[] = [];
  await c.load(idOf, damaged);
  return { c, damaged };
}

test('record file names: readable part (unsafe characters replaced, at most 48) plus a hash of the exact id', () => {
  assert.match(fileNameFor('Pet store/v1.0'), /^Pet_store_v1_0-[0-9a-f]{12}\.json$/);
  assert.equal(fileNameFor('abc'), `abc-${sha256('abc').slice(0, 12)}.json`);
  assert.notEqual(fileNameFor('Abc'), fileNameFor('abc'), 'ids differing in case only get different files');
  assert.equal(fileNameFor('x'.repeat(60)), `${'x'.repeat(48)}-${sha256('x'.repeat(60)).slice(0, 12)}.json`);
  assert.equal(fileNameFor('a-b_C9'), `a-b_C9-${sha256('a-b_C9').slice(0, 12)}.json`);
});

test('stored records are read back on the next load, in the order they were created; a deleted one is gone', async () => {
  await inFolder(async (dataDir) => {
    const { c } = await loaded(dataDir);
    await c.set('b', { id: 'b' });
    await c.set('a', { id: 'a', v: 1 });
    await c.set('c', { id: 'c' });
    await c.delete('c');
    assert.deepEqual(readdirSync(join(dataDir, 'policies')).sort(), [fileNameFor('a'), fileNameFor('b')].sort());
    assert.equal(readFileSync(join(dataDir, 'policies', fileNameFor('a')), 'utf8'), encodeRecord({ id: 'a', v: 1 }));
    assert.equal(c.pathOf('a'), join(dataDir, 'policies', fileNameFor('a')));
    assert.equal(c.encoded('c'), undefined);
    const again = (await loaded(dataDir)).c;
    assert.deepEqual(again.values().map(idOf).sort(), ['a', 'b']);
    assert.deepEqual(again.get('a'), { id: 'a', v: 1 });
    assert.equal(again.size, 2);
    assert.equal(again.has('c'), false);
  });
});

test('a record that cannot be serialised is refused at once and never enters memory', async () => {
  await inFolder(async (dataDir) => {
    const { c } = await loaded(dataDir);
    await c.set('a', { id: 'a', v: 1 });
    await assert.rejects(c.set('a', { id: 'a', v: 10n }), (e: unknown) => e instanceof StoreError && /^policies\/a cannot be stored: /.test(e.message));
    assert.deepEqual(c.get('a'), { id: 'a', v: 1 });
    const circular: Rec & { self?: unknown } = { id: 'b' };
    circular.self = circular;
    await assert.rejects(c.set('b', circular), StoreError);
    assert.equal(c.has('b'), false);
  });
});

test('a write that fails leaves memory as it was: a new record is taken out, a replaced one comes back', async () => {
  await inFolder(async (dataDir) => {
    const { c } = await loaded(dataDir);
    await c.set('kept', { id: 'kept', v: 1 });
    // A folder where a record file should be: its write fails.
    for (const id of ['new', 'kept']) {
      rmSync(join(dataDir, 'policies', fileNameFor(id)), { force: true });
      mkdirSync(join(dataDir, 'policies', fileNameFor(id), 'blocker'), { recursive: true });
    }
    await assert.rejects(c.set('new', { id: 'new' }), (e: unknown) => e instanceof StoreError && /^policies\/new could not be saved: /.test(e.message));
    assert.equal(c.has('new'), false);
    await assert.rejects(c.set('kept', { id: 'kept', v: 2 }), StoreError);
    assert.deepEqual(c.get('kept'), { id: 'kept', v: 1 });
    await assert.rejects(c.delete('kept'), (e: unknown) => e instanceof StoreError && /^policies\/kept could not be deleted: /.test(e.message));
    assert.deepEqual(c.get('kept'), { id: 'kept', v: 1 }, 'a failed delete puts the record back');
    await assert.rejects(c.delete('new'), StoreError);
    assert.equal(c.has('new'), false, 'a failed delete of a record that was not there brings nothing back');
  });
});

test('beforeSet fills a record in before it is stored, seeing the previous value', async () => {
  await inFolder(async (dataDir) => {
    const { c } = await loaded(dataDir);
    const seen: Array<Rec | undefined> = [];
    c.beforeSet = (item, previous) => {
      seen.push(previous);
      return { ...item, v: 'filled' };
    };
    await c.set('a', { id: 'a' });
    await c.set('a', { id: 'a' });
    assert.deepEqual(seen, [undefined, { id: 'a', v: 'filled' }]);
    assert.equal(readFileSync(join(dataDir, 'policies', fileNameFor('a')), 'utf8'), encodeRecord({ id: 'a', v: 'filled' }));
  });
});

test('in memory a collection keeps records without any file', async () => {
  const c = new Collection<Rec>('policies', undefined, new WriteQueue());
  await c.load(idOf, []);
  await c.set('a', { id: 'a' });
  await c.set('b', { id: 'b' });
  await c.delete('b');
  await c.saveSnapshot();
  await c.removeSnapshot();
  assert.equal(c.pathOf('a'), undefined);
  assert.deepEqual(c.values(), [{ id: 'a' }]);
  assert.deepEqual(
    c.find((r) => r.id === 'a'),
    { id: 'a' },
  );
  assert.equal(
    c.find((r) => r.id === 'z'),
    undefined,
  );
});

test('loading removes leftovers of interrupted writes, skips other files, and refuses a file that holds another record', async () => {
  await inFolder(async (dataDir) => {
    const dir = join(dataDir, 'policies');
    mkdirSync(dir);
    writeFileSync(join(dir, fileNameFor('a')), encodeRecord({ id: 'a' }));
    writeFileSync(join(dir, `.${fileNameFor('a')}.123.abcd.tmp`), '{"id":');
    writeFileSync(join(dir, 'README.md'), 'notes');
    writeFileSync(join(dir, fileNameFor('b')), encodeRecord({ id: 'c' }));
    const { c, damaged } = await loaded(dataDir);
    assert.deepEqual(c.values(), [{ id: 'a' }]);
    assert.deepEqual(readdirSync(dir).sort(), [fileNameFor('a'), fileNameFor('b'), 'README.md'].sort());
    assert.deepEqual(damaged, [
      {
        file: `policies/${fileNameFor('b')}`,
        reason: `it holds the record "c", whose file is ${fileNameFor('c')} (files swapped or renamed?)`,
      },
    ]);
  });
});

test('a folder of more records than one loading batch (500) is read whole, each file once', async () => {
  await inFolder(async (dataDir) => {
    const dir = join(dataDir, 'policies');
    mkdirSync(dir);
    for (let i = 0; i < 1003; i++) writeFileSync(join(dir, fileNameFor(`p${i}`)), encodeRecord({ id: `p${i}` }));
    const { c, damaged } = await loaded(dataDir);
    assert.equal(c.size, 1003);
    assert.deepEqual(damaged, []);
    writeFileSync(join(dir, fileNameFor('damaged')), '');
    const again = await loaded(dataDir);
    assert.equal(again.c.size, 1003);
    assert.deepEqual(again.damaged, [{ file: `policies/${fileNameFor('damaged')}`, reason: 'the file is empty' }], 'listed once, not once per batch');
  });
});

/** A folder with records a and b and the snapshot a clean stop wrote. */
async function withSnapshot(dataDir: string): Promise<string> {
  const { c } = await loaded(dataDir);
  await c.set('a', { id: 'a' });
  await c.set('b', { id: 'b' });
  await c.saveSnapshot();
  return join(dataDir, 'policies', SNAPSHOT_FILE);
}

/** Rewrites the snapshot's parts and its checksum, as a consistent (but stale) snapshot would be. */
function rewrite(path: string, change: (s: { version: number; files: Record<string, [number, number]>; entries: Array<[string, Rec]> }) => void): void {
  const snapshot = JSON.parse(readFileSync(path, 'utf8'));
  change(snapshot);
  snapshot.sha256 = sha256(JSON.stringify([snapshot.files, snapshot.entries]));
  writeFileSync(path, JSON.stringify(snapshot));
}

test('a matching snapshot is what the next load serves (each record file unread)', async () => {
  await inFolder(async (dataDir) => {
    const path = await withSnapshot(dataDir);
    rewrite(path, (s) => (s.entries = s.entries.map(([id]) => [id, { id, v: 'from the snapshot' }])));
    const logs: string[] = [];
    const { c } = await loaded(dataDir, logs);
    assert.deepEqual(c.values(), [
      { id: 'a', v: 'from the snapshot' },
      { id: 'b', v: 'from the snapshot' },
    ]);
    assert.deepEqual(logs, []);
  });
});

for (const [what, damage, log] of [
  [
    'not JSON',
    (path: string) => writeFileSync(path, '{"version":2,'),
    /^\[store\] policies: the snapshot policies\/\.snapshot is damaged \(not JSON\); reading each file$/,
  ],
  ['null', (path: string) => writeFileSync(path, 'null'), /^\[store\] policies: the snapshot does not match the record files; reading each file$/],
  ['of another version', (path: string) => rewrite(path, (s) => (s.version = 1)), /the snapshot does not match the record files/],
  ['without entries', (path: string) => rewrite(path, (s) => ((s as { entries: unknown }).entries = {})), /the snapshot does not match the record files/],
  ['without files', (path: string) => rewrite(path, (s) => ((s as { files: unknown }).files = undefined)), /the snapshot does not match the record files/],
  [
    'with a wrong checksum',
    (path: string) => writeFileSync(path, readFileSync(path, 'utf8').replace('"id":"a"', '"id":"A"')),
    /^\[store\] policies: the snapshot policies\/\.snapshot is damaged \(checksum\); reading each file$/,
  ],
  ['noting one file fewer', (path: string) => rewrite(path, (s) => delete s.files[fileNameFor('b')]), /the snapshot does not match the record files/],
  [
    'noting another file instead',
    (path: string) =>
      rewrite(path, (s) => {
        s.files[fileNameFor('z')] = s.files[fileNameFor('b')];
        delete s.files[fileNameFor('b')];
      }),
    /the snapshot does not match the record files/,
  ],
  [
    'older than a record file (modification time)',
    (path: string) => {
      const file = join(path, '..', fileNameFor('b'));
      const when = statSync(file).mtime.getTime() / 1000 + 5;
      utimesSync(file, when, when);
    },
    /^\[store\] policies: the snapshot is older than policies\/b-[0-9a-f]{12}\.json; reading each file$/,
  ],
  ['noting another size', (path: string) => rewrite(path, (s) => (s.files[fileNameFor('a')][0] += 1)), /the snapshot is older than policies\/a-/],
] as const) {
  test(`a snapshot ${what} is ignored with a log line: the record files are read`, async () => {
    await inFolder(async (dataDir) => {
      const path = await withSnapshot(dataDir);
      // Only the snapshot says `v`: a record without it was read from its file.
      rewrite(path, (s) => (s.entries = s.entries.map(([id]) => [id, { id, v: 'from the snapshot' }])));
      damage(path);
      const logs: string[] = [];
      const { c, damaged } = await loaded(dataDir, logs);
      assert.deepEqual(damaged, []);
      assert.deepEqual(
        c.values().sort((x, y) => x.id.localeCompare(y.id)),
        [{ id: 'a' }, { id: 'b' }],
        'read from the files, not the snapshot',
      );
      assert.equal(logs.length, 1, logs.join('\n'));
      assert.match(logs[0], log);
    });
  });
}

test('the first write of a run removes the snapshot, and again after the next snapshot', async () => {
  await inFolder(async (dataDir) => {
    const path = await withSnapshot(dataDir);
    const { c } = await loaded(dataDir);
    await c.set('c', { id: 'c' });
    assert.equal(existsSync(path), false);
    await c.saveSnapshot();
    assert.equal(existsSync(path), true);
    await c.delete('c');
    assert.equal(existsSync(path), false, 'a snapshot written after the first removal is removed by the next write too');
    assert.deepEqual((await loaded(dataDir)).c.values().map(idOf).sort(), ['a', 'b']);
  });
});

/** A write queue that runs each write only when the test says so. */
function heldQueue() {
  const held: Array<() => Promise<void>> = [];
  const queue = {
    schedule: (_file: string, write: () => Promise<void>) => new Promise<void>((resolve, reject) => held.push(() => write().then(resolve, reject))),
  };
  return { queue: queue as unknown as WriteQueue, held };
}

test('a failed write does not undo a later change of the same record: the later value stays', async () => {
  await inFolder(async (dataDir) => {
    const { queue, held } = heldQueue();
    const c = new Collection<Rec>('policies', dataDir, queue);
    await c.load(idOf, []);
    const file = join(dataDir, 'policies', fileNameFor('a'));
    mkdirSync(join(file, 'blocker'), { recursive: true });
    const first = c.set('a', { id: 'a', v: 1 }).catch((e: unknown) => e);
    const second = c.set('a', { id: 'a', v: 2 });
    await held[0]();
    assert.ok((await first) instanceof StoreError);
    assert.deepEqual(c.get('a'), { id: 'a', v: 2 }, 'the failed first write leaves the second change in memory');
    rmSync(file, { recursive: true });
    await held[1]();
    await second;
    assert.equal(readFileSync(file, 'utf8'), encodeRecord({ id: 'a', v: 2 }));

    const del = c.delete('a').catch((e: unknown) => e);
    const again = c.set('a', { id: 'a', v: 3 });
    rmSync(file);
    mkdirSync(join(file, 'blocker'), { recursive: true });
    await held[2]();
    assert.ok((await del) instanceof StoreError);
    assert.deepEqual(c.get('a'), { id: 'a', v: 3 }, 'a failed delete does not bring back the value a later change replaced');
    rmSync(file, { recursive: true });
    await held[3]();
    await again;
  });
});
