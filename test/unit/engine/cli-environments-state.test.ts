// The shared deploy state over real HTTP: no false drift against a server that fills in members
// on every write (the sandbox's writeDefaults), two branches that push different APIs merge
// without a conflict, and the one-time move from the per-machine `.svc/` state.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startEnvWorld, type EnvWorld } from './envHarness';

const GOLD = 'svc/gold-plan.policy.json';
const SILVER = 'svc/silver-plan.policy.json';
const PAYMENTS = 'svc/payments.oas.json';
const policyOn = async (client: EnvWorld['devClient'], id: string): Promise<any> => (await client.listPolicies()).find((p) => p.id === id)!;

describe('no false drift: production fills in defaults, a creation date and its own member order on every write', () => {
  let w: EnvWorld;
  before(async () => {
    w = await startEnvWorld({ prod: { writeDefaults: true } });
    assert.equal((await w.svc(['pull', '--all', '--env', 'development', '--select', 'folder:svc', '--select', 'name:Gold*'])).code, 0);
    assert.equal((await w.svc(['pull', '--all', '--env', 'development', '--select', 'name:Payments'])).code, 0);
  });
  after(async () => w?.close());

  const OVERLAY = `environments/production/${PAYMENTS}`;
  test('after promote, the server has members the definition lacks; svc diff --env production exits 0', async () => {
    // Production's rendering leaves out two members this server fills in.
    await w.writeJson(OVERLAY, { 'x-svc-api-gateway': { middleware: { global: { contextVariables: null, trafficLogs: null } } } });
    const run = await w.svc(['promote', '--from', 'development', '--to', 'production', PAYMENTS, GOLD, '--yes']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const record = await w.readJson(`.svc-deploy/production/${PAYMENTS}`);
    const onServer = (await w.prodClient.getOasApi(record.id)) as any;
    const global = onServer['x-svc-api-gateway'].middleware?.global;
    assert.equal(global?.contextVariables?.enabled, true, 'the server filled it in');
    const rendered = JSON.parse((await w.svc(['render', '--env', 'production', PAYMENTS])).stdout);
    assert.equal(rendered['x-svc-api-gateway'].middleware.global.contextVariables, undefined, 'what was sent does not have it');
    assert.ok((await policyOn(w.prodClient, 'gold-plan')).date_created, 'a creation date');
    assert.ok(record.serverFilled.includes('/x-svc-api-gateway/middleware/global/contextVariables'));
    const diff = await w.svc(['diff', '--env', 'production']);
    assert.equal(diff.code, 0, diff.stdout + diff.stderr);
    assert.equal(diff.stdout, '');
  });

  test('a pull right after the push shows nothing and writes nothing', async () => {
    const before = [await w.read(PAYMENTS), await w.read(GOLD), await w.read(OVERLAY)];
    const run = await w.svc(['pull', '--env', 'production', PAYMENTS, GOLD]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /Pulled 0, unchanged 2/);
    assert.deepEqual([await w.read(PAYMENTS), await w.read(GOLD), await w.read(OVERLAY)], before);
    await assert.rejects(fs.access(path.join(w.dir, `environments/production/${GOLD}`)), 'no overlay was written');
  });

  test('a local edit then shows that one path only (no removed defaults); push, then diff exits 0 again', async () => {
    const gold = await w.readJson(GOLD);
    await w.writeJson(GOLD, { ...gold, rate: gold.rate + 10 });
    const diff = JSON.parse((await w.svc(['diff', '--env', 'production', '--format', 'json', GOLD])).stdout);
    assert.deepEqual(
      diff.files[0].changes.map((c: any) => [c.display, c.side]),
      [['rate', 'local']],
    );
    const push = await w.svc(['push', '--env', 'production', '--yes', GOLD]);
    assert.equal(push.code, 0, push.stdout + push.stderr);
    assert.doesNotMatch(push.stdout, /- (date_created|state|graphql_enabled)/, 'the plan does not remove what the server filled in');
    assert.equal((await w.svc(['diff', '--env', 'production'])).code, 0);
    assert.equal((await w.svc(['pull', '--env', 'production', GOLD])).stdout, '');
  });

  test('a real change of a filled-in member on the server is still drift', async () => {
    const gold = await policyOn(w.prodClient, 'gold-plan');
    await w.prodClient.updatePolicy('gold-plan', { ...gold, state: 'deny' });
    const run = await w.svc(['diff', '--env', 'production', GOLD]);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /remote {2}state: "active" → "deny"/);
  });
});

