// `svc` with environments (svc.environments.json) over real HTTP against two sandboxes, as
// "development" (seeded) and "production" (empty): credentials per environment, render, pull,
// diff and push --env on rendered documents, promote with per-environment ids, the shared deploy
// state in a fresh clone without any cache, --select, and the refusal of a base change that
// would alter another environment.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { startEnvWorld, type EnvWorld } from './envHarness';

let w: EnvWorld;
before(async () => {
  w = await startEnvWorld();
});
after(async () => w?.close());

const GOLD = 'svc/gold-plan.policy.json';
const SILVER = 'svc/silver-plan.policy.json';
const PAYMENTS = 'svc/payments.oas.json';
const GOLD_OVERLAY = `environments/production/${GOLD}`;
const policyOn = async (client: EnvWorld['devClient'], id: string) => (await client.listPolicies()).find((p) => p.id === id)!;

/** Every file under a folder, recursively (relative paths). */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) out.push(path.join(entry.parentPath, entry.name));
  return out;
}

describe('svc.environments.json and credentials', () => {
  test('an undeclared environment is refused, naming the declared ones; exit 2', async () => {
    const run = await w.svc(['diff', '--env', 'staging']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /'staging' is not declared in svc\.environments\.json \(it declares 'development', 'production'\)/);
  });

  test('without --env, two declared environments need a choice', async () => {
    const run = await w.svc(['diff']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /Which environment\? Pass --env NAME/);
  });

  test("credentials come from the environment's own variables only: the unprefixed ones do not reach production", async () => {
    const env = { SVC_DASHBOARD_TOKEN: w.prod.credentials.dashboardToken, SVC_GATEWAY_SECRET: w.prod.credentials.gatewaySecret };
    const run = await w.svc(['pull', '--all', '--env', 'production'], { env });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /No credential for 'production': set SVC_PRODUCTION_DASHBOARD_TOKEN .* and\/or SVC_PRODUCTION_GATEWAY_SECRET/);
  });

  test('migrate connects to a declared environment with its own variables', async () => {
    const run = await w.svc(['migrate', '--dry-run', SEED_API_IDS.petstoreClassic, '--env', 'development']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /Petstore/);
  });

  test('a wrong credential names the variable to check', async () => {
    const run = await w.svc(['pull', '--all', '--env', 'production'], {
      env: { ...w.env, SVC_PRODUCTION_GATEWAY_SECRET: 'wrong', SVC_PRODUCTION_DASHBOARD_TOKEN: 'wrong' },
    });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /check SVC_PRODUCTION_(DASHBOARD_TOKEN|GATEWAY_SECRET)/);
  });
});

