// `svc push` and `svc pull` merging with a server that moved since the pull, over real HTTP,
// against the full sandbox and against `--spec-only` (the spec's 24 endpoints): a change on the
// server to another member is merged and pushed (the file keeps its indentation and order, the
// plan lists what came from the server); a change to the same member is a conflict (exit 3,
// nothing sent or written) until --ours/--theirs resolve it, for all or per JSON pointer.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runSvc } from '../../../engine/src/cli/main';
import type { CliIo } from '../../../engine/src/cli/io';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { startCliWorld, type CliWorld } from './cliHarness';

const OAS = 'svc/payments.oas.json';
const SILVER = 'svc/silver-plan.policy.json';
const GOLD = 'svc/gold-plan.policy.json';

for (const specOnly of [false, true]) {
  describe(`merge with the server's changes (${specOnly ? 'spec-only server' : 'full sandbox'})`, () => {
    let w: CliWorld;
    /** Another person's workspace on the same server. */
    let theirDir: string;
    const them = async (args: string[]) => {
      let stdout = '';
      let stderr = '';
      const io: CliIo = {
        cwd: theirDir,
        env: w.env,
        stdout: (t) => void (stdout += t),
        stderr: (t) => void (stderr += t),
        stderrIsTTY: false,
        stdinIsTTY: false,
        ask: () => Promise.resolve(false),
      };
      const code = await runSvc(args, io);
      return { code, stdout, stderr };
    };
    const read = (file: string) => fs.readFile(path.join(w.dir, file), 'utf8');
    const policy = async (id: string) => (await w.client.listPolicies()).find((p) => p.id === id)!;

    before(async () => {
      w = await startCliWorld({ specOnly });
      theirDir = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-cli-them-'));
      assert.equal((await w.svc(['pull', '--all'])).code, 0);
      assert.equal((await them(['pull', '--all'])).code, 0);
    });
    after(async () => {
      await w?.close();
      if (theirDir) await fs.rm(theirDir, { recursive: true, force: true });
    });

    test('push: the server changed another member → merged, written in the file’s own shape, pushed; exit 0', async () => {
      // Somebody raises the rate limit on the server.
      const theirs = JSON.parse(await fs.readFile(path.join(theirDir, OAS), 'utf8'));
      theirs['x-svc-api-gateway'].upstream.rateLimit.rate = 75;
      await fs.writeFile(path.join(theirDir, OAS), JSON.stringify(theirs, null, 2) + '\n');
      const pushed = await them(['push', '--yes', OAS]);
      assert.equal(pushed.code, 0, pushed.stdout + pushed.stderr);

      // Meanwhile I change the upstream and add an operation, in a file indented with 4 spaces.
      const mine = await w.readJson(OAS);
      mine['x-svc-api-gateway'].upstream.url = 'https://payments-v2.example.com';
      mine.paths['/payments'].post = { operationId: 'createPayment', responses: { '201': { description: 'Created' } } };
      await w.writeJson(OAS, mine, 4);

      // Not yet merged: a dry look says the server moved, it is no conflict.
      assert.equal((await w.svc(['diff', OAS])).code, 3, 'svc diff still reports both sides changed');
      const run = await w.svc(['push', '--yes', OAS]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /merged with the server's changes \(written to the file before the push\): x-svc-api-gateway\.upstream\.rateLimit\.rate$/m);
      assert.match(run.stdout, /^merged and pushed svc\/payments\.oas\.json$/m);

      // The server has both changes.
      const remote = (await w.client.getOasApi(SEED_API_IDS.paymentsOas)) as any;
      assert.equal(remote['x-svc-api-gateway'].upstream.url, 'https://payments-v2.example.com');
      assert.equal(remote['x-svc-api-gateway'].upstream.rateLimit.rate, 75);
      assert.equal(remote.paths['/payments'].post.operationId, 'createPayment');
      // The file: mine with the server's rate, in my indentation and member order.
      mine['x-svc-api-gateway'].upstream.rateLimit.rate = 75;
      assert.equal(await read(OAS), JSON.stringify(mine, null, 4) + '\n');
      assert.equal((await w.svc(['diff', OAS])).code, 0, 'the base is refreshed');
    });

    test('push: the same member changed on both sides → exit 3 listing the path with base, mine and theirs; nothing sent or written', async () => {
      const before = await policy('silver-plan');
      await w.client.updatePolicy('silver-plan', { ...before, rate: 11 });
      const mine = await w.readJson(SILVER);
      await w.writeJson(SILVER, { ...mine, rate: 22, quota_max: 500 });
      const text = await read(SILVER);

      const run = await w.svc(['push', '--yes', SILVER]);
      assert.equal(run.code, 3, run.stdout + run.stderr);
      assert.match(run.stderr, /changed on the server since it was pulled, and the file changed too, at the same place/);
      assert.match(run.stdout, new RegExp(`^  conflict /rate  \\(rate\\)\\n    base: {3}${mine.rate}\\n    mine: {3}22\\n    theirs: 11$`, 'm'));
      assert.doesNotMatch(run.stdout, /quota_max/, 'a change on one side only is no conflict');
      assert.match(run.stderr, /--ours=POINTER or --theirs=POINTER per path/);
      assert.equal((await policy('silver-plan')).rate, 11, 'nothing was sent');
      assert.equal((await policy('silver-plan')).quota_max, before.quota_max);
      assert.equal(await read(SILVER), text, 'the file is unchanged');
    });

    test('push --theirs=/rate resolves that path: the server keeps its rate, my other change goes through', async () => {
      const wrong = await w.svc(['push', '--yes', '--theirs=rate', SILVER]);
      assert.equal(wrong.code, 2);
      assert.match(wrong.stderr, /give a JSON pointer as svc lists it/);
      const other = await w.svc(['push', '--yes', '--theirs=/quota_max', SILVER]);
      assert.equal(other.code, 3, 'a pointer that covers no conflict resolves nothing');

      const run = await w.svc(['push', '--yes', '--theirs=/rate', SILVER]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /conflicts resolved: rate \(theirs\)/);
      const now = await policy('silver-plan');
      assert.equal(now.rate, 11);
      assert.equal(now.quota_max, 500);
      assert.equal((await w.readJson(SILVER)).rate, 11);
      assert.equal((await w.svc(['diff', SILVER])).code, 0);
    });

    test('push --ours (all conflicts) keeps mine where both changed', async () => {
      const current = await policy('silver-plan');
      await w.client.updatePolicy('silver-plan', { ...current, rate: 33, per: 90 });
      await w.writeJson(SILVER, { ...(await w.readJson(SILVER)), rate: 44 });
      const run = await w.svc(['push', '--yes', '--ours', SILVER]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const now = await policy('silver-plan');
      assert.equal(now.rate, 44);
      assert.equal(now.per, 90, 'the server’s change elsewhere is merged in');
      const both = await w.svc(['push', '--yes', '--ours', '--theirs', SILVER]);
      assert.equal(both.code, 2);
    });

    test('pull over local edits merges: the server’s change comes in, mine stays; exit 0', async () => {
      const current = await policy('gold-plan');
      await w.client.updatePolicy('gold-plan', { ...current, per: 120 });
      const mine = await w.readJson(GOLD);
      await w.writeJson(GOLD, { ...mine, quota_max: 4321 }, 4);

      const run = await w.svc(['pull', GOLD]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /^merged {5}svc\/gold-plan\.policy\.json \(from the server: per; your changes kept\)$/m);
      const text = await read(GOLD);
      assert.equal(text, JSON.stringify({ ...mine, quota_max: 4321, per: 120 }, null, 4) + '\n', 'edited in place, 4 spaces kept');
      // The new base is the server's version: only my change is left to push.
      const diff = JSON.parse((await w.svc(['diff', '--format', 'json', GOLD])).stdout);
      assert.equal(diff.files[0].status, 'changed-locally');
      assert.deepEqual(
        diff.files[0].changes.map((c: any) => [c.pointer, c.side]),
        [['/quota_max', 'local']],
      );
    });

    test('pull with a conflict: exit 3, the file and its record untouched; --ours=/quota_max resolves it', async () => {
      const current = await policy('gold-plan');
      await w.client.updatePolicy('gold-plan', { ...current, quota_max: 1 });
      const text = await read(GOLD);
      const state = await read('.svc/state.json');

      const run = await w.svc(['pull', GOLD]);
      assert.equal(run.code, 3, run.stdout + run.stderr);
      assert.match(run.stdout, /^conflict {3}svc\/gold-plan\.policy\.json \(left as it is\)$/m);
      assert.match(run.stdout, /^ {2}conflict \/quota_max {2}\(quota_max\)\n {4}base: .*\n {4}mine: {3}4321\n {4}theirs: 1$/m);
      assert.equal(await read(GOLD), text, 'nothing written');
      assert.equal(await read('.svc/state.json'), state, 'nothing recorded');

      const resolved = await w.svc(['pull', GOLD, '--ours=/quota_max']);
      assert.equal(resolved.code, 0, resolved.stdout + resolved.stderr);
      assert.equal((await w.readJson(GOLD)).quota_max, 4321);
      // Pushing it now sends mine over the server's, without a conflict.
      const push = await w.svc(['push', '--yes', GOLD]);
      assert.equal(push.code, 0, push.stdout + push.stderr);
      assert.equal((await policy('gold-plan')).quota_max, 4321);
    });

    test('pull --force still replaces local changes with the server’s version', async () => {
      await w.writeJson(GOLD, { ...(await w.readJson(GOLD)), rate: 999 });
      const run = await w.svc(['pull', GOLD, '--force']);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.equal((await w.readJson(GOLD)).rate, (await policy('gold-plan')).rate);
    });
  });
}
