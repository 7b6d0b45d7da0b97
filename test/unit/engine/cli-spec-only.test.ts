// `svc` against a server that serves only the spec's 24 endpoints (`startSandbox({ specOnly: true })`:
// every other route answers a plain-text 404): pull all (what the spec cannot list is skipped
// with a note, exit 0), no diff, a local edit pushed, a remote edit, a conflict refused with the
// remote unchanged, --force, a streams and an OAS push, and a migration dry run.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { startCliWorld, type CliWorld } from './cliHarness';

let w: CliWorld;
before(async () => {
  w = await startCliWorld({ specOnly: true });
});
after(async () => w?.close());

const SILVER = 'svc/silver-plan.policy.json';
const STREAMS = 'svc/order-events.streams.json';

describe('svc against a spec-only server', () => {
  test('pull --all: APIs and policies arrive; what the spec cannot list is a note, and the exit code stays 0', async () => {
    const run = await w.svc(['pull', '--all']);
    assert.equal(run.code, 0, run.stderr);
    const files = (await fs.readdir(path.join(w.dir, 'svc'))).sort();
    for (const name of ['silver-plan.policy.json', 'petstore-classic.classic.json', 'payments.oas.json', 'order-events.streams.json']) {
      assert.ok(files.includes(name), `${name} in ${files.join(', ')}`);
    }
    // The spec has no key listing (GET /api/keys is beyond it): keys are skipped with a note.
    assert.equal(files.filter((f) => f.endsWith('.key.json')).length, 0);
    assert.match(run.stderr, /keys not pulled/);
  });

  test('no change: svc diff exits 0', async () => {
    const run = await w.svc(['diff']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(run.stdout, '');
  });

  test('a remote edit is seen (exit 1), a local edit on top is a conflict (exit 3) refused with the remote unchanged, --force pushes', async () => {
    const [silver] = (await w.client.listPolicies()).filter((p) => p.id === 'silver-plan');
    await w.client.updatePolicy('silver-plan', { ...silver, per: 7 });
    assert.equal((await w.svc(['diff', SILVER])).code, 1);
    const local = await w.readJson(SILVER);
    await w.writeJson(SILVER, { ...local, per: 9 });
    assert.equal((await w.svc(['diff', SILVER])).code, 3);
    const refused = await w.svc(['push', '--yes', SILVER]);
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    assert.equal((await w.client.listPolicies()).find((p) => p.id === 'silver-plan')!.per, 7, 'the remote is unchanged');
    const forced = await w.svc(['push', '--yes', '--force', SILVER]);
    assert.equal(forced.code, 0, forced.stdout + forced.stderr);
    assert.equal((await w.client.listPolicies()).find((p) => p.id === 'silver-plan')!.per, 9);
    assert.equal((await w.svc(['diff', SILVER])).code, 0);
  });

  test('a streams push goes through the spec endpoint; diff exits 0 afterwards', async () => {
    const doc = await w.readJson(STREAMS);
    doc.info.description = 'Order events, pushed from CI to a spec-only server';
    await w.writeJson(STREAMS, doc);
    const run = await w.svc(['push', '--yes', STREAMS]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const remote = await w.client.getStreamsApi(SEED_API_IDS.ordersStream);
    assert.equal((remote.info as { description?: string }).description, 'Order events, pushed from CI to a spec-only server');
    assert.equal((await w.svc(['diff', STREAMS])).code, 0);
  });

  test('an OAS push updates the API (its dashboard record found through the listing); diff exits 0 afterwards', async () => {
    const file = 'svc/payments.oas.json';
    const doc = await w.readJson(file);
    doc.info.description = 'Payments, pushed to a spec-only server';
    await w.writeJson(file, doc);
    const run = await w.svc(['push', '--yes', file]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const remote = await w.client.getOasApi(SEED_API_IDS.paymentsOas);
    assert.equal((remote.info as { description?: string }).description, 'Payments, pushed to a spec-only server');
    assert.equal((await w.svc(['diff', file])).code, 0);
  });

  test('a migration dry run (endpoint 14) reports and changes nothing', async () => {
    const run = await w.svc(['migrate', '--dry-run', SEED_API_IDS.weatherClassic, '--format', 'json']);
    assert.equal(run.code, 0, run.stderr + run.stdout.slice(0, 2000));
    const out = JSON.parse(run.stdout);
    assert.equal(out.report.rows[0].apiID, SEED_API_IDS.weatherClassic);
    assert.equal(out.report.rows[0].outcome, 'success');
  });
});
