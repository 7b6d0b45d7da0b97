// `svc pull/diff/push/migrate` over real HTTP against a sandbox: pull all, no diff, a local
// edit, a remote edit, a conflict refused with the remote unchanged, --force, a streams and an
// OAS push (create, new version, update), a migration dry run.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { hashDocument } from '../../../engine/src/sync/canonicalJson';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { startCliWorld, type CliWorld } from './cliHarness';

let w: CliWorld;
before(async () => {
  w = await startCliWorld();
});
after(async () => w?.close());

const GOLD = 'svc/gold-plan.policy.json';
const SILVER = 'svc/silver-plan.policy.json';
const STREAMS = 'svc/order-events.streams.json';
const diffJson = async (...files: string[]) => {
  const run = await w.svc(['diff', '--format', 'json', ...files]);
  return { run, report: JSON.parse(run.stdout) };
};

describe('svc pull --all and svc diff', () => {
  test('pull --all writes the files and .svc/ state the extension writes; exit 0', async () => {
    const run = await w.svc(['pull', '--all']);
    assert.equal(run.code, 0, run.stderr);
    const files = (await fs.readdir(path.join(w.dir, 'svc'))).sort();
    assert.ok(files.includes('gold-plan.policy.json'));
    assert.ok(files.includes('petstore-classic.classic.json'));
    assert.ok(files.includes('payments.oas.json'));
    assert.ok(files.includes('order-events.streams.json'));
    assert.ok(files.some((f) => f.endsWith('.key.json')));
    const state = await w.readJson('.svc/state.json');
    assert.equal(Object.keys(state.files).length, files.length);
    assert.equal(state.files[GOLD].target.kind, 'policy');
    assert.equal(state.files[GOLD].environment, new URL(w.url).host);
    assert.match(await fs.readFile(path.join(w.dir, '.svc/.gitignore'), 'utf8'), /^\*$/m);
    // Keys: addressed by hash, their id (a credential) in no file.
    const keyFile = files.find((f) => f.endsWith('.key.json'))!;
    assert.equal((await w.readJson(`svc/${keyFile}`)).key_id, undefined);
    assert.match(run.stdout, /^pulled {5}svc\/gold-plan\.policy\.json$/m);
    // Again: everything unchanged, nothing rewritten.
    const again = await w.svc(['pull', '--all']);
    assert.equal(again.code, 0);
    assert.equal(again.stdout, '');
    assert.match(again.stderr, new RegExp(`Pulled 0, unchanged ${files.length}`));
  });

  test('no change: svc diff exits 0 and prints no difference', async () => {
    const run = await w.svc(['diff']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(run.stdout, '');
  });

  test('a local edit (reformatted, members reordered, one value changed): exit 1, one local path', async () => {
    const gold = await w.readJson(GOLD);
    const reordered = Object.fromEntries(Object.entries({ ...gold, rate: gold.rate + 1 }).reverse());
    await w.writeJson(GOLD, reordered, 4);
    const { run, report } = await diffJson(GOLD);
    assert.equal(run.code, 1);
    assert.equal(report.exitCode, 1);
    const [file] = report.files;
    assert.equal(file.status, 'changed-locally');
    assert.equal(file.mode, 'three-way');
    assert.deepEqual(file.changes, [{ pointer: '/rate', display: 'rate', side: 'local', base: gold.rate, local: gold.rate + 1, remote: gold.rate }]);
    const text = await w.svc(['diff', GOLD]);
    assert.equal(text.code, 1);
    const expected = `^svc/gold-plan\\.policy\\.json: changed locally \\(policy 'Gold plan'\\)\\n  local   rate: ${gold.rate} → ${gold.rate + 1}\\n$`;
    assert.match(text.stdout, new RegExp(expected));
  });

  test('a remote edit: exit 1, the path is remote', async () => {
    const [silver] = (await w.client.listPolicies()).filter((p) => p.id === 'silver-plan');
    await w.client.updatePolicy('silver-plan', { ...silver, per: 7 });
    const { run, report } = await diffJson(SILVER);
    assert.equal(run.code, 1);
    assert.equal(report.files[0].status, 'changed-remotely');
    assert.deepEqual(
      report.files[0].changes.map((c: any) => [c.display, c.side, c.base, c.remote]),
      [['per', 'remote', silver.per, 7]],
    );
  });

  test('a conflict: diff exits 3; push refuses with exit 3 and the server keeps its version', async () => {
    const silver = await w.readJson(SILVER);
    await w.writeJson(SILVER, { ...silver, per: 9 });
    const { run, report } = await diffJson(SILVER);
    assert.equal(run.code, 3);
    assert.equal(report.files[0].status, 'conflict');
    assert.deepEqual(
      report.files[0].changes.map((c: any) => [c.display, c.side, c.local, c.remote]),
      [['per', 'both', 9, 7]],
    );
    const push = await w.svc(['push', '--yes', SILVER]);
    assert.equal(push.code, 3, push.stdout + push.stderr);
    assert.match(push.stderr, /changed on the server since it was pulled, and the file changed too/);
    assert.match(push.stderr, /nothing was pushed/);
    const now = (await w.client.listPolicies()).find((p) => p.id === 'silver-plan')!;
    assert.equal(now.per, 7, 'the remote is unchanged');
  });

  test('--force pushes over the conflict; the base is refreshed so diff exits 0', async () => {
    const push = await w.svc(['push', '--yes', '--force', SILVER]);
    assert.equal(push.code, 0, push.stdout + push.stderr);
    assert.match(push.stdout, /update policy 'Silver plan' via PUT \/svc\/policies\/\{polID\}/);
    assert.match(push.stdout, /~ per/);
    assert.equal((await w.client.listPolicies()).find((p) => p.id === 'silver-plan')!.per, 9);
    assert.equal((await w.svc(['diff', SILVER])).code, 0);
  });

  test('push without a terminal and without --yes changes nothing and exits 2; a terminal asks', async () => {
    const rateBefore = (await w.client.listPolicies()).find((p) => p.id === 'gold-plan')!.rate!;
    const run = await w.svc(['push', GOLD]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /confirm on a terminal, or pass --yes/);
    const declined = await w.svc(['push', GOLD], { tty: true, answer: false });
    assert.equal(declined.code, 2);
    assert.deepEqual(declined.asked, [`Push 1 resource(s) to '${new URL(w.url).host}'?`]);
    assert.equal((await w.client.listPolicies()).find((p) => p.id === 'gold-plan')!.rate, rateBefore);
    const accepted = await w.svc(['push', GOLD], { tty: true, answer: true });
    assert.equal(accepted.code, 0, accepted.stderr);
    assert.equal((await w.client.listPolicies()).find((p) => p.id === 'gold-plan')!.rate, rateBefore + 1);
    assert.equal((await w.svc(['diff'])).code, 0);
  });

  test('svc push without files pushes the files changed locally only', async () => {
    const gold = await w.readJson(GOLD);
    await w.writeJson(GOLD, { ...gold, quota_max: 4242 });
    const run = await w.svc(['push', '--yes']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^pushed {5}svc\/gold-plan\.policy\.json$/m);
    assert.equal(run.stdout.match(/^pushed/gm)?.length, 1);
  });

  test('a streams push (PUT with the streams media type); diff exits 0 afterwards', async () => {
    const doc = await w.readJson(STREAMS);
    doc.info.description = 'Order events, pushed from CI';
    await w.writeJson(STREAMS, doc);
    const run = await w.svc(['push', '--yes', STREAMS]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /update streams API 'Order events' via PUT \/api\/apis\/streams\/\{apiId\}/);
    assert.match(run.stdout, /^ {4}[+~] info\.description$/m);
    const remote = await w.client.getStreamsApi(SEED_API_IDS.ordersStream);
    assert.equal((remote.info as { description?: string }).description, 'Order events, pushed from CI');
    assert.equal((await w.svc(['diff', STREAMS])).code, 0);
  });

  test('a resource deleted on the server is reported as such; pushing it is refused (exit 3)', async () => {
    // The spec has no delete: a pulled policy whose id the server no longer knows is what a deletion leaves.
    const state = await w.readJson('.svc/state.json');
    const gone = 'svc/retired.policy.json';
    const doc = { ...(await w.readJson(GOLD)), id: 'retired-plan', name: 'Retired plan' };
    await w.writeJson(gone, doc);
    state.files[gone] = { ...state.files[GOLD], target: { kind: 'policy', id: 'retired-plan' } };
    // The base is the file as written: same hashes as the file (not changed locally).
    state.files[gone].localHash = state.files[gone].remoteHash = hashDocument('policy', doc);
    await w.writeJson('.svc/state.json', state);
    const { run, report } = await diffJson(gone);
    assert.equal(run.code, 1);
    assert.equal(report.files[0].status, 'deleted-remotely');
    assert.equal(report.files[0].message, 'deleted on the server since the pull');
    const text = await w.svc(['diff', gone]);
    assert.match(text.stdout, /^svc\/retired\.policy\.json: deleted on the server \(policy 'retired-plan'\) — deleted on the server since the pull$/m);
    const push = await w.svc(['push', '--yes', gone]);
    assert.equal(push.code, 3);
    assert.match(push.stderr, /was deleted on the server since it was pulled; pushing the file would undo that/);
    assert.equal(
      (await w.client.listPolicies()).some((p) => p.id === 'retired-plan'),
      false,
    );
    // Changed locally too: a conflict (exit 3).
    await w.writeJson(gone, { ...doc, rate: 1 });
    assert.equal((await diffJson(gone)).run.code, 3);
    // --force re-creates it (POST /svc/policies).
    const forced = await w.svc(['push', '--yes', '--force', gone]);
    assert.equal(forced.code, 0, forced.stdout + forced.stderr);
    assert.match(forced.stdout, /create policy .* via POST \/svc\/policies/);
    assert.equal((await w.client.listPolicies()).find((p) => p.id === 'retired-plan')?.rate, 1);
    assert.equal((await w.svc(['diff', gone])).code, 0);
  });
});

describe('svc push of OAS documents', () => {
  const NEW = 'apis/pets.oas.json';
  test('a new OAS document is created (POST /svc/apis/oas), recorded, then updated through the dashboard', async () => {
    await fs.mkdir(path.join(w.dir, 'apis'), { recursive: true });
    const doc = JSON.parse(await fs.readFile(path.join(__dirname, '../../fixtures/service/valid/oas.json'), 'utf8'));
    await w.writeJson(NEW, doc);
    const diff = await diffJson(NEW);
    assert.equal(diff.report.files[0].status, 'not-on-server');
    assert.equal(diff.run.code, 1);
    const created = await w.svc(['push', '--yes', NEW]);
    assert.equal(created.code, 0, created.stdout + created.stderr);
    assert.match(created.stdout, /create OAS API 'Pets' via POST \/svc\/apis\/oas/);
    const state = await w.readJson('.svc/state.json');
    const id = state.files[NEW].target.id;
    assert.ok(id);
    assert.equal((await w.client.getOasApi(id))['x-svc-api-gateway']?.info?.name, 'Pets');
    assert.equal((await w.svc(['diff', NEW])).code, 0);

    doc['x-svc-api-gateway'].info.name = 'Pets (updated)';
    await w.writeJson(NEW, doc);
    const updated = await w.svc(['push', '--yes', NEW]);
    assert.equal(updated.code, 0, updated.stdout + updated.stderr);
    assert.match(updated.stdout, /update OAS API 'Pets' via PUT \/api\/apis\/\{apiId\}/);
    assert.equal((await w.client.getOasApi(id))['x-svc-api-gateway']?.info?.name, 'Pets (updated)');
    assert.equal((await w.svc(['diff', NEW])).code, 0);
  });

  test('an OAS document created as a new version of an API (versioning parameters)', async () => {
    const state = await w.readJson('.svc/state.json');
    const baseId = state.files[NEW].target.id;
    const doc = JSON.parse(await fs.readFile(path.join(__dirname, '../../fixtures/service/valid/oas.json'), 'utf8'));
    doc['x-svc-api-gateway'].info.name = 'Pets v2';
    doc['x-svc-api-gateway'].server.listenPath.value = '/pets-v2/';
    await w.writeJson('apis/pets-v2.oas.json', doc);
    const run = await w.svc(['push', '--yes', '--new-version', 'v2', '--base-api', baseId, '--base-version', 'v1', 'apis/pets-v2.oas.json']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /a new version 'v2' of API/);
    const base = await w.client.getOasApi(baseId);
    const versions = JSON.stringify(base['x-svc-api-gateway']?.info);
    assert.match(versions, /v2/);
  });

  test('lint errors stop the push (exit 1) and nothing is sent', async () => {
    const doc = await w.readJson(NEW);
    doc['x-svc-api-gateway'].server.listenPath.value = 'no-slash/';
    await w.writeJson(NEW, doc);
    const run = await w.svc(['push', '--yes', NEW]);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /apis\/pets\.oas\.json:\d+:\d+ error svc\.semantic\.listen-path/);
    assert.match(run.stderr, /nothing was pushed/);
    const id = (await w.readJson('.svc/state.json')).files[NEW].target.id;
    assert.equal((await w.client.getOasApi(id))['x-svc-api-gateway']?.server?.listenPath?.value, '/pets/');
  });
});

