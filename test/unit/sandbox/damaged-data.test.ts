// The sandbox refuses to start on damaged data (issue 34, item 8) and keeps the folder private
// (item 12): a truncated, empty, edited or swapped record file, a damaged journal record or a
// damaged sandbox.json stops the start with a message naming the file and how to recover; a
// snapshot older than the record files never wins; a folder with data is never seeded again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, DataDamagedError } from '../../../sandbox/src/index.js';
import { fileNameFor, SNAPSHOT_FILE } from '../../../sandbox/src/store/collection.js';
import { startHarness } from './helpers.js';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'svc-damage-'));
const policyFile = (dir: string, id: string) => join(dir, 'policies', fileNameFor(id));

/** A folder with two policies written by a sandbox that then stopped cleanly. */
async function folderWithPolicies(): Promise<string> {
  const dataDir = tempDir();
  const h = await startHarness({ memory: false, dataDir, seed: false });
  assert.equal((await h.call('POST', '/svc/policies', { body: { id: 'alpha', name: 'Alpha', rate: 1 } })).status, 200);
  assert.equal((await h.call('POST', '/svc/policies', { body: { id: 'beta', name: 'Beta', rate: 2 } })).status, 200);
  await h.close();
  return dataDir;
}

async function refusal(dataDir: string): Promise<DataDamagedError> {
  let caught: unknown;
  try {
    const s = await startSandbox({ dataDir, seed: false });
    await s.close();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof DataDamagedError, `expected a refusal, got ${String(caught)}`);
  return caught;
}

