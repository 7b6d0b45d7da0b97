// The sandbox's files, called directly (no server): a record file is read back only when whole and
// unchanged, sandbox.json's credentials are never half taken, damage is reported file by file,
// the folder is made private, writes are atomic, and the default folder follows the platform.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeRecord, encodeRecord, RECORD_FORMAT, sha256 } from '../../../sandbox/src/store/recordFile.js';
import { DataDamagedError } from '../../../sandbox/src/store/damage.js';
import { SandboxState } from '../../../sandbox/src/store/state.js';
import { fileNameFor, SNAPSHOT_FILE } from '../../../sandbox/src/store/collection.js';
import { securePermissions } from '../../../sandbox/src/store/permissions.js';
import { syncDirectory, writeFileAtomic } from '../../../sandbox/src/store/atomicFile.js';
import { defaultDataDir } from '../../../sandbox/src/store/dataDir.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'svc-store-files-'));

test('a record file round-trips: pretty-printed, checksummed, ending in a newline', () => {
  const record = { id: 'alpha', rate: 1, nested: { a: [1, 2] } };
  const text = encodeRecord(record);
  assert.ok(text.endsWith('}\n'));
  assert.deepEqual(JSON.parse(text), { [RECORD_FORMAT]: 1, sha256: sha256(JSON.stringify(record)), record });
  assert.match(text, /^\{\n {2}"svc-sandbox-record": 1,\n/);
  assert.deepEqual(decodeRecord(text), record);
  assert.equal(sha256('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

test('a record file that is empty, blank, not JSON, not an object, of another format or edited is refused with the reason', () => {
  const good = encodeRecord({ id: 'alpha' });
  for (const [text, reason] of [
    ['', /^the file is empty$/],
    [' \n\t', /^the file is empty$/],
    [good.slice(0, 20), /^the file is not valid JSON \(truncated\?\): /],
    ['null', /^the file does not hold a JSON object$/],
    ['[1]', /^the file does not hold a JSON object$/],
    ['"text"', /^the file does not hold a JSON object$/],
    [JSON.stringify({ [RECORD_FORMAT]: 2, sha256: sha256('{}'), record: {} }), /^unknown record format 2$/],
    [good.replace('"alpha"', '"alphb"'), /^the checksum does not match the content \(the file was changed or damaged\)$/],
  ] as const) {
    assert.throws(
      () => decodeRecord(text),
      (error: Error) => reason.test(error.message),
      JSON.stringify(text),
    );
  }
  assert.deepEqual(decodeRecord('{"id":"bare"}'), { id: 'bare' }, 'a bare record of an earlier version is still read');
});

test('damage lists at most ten files, then how many more, then the advice', () => {
  const files = (n: number) => Array.from({ length: n }, (_, i) => ({ file: `apis/f${i}.json`, reason: `r${i}` }));
  const ten = new DataDamagedError('/data', files(10));
  assert.match(ten.message, /^the data folder \/data holds damaged data; the sandbox does not start on it:\n {2}\/data\/apis\/f0\.json: r0\n/);
  assert.match(ten.message, /f9\.json: r9\nTo recover: restore the file from a backup/);
  assert.doesNotMatch(ten.message, /more/);
  const twelve = new DataDamagedError('/data', files(12), 'Advice.');
  assert.match(twelve.message, /f9\.json: r9\n {2}… and 2 more\nAdvice\.$/);
  assert.doesNotMatch(twelve.message, /f10\.json/);
  assert.equal(twelve.files.length, 12);
  assert.equal(twelve.dataDir, '/data');
});

const credentials = { gatewaySecret: 'g', dashboardToken: 'd', adminSecret: 'a' };

async function loadMeta(content: string | undefined): Promise<SandboxState> {
  const dataDir = tempDir();
  try {
    if (content !== undefined) writeFileSync(join(dataDir, 'sandbox.json'), content);
    const state = new SandboxState(dataDir, () => undefined);
    await state.load();
    return state;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('sandbox.json: a whole file gives its credentials; a missing one starts fresh', async () => {
  assert.deepEqual((await loadMeta(JSON.stringify({ version: 1, seededAt: 'x', credentials }))).meta, { version: 1, seededAt: 'x', credentials });
  assert.deepEqual((await loadMeta(JSON.stringify({ version: 1 }))).meta, { version: 1 });
  assert.deepEqual((await loadMeta(undefined)).meta, { version: 1 });
});

test('sandbox.json that is not JSON, of another version or with incomplete credentials refuses the start (never new credentials)', async () => {
  for (const [content, reason] of [
    ['{"version":', /sandbox\.json: not valid JSON \(truncated\?\)/],
    ['null', /sandbox\.json: not a sandbox\.json of a known version/],
    ['"v1"', /sandbox\.json: not a sandbox\.json of a known version/],
    [JSON.stringify({ version: 2, credentials }), /not a sandbox\.json of a known version/],
    [JSON.stringify({ version: 1, credentials: null }), /sandbox\.json: its credentials are incomplete/],
    [JSON.stringify({ version: 1, credentials: 'g' }), /its credentials are incomplete/],
    [JSON.stringify({ version: 1, credentials: { ...credentials, gatewaySecret: '' } }), /its credentials are incomplete/],
    [JSON.stringify({ version: 1, credentials: { ...credentials, dashboardToken: 5 } }), /its credentials are incomplete/],
    [JSON.stringify({ version: 1, credentials: { gatewaySecret: 'g', dashboardToken: 'd' } }), /its credentials are incomplete/],
  ] as const) {
    await assert.rejects(
      loadMeta(content),
      (error: unknown) => error instanceof DataDamagedError && reason.test(error.message) && /restore sandbox\.json from a backup/.test(error.message),
      content,
    );
  }
});

test('the credentials are saved readable by the owner only, and read back on the next start', { skip: process.platform === 'win32' }, async () => {
  const dataDir = tempDir();
  try {
    const state = new SandboxState(dataDir, () => undefined);
    await state.load();
    state.meta = { version: 1, credentials };
    await state.saveMeta();
    assert.equal(statSync(join(dataDir, 'sandbox.json')).mode & 0o777, 0o600);
    assert.equal(readFileSync(join(dataDir, 'sandbox.json'), 'utf8'), JSON.stringify(state.meta, null, 2) + '\n');
    const again = new SandboxState(dataDir, () => undefined);
    await again.load();
    assert.deepEqual(again.meta.credentials, credentials);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a sandbox in memory touches no folder: load, saveMeta, snapshots and atomically just run', async () => {
  const state = new SandboxState(undefined, () => undefined);
  await state.load();
  await state.saveMeta();
  await state.saveSnapshots();
  assert.equal(state.isEmpty(), true);
  const result = state.atomically(() => {
    void state.policies.set('p', { id: 'p' });
    return 'done';
  });
  assert.equal(result, 'done');
  assert.equal(state.isEmpty(), false);
  assert.equal(state.collections.length, 9);
});

test(
  'a data folder others can read is made private with one warning naming each fixed path and its old mode',
  { skip: process.platform === 'win32' },
  async () => {
    const dataDir = tempDir();
    try {
      mkdirSync(join(dataDir, 'policies'), { mode: 0o755 });
      mkdirSync(join(dataDir, 'keys'), { mode: 0o700 });
      chmodSync(join(dataDir, 'policies'), 0o750);
      chmodSync(dataDir, 0o700);
      writeFileSync(join(dataDir, 'sandbox.json'), '{}', { mode: 0o644 });
      chmodSync(join(dataDir, 'sandbox.json'), 0o644);
      const logs: string[] = [];
      await securePermissions(dataDir, (l) => logs.push(l));
      assert.equal(statSync(join(dataDir, 'policies')).mode & 0o777, 0o700);
      assert.equal(statSync(join(dataDir, 'sandbox.json')).mode & 0o777, 0o600);
      assert.equal(logs.length, 1);
      assert.equal(
        logs[0],
        `[store] warning: the data folder was readable by other users; made it readable by its owner only: ${join(dataDir, 'policies')} (was 0750), ${join(dataDir, 'sandbox.json')} (was 0644)`,
      );
      const quiet: string[] = [];
      await securePermissions(dataDir, (l) => quiet.push(l));
      assert.deepEqual(quiet, [], 'a private folder: nothing to say');
      chmodSync(join(dataDir, 'sandbox.json'), 0o604);
      const later: string[] = [];
      await securePermissions(dataDir, (l) => later.push(l));
      assert.equal(statSync(join(dataDir, 'sandbox.json')).mode & 0o777, 0o600, 'readable by others only, not the group: still fixed');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);

test('an atomic write leaves only the target (mode 0600 by default) and, when the rename fails, no temporary file', async () => {
  const dir = tempDir();
  try {
    const target = join(dir, 'a.json');
    await writeFileAtomic(target, 'one');
    await writeFileAtomic(target, 'two');
    assert.equal(readFileSync(target, 'utf8'), 'two');
    assert.deepEqual(readdirSync(dir), ['a.json']);
    if (process.platform !== 'win32') assert.equal(statSync(target).mode & 0o777, 0o600);
    const folder = join(dir, 'folder');
    mkdirSync(join(folder, 'inside'), { recursive: true });
    await assert.rejects(writeFileAtomic(folder, 'x'));
    assert.deepEqual(readdirSync(dir).sort(), ['a.json', 'folder']);
    await syncDirectory(join(dir, 'missing'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

function withPlatform<T>(platform: NodeJS.Platform, env: Record<string, string | undefined>, run: () => T): T {
  const saved = Object.getOwnPropertyDescriptor(process, 'platform')!;
  const savedEnv = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.defineProperty(process, 'platform', { value: platform });
  for (const [k, v] of Object.entries(env))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  try {
    return run();
  } finally {
    Object.defineProperty(process, 'platform', saved);
    for (const [k, v] of Object.entries(savedEnv))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

test('the default data folder is the platform cache folder', () => {
  assert.equal(withPlatform('linux', { XDG_CACHE_HOME: '/xdg' }, defaultDataDir), join('/xdg', 'svc-sandbox'));
  assert.equal(withPlatform('linux', { XDG_CACHE_HOME: undefined }, defaultDataDir), join(homedir(), '.cache', 'svc-sandbox'));
  assert.equal(withPlatform('linux', { XDG_CACHE_HOME: '' }, defaultDataDir), join(homedir(), '.cache', 'svc-sandbox'));
  assert.equal(withPlatform('darwin', { XDG_CACHE_HOME: '/xdg' }, defaultDataDir), join(homedir(), 'Library', 'Caches', 'svc-sandbox'));
  assert.equal(withPlatform('win32', { LOCALAPPDATA: '/local' }, defaultDataDir), join('/local', 'svc-sandbox'));
  assert.equal(withPlatform('win32', { LOCALAPPDATA: undefined }, defaultDataDir), join(homedir(), 'AppData', 'Local', 'svc-sandbox'));
});

test('every record folder, the journal and the lock folder are made private along with the data folder', { skip: process.platform === 'win32' }, async () => {
  const dataDir = tempDir();
  const subFolders = ['apis', 'keys', 'org-keys', 'policies', 'oauth-clients', 'users', 'webhooks', 'analytics', 'live-quotas', 'journal', 'sandbox.lock.d'];
  try {
    chmodSync(dataDir, 0o755);
    for (const name of subFolders) {
      mkdirSync(join(dataDir, name));
      chmodSync(join(dataDir, name), 0o755);
    }
    mkdirSync(join(dataDir, 'other'));
    chmodSync(join(dataDir, 'other'), 0o755);
    const logs: string[] = [];
    await securePermissions(dataDir, (l) => logs.push(l));
    for (const dir of [dataDir, ...subFolders.map((name) => join(dataDir, name))]) assert.equal(statSync(dir).mode & 0o777, 0o700, dir);
    assert.equal(statSync(join(dataDir, 'other')).mode & 0o777, 0o755, 'a folder the sandbox does not keep is left alone');
    assert.deepEqual(logs, [
      `[store] warning: the data folder was readable by other users; made it readable by its owner only: ${[dataDir, ...subFolders.map((name) => join(dataDir, name))].map((d) => `${d} (was 0755)`).join(', ')}`,
    ]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test(
  'a folder only its group or others can enter (mode 0701, 0710) is made private; 0700 and 0600 files inside are left alone',
  { skip: process.platform === 'win32' },
  async () => {
    const dataDir = tempDir();
    try {
      mkdirSync(join(dataDir, 'apis'));
      mkdirSync(join(dataDir, 'keys'));
      chmodSync(join(dataDir, 'apis'), 0o701);
      chmodSync(join(dataDir, 'keys'), 0o710);
      chmodSync(dataDir, 0o700);
      writeFileSync(join(dataDir, 'sandbox.json'), '{}');
      chmodSync(join(dataDir, 'sandbox.json'), 0o600);
      const logs: string[] = [];
      await securePermissions(dataDir, (l) => logs.push(l));
      assert.equal(statSync(join(dataDir, 'apis')).mode & 0o777, 0o700);
      assert.equal(statSync(join(dataDir, 'keys')).mode & 0o777, 0o700);
      assert.equal(statSync(join(dataDir, 'sandbox.json')).mode & 0o777, 0o600);
      assert.equal(logs.length, 1);
      assert.match(logs[0], /apis \(was 0701\), .*keys \(was 0710\)$/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);

test('on Windows (no POSIX modes) the data folder is left as it is, with nothing logged', { skip: process.platform === 'win32' }, async () => {
  const dataDir = tempDir();
  try {
    chmodSync(dataDir, 0o755);
    const logs: string[] = [];
    await withPlatform('win32', {}, () => securePermissions(dataDir, (l) => logs.push(l)));
    assert.equal(statSync(dataDir).mode & 0o777, 0o755);
    assert.deepEqual(logs, []);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('an atomic write and a folder sync leave no file open', { skip: !existsSync('/proc/self/fd') }, async () => {
  const dir = tempDir();
  try {
    const open = () => readdirSync('/proc/self/fd').length;
    const before = open();
    for (let i = 0; i < 3; i++) await writeFileAtomic(join(dir, 'a.json'), `content ${i} é`);
    await syncDirectory(dir);
    assert.equal(open(), before);
    assert.equal(readFileSync(join(dir, 'a.json'), 'utf8'), 'content 2 é');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('damage without advice of its own gives the default: the three ways to recover, and that nothing was changed', () => {
  const error = new DataDamagedError('/data', [{ file: 'apis/a.json', reason: 'the file is empty' }]);
  assert.ok(
    error.message.endsWith(
      '\n  /data/apis/a.json: the file is empty\nTo recover: restore the file from a backup; or move it out of the folder to start without that record ' +
        '(it is then lost); or start with another folder (--data DIR). Nothing in the folder was changed.',
    ),
    error.message,
  );
});

test('a record file that is not JSON keeps the parser error as the cause', () => {
  assert.throws(
    () => decodeRecord('{"id":'),
    (error: Error) => error.cause instanceof SyntaxError && error.message.endsWith((error.cause as Error).message),
  );
});

/** One record of each kind, with the folder it is kept in and the id it is addressed by. */
const EACH_KIND = [
  { folder: 'apis', id: 'api-1', record: { id: 'api-1', dbId: 'd' } },
  { folder: 'keys', id: 'key-1', record: { keyId: 'key-1', hash: 'h' } },
  { folder: 'org-keys', id: 'org-1', record: { orgId: 'org-1' } },
  { folder: 'policies', id: '7', record: { id: 7 } },
  { folder: 'oauth-clients', id: 'api-1/client-1', record: { api_id: 'api-1', client_id: 'client-1' } },
  { folder: 'users', id: '8', record: { id: 8 } },
  { folder: 'webhooks', id: '9', record: { id: 9 } },
  { folder: 'analytics', id: 'client-1', record: { clientId: 'client-1', records: [] } },
  { folder: 'live-quotas', id: 'quota-1', record: { id: 'quota-1', remaining: 1 } },
] as const;

test('every kind of record is kept in its own folder and read back on the next start under its own id', async () => {
  const dataDir = join(tempDir(), 'not', 'yet');
  try {
    const state = new SandboxState(dataDir, () => undefined);
    await state.load();
    if (process.platform !== 'win32') assert.equal(statSync(dataDir).mode & 0o777, 0o700, 'a new data folder is private');
    assert.deepEqual(
      state.collections.map((c) => c.name),
      EACH_KIND.map((k) => k.folder),
    );
    await Promise.all(EACH_KIND.map((k, i) => state.collections[i].set(k.id, k.record)));
    for (const k of EACH_KIND) assert.deepEqual(readdirSync(join(dataDir, k.folder)), [fileNameFor(k.id)], k.folder);
    const again = new SandboxState(dataDir, () => undefined);
    await again.load();
    assert.deepEqual(
      again.collections.map((c) => c.values()),
      EACH_KIND.map((k) => [k.record]),
    );
    EACH_KIND.forEach((k, i) => assert.equal(again.collections[i].has(k.id), true, k.folder));
    assert.equal(again.isEmpty(), false);
  } finally {
    rmSync(join(dataDir, '..', '..'), { recursive: true, force: true });
  }
});

test('a clean stop writes one snapshot in each record folder', async () => {
  const dataDir = tempDir();
  try {
    const state = new SandboxState(dataDir, () => undefined);
    await state.load();
    await state.saveSnapshots();
    for (const k of EACH_KIND) assert.deepEqual(readdirSync(join(dataDir, k.folder)), [SNAPSHOT_FILE], k.folder);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('damaged record files in several folders refuse the start together, each named; a sandbox.json that cannot be read does too', async () => {
  const dataDir = tempDir();
  try {
    const state = new SandboxState(dataDir, () => undefined);
    await state.load();
    writeFileSync(join(dataDir, 'keys', fileNameFor('k')), '');
    writeFileSync(join(dataDir, 'live-quotas', fileNameFor('q')), '{"id":');
    await assert.rejects(
      new SandboxState(dataDir, () => undefined).load(),
      (error: unknown) =>
        error instanceof DataDamagedError &&
        error.files
          .map((f) => f.file)
          .sort()
          .join() === [`keys/${fileNameFor('k')}`, `live-quotas/${fileNameFor('q')}`].join() &&
        /To recover: restore the file from a backup/.test(error.message),
    );
    rmSync(join(dataDir, 'keys'), { recursive: true });
    rmSync(join(dataDir, 'live-quotas'), { recursive: true });
    mkdirSync(join(dataDir, 'sandbox.json'));
    await assert.rejects(
      new SandboxState(dataDir, () => undefined).load(),
      (error: unknown) => error instanceof DataDamagedError && error.files[0].file === 'sandbox.json' && /EISDIR/.test(error.files[0].reason),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a damaged sandbox.json: the advice says how to recover (new credentials, records kept)', async () => {
  await assert.rejects(loadMeta('{"version":'), (error: unknown) => {
    assert.ok(error instanceof DataDamagedError);
    assert.ok(
      error.message.endsWith(
        '\nTo recover: restore sandbox.json from a backup; or delete it, and the sandbox generates new credentials on the next start ' +
          '(the records are kept and not seeded again); or start with another folder (--data DIR). Nothing in the folder was changed.',
      ),
      error.message,
    );
    return true;
  });
});