describe('svc push: the one severity rule', () => {
  // The gateway never runs the classic schema (gateway-facts §1): a missing member is a warning
  // for svc-lint, so push goes ahead, and the sandbox stores the definition as the gateway would.
  test('a classic definition without version_data: pushed (exit 0), the plan naming the removed member, and stored', async () => {
    const CLASSIC = 'svc/petstore-classic.classic.json';
    const original = await w.readJson(CLASSIC);
    const { version_data: _versionData, ...withoutVersionData } = original;
    await w.writeJson(CLASSIC, { ...withoutVersionData, name: 'Petstore Classic (no version data)' });
    const run = await w.svc(['push', '--yes', CLASSIC]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^ {4}- version_data$/m);
    const stored = (await w.client.getDashboardApi(SEED_API_IDS.petstoreClassic)).api_definition;
    assert.deepEqual([stored?.name, stored?.version_data], ['Petstore Classic (no version data)', undefined]);

    await w.writeJson(CLASSIC, original);
    const back = await w.svc(['push', '--yes', CLASSIC]);
    assert.equal(back.code, 0, back.stdout + back.stderr);
    assert.equal((await w.client.getDashboardApi(SEED_API_IDS.petstoreClassic)).api_definition?.name, original.name);
  });
});

describe('svc migrate', () => {
  test('a dry run prints the report and changes nothing', async () => {
    const run = await w.svc(['migrate', '--dry-run', SEED_API_IDS.weatherClassic, '--format', 'json']);
    assert.equal(run.code, 0, run.stderr + run.stdout.slice(0, 2000));
    const out = JSON.parse(run.stdout);
    assert.equal(out.request.mode, 'dryRun');
    assert.deepEqual(out.request.apiIDs, [SEED_API_IDS.weatherClassic]);
    assert.equal(out.report.rows[0].apiID, SEED_API_IDS.weatherClassic);
    assert.equal(out.report.rows[0].name, 'Weather Classic');
    assert.equal(out.report.rows[0].outcome, 'success');
    assert.ok(out.report.rows[0].documents[0].document.openapi);
    // --all: the seed has an API that cannot migrate (already versioned the new way): exit 1, with the reason.
    const text = await w.svc(['migrate', '--dry-run', '--all']);
    assert.equal(text.code, 1);
    assert.match(text.stdout, /^Dry run: \d+ would migrate, 1 failed, \d+ skipped\.$/m);
    assert.match(text.stdout, /^\w+ \(Weather Classic\): success$/m);
    assert.match(text.stdout, /: failed — not migratable/);
    // Still classic on the server.
    const record = await w.client.getDashboardApi(SEED_API_IDS.weatherClassic);
    assert.ok(record.api_definition && !record.api_definition.is_oas);
  });
});

