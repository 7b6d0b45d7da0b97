// What `svc push` answers in the cases a pipeline relies on: its exit code tells a script whether
// anything is left to do (0), something was refused or failed (1), or the server moved (3).
// Over real HTTP against a sandbox; a proxy in front of it makes one send fail.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startCliWorld, type CliWorld } from './cliHarness';

const GOLD = 'svc/gold-plan.policy.json';
const SILVER = 'svc/silver-plan.policy.json';

/** A proxy to `target` that answers 500 to every PUT while `failPuts` is on. */
async function startFaultyProxy(target: string) {
  const state = { failPuts: false, putsRefused: 0 };
  const server = http.createServer((req, res) => {
    if (state.failPuts && req.method === 'PUT') {
      state.putsRefused++;
      req.resume();
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'error', message: 'Internal server error' }));
      return;
    }
    const upstream = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let w: CliWorld;
const policyOnServer = async (id: string) => (await w.client.listPolicies()).find((p) => p.id === id)!;
before(async () => {
  w = await startCliWorld();
  assert.equal((await w.svc(['pull', '--all'])).code, 0);
});
after(async () => w?.close());

describe('svc push: exit codes a pipeline relies on', () => {
  test('a change made only on the server leaves nothing to push: exit 0, and the server keeps its change', async () => {
    const policy = await w.readJson(GOLD);
    await w.client.updatePolicy(policy.id, { ...policy, rate: policy.rate + 7 });
    const run = await w.svc(['push', '--yes']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stderr + run.stdout, /Nothing to push/);
    assert.equal((await policyOnServer(policy.id)).rate, policy.rate + 7);
    // The file, unchanged here, is still behind the server: diff says so (exit 1), it was not a conflict.
    assert.equal((await w.svc(['diff', GOLD])).code, 1);
    assert.equal((await w.svc(['pull', GOLD])).code, 0);
  });

  test('a file only re-indented, whose resource changed on the server, is not pushed: the file is not rewritten either', async () => {
    // Its bytes differ from the pull, so the quick check lets it through; its value does not.
    const policy = await w.readJson(SILVER);
    await w.writeJson(SILVER, policy, 4);
    const text = await fs.readFile(path.join(w.dir, SILVER), 'utf8');
    await w.client.updatePolicy(policy.id, { ...policy, rate: policy.rate + 3 });
    const run = await w.svc(['push', '--yes']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stderr + run.stdout, /Nothing to push: no file changed since it was pulled/);
    assert.doesNotMatch(run.stdout, /merged/);
    assert.equal(await fs.readFile(path.join(w.dir, SILVER), 'utf8'), text, 'the file is as the user left it');
    assert.equal((await policyOnServer(policy.id)).rate, policy.rate + 3, 'the server keeps its change');
    assert.equal((await w.svc(['pull', SILVER])).code, 0);
  });

  test('a classic API the server lacks is refused (exit 1), not taken for a conflict, and nothing is sent', async () => {
    const classic = await w.readJson('svc/petstore-classic.classic.json');
    await w.writeJson('svc/brand-new.classic.json', {
      ...classic,
      api_id: 'brand-new-api',
      name: 'Brand new',
      proxy: { ...classic.proxy, listen_path: '/brand-new/' },
    });
    const run = await w.svc(['push', '--yes', 'svc/brand-new.classic.json']);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stderr, /does not exist on this environment/);
    assert.match(run.stderr, /nothing was pushed/);
    await assert.rejects(w.client.getClassicApi('brand-new-api'));
  });
});

describe('svc push: a send that fails', () => {
  test('one failed send among the planned ones fails the run (exit 1); the file stays changed for the next try', async () => {
    // A world of its own: its state knows the server only through the proxy.
    const world = await startCliWorld();
    const proxy = await startFaultyProxy(world.url);
    const policy = async (id: string) => (await world.client.listPolicies()).find((p) => p.id === id)!;
    try {
      const env = { ...world.env, SVC_DASHBOARD_URL: proxy.url };
      assert.equal((await world.svc(['pull', '--all'], { env })).code, 0);
      const silver = await world.readJson(SILVER);
      await world.writeJson(SILVER, { ...silver, rate: silver.rate + 1 });
      proxy.state.failPuts = true;
      const run = await world.svc(['push', '--yes', SILVER], { env });
      assert.ok(proxy.state.putsRefused >= 1, `the send reached the server: ${run.stdout}${run.stderr}`);
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.doesNotMatch(run.stdout, /^pushed/m);
      proxy.state.failPuts = false;
      assert.equal((await policy(silver.id)).rate, silver.rate, 'the server kept its version');
      // Nothing was recorded as pushed: the local change is still there to push.
      const retry = await world.svc(['push', '--yes', SILVER], { env });
      assert.equal(retry.code, 0, retry.stdout + retry.stderr);
      assert.equal((await policy(silver.id)).rate, silver.rate + 1);
    } finally {
      await proxy.close();
      await world.close();
    }
  });
});
