// Quick start-up: a clean stop writes one snapshot per collection and the next start loads it
// instead of reading each record file. A snapshot never hides a change: the first write of a
// run removes it before the write is acknowledged, and a snapshot that does not list exactly
// the record files on disk is ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHarness } from './helpers.js';
import { SNAPSHOT_FILE, fileNameFor } from '../../../sandbox/src/store/collection.js';
import { decodeRecord, encodeRecord, sha256 } from '../../../sandbox/src/store/recordFile.js';

const snapshotOf = (dir: string, name: string) => join(dir, name, SNAPSHOT_FILE);
const policyIds = async (h: Awaited<ReturnType<typeof startHarness>>) => (await h.call('GET', '/svc/policies')).body.map((p: any) => p.id).sort();

test('a clean stop writes a snapshot; the next start serves the same records; the first write removes it before answering', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-snapshot-'));
  try {
    const first = await startHarness({ memory: false, dataDir });
    await first.call('POST', '/svc/policies', { body: { id: 'one', name: 'One' } });
    const ids = await policyIds(first);
    await first.close();
    assert.ok(existsSync(snapshotOf(dataDir, 'policies')));

    const second = await startHarness({ memory: false, dataDir });
    assert.deepEqual(await policyIds(second), ids);
    assert.equal((await second.call('POST', '/svc/policies', { body: { id: 'two', name: 'Two' } })).status, 200);
    assert.ok(!existsSync(snapshotOf(dataDir, 'policies')), 'an acknowledged write leaves no stale snapshot behind');
    // No clean stop (as after SIGKILL): the record files are read, 'two' is there.
    const crashed = copyWithoutLock(dataDir);
    const third = await startHarness({ memory: false, dataDir: crashed });
    assert.deepEqual(await policyIds(third), [...ids, 'two'].sort());
    await third.close();
    rmSync(crashed, { recursive: true, force: true });
    await second.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the next start loads the snapshot: a name only the snapshot holds is what it serves', async () => {
  // The record file says 'One'; the snapshot (checksum kept valid) says otherwise. Serving the
  // snapshot's name proves the start read the snapshot and not the record files.
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-snapshot-'));
  try {
    const first = await startHarness({ memory: false, dataDir });
    await first.call('POST', '/svc/policies', { body: { id: 'one', name: 'One' } });
    await first.close();
    const path = snapshotOf(dataDir, 'policies');
    const snapshot = JSON.parse(readFileSync(path, 'utf8'));
    const entry = snapshot.entries.find(([id]: [string]) => id === 'one');
    entry[1].name = 'Only in the snapshot';
    snapshot.sha256 = sha256(JSON.stringify([snapshot.files, snapshot.entries]));
    writeFileSync(path, JSON.stringify(snapshot));
    const second = await startHarness({ memory: false, dataDir });
    const served = (await second.call('GET', '/svc/policies/one')).body;
    await second.close();
    assert.equal(served.name, 'Only in the snapshot');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

for (const [what, change] of [
  ['a record file removed by hand', (dataDir: string) => rmSync(join(dataDir, 'policies', fileNameFor('gone')))],
  [
    'a record file added by hand',
    (dataDir: string) => writeFileSync(join(dataDir, 'policies', fileNameFor('added')), JSON.stringify({ id: 'added', name: 'Added' })),
  ],
] as const) {
  test(`a snapshot that no longer lists exactly the record files is ignored: ${what}`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-snapshot-'));
    try {
      const first = await startHarness({ memory: false, dataDir });
      await first.call('POST', '/svc/policies', { body: { id: 'gone', name: 'Gone' } });
      await first.call('POST', '/svc/policies', { body: { id: 'kept', name: 'Kept' } });
      await first.close();
      change(dataDir);
      const logs: string[] = [];
      const second = await startHarness({ memory: false, dataDir, log: (line) => logs.push(line) });
      const ids = await policyIds(second);
      await second.close();
      const removed = what.includes('removed');
      assert.equal(ids.includes('gone'), !removed, 'the record files are what is served');
      assert.equal(ids.includes('added'), !removed);
      assert.ok(ids.includes('kept'));
      assert.ok(logs.some((l) => /policies: the snapshot does not match/.test(l)));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

/** The folder as a crashed process leaves it, copied so the live sandbox's lock does not apply. */
function copyWithoutLock(dir: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'svc-snapshot-copy-'));
  for (const entry of readdirSync(dir)) if (entry !== 'sandbox.lock.d') cpSync(join(dir, entry), join(copy, entry), { recursive: true });
  return copy;
}

test('a record file whose size changed is read, not the snapshot, even when its modification time was set back', async () => {
  // Only the size tells: the snapshot's note of the file's time is made to match, its checksum kept valid.
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-snapshot-'));
  try {
    const first = await startHarness({ memory: false, dataDir });
    await first.call('POST', '/svc/policies', { body: { id: 'one', name: 'One' } });
    await first.close();
    const file = fileNameFor('one');
    const recordPath = join(dataDir, 'policies', file);
    const record = decodeRecord(readFileSync(recordPath, 'utf8')) as Record<string, unknown>;
    writeFileSync(recordPath, encodeRecord({ ...record, name: 'Renamed on disk, longer' }));
    const path = snapshotOf(dataDir, 'policies');
    const snapshot = JSON.parse(readFileSync(path, 'utf8'));
    snapshot.files[file] = [snapshot.files[file][0], statSync(recordPath).mtimeMs];
    snapshot.sha256 = sha256(JSON.stringify([snapshot.files, snapshot.entries]));
    writeFileSync(path, JSON.stringify(snapshot));
    const logs: string[] = [];
    const second = await startHarness({ memory: false, dataDir, log: (line) => logs.push(line) });
    const served = (await second.call('GET', '/svc/policies/one')).body;
    await second.close();
    assert.equal(served.name, 'Renamed on disk, longer');
    assert.ok(logs.some((l) => /the snapshot is older than policies\//.test(l)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