describe('svc push of a folder never pulled here (a CI runner without .svc/)', () => {
  test('files equal to the server are recorded, changed ones pushed, unpulled keys skipped; diff then exits 0', async () => {
    const other = await startCliWorld();
    try {
      assert.equal((await other.svc(['pull', '--all'])).code, 0);
      await fs.rm(path.join(other.dir, '.svc'), { recursive: true });
      const gold = await other.readJson(GOLD);
      await other.writeJson(GOLD, { ...gold, rate: 4321 });
      const run = await other.svc(['push', '--yes', 'svc/']);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.equal(run.stdout.match(/^pushed /gm)?.length, 1);
      assert.match(run.stderr, /customer-01\.key\.json: skipped, a key file that was never pulled/);
      assert.match(run.stderr, /\d+ files: the same as on '.*'; nothing to send \(recorded as pushed\)/);
      assert.equal((await other.client.listPolicies()).find((p) => p.id === 'gold-plan')?.rate, 4321);
      const diff = await other.svc(['diff']);
      assert.equal(diff.code, 0, diff.stdout);
      // A key named explicitly is an error, not a silent skip.
      const key = await other.svc(['push', '--yes', 'svc/customer-01.key.json']);
      assert.equal(key.code, 2);
    } finally {
      await other.close();
    }
  });
});
