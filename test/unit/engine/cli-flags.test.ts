// Each flag of `svc` reaches its command, seen where the user would see it: on the server, in
// the files and in what svc prints (engine/src/cli/main.ts hands them on). The flags checked
// before any request are in cli-arguments.test.ts, without a server; these need one: migrate's
// options, push --set-default, and pull/push/promote with environments (--dir, --force, --reload).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { startCliWorld, type CliWorld } from './cliHarness';
import { startEnvWorld, type EnvWorld } from './envHarness';

describe('without environments', () => {
  let w: CliWorld;
  before(async () => (w = await startCliWorld()));
  after(async () => w?.close());

  test('migrate --abort-on-failure and --override-staged reach the request; without them, they are not sent', async () => {
    const request = async (...args: string[]) => {
      const run = await w.svc(['migrate', '--format', 'json', ...args]);
      assert.ok(run.code === 0 || run.code === 1, run.stderr);
      return JSON.parse(run.stdout).request;
    };
    assert.deepEqual(await request('--dry-run', '--all'), { mode: 'dryRun', all: true });
    assert.deepEqual(await request('--dry-run', '--all', '--abort-on-failure'), { mode: 'dryRun', all: true, abortOnFailure: true });
    // overrideStaged is sent when staging only.
    const petstore = SEED_API_IDS.petstoreClassic;
    assert.deepEqual(await request('--stage', petstore), { mode: 'stage', apiIDs: [petstore] });
    assert.deepEqual(await request('--stage', petstore, '--override-staged'), { mode: 'stage', apiIDs: [petstore], overrideStaged: true });
  });

  test('--env names the environment (over SVC_ENVIRONMENT); without either, host:port', async () => {
    const environment = async (args: string[], env: NodeJS.ProcessEnv = w.env) =>
      JSON.parse((await w.svc(['migrate', '--dry-run', '--all', '--format', 'json', ...args], { env })).stdout).environment;
    assert.equal(await environment([]), new URL(w.url).host);
    assert.equal(await environment([], { ...w.env, SVC_ENVIRONMENT: 'from-variable' }), 'from-variable');
    assert.equal(await environment(['--env', 'from-flag'], { ...w.env, SVC_ENVIRONMENT: 'from-variable' }), 'from-flag');
  });

  test('push --new-version --base-api --set-default makes the new version the default; without --set-default it is not', async () => {
    const doc = JSON.parse(await fs.readFile(path.join(__dirname, '../../fixtures/service/valid/oas.json'), 'utf8'));
    const versioning = async () => ((await w.client.getOasApi(SEED_API_IDS.paymentsOas)) as any)['x-svc-api-gateway'].info.versioning;
    for (const [name, extra, expectedDefault] of [
      ['v2', ['--set-default'], 'v2'],
      ['v3', [], 'v2'],
    ] as const) {
      doc['x-svc-api-gateway'].info.name = `Payments ${name}`;
      doc['x-svc-api-gateway'].server.listenPath.value = `/payments-${name}/`;
      await fs.mkdir(path.join(w.dir, 'apis'), { recursive: true });
      await w.writeJson(`apis/payments-${name}.oas.json`, doc);
      const run = await w.svc([
        'push',
        '--yes',
        '--new-version',
        name,
        '--base-api',
        SEED_API_IDS.paymentsOas,
        '--base-version',
        'v1',
        ...extra,
        `apis/payments-${name}.oas.json`,
      ]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const after = await versioning();
      assert.ok(
        after.versions.some((v: { name: string }) => v.name === name),
        JSON.stringify(after),
      );
      assert.equal(after.default, expectedDefault, `${name} ${extra.join(' ')}`);
    }
  });
});

describe('with environments (svc.environments.json)', () => {
  let w: EnvWorld;
  const GOLD = 'apis/gold-plan.policy.json';
  const PETSTORE = 'apis/petstore-classic.classic.json';
  const gold = async (client: EnvWorld['devClient']) => (await client.listPolicies()).find((p) => p.id === 'gold-plan');
  // Production starts with the seed too: a classic API can only be updated there, not created.
  before(async () => (w = await startEnvWorld({ prod: { seed: true } })));
  after(async () => w?.close());

  test('pull --all --env development --dir apis writes the definitions under apis/', async () => {
    const run = await w.svc(['pull', '--all', '--env', 'development', '--dir', 'apis']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^pulled {5}apis\/gold-plan\.policy\.json \(definition\)$/m);
    await assert.rejects(fs.access(path.join(w.dir, 'svc')), 'nothing under the default folder');
  });

  test('pull --env: a local change is kept; --force replaces it with the server’s (--into base: production shares the definition)', async () => {
    const edited = { ...(await w.readJson(GOLD)), rate: 1234 };
    await w.writeJson(GOLD, edited);
    const kept = await w.svc(['pull', '--env', 'development', GOLD]);
    assert.equal(kept.code, 0, kept.stderr);
    assert.match(kept.stdout, /^kept {7}apis\/gold-plan\.policy\.json \(changed here since the last pull or push; --force replaces it\)$/m);
    assert.equal((await w.readJson(GOLD)).rate, 1234);
    const forced = await w.svc(['pull', '--env', 'development', '--force', '--into', 'base', GOLD]);
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal((await w.readJson(GOLD)).rate, (await gold(w.devClient))?.rate);
  });

  test('push --env: a conflict exits 3 and sends nothing; --force overwrites the server', async () => {
    const policy = (await gold(w.devClient))!;
    await w.devClient.updatePolicy('gold-plan', { ...policy, rate: 2222 });
    await w.writeJson(GOLD, { ...(await w.readJson(GOLD)), rate: 1111 });
    const refused = await w.svc(['push', '--env', 'development', '--yes', GOLD]);
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    assert.equal((await gold(w.devClient))?.rate, 2222);
    const forced = await w.svc(['push', '--env', 'development', '--yes', '--force', GOLD]);
    assert.equal(forced.code, 0, forced.stdout + forced.stderr);
    assert.equal((await gold(w.devClient))?.rate, 1111);
  });

  test('push --env with only the gateway secret: stored until a reload; --reload makes it live', async () => {
    const gatewayOnly = { SVC_DEVELOPMENT_GATEWAY_SECRET: w.env.SVC_DEVELOPMENT_GATEWAY_SECRET };
    const push = async (name: string, ...flags: string[]) => {
      await w.writeJson(PETSTORE, { ...(await w.readJson(PETSTORE)), name });
      const run = await w.svc(['push', '--env', 'development', '--yes', ...flags, PETSTORE], { env: gatewayOnly });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      return run.stdout;
    };
    assert.match(
      await push('Petstore stored'),
      /^pushed {5}apis\/petstore-classic\.classic\.json to 'development' \(stored; live after a gateway reload: --reload\)$/m,
    );
    assert.match(await push('Petstore live', '--reload'), /^pushed {5}apis\/petstore-classic\.classic\.json to 'development' \(gateway reloaded: live\)$/m);
  });

  test('promote --reload: live on the target at once; without it, stored until a reload', async () => {
    const env = { ...w.env, SVC_PRODUCTION_DASHBOARD_TOKEN: '' };
    const promote = async (name: string, ...flags: string[]) => {
      await w.writeJson(PETSTORE, { ...(await w.readJson(PETSTORE)), name });
      const run = await w.svc(['promote', '--from', 'development', '--to', 'production', '--yes', ...flags, PETSTORE], { env });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      return run.stdout;
    };
    assert.match(await promote('Petstore first'), /to 'production' \(stored; live after a gateway reload: --reload\)$/m);
    assert.match(await promote('Petstore second', '--reload'), /to 'production' \(gateway reloaded: live\)$/m);
  });

  test('promote: a conflict on the target exits 3 and sends nothing; --force overwrites it', async () => {
    const first = await w.svc(['promote', '--from', 'development', '--to', 'production', '--yes', GOLD]);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const onProd = (await gold(w.prodClient))!;
    await w.prodClient.updatePolicy('gold-plan', { ...onProd, rate: 6000 });
    await w.writeJson(GOLD, { ...(await w.readJson(GOLD)), rate: 7000 });
    const refused = await w.svc(['promote', '--from', 'development', '--to', 'production', '--yes', GOLD]);
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    assert.equal((await gold(w.prodClient))?.rate, 6000);
    const forced = await w.svc(['promote', '--from', 'development', '--to', 'production', '--yes', '--force', GOLD]);
    assert.equal(forced.code, 0, forced.stdout + forced.stderr);
    assert.equal((await gold(w.prodClient))?.rate, 7000);
  });
});