describe('pull, render and promote', () => {
  test('pull --all --env development writes the definitions and one deploy record per definition; nothing per machine', async () => {
    const run = await w.svc(['pull', '--all', '--env', 'development']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^pulled {5}svc\/gold-plan\.policy\.json \(definition\)$/m);
    const definitions = (await fs.readdir(path.join(w.dir, 'svc'))).sort();
    const records = (await fs.readdir(path.join(w.dir, '.svc-deploy/development/svc'))).sort();
    assert.deepEqual(records, definitions);
    await assert.rejects(fs.access(path.join(w.dir, '.svc')), 'no per-machine state');
    const record = await w.readJson(`.svc-deploy/development/${GOLD}`);
    assert.deepEqual(Object.keys(record), ['format', 'environment', 'file', 'kind', 'id', 'ids', 'serverHash', 'fileHash', 'base']);
    assert.equal(record.id, 'gold-plan');
    // Again: nothing to do, no file rewritten.
    const again = await w.svc(['pull', '--all', '--env', 'development']);
    assert.equal(again.code, 0);
    assert.equal(again.stdout, '');
    assert.match(again.stderr, new RegExp(`Pulled 0, unchanged ${definitions.length} \\('development' into svc/, state in \\.svc-deploy/development/\\)`));
  });

  test('the shared state holds no secret, no machine path and no time', async () => {
    const secrets = [w.dev.credentials.dashboardToken, w.dev.credentials.gatewaySecret, w.dev.credentials.adminSecret];
    const keys = await w.devClient.listKeys({ p: -1 });
    const keyIds = keys.data?.keys ?? [];
    assert.ok(keyIds.length > 0);
    for (const file of await filesUnder(path.join(w.dir, '.svc-deploy'))) {
      const text = await fs.readFile(file, 'utf8');
      for (const secret of [...secrets, ...keyIds]) assert.ok(!text.includes(secret), `${file} holds a credential`);
      assert.ok(!text.includes(w.dir) && !text.includes(path.sep === '/' ? '/tmp/' : 'C:\\'), `${file} holds a machine path`);
      assert.ok(!/"(pulledAt|pushedAt)"/.test(text), `${file} holds a time`);
      assert.ok(text.endsWith('}\n'));
    }
  });

  test('svc diff --env development exits 0 right after the pull', async () => {
    const run = await w.svc(['diff', '--env', 'development']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(run.stdout, '');
  });

  test('render: the overlay changes production only; an empty overlay renders the definition', async () => {
    await w.writeJson(GOLD_OVERLAY, { rate: 5000, tags: ['team-payments'] });
    await w.writeJson(`environments/development/${GOLD}`, {});
    const prod = await w.svc(['render', '--env', 'production', GOLD]);
    assert.equal(prod.code, 0, prod.stderr);
    const rendered = JSON.parse(prod.stdout);
    assert.equal(rendered.rate, 5000);
    assert.deepEqual(rendered.tags, ['team-payments']);
    const dev = await w.svc(['render', '--env', 'development', GOLD]);
    assert.deepEqual(JSON.parse(dev.stdout), await w.readJson(GOLD));
    // An overlay is not a definition: name the definition instead.
    const wrong = await w.svc(['render', '--env', 'production', GOLD_OVERLAY]);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /is an overlay: name the definition it changes \(svc\/gold-plan\.policy\.json\)/);
  });

  test("diff --env development does not see production's overlay", async () => {
    assert.equal((await w.svc(['diff', '--env', 'development'])).code, 0);
  });

  test('promote without a terminal and without --yes shows the plan and sends nothing (exit 2)', async () => {
    const run = await w.svc(['promote', '--from', 'development', '--to', 'production', GOLD]);
    assert.equal(run.code, 2);
    assert.match(run.stdout, /Promote from 'development' to 'production'/);
    assert.match(run.stdout, /\+ rate: \(absent\) → 5000/);
    assert.equal((await w.prodClient.listPolicies()).length, 0);
  });

  test("promote --yes pushes with production's values; the OAS API gets production's own ids", async () => {
    const run = await w.svc(['promote', '--from', 'development', '--to', 'production', GOLD, PAYMENTS, '--yes']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /pushed {5}svc\/gold-plan\.policy\.json to 'production'/);
    assert.equal((await policyOn(w.prodClient, 'gold-plan')).rate, 5000);
    assert.equal((await policyOn(w.devClient, 'gold-plan')).rate, 1000, 'development keeps its value');
    const devRecord = await w.readJson(`.svc-deploy/development/${PAYMENTS}`);
    const prodRecord = await w.readJson(`.svc-deploy/production/${PAYMENTS}`);
    assert.notEqual(prodRecord.id, devRecord.id, 'production created its own API');
    assert.equal(prodRecord.ids['/x-svc-api-gateway/info/id'], prodRecord.id);
    const onProd = (await w.prodClient.getOasApi(prodRecord.id)) as any;
    assert.equal(onProd['x-svc-api-gateway'].info.name, 'Payments');
    // The definition keeps development's ids; rendering for production puts production's in.
    assert.equal((await w.readJson(PAYMENTS))['x-svc-api-gateway'].info.id, devRecord.id);
    const rendered = JSON.parse((await w.svc(['render', '--env', 'production', PAYMENTS])).stdout);
    assert.equal(rendered['x-svc-api-gateway'].info.id, prodRecord.id);
    assert.equal((await w.svc(['diff', '--env', 'production'])).code, 0);
    assert.equal((await w.svc(['diff', '--env', 'development'])).code, 0);
  });

  test('promote again: nothing to send', async () => {
    // Without FILE, promote takes every definition development has: select ours.
    const ours = await w.svc(['promote', '--from', 'development', '--to', 'production', '--yes', '--select', 'name:Gold*', '--select', 'name:Payments']);
    assert.equal(ours.code, 0, ours.stdout + ours.stderr);
    assert.match(ours.stderr, /Nothing to push/);
  });
});