describe('two branches that push different APIs merge without a conflict', () => {
  let w: EnvWorld;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
      cwd: w.dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
    });
  before(async () => {
    w = await startEnvWorld();
    assert.equal((await w.svc(['pull', '--all', '--env', 'development'])).code, 0);
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'pulled');
  });
  after(async () => w?.close());

  test('branch a pushes the gold plan, branch b the silver plan; git merges the state cleanly; diff exits 0', async () => {
    git('checkout', '-qb', 'a');
    const gold = await w.readJson(GOLD);
    await w.writeJson(GOLD, { ...gold, rate: 1111 });
    assert.equal((await w.svc(['push', '--env', 'development', '--yes'])).code, 0);
    git('commit', '-qam', 'gold');
    git('checkout', '-q', 'main');
    git('checkout', '-qb', 'b');
    const silver = await w.readJson(SILVER);
    await w.writeJson(SILVER, { ...silver, rate: 2222 });
    assert.equal((await w.svc(['push', '--env', 'development', '--yes'])).code, 0);
    git('commit', '-qam', 'silver');
    git('checkout', '-q', 'a');
    git('merge', '-q', '--no-edit', 'b'); // throws on a conflict
    assert.equal(git('status', '--porcelain'), '');
    assert.equal((await w.readJson(`.svc-deploy/development/${GOLD}`)).base.rate, 1111);
    assert.equal((await w.readJson(`.svc-deploy/development/${SILVER}`)).base.rate, 2222);
    const diff = await w.svc(['diff', '--env', 'development']);
    assert.equal(diff.code, 0, diff.stdout + diff.stderr);
  });
});

describe('the one-time move from .svc/state.json', () => {
  let w: EnvWorld;
  before(async () => {
    w = await startEnvWorld();
  });
  after(async () => w?.close());

  test("today's per-machine state is moved once, with a message; diff then uses the shared state", async () => {
    // Today's user: flags and the unprefixed variables, the per-machine state.
    const legacyEnv = { SVC_DASHBOARD_TOKEN: w.dev.credentials.dashboardToken, SVC_GATEWAY_SECRET: w.dev.credentials.gatewaySecret };
    const legacy = await w.svc(['pull', '--all', '--dashboard', w.dev.url, '--env', 'development'], { env: legacyEnv });
    assert.equal(legacy.code, 0, legacy.stderr);
    assert.ok((await w.readJson('.svc/state.json')).files[GOLD]);
    await assert.rejects(fs.access(path.join(w.dir, '.svc-deploy')));
    const gold = await policyOn(w.devClient, 'gold-plan');
    await w.devClient.updatePolicy('gold-plan', { ...gold, per: 5 });

    const first = await w.svc(['diff', '--env', 'development']);
    assert.match(
      first.stderr,
      /note: moved \d+ record\(s\) of 'development' from \.svc\/state\.json .* to \.svc-deploy\/development\/ .*commit \.svc-deploy\//,
    );
    assert.equal(first.code, 1, first.stdout);
    assert.match(first.stdout, /^svc\/gold-plan\.policy\.json: changed on the server/m);
    assert.match(first.stdout, /remote {2}per: 60 → 5/, 'the base came along from .svc/remote/');
    const second = await w.svc(['diff', '--env', 'development']);
    assert.doesNotMatch(second.stderr, /moved/);
    assert.equal(second.code, 1);
  });
});

describe('a production that serves only the spec', () => {
  let w: EnvWorld;
  before(async () => {
    w = await startEnvWorld({ prod: { specOnly: true } });
    assert.equal((await w.svc(['pull', '--all', '--env', 'development', '--select', 'name:Gold*', '--select', 'name:Payments'])).code, 0);
  });
  after(async () => w?.close());

  test('promote, diff and pull work through the 24 endpoints only', async () => {
    await w.writeJson(`environments/production/${GOLD}`, { rate: 42 });
    const run = await w.svc(['promote', '--from', 'development', '--to', 'production', '--yes']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal((await policyOn(w.prodClient, 'gold-plan')).rate, 42);
    assert.equal((await w.svc(['diff', '--env', 'production'])).code, 0);
    const pull = await w.svc(['pull', '--env', 'production', GOLD, PAYMENTS]);
    assert.equal(pull.code, 0, pull.stderr);
    assert.equal(pull.stdout, '');
  });
});

describe('a second environment that already runs the same resources', () => {
  let w: EnvWorld;
  before(async () => {
    w = await startEnvWorld({ prod: { seed: true } });
    assert.equal((await w.svc(['pull', '--all', '--env', 'development', '--select', 'name:Gold*'])).code, 0);
  });
  after(async () => w?.close());

  test('pull --all --env production adopts the definition of the same name; its differences need --into overlay', async () => {
    const gold = await policyOn(w.prodClient, 'gold-plan');
    await w.prodClient.updatePolicy('gold-plan', { ...gold, rate: 2000 });
    const before = await w.read(GOLD);
    const refused = await w.svc(['pull', '--all', '--env', 'production', '--select', 'name:Gold*']);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /would change 'development' too/);
    await assert.rejects(fs.access(path.join(w.dir, `.svc-deploy/production/${GOLD}`)), 'nothing recorded');
    const run = await w.svc(['pull', '--all', '--env', 'production', '--select', 'name:Gold*', '--into', 'overlay']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(await w.read(GOLD), before, 'the definition stays development’s');
    assert.deepEqual(await w.readJson(`environments/production/${GOLD}`), { rate: 2000 });
    assert.equal((await w.svc(['diff', '--env', 'production'])).code, 0);
    assert.equal((await w.svc(['diff', '--env', 'development'])).code, 0);
  });
});
