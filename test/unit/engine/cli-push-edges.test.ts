// `svc push` at its edges, as a CI job or a person at a terminal sees them: which reads the plan
// makes (LISTING_FROM - 1 files against LISTING_FROM, a file pulled in public form), a pulled
// version that is gone (a change only in the file still goes; a server change is refused, listing
// only the server's side), the lines a merge and a resolution print, the lint's report, --force on
// a conflict, a server that comes to equal the file while the question waits, and a connection
// that fails while checking (exit 2 with the connection's message, not a per-file line).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { pullResource } from '../../../engine/src/sync/pull';
import { LISTING_FROM } from '../../../engine/src/sync/remoteCatalog';
import { SyncStateStore } from '../../../engine/src/sync/stateStore';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { startCliWorld } from './cliHarness';
import { startCountingProxy } from './countingProxy';
import { apiListings, env, keeping, proxy, pulled, singleReads, useProxiedWorld, w } from './proxiedWorld';

useProxiedWorld();

const GOLD = 'svc/gold-plan.policy.json';
const policyOnServer = async (id: string) => (await w.client.listPolicies()).find((p) => p.id === id)!;
const setOnServer = async (id: string, members: Record<string, unknown>) => {
  const policy = await policyOnServer(id);
  await w.client.updatePolicy(id, { ...policy, ...members });
};

/** `svc push` through the proxy, with the requests it made. */
async function push(args: string[], options: { tty?: boolean; ask?: (q: string) => Promise<boolean>; env?: NodeJS.ProcessEnv } = {}) {
  proxy.reset();
  const run = await w.svc(['push', ...args], { env: options.env ?? env, tty: options.tty, ask: options.ask });
  return { ...run, requests: [...proxy.requests] };
}

/** Removes the pulled version a file's record points at (.svc/remote/<hash>): the base of a merge. */
async function dropBase(file: string) {
  const { remoteHash } = (await w.readJson('.svc/state.json')).files[file];
  await fs.rm(path.join(w.dir, '.svc', 'remote', `${remoteHash}.json`), { force: true });
}

const lines = (text: string) => text.split('\n').filter(Boolean);
const sends = (requests: readonly string[]) => requests.filter((r) => /^(PUT|POST)/.test(r));

type Policy = Record<string, any>;
/**
 * Changes GOLD in the file, then pushes on a terminal; while the question waits, the server's GOLD
 * changes too (and its pulled version goes, with `withoutBase`). The run, and GOLD as pulled.
 */
async function pushWhileAsked(inFile: (gold: Policy) => Policy, onServer: (gold: Policy) => Policy, options: { withoutBase?: boolean } = {}) {
  const gold = await w.readJson(GOLD);
  await w.writeJson(GOLD, { ...gold, ...inFile(gold) });
  const run = await push([], {
    tty: true,
    ask: async () => {
      await setOnServer(gold.id, onServer(gold));
      if (options.withoutBase) await dropBase(GOLD);
      return true;
    },
  });
  return { run, gold };
}