describe('drift in a fresh clone (no cache)', () => {
  test("a change on production's server: diff --env production exits 1 and names the side", async () => {
    const gold = await policyOn(w.prodClient, 'gold-plan');
    await w.prodClient.updatePolicy('gold-plan', { ...gold, rate: 6000 });
    const clone = await w.freshClone();
    const run = await w.svc(['diff', '--env', 'production'], { cwd: clone });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /^svc\/gold-plan\.policy\.json: changed on the server \(policy 'Gold plan'\)\n {2}remote {2}rate: 5000 → 6000$/m);
    const json = JSON.parse((await w.svc(['diff', '--env', 'production', '--format', 'json'], { cwd: clone })).stdout);
    assert.equal(json.files.find((f: any) => f.file === GOLD).mode, 'three-way');
    // Development did not move.
    assert.equal((await w.svc(['diff', '--env', 'development'], { cwd: clone })).code, 0);
  });

  test('a conflicting local change (in the overlay) exits 3; push refuses and sends nothing', async () => {
    const clone = await w.freshClone();
    await w.writeJson(GOLD_OVERLAY, { rate: 7000, tags: ['team-payments'] }, clone);
    const run = await w.svc(['diff', '--env', 'production', GOLD], { cwd: clone });
    assert.equal(run.code, 3, run.stdout);
    assert.match(run.stdout, /CONFLICT: changed locally and on the server/);
    assert.match(run.stdout, /both {4}rate: base 5000, local 7000, remote 6000/);
    const push = await w.svc(['push', '--env', 'production', '--yes', GOLD], { cwd: clone });
    assert.equal(push.code, 3);
    assert.equal((await policyOn(w.prodClient, 'gold-plan')).rate, 6000);
  });

  test("pull --env production: the server's change of a member the overlay sets goes to the overlay", async () => {
    const before = await w.read(GOLD);
    const run = await w.svc(['pull', '--env', 'production', GOLD]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /pulled {5}svc\/gold-plan\.policy\.json \(environments\/production\/svc\/gold-plan\.policy\.json\)/);
    // Pulled again where it is: the closing line names no folder.
    assert.match(run.stderr, /Pulled 1, unchanged 0 \('production', state in \.svc-deploy\/production\/\)\.$/m);
    assert.deepEqual(await w.readJson(GOLD_OVERLAY), { rate: 6000, tags: ['team-payments'] });
    assert.equal(await w.read(GOLD), before, 'the definition did not move');
    assert.equal((await w.svc(['diff', '--env', 'production'])).code, 0);
  });

  test('a change of a member only the definition sets is refused without --into (it would change development)', async () => {
    const gold = await policyOn(w.prodClient, 'gold-plan');
    await w.prodClient.updatePolicy('gold-plan', { ...gold, per: 30 });
    const before = await w.read(GOLD);
    const refused = await w.svc(['pull', '--env', 'production', GOLD]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /would change 'development' too\. Nothing was written\. Pull again with --into overlay .* or --into base/);
    assert.equal(await w.read(GOLD), before);
    const intoOverlay = await w.svc(['pull', '--env', 'production', GOLD, '--into', 'overlay']);
    assert.equal(intoOverlay.code, 0, intoOverlay.stderr);
    assert.equal((await w.readJson(GOLD_OVERLAY)).per, 30);
    assert.equal(await w.read(GOLD), before);
    assert.equal((await w.svc(['diff', '--env', 'development'])).code, 0, 'development still renders as deployed');
    assert.equal((await w.svc(['diff', '--env', 'production'])).code, 0);
  });

  test('--into base: the definition takes it, and development then has a local change to push', async () => {
    const gold = await policyOn(w.prodClient, 'gold-plan');
    await w.prodClient.updatePolicy('gold-plan', { ...gold, quota_max: 5 });
    const run = await w.svc(['pull', '--env', 'production', GOLD, '--into', 'base']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal((await w.readJson(GOLD)).quota_max, 5);
    const dev = await w.svc(['diff', '--env', 'development', GOLD]);
    assert.equal(dev.code, 1);
    assert.match(dev.stdout, /changed locally/);
    assert.match(dev.stdout, /local {3}quota_max: 100000 → 5/);
    const push = await w.svc(['push', '--env', 'development', '--yes']);
    assert.equal(push.code, 0, push.stdout + push.stderr);
    assert.equal((await policyOn(w.devClient, 'gold-plan')).quota_max, 5);
  });
});

describe('--select', () => {
  test('by name, tag and folder on diff; a selection that matches nothing compares nothing', async () => {
    const silver = await w.readJson(SILVER);
    await w.writeJson(SILVER, { ...silver, rate: silver.rate + 1 });
    const all = JSON.parse((await w.svc(['diff', '--env', 'development', '--format', 'json'])).stdout);
    assert.equal(all.summary.differences, 1);
    const byName = JSON.parse((await w.svc(['diff', '--env', 'development', '--format', 'json', '--select', 'name:gold*'])).stdout);
    assert.deepEqual(
      byName.files.map((f: any) => f.file),
      [GOLD],
    );
    assert.equal(byName.exitCode, 0);
    const bySilver = await w.svc(['diff', '--env', 'development', '--select', 'Silver plan']);
    assert.equal(bySilver.code, 1);
    const byTag = JSON.parse((await w.svc(['diff', '--env', 'production', '--format', 'json', '--select', 'tag:team-payments'])).stdout);
    assert.deepEqual(
      byTag.files.map((f: any) => f.file),
      [GOLD],
    );
    const byFolder = JSON.parse((await w.svc(['diff', '--env', 'development', '--format', 'json', '--select', 'folder:elsewhere'])).stdout);
    assert.equal(byFolder.summary.files, 0);
    const bad = await w.svc(['diff', '--env', 'development', '--select', 'tag:']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /selects nothing: write folder:PATH, tag:TAG or name:PATTERN/);
  });

  test('push --select pushes only the selection', async () => {
    const none = await w.svc(['push', '--env', 'development', '--yes', '--select', 'name:Gold*']);
    assert.equal(none.code, 0);
    assert.match(none.stderr, /Nothing to push/);
    const silverBefore = (await policyOn(w.devClient, 'silver-plan')).rate;
    const run = await w.svc(['push', '--env', 'development', '--yes', '--select', 'name:Silver*']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal((await policyOn(w.devClient, 'silver-plan')).rate, silverBefore! + 1);
  });

  test('pull --all --select pulls only the selection into a new environment', async () => {
    const run = await w.svc(['pull', '--all', '--env', 'production', '--select', 'name:nothing-matches-this']);
    assert.equal(run.code, 0);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /not selected 2/);
  });
});
