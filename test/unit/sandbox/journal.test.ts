// The journal of multi-file writes, called directly: a batch of changes reaches every record file
// or none, an interrupted batch is finished on the next start in the order it was written, and a
// journal record that is damaged or names a file outside the record folders refuses the start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOURNAL_DIR, JournaledBatch, replayJournal } from '../../../sandbox/src/store/batch.js';
import { DataDamagedError } from '../../../sandbox/src/store/damage.js';
import { encodeRecord, sha256 } from '../../../sandbox/src/store/recordFile.js';
import { fileNameFor, SNAPSHOT_FILE } from '../../../sandbox/src/store/collection.js';
import { SandboxState } from '../../../sandbox/src/store/state.js';

const COLLECTIONS = ['apis', 'policies'];
const tempDir = () => mkdtempSync(join(tmpdir(), 'svc-journal-'));
type Change = { file: string; content: string | null };

function writeRecord(dataDir: string, name: string, changes: unknown, extra: Record<string, unknown> = {}): string {
  mkdirSync(join(dataDir, JOURNAL_DIR), { recursive: true });
  const path = join(dataDir, JOURNAL_DIR, name);
  writeFileSync(path, JSON.stringify({ version: 1, sha256: sha256(JSON.stringify(changes)), changes, ...extra }));
  return path;
}