describe('svc push: what the plan reads', () => {
  test(`${LISTING_FROM - 1} named files: each API read on its own; ${LISTING_FROM}: the listing once, no API on its own`, async () => {
    const apis = pulled.filter((f) => /\.(classic|oas|streams)\.json$/.test(f));
    const others = pulled.filter((f) => !apis.includes(f));
    const pick = (n: number) => [...apis, ...others].slice(0, n);
    assert.equal(pick(LISTING_FROM).length, LISTING_FROM, 'the seed has enough resources');
    await keeping([], async () => {
      const few = await push(['--yes', ...pick(LISTING_FROM - 1)]);
      assert.equal(few.code, 0, few.stdout + few.stderr);
      assert.deepEqual(apiListings(few.requests), [], 'no listing for a few files');
      assert.ok(singleReads(few.requests).length >= apis.length, few.requests.join('\n'));

      const many = await push(['--yes', ...pick(LISTING_FROM)]);
      assert.equal(many.code, 0, many.stdout + many.stderr);
      assert.deepEqual(apiListings(many.requests), ['GET /api/apis?p=-1']);
      assert.deepEqual(singleReads(many.requests), [], 'every API from the listing');
    });
  });

  test('a file pulled in public form is read in public form, and refused with the reason (exit 1)', async () => {
    const ports = { client: w.client, store: new SyncStateStore(), unsavedText: () => undefined, decideOverwrite: async () => 'skip' as const };
    const target = { kind: 'oas' as const, id: SEED_API_IDS.inventoryOas };
    await keeping([], async () => {
      const outcome = await pullResource(ports, { environment: new URL(proxy.url).host, target, root: w.dir, folder: 'svc', mode: 'public' });
      const file = path.relative(w.dir, outcome.file!).split(path.sep).join('/');
      try {
        const doc = await w.readJson(file);
        await w.writeJson(file, { ...doc, info: { ...doc.info, description: 'Changed in the public form' } });
        const run = await push(['--yes', file]);
        assert.equal(run.code, 1, run.stdout + run.stderr);
        assert.match(run.stderr, /was pulled with mode=public, without the x-svc-api-gateway extension: it cannot be pushed back/);
        const documentReads = run.requests.filter((r) => r.startsWith(`GET /svc/apis/oas/${SEED_API_IDS.inventoryOas}`));
        assert.deepEqual(documentReads, [`GET /svc/apis/oas/${SEED_API_IDS.inventoryOas}?mode=public`]);
      } finally {
        await fs.rm(outcome.file!, { force: true });
      }
    });
  });

  test('a credential the server refuses while checking: exit 2 with the connection message, no line per file', async () => {
    await keeping([GOLD], async () => {
      const gold = await w.readJson(GOLD);
      await w.writeJson(GOLD, { ...gold, rate: gold.rate + 1 });
      const run = await push(['--yes', GOLD], { env: { ...env, SVC_DASHBOARD_TOKEN: 'not-the-token', SVC_GATEWAY_SECRET: 'not-the-secret' } });
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.doesNotMatch(run.stderr, new RegExp(`${GOLD}:`));
      assert.doesNotMatch(run.stderr, /nothing was pushed\./);
      assert.match(run.stderr, /credential|token|secret|401/i);
    });
  });
});

describe('svc push: a pulled version that is gone', () => {
  test('a change only in the file still goes: the server did not move, so nothing needs merging', async () => {
    await keeping([GOLD], async () => {
      const gold = await w.readJson(GOLD);
      await w.writeJson(GOLD, { ...gold, rate: gold.rate + 2 });
      await dropBase(GOLD);
      const run = await push(['--yes']);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, new RegExp(`^pushed +${GOLD}$`, 'm'));
      assert.equal((await policyOnServer(gold.id)).rate, gold.rate + 2);
    });
  });

  test('the same change in the file and on the server, named: nothing to send, not a refusal', async () => {
    await keeping([GOLD], async () => {
      const gold = await w.readJson(GOLD);
      await w.writeJson(GOLD, { ...gold, rate: gold.rate + 4 });
      await setOnServer(gold.id, { rate: gold.rate + 4 });
      await dropBase(GOLD);
      const run = await push(['--yes', GOLD]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stderr, new RegExp(`${GOLD}: the same as on '`), run.stdout + run.stderr);
    });
  });

  test("a server change is refused (exit 3): the lines list the server's side only", async () => {
    await keeping([GOLD], async () => {
      const gold = await w.readJson(GOLD);
      await w.writeJson(GOLD, { ...gold, rate: gold.rate + 1 });
      await setOnServer(gold.id, { per: gold.per + 1 });
      await dropBase(GOLD);
      const run = await push(['--yes']);
      assert.equal(run.code, 3, run.stdout + run.stderr);
      assert.match(run.stderr, /the pulled version in \.svc\/remote\/ is gone, so it cannot be merged/);
      assert.deepEqual(lines(run.stdout), ['  both    per', '  both    rate']);
    });
  });
});

