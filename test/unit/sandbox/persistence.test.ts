// Persistence: restart from the data folder, credentials per folder, a SIGKILL in the middle of
// a burst of writes (every acknowledged write survives, no torn file), and 1,000 concurrent
// mixed requests without a lost write.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHarness } from './helpers.js';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids.js';

const repoRoot = join(__dirname, '..', '..', '..');
const tempDir = () => mkdtempSync(join(tmpdir(), 'svc-sandbox-test-'));

test('data and credentials survive a restart; the seed runs only once', async () => {
  const dataDir = tempDir();
  try {
    const first = await startHarness({ memory: false, dataDir });
    await first.call('POST', '/svc/policies', { body: { id: 'kept-policy', name: 'Kept' } });
    await first.call('POST', '/api/keys/kept-key', { body: { quota_max: 7 } });
    const def = (await first.call('GET', `/svc/apis/${SEED_API_IDS.weatherClassic}`)).body;
    await first.call('PUT', `/svc/apis/${SEED_API_IDS.weatherClassic}`, { body: { ...def, name: 'Stored only' } });
    const credentials = first.credentials;
    await first.close();

    const metaMode = readdirSync(dataDir).includes('sandbox.json');
    assert.ok(metaMode);
    const second = await startHarness({ memory: false, dataDir });
    assert.deepEqual(second.credentials, credentials);
    assert.equal((await second.call('GET', '/svc/policies')).body.filter((p: any) => p.id === 'kept-policy').length, 1);
    assert.equal((await second.call('GET', '/api/apis/-/keys/kept-key')).body.data.quota_max, 7);
    const stored = await second.call('GET', `/svc/apis/${SEED_API_IDS.weatherClassic}`);
    assert.equal(stored.body.name, 'Stored only');
    assert.equal(stored.headers.get('x-svc-reload-pending'), 'true', 'still waiting for a reload after restart');
    assert.equal((await second.call('GET', '/api/hooks?p=-1')).body.hooks.length, 12, 'not seeded twice');
    await second.close();

    const given = await startHarness({ memory: false, dataDir, credentials: { adminSecret: 'given-admin' } });
    assert.equal(given.credentials.adminSecret, 'given-admin');
    assert.equal(given.credentials.gatewaySecret, credentials.gatewaySecret);
    await given.close();
    assert.ok(!readFileSync(join(dataDir, 'sandbox.json'), 'utf8').includes('given-admin'), 'given credentials are not stored');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Starts the CLI from the sources and resolves with its URL and gateway secret. */
function startCli(dataDir: string): Promise<{ child: ReturnType<typeof spawn>; url: string; secret: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', '--data', dataDir, '--port', '0'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const secret = /X-Svc-Authorization: (\S+)/.exec(out)?.[1];
      if (url && secret) resolve({ child, url, secret });
    });
    child.once('exit', (code) => reject(new Error(`CLI exited early (${code}): ${out}`)));
  });
}

test('after SIGKILL during a burst of writes every acknowledged write is on disk', async () => {
  const dataDir = tempDir();
  try {
    const { child, url, secret } = await startCli(dataDir);
    const acknowledged: string[] = [];
    let killed = false;
    const writes = Array.from({ length: 400 }, async (_, i) => {
      const id = `burst-${i}`;
      try {
        const r = await fetch(`${url}/svc/policies`, {
          method: 'POST',
          headers: { 'X-Svc-Authorization': secret },
          body: JSON.stringify({ id, name: `Burst ${i}`, rate: i }),
        });
        if (r.status === 200) acknowledged.push(id);
        if (acknowledged.length >= 100 && !killed) {
          killed = true;
          child.kill('SIGKILL');
        }
      } catch {
        // the connection died with the process: not acknowledged
      }
    });
    await Promise.all(writes);
    if (!killed) child.kill('SIGKILL');
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once('exit', resolve)));
    assert.ok(acknowledged.length >= 100);

    const problems: string[] = [];
    const again = await startHarness({ memory: false, dataDir, log: (line) => line.includes('unreadable') && problems.push(line) });
    const ids = new Set((await again.call('GET', '/svc/policies')).body.map((p: any) => p.id));
    await again.close();
    const lost = acknowledged.filter((id) => !ids.has(id));
    assert.deepEqual(lost, [], 'acknowledged writes lost');
    assert.deepEqual(problems, [], 'torn files');
    assert.ok(!readdirSync(join(dataDir, 'policies')).some((f) => f.endsWith('.tmp')), 'temp files cleaned on load');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('CLI stops cleanly on SIGTERM', async () => {
  const dataDir = tempDir();
  try {
    const { child } = await startCli(dataDir);
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exit, 0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('1,000 concurrent mixed requests lose no write (memory and disk agree)', async () => {
  const dataDir = tempDir();
  try {
    const h = await startHarness({ memory: false, dataDir });
    const api = SEED_API_IDS.petstoreClassic;
    const requests: Array<Promise<{ status: number }>> = [];
    for (let i = 0; i < 1000; i++) {
      const kind = i % 5;
      if (kind === 0) requests.push(h.call('POST', '/svc/policies', { body: { id: `load-${i}`, name: `Load ${i}` } }));
      else if (kind === 1) requests.push(h.call('POST', `/api/keys/load-key-${i}`, { body: { quota_max: i } }));
      else if (kind === 2) requests.push(h.call('PUT', '/svc/policies/gold-plan', { body: { id: 'gold-plan', name: `Gold ${i}`, rate: i } }));
      else if (kind === 3)
        requests.push(
          h.call('POST', '/api/users', { body: { first_name: 'L', last_name: `${i}`, email_address: `load${i}@example.com`, user_permissions: {} } }),
        );
      else requests.push(h.call('GET', i % 2 ? '/api/keys?p=1' : `/api/apis/${api}`));
    }
    const answers = await Promise.all(requests);
    assert.deepEqual(
      answers.filter((a) => a.status !== 200).map((a) => a.status),
      [],
    );

    const check = async (target: typeof h) => {
      const policies = (await target.call('GET', '/svc/policies')).body;
      assert.equal(policies.filter((p: any) => String(p.id).startsWith('load-')).length, 200);
      const keys = (await target.call('GET', '/api/keys')).body.data.keys;
      assert.equal(keys.filter((k: string) => k.startsWith('load-key-')).length, 200);
      const users = (await target.call('GET', '/api/users')).body.users;
      assert.equal(users.filter((u: any) => String(u.email_address).startsWith('load')).length, 200);
      return policies.find((p: any) => p.id === 'gold-plan').name;
    };
    const lastName = await check(h);
    await h.close();
    const again = await startHarness({ memory: false, dataDir });
    assert.equal(await check(again), lastName, 'the file holds the newest of the concurrent updates');
    await again.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