for (const [name, damage, reason] of [
  ['truncated', (text: string) => text.slice(0, text.length / 2), /not valid JSON \(truncated\?\)/],
  ['emptied', () => '', /the file is empty/],
  ['edited without its checksum', (text: string) => text.replace('"Alpha"', '"Alpha!"'), /checksum does not match/],
] as const) {
  test(`a record file ${name} refuses the start, naming the file and how to recover; nothing is changed`, async () => {
    const dataDir = await folderWithPolicies();
    try {
      rmSync(join(dataDir, 'policies', SNAPSHOT_FILE)); // as after a crash: every record file is read
      const file = policyFile(dataDir, 'alpha');
      const damaged = damage(readFileSync(file, 'utf8'));
      writeFileSync(file, damaged);
      const error = await refusal(dataDir);
      assert.match(error.message, new RegExp(file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
      assert.match(error.message, reason);
      assert.match(error.message, /To recover: restore the file from a backup/);
      assert.equal(readFileSync(file, 'utf8'), damaged, 'the damaged file is left for the user');
      // The recovery the message gives works: moving the file out starts without that record.
      rmSync(file);
      const h = await startHarness({ memory: false, dataDir, seed: false });
      assert.deepEqual(
        (await h.call('GET', '/svc/policies')).body.map((p: any) => p.id),
        ['beta'],
      );
      await h.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

test('swapped record files refuse the start (each holds the other record)', async () => {
  const dataDir = await folderWithPolicies();
  try {
    rmSync(join(dataDir, 'policies', SNAPSHOT_FILE));
    const a = policyFile(dataDir, 'alpha');
    const b = policyFile(dataDir, 'beta');
    const textA = readFileSync(a, 'utf8');
    writeFileSync(a, readFileSync(b, 'utf8'));
    writeFileSync(b, textA);
    const error = await refusal(dataDir);
    assert.match(error.message, /holds the record "beta", whose file is beta-[0-9a-f]{12}\.json \(files swapped or renamed\?\)/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('an older snapshot copied back over a newer one does not win: the record files are read', async () => {
  const dataDir = await folderWithPolicies();
  try {
    const snapshot = join(dataDir, 'policies', SNAPSHOT_FILE);
    const old = join(dataDir, 'old-snapshot');
    copyFileSync(snapshot, old);
    const h = await startHarness({ memory: false, dataDir, seed: false });
    assert.equal((await h.call('POST', '/svc/policies', { body: { id: 'alpha', name: 'Alpha', rate: 99 } })).status, 200);
    await h.close();
    copyFileSync(old, snapshot); // same names, older content, a newer modification time
    const logs: string[] = [];
    const again = await startHarness({ memory: false, dataDir, seed: false, log: (l) => logs.push(l) });
    const alpha = (await again.call('GET', '/svc/policies/alpha')).body;
    await again.close();
    assert.equal(alpha.rate, 99);
    assert.ok(
      logs.some((l) => /policies: the snapshot is older than policies\//.test(l)),
      logs.join('\n'),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a damaged snapshot is ignored with a log line (the record files are the truth)', async () => {
  const dataDir = await folderWithPolicies();
  try {
    const snapshot = join(dataDir, 'policies', SNAPSHOT_FILE);
    writeFileSync(snapshot, readFileSync(snapshot, 'utf8').replace('"Beta"', '"Gamma"'));
    const logs: string[] = [];
    const h = await startHarness({ memory: false, dataDir, seed: false, log: (l) => logs.push(l) });
    const names = (await h.call('GET', '/svc/policies')).body.map((p: any) => p.name).sort();
    await h.close();
    assert.deepEqual(names, ['Alpha', 'Beta']);
    assert.ok(logs.some((l) => /snapshot policies\/\.snapshot is damaged \(checksum\)/.test(l)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a corrupt sandbox.json refuses the start and keeps the credentials; a missing one never seeds a folder with data again', async () => {
  const dataDir = tempDir();
  try {
    const first = await startHarness({ memory: false, dataDir });
    const pet = (await first.call('GET', `/api/apis/${SEED_API_IDS.petstoreClassic}`)).body;
    pet.api_definition.api_id = 'petstore-renamed';
    assert.equal((await first.call('PUT', `/api/apis/${SEED_API_IDS.petstoreClassic}`, { body: pet })).status, 200);
    await first.close();
    const meta = join(dataDir, 'sandbox.json');
    const original = readFileSync(meta, 'utf8');
    writeFileSync(meta, original.slice(0, 40));
    const error = await refusal(dataDir);
    assert.match(error.message, /sandbox\.json: not valid JSON/);
    assert.match(error.message, /delete it, and the sandbox generates new credentials/);
    assert.equal(readFileSync(meta, 'utf8'), original.slice(0, 40), 'not regenerated');

    rmSync(meta);
    const again = await startHarness({ memory: false, dataDir });
    const ids = (await again.call('GET', '/svc/apis')).body.map((a: any) => a.api_id);
    await again.close();
    assert.ok(ids.includes('petstore-renamed'));
    assert.ok(!ids.includes(SEED_API_IDS.petstoreClassic), 'the seed did not run again over the data');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a journal record left by a crash is finished on start; a damaged one refuses the start', async () => {
  const dataDir = await folderWithPolicies();
  try {
    // What a crash after the journal write and before the record files leaves: beta renamed to gamma.
    const { sha256, encodeRecord } = await import('../../../sandbox/src/store/recordFile.js');
    const changes = [
      { file: `policies/${fileNameFor('beta')}`, content: null },
      { file: `policies/${fileNameFor('gamma')}`, content: encodeRecord({ id: 'gamma', name: 'Gamma', rate: 3 }) },
    ];
    mkdirSync(join(dataDir, 'journal'));
    const journal = join(dataDir, 'journal', '000000000000001-x.json');
    writeFileSync(journal, JSON.stringify({ version: 1, sha256: sha256(JSON.stringify(changes)), changes }));
    const logs: string[] = [];
    const h = await startHarness({ memory: false, dataDir, seed: false, log: (l) => logs.push(l) });
    const ids = (await h.call('GET', '/svc/policies')).body.map((p: any) => p.id).sort();
    await h.close();
    assert.deepEqual(ids, ['alpha', 'gamma']);
    assert.deepEqual(readdirSync(join(dataDir, 'journal')), []);
    assert.ok(logs.some((l) => /finished 1 interrupted multi-file write/.test(l)));

    const escaping = [{ file: '../outside.json', content: '{}' }];
    writeFileSync(journal, JSON.stringify({ version: 1, sha256: sha256(JSON.stringify(escaping)), changes: escaping }));
    assert.match((await refusal(dataDir)).message, /journal\/000000000000001-x\.json: the journal names a file outside the record folders/);
    writeFileSync(journal, JSON.stringify({ version: 1, sha256: 'bad', changes }));
    assert.match((await refusal(dataDir)).message, /the checksum does not match the content/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test(
  'the data folder is private: created 0700 with files 0600; a folder others can read is fixed with a warning',
  { skip: process.platform === 'win32' },
  async () => {
    const parent = tempDir();
    const dataDir = join(parent, 'data');
    try {
      const h = await startHarness({ memory: false, dataDir, seed: false });
      assert.equal((await h.call('POST', '/svc/policies', { body: { id: 'alpha' } })).status, 200);
      await h.close();
      assert.equal(statSync(dataDir).mode & 0o777, 0o700);
      assert.equal(statSync(join(dataDir, 'policies')).mode & 0o777, 0o700);
      assert.equal(statSync(policyFile(dataDir, 'alpha')).mode & 0o777, 0o600);
      assert.equal(statSync(join(dataDir, 'sandbox.json')).mode & 0o777, 0o600);

      chmodSync(dataDir, 0o755);
      chmodSync(join(dataDir, 'policies'), 0o755);
      const logs: string[] = [];
      const again = await startHarness({ memory: false, dataDir, seed: false, log: (l) => logs.push(l) });
      await again.close();
      assert.equal(statSync(dataDir).mode & 0o777, 0o700);
      assert.equal(statSync(join(dataDir, 'policies')).mode & 0o777, 0o700);
      assert.ok(
        logs.some((l) => /warning: the data folder was readable by other users.*\(was 0755\)/.test(l)),
        logs.join('\n'),
      );
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  },
);