describe('svc push: what a merge, a resolution and the lint print', () => {
  test('the plan names every member the merge took from the server, in one line', async () => {
    await keeping([GOLD], async () => {
      const gold = await w.readJson(GOLD);
      await w.writeJson(GOLD, { ...gold, rate: gold.rate + 1 });
      await setOnServer(gold.id, { per: gold.per + 1, quota_max: gold.quota_max + 1 });
      const run = await push([]);
      assert.equal(run.code, 2, 'without --yes or a terminal, the plan only');
      assert.match(run.stdout, /^ {4}merged with the server's changes \(written to the file before the push\): per, quota_max$/m, run.stdout);
    });
  });

  test("a file that made one of the server's changes: merged and written, naming the others, nothing sent", async () => {
    await keeping([GOLD], async () => {
      const gold = await w.readJson(GOLD);
      await w.writeJson(GOLD, { ...gold, rate: gold.rate + 1 });
      await setOnServer(gold.id, { rate: gold.rate + 1, per: gold.per + 1, quota_max: gold.quota_max + 1 });
      const run = await push(['--yes']);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.equal(run.stdout, `merged     ${GOLD} (from the server: per, quota_max); it now equals the server's version, nothing was sent\n`);
      assert.deepEqual(await w.readJson(GOLD), { ...gold, rate: gold.rate + 1, per: gold.per + 1, quota_max: gold.quota_max + 1 });
      assert.deepEqual(sends(run.requests), []);
    });
  });

  test('--ours resolves every conflict: the plan lists them, the file wins on the server', async () => {
    await keeping([GOLD], async () => {
      const gold = await w.readJson(GOLD);
      await w.writeJson(GOLD, { ...gold, rate: gold.rate + 1, per: gold.per + 1 });
      await setOnServer(gold.id, { rate: gold.rate + 2, per: gold.per + 2 });
      const run = await push(['--yes', '--ours']);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /^ {4}conflicts resolved: rate \(mine\), per \(mine\)$/m, run.stdout);
      assert.match(run.stdout, /^ {4}merged with the server's changes \(written to the file before the push\): none$/m);
      const now = await policyOnServer(gold.id);
      assert.deepEqual([now.rate, now.per], [gold.rate + 1, gold.per + 1]);
    });
  });

  test('--force on a conflict overwrites the server with the file', async () => {
    await keeping([GOLD], async () => {
      const gold = await w.readJson(GOLD);
      await w.writeJson(GOLD, { ...gold, rate: gold.rate + 1 });
      await setOnServer(gold.id, { rate: gold.rate + 2 });
      const refused = await push(['--yes']);
      assert.equal(refused.code, 3, refused.stdout + refused.stderr);
      const run = await push(['--yes', '--force']);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, new RegExp(`^pushed +${GOLD}$`, 'm'));
      assert.equal((await policyOnServer(gold.id)).rate, gold.rate + 1);
    });
  });

  test("the lint's errors are printed, its warnings are not, and they are counted; nothing is sent", async () => {
    await keeping([GOLD], async () => {
      const gold = await w.readJson(GOLD);
      await w.writeJson(GOLD, { ...gold, per: 'x', quota_max: '10', unknown_thing: 1 });
      const run = await push(['--yes']);
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.deepEqual(
        lines(run.stdout).map((l) => l.replace(/:\d+:\d+ /, ':L:C ')),
        [`${GOLD}:L:C error svc.schema.type \`per\` must be a number.`, `${GOLD}:L:C error svc.schema.type \`quota_max\` must be an integer.`],
      );
      assert.equal(run.stderr, 'svc: svc-lint found 2 error(s): fix them before pushing; nothing was pushed.\n');
      assert.deepEqual(sends(run.requests), []);
    });
  });
});