async function inFolder(run: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = tempDir();
  try {
    await run(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const policy = (id: string) => `policies/${fileNameFor(id)}`;

test('no journal folder, or an empty one: nothing to finish and nothing logged', async () => {
  await inFolder(async (dataDir) => {
    const logs: string[] = [];
    assert.equal(await replayJournal(dataDir, COLLECTIONS, (l) => logs.push(l)), 0);
    mkdirSync(join(dataDir, JOURNAL_DIR));
    assert.equal(await replayJournal(dataDir, COLLECTIONS, (l) => logs.push(l)), 0);
    assert.deepEqual(logs, []);
  });
});

test('interrupted batches are finished in the order they were written (the later content wins), each removed, with one log line', async () => {
  await inFolder(async (dataDir) => {
    mkdirSync(join(dataDir, 'policies'));
    writeFileSync(join(dataDir, policy('old')), encodeRecord({ id: 'old' }));
    const second: Change[] = [{ file: policy('a'), content: encodeRecord({ id: 'a', v: 2 }) }];
    const first: Change[] = [
      { file: policy('a'), content: encodeRecord({ id: 'a', v: 1 }) },
      { file: policy('old'), content: null },
      { file: `apis/${fileNameFor('x')}`, content: encodeRecord({ id: 'x' }) },
    ];
    writeRecord(dataDir, '000000000000002-b.json', second);
    writeRecord(dataDir, '000000000000001-a.json', first);
    writeFileSync(join(dataDir, JOURNAL_DIR, '.000000000000003-c.json.123.abcd.tmp'), '{"version":1,"changes":[{"file":"../x"');
    writeFileSync(join(dataDir, JOURNAL_DIR, 'notes.txt'), 'kept');
    const logs: string[] = [];
    assert.equal(await replayJournal(dataDir, COLLECTIONS, (l) => logs.push(l)), 2);
    assert.equal(readFileSync(join(dataDir, policy('a')), 'utf8'), encodeRecord({ id: 'a', v: 2 }));
    assert.equal(existsSync(join(dataDir, policy('old'))), false);
    assert.equal(readFileSync(join(dataDir, 'apis', fileNameFor('x')), 'utf8'), encodeRecord({ id: 'x' }), 'a missing record folder is created');
    assert.deepEqual(readdirSync(join(dataDir, JOURNAL_DIR)), ['notes.txt'], 'the records and the half-written one are gone');
    assert.deepEqual(logs, ['[store] finished 2 interrupted multi-file write(s) from the journal']);
    assert.equal(await replayJournal(dataDir, COLLECTIONS, (l) => logs.push(l)), 0, 'finished once');
  });
});

for (const [what, content, reason] of [
  ['not JSON', '{"version":1,', /the journal record is not valid JSON: /],
  ['null', 'null', /the journal record has an unknown format/],
  ['of another version', JSON.stringify({ version: 2, sha256: sha256('[]'), changes: [] }), /the journal record has an unknown format/],
  ['without a list of changes', JSON.stringify({ version: 1, sha256: sha256('{}'), changes: {} }), /the journal record has an unknown format/],
  [
    'with a wrong checksum',
    JSON.stringify({ version: 1, sha256: sha256('[]'), changes: [{ file: 'policies/a-0123456789ab.json', content: null }] }),
    /the checksum does not match/,
  ],
] as const) {
  test(`a journal record ${what} refuses the start, naming it; nothing is changed`, async () => {
    await inFolder(async (dataDir) => {
      mkdirSync(join(dataDir, JOURNAL_DIR));
      writeFileSync(join(dataDir, JOURNAL_DIR, '000000000000001-x.json'), content);
      await assert.rejects(
        replayJournal(dataDir, COLLECTIONS, () => undefined),
        (e: unknown) =>
          e instanceof DataDamagedError &&
          e.files.length === 1 &&
          e.files[0].file === 'journal/000000000000001-x.json' &&
          reason.test(e.files[0].reason) &&
          /To recover: restore the file from a backup, or delete it .* is then lost or half applied\)\. Nothing in the folder was changed\.$/.test(e.message),
      );
      assert.deepEqual(readdirSync(join(dataDir, JOURNAL_DIR)), ['000000000000001-x.json']);
    });
  });
}

test('a journal record naming a file outside the record folders, or content that is not text, refuses the start', async () => {
  const hash = '0123456789ab';
  const refused: Array<[unknown, RegExp]> = [
    [{ file: `../policies/a-${hash}.json`, content: null }, /outside the record folders: "\.\.\/policies/],
    [{ file: `secrets/a-${hash}.json`, content: null }, /outside the record folders: "secrets\//],
    [{ file: `policies/sub/a-${hash}.json`, content: null }, /outside the record folders/],
    [{ file: `policies/a-${hash}.json.bak`, content: null }, /outside the record folders/],
    [{ file: `policies/${'r'.repeat(49)}-${hash}.json`, content: null }, /outside the record folders/],
    [{ file: `policies/a-${hash.toUpperCase()}.json`, content: null }, /outside the record folders/],
    [{ file: `xpolicies/a-${hash}.json`, content: null }, /outside the record folders/],
    [{ content: null }, /outside the record folders: undefined/],
    [null, /outside the record folders: undefined/],
    [{ file: `policies/a-${hash}.json`, content: 5 }, /the journal record has an unknown format/],
    [{ file: `policies/a-${hash}.json` }, /the journal record has an unknown format/],
  ];
  for (const [change, reason] of refused) {
    await inFolder(async (dataDir) => {
      writeRecord(dataDir, '000000000000001-x.json', [{ file: `policies/b-${hash}.json`, content: 'kept?' }, change]);
      await assert.rejects(
        replayJournal(dataDir, COLLECTIONS, () => undefined),
        (e: unknown) => e instanceof DataDamagedError && reason.test(e.files[0].reason),
        JSON.stringify(change),
      );
      assert.equal(existsSync(join(dataDir, 'policies')), false, 'no change of the record was applied');
    });
  }
  for (const file of [`policies/${'r'.repeat(48)}-${hash}.json`, `policies/-${hash}.json`, `apis/A_b-9-${hash}.json`]) {
    await inFolder(async (dataDir) => {
      writeRecord(dataDir, '000000000000001-x.json', [{ file, content: 'text' }]);
      assert.equal(await replayJournal(dataDir, COLLECTIONS, () => undefined), 1, file);
      assert.equal(readFileSync(join(dataDir, ...file.split('/')), 'utf8'), 'text');
    });
  }
});

test('a batch of several changes reaches every record file together, through the journal, which is then empty; the snapshot goes first', async () => {
  await inFolder(async (dataDir) => {
    const state = new SandboxState(dataDir, () => undefined);
    await state.load();
    await state.policies.set('alpha', { id: 'alpha' });
    await state.saveSnapshots();
    assert.ok(existsSync(join(dataDir, 'policies', SNAPSHOT_FILE)));
    const settled = state.atomically(() => [
      state.policies.delete('alpha'),
      state.policies.set('beta', { id: 'beta' }),
      state.apis.set('x', { id: 'x' } as never),
    ]);
    await Promise.all(settled);
    assert.equal(existsSync(join(dataDir, 'policies', fileNameFor('alpha'))), false);
    assert.equal(readFileSync(join(dataDir, 'policies', fileNameFor('beta')), 'utf8'), encodeRecord({ id: 'beta' }));
    assert.equal(readFileSync(join(dataDir, 'apis', fileNameFor('x')), 'utf8'), encodeRecord({ id: 'x' }));
    assert.deepEqual(readdirSync(join(dataDir, JOURNAL_DIR)), []);
    assert.equal(existsSync(join(dataDir, 'policies', SNAPSHOT_FILE)), false);
    assert.equal(existsSync(join(dataDir, 'apis', SNAPSHOT_FILE)), false);

    const again = new SandboxState(dataDir, () => undefined);
    await again.load();
    assert.deepEqual(again.policies.values(), [{ id: 'beta' }]);
    assert.deepEqual(again.apis.values(), [{ id: 'x' }]);
  });
});

test('a batch of one change is a plain write (no journal); an empty batch settles at once; nested batches join the outer one', async () => {
  await inFolder(async (dataDir) => {
    const state = new SandboxState(dataDir, () => undefined);
    await state.load();
    await state.atomically(() => state.policies.set('one', { id: 'one' }));
    assert.equal(readFileSync(join(dataDir, 'policies', fileNameFor('one')), 'utf8'), encodeRecord({ id: 'one' }));
    assert.equal(existsSync(join(dataDir, JOURNAL_DIR)), false);
    assert.equal(
      state.atomically(() => 'nothing changed'),
      'nothing changed',
    );
    const both = state.atomically(() => [state.policies.set('two', { id: 'two' }), state.atomically(() => state.policies.set('three', { id: 'three' }))]);
    await Promise.all(both);
    assert.equal(existsSync(join(dataDir, JOURNAL_DIR)), true, 'the inner change joined the outer batch of two');
    assert.deepEqual(readdirSync(join(dataDir, JOURNAL_DIR)), []);
  });
});

test('a change the same batch makes twice is written once, with its last content', async () => {
  await inFolder(async (dataDir) => {
    const state = new SandboxState(dataDir, () => undefined);
    await state.load();
    await Promise.all(
      state.atomically(() => [state.policies.set('a', { id: 'a', v: 1 }), state.policies.set('b', { id: 'b' }), state.policies.set('a', { id: 'a', v: 2 })]),
    );
    assert.equal(readFileSync(join(dataDir, 'policies', fileNameFor('a')), 'utf8'), encodeRecord({ id: 'a', v: 2 }));
  });
});

test('a batch whose record write fails keeps its journal record (a deletion noted as null), and the next start finishes it', async () => {
  await inFolder(async (dataDir) => {
    const state = new SandboxState(dataDir, () => undefined);
    await state.load();
    await state.policies.set('a', { id: 'a' });
    const blocked = join(dataDir, 'policies', fileNameFor('c'));
    mkdirSync(join(blocked, 'blocker'), { recursive: true });
    const results = await Promise.allSettled(state.atomically(() => [state.policies.delete('a'), state.policies.set('c', { id: 'c' })]));
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected'],
      'no change of the batch is acknowledged',
    );
    const [name] = readdirSync(join(dataDir, JOURNAL_DIR));
    assert.match(name, /^\d{15}-\d{20}-[0-9a-f]{8}\.json$/);
    const record = JSON.parse(readFileSync(join(dataDir, JOURNAL_DIR, name), 'utf8'));
    assert.deepEqual(record.changes, [
      { file: policy('a'), content: null },
      { file: policy('c'), content: encodeRecord({ id: 'c' }) },
    ]);
    assert.equal(record.version, 1);
    assert.equal(record.sha256, sha256(JSON.stringify(record.changes)));

    rmSync(blocked, { recursive: true });
    const logs: string[] = [];
    const next = new SandboxState(dataDir, (l) => logs.push(l));
    await next.load();
    assert.deepEqual(next.policies.values(), [{ id: 'c' }]);
    assert.deepEqual(readdirSync(join(dataDir, JOURNAL_DIR)), []);
    assert.deepEqual(logs, ['[store] finished 1 interrupted multi-file write(s) from the journal']);
  });
});

test('an empty batch writes no journal; a batch takes no change after it was committed', async () => {
  await inFolder(async (dataDir) => {
    const state = new SandboxState(dataDir, () => undefined);
    await state.load();
    state.atomically(() => undefined);
    await state.queue.drain();
    assert.equal(existsSync(join(dataDir, JOURNAL_DIR)), false);
    const batch = new JournaledBatch(dataDir, state.queue);
    batch.commit();
    assert.throws(() => batch.add(state.policies as never, 'x'), /a batch cannot take changes after it was committed/);
  });
});

test('a journal that cannot be listed (a file where the folder should be) refuses the start', async () => {
  await inFolder(async (dataDir) => {
    writeFileSync(join(dataDir, JOURNAL_DIR), 'not a folder');
    await assert.rejects(
      replayJournal(dataDir, COLLECTIONS, () => undefined),
      (e: NodeJS.ErrnoException) => e.code === 'ENOTDIR',
    );
  });
});

test('a batch holds every record file it changes in the write queue, so single writes of them wait for it', async () => {
  await inFolder(async (dataDir) => {
    const state = new SandboxState(dataDir, () => undefined);
    await state.load();
    const groups: string[][] = [];
    const scheduleGroup = state.queue.scheduleGroup.bind(state.queue);
    state.queue.scheduleGroup = (files, write) => {
      groups.push(files);
      return scheduleGroup(files, write);
    };
    await Promise.all(state.atomically(() => [state.policies.set('a', { id: 'a' }), state.apis.set('x', { id: 'x' } as never)]));
    assert.deepEqual(groups, [[state.policies.pathOf('a'), state.apis.pathOf('x')]]);
  });
});
