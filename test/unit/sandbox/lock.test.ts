// One sandbox per data folder: a second process refuses to start (exit 1, naming the holder),
// a second in-process start is refused too, a lock left by a dead process is taken over, a client
// can join the running sandbox instead, and no acknowledged write is lost on the way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir, hostname } from 'node:os';
import { join } from 'node:path';
import { startSandbox, joinOrStartSandbox, DataDirLockedError } from '../../../sandbox/src/index.js';
import { startHarness } from './helpers.js';

const repoRoot = join(__dirname, '..', '..', '..');
const tempDir = () => mkdtempSync(join(tmpdir(), 'svc-lock-'));
/** The highest lock generation's content (the current or last holder). */
const lockOf = (dir: string) => {
  const names = readdirSync(join(dir, 'sandbox.lock.d'))
    .filter((n) => /^\d+\.json$/.test(n))
    .sort();
  return JSON.parse(readFileSync(join(dir, 'sandbox.lock.d', names[names.length - 1]), 'utf8'));
};

function runCli(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', '--data', dataDir, '--port', '0'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<{ url: string; secret: string }>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const secret = /X-Svc-Authorization: (\S+)/.exec(out)?.[1];
      if (url && secret) resolve({ url, secret });
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${err}`)));
  });
  listening.catch(() => undefined);
  return { child, exited, listening, stderr: () => err };
}

test('a second sandbox process on the same folder exits 1 naming the holder; the first keeps every write', async () => {
  const dataDir = tempDir();
  const first = runCli(dataDir);
  try {
    const { url, secret } = await first.listening;
    const post = (id: string) =>
      fetch(`${url}/svc/policies`, { method: 'POST', headers: { 'X-Svc-Authorization': secret }, body: JSON.stringify({ id, name: id }) });
    assert.equal((await post('before-second')).status, 200);
    const second = runCli(dataDir);
    assert.equal(await second.exited, 1);
    assert.match(second.stderr(), new RegExp(`in use by sandbox process ${first.child.pid} on ${hostname()} at ${url.replace(/[.]/g, '\\.')}`));
    assert.equal((await post('after-second')).status, 200);
    first.child.kill('SIGTERM');
    assert.equal(await first.exited, 0);
    assert.ok(lockOf(dataDir).releasedAt, 'a clean stop releases the lock');
    const again = await startHarness({ memory: false, dataDir });
    const ids = (await again.call('GET', '/svc/policies')).body.map((p: any) => p.id);
    await again.close();
    assert.ok(ids.includes('before-second') && ids.includes('after-second'), 'no acknowledged write lost');
  } finally {
    first.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('in one process a second start on the folder is refused; after close it starts', async () => {
  const dataDir = tempDir();
  try {
    const a = await startSandbox({ dataDir, seed: false });
    await assert.rejects(startSandbox({ dataDir, seed: false }), (error: unknown) => {
      assert.ok(error instanceof DataDirLockedError);
      assert.equal(error.holder?.pid, process.pid);
      assert.equal(error.holder?.url, a.url);
      return true;
    });
    await a.close();
    const b = await startSandbox({ dataDir, seed: false });
    assert.equal(lockOf(dataDir).url, b.url);
    await b.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a lock whose process is gone is taken over', async () => {
  const dataDir = tempDir();
  try {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(dead.stdout);
    mkdirSync(join(dataDir, 'sandbox.lock.d'));
    writeFileSync(
      join(dataDir, 'sandbox.lock.d', '00000007.json'),
      JSON.stringify({ pid: deadPid, hostname: hostname(), startedAt: '2020-01-01T00:00:00.000Z', url: 'http://127.0.0.1:1' }),
    );
    // A lock file of an earlier version whose process is gone does not count either.
    writeFileSync(join(dataDir, 'sandbox.lock'), JSON.stringify({ pid: deadPid, hostname: hostname(), startedAt: '2020-01-01T00:00:00.000Z' }));
    const sandbox = await startSandbox({ dataDir, seed: false });
    assert.equal(lockOf(dataDir).pid, process.pid);
    assert.deepEqual(
      readdirSync(join(dataDir, 'sandbox.lock.d')).filter((n) => n.endsWith('.json')),
      ['00000008.json'],
      'the next generation, the stale one cleaned up',
    );
    await sandbox.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('joinOrStartSandbox uses the running sandbox of the folder (same URL, same data) instead of a second writer', async () => {
  const dataDir = tempDir();
  try {
    const owner = await joinOrStartSandbox({ dataDir, seed: false });
    assert.equal(owner.joined, false);
    const guest = await joinOrStartSandbox({ dataDir, seed: false });
    assert.equal(guest.joined, true);
    assert.equal(guest.url, owner.url);
    assert.deepEqual(guest.credentials, owner.credentials);
    const write = await fetch(`${guest.url}/svc/policies`, {
      method: 'POST',
      headers: { 'X-Svc-Authorization': guest.credentials.gatewaySecret },
      body: '{"id":"via-guest"}',
    });
    assert.equal(write.status, 200);
    await guest.close(); // does not stop the owner's sandbox
    const read = await fetch(`${owner.url}/svc/policies/via-guest`, { headers: { 'X-Svc-Authorization': owner.credentials.gatewaySecret } });
    assert.equal(read.status, 200);
    await owner.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('two windows: two LocalSandbox instances on one data folder share one sandbox', async () => {
  const { LocalSandbox } = await import('../../../client/src/environments/localSandbox.js');
  const dataDir = tempDir();
  const quiet = () => undefined;
  const log = { info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet };
  const first = new LocalSandbox(joinOrStartSandbox, dataDir, log);
  const second = new LocalSandbox(joinOrStartSandbox, dataDir, log);
  try {
    const a = await first.ensureStarted();
    const b = await second.ensureStarted();
    assert.equal(b.url, a.url);
    assert.equal(second.environment().dashboardUrl, a.url);
    assert.deepEqual(b.credentials, a.credentials);
  } finally {
    await second.stop();
    await first.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