describe('svc push: between the question and the send', () => {
  test('the server came to equal the file while the question waited: nothing to send, exit 0', async () => {
    await keeping([GOLD], async () => {
      const { run } = await pushWhileAsked(
        (g) => ({ rate: g.rate + 6 }),
        (g) => ({ rate: g.rate + 6 }),
      );
      assert.equal(run.code, 0, run.stdout + run.stderr);
      // The send found the server moved to where the file is: nothing left to send, and it says so.
      assert.match(run.stdout, new RegExp(`^unchanged  ${GOLD} \\(the server has it already; nothing was sent\\)$`, 'm'));
      assert.deepEqual(sends(run.requests), []);
      assert.equal((await w.svc(['diff', GOLD], { env })).code, 0, 'recorded: the file and the server agree');
    });
  });

  test('the server came to equal the file while the question waited, and the pulled version is gone: unchanged, nothing sent', async () => {
    await keeping([GOLD], async () => {
      const { run } = await pushWhileAsked(
        (g) => ({ rate: g.rate + 6 }),
        (g) => ({ rate: g.rate + 6 }),
        { withoutBase: true },
      );
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, new RegExp(`^unchanged  ${GOLD} \\(the server has it already; nothing was sent\\)$`, 'm'));
      assert.deepEqual(sends(run.requests), []);
    });
  });

  test("the server made the file's change and another while the question waited: merged into the file, nothing sent", async () => {
    await keeping([GOLD], async () => {
      const { run, gold } = await pushWhileAsked(
        (g) => ({ rate: g.rate + 6 }),
        (g) => ({ rate: g.rate + 6, per: g.per + 1 }),
      );
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, new RegExp(`^merged {5}${GOLD} \\(from the server: per\\); it now equals the server's version, nothing was sent$`, 'm'));
      assert.deepEqual(await w.readJson(GOLD), { ...gold, rate: gold.rate + 6, per: gold.per + 1 });
      assert.deepEqual(sends(run.requests), []);
    });
  });

  test('the server moved while the question waited and the pulled version is gone: cancelled (exit 3), not overwritten', async () => {
    await keeping([GOLD], async () => {
      const { run, gold } = await pushWhileAsked(
        (g) => ({ rate: g.rate + 1 }),
        (g) => ({ per: g.per + 1 }),
        { withoutBase: true },
      );
      assert.equal(run.code, 3, run.stdout + run.stderr);
      assert.match(run.stderr, new RegExp(`${GOLD}: Push cancelled: .* since you pulled it; nothing was sent`));
      const now = await policyOnServer(gold.id);
      assert.deepEqual([now.rate, now.per], [gold.rate, gold.per + 1], 'the server keeps its version');
    });
  });

  test('a credential refused at the send: exit 2 with the connection message, not a failed file', async () => {
    await keeping([GOLD], async () => {
      const gold = await w.readJson(GOLD);
      await w.writeJson(GOLD, { ...gold, rate: gold.rate + 1 });
      proxy.answer = (request) => (request.startsWith('PUT ') ? { status: 401, body: { status: 'error', message: 'Not authorised' } } : undefined);
      try {
        const run = await push(['--yes']);
        assert.ok(
          run.requests.some((r) => r.startsWith('PUT ')),
          run.requests.join('\n'),
        );
        assert.equal(run.code, 2, run.stdout + run.stderr);
        assert.doesNotMatch(run.stderr, new RegExp(`${GOLD}:`));
      } finally {
        proxy.answer = undefined;
      }
    });
  });

  test('a send the server fails: the file named with the reason, exit 1', async () => {
    await keeping([GOLD], async () => {
      const gold = await w.readJson(GOLD);
      await w.writeJson(GOLD, { ...gold, rate: gold.rate + 1 });
      proxy.answer = (request) => (request.startsWith('PUT ') ? { status: 500, body: { status: 'error', message: 'Disk full' } } : undefined);
      try {
        const run = await push(['--yes']);
        assert.equal(run.code, 1, run.stdout + run.stderr);
        assert.match(run.stderr, new RegExp(`^svc: ${GOLD}: .*Disk full`, 'm'));
      } finally {
        proxy.answer = undefined;
      }
    });
  });
});

describe('svc push on a server that serves only the spec', () => {
  test('the checks of two OAS files share one read of the listing (where their dashboard records are)', async () => {
    const spec = await startCliWorld({ specOnly: true });
    const counting = await startCountingProxy(spec.url);
    try {
      const specEnv = { ...spec.env, SVC_DASHBOARD_URL: counting.url };
      assert.equal((await spec.svc(['pull', '--all'], { env: specEnv })).code, 0);
      const oas = Object.keys((await spec.readJson('.svc/state.json')).files)
        .filter((f) => f.endsWith('.oas.json'))
        .slice(0, 2);
      assert.equal(oas.length, 2, 'the seed has two OAS APIs');
      for (const file of oas) {
        const doc = await spec.readJson(file);
        await spec.writeJson(file, { ...doc, info: { ...doc.info, description: 'Changed for the plan' } });
      }
      counting.reset();
      const run = await spec.svc(['push'], { env: specEnv });
      assert.equal(run.code, 2, 'without --yes or a terminal, the plan only');
      assert.equal(lines(run.stdout).filter((l) => /^ {2}svc\/.*: update /.test(l)).length, 2, run.stdout);
      assert.deepEqual(apiListings(counting.requests), ['GET /api/apis?p=-1']);
    } finally {
      await counting.close();
      await spec.close();
    }
  });
});
