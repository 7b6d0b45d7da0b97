// The `svc` CLI on YAML: `svc pull --all --format yaml` writes OAS and streams APIs as YAML (the
// rest stays JSON), `svc diff` reads the YAML files, a local YAML edit is a local difference and
// `svc push` sends it; a bad --format is a usage error. Through a proxy that records each request:
// `svc diff` on a YAML file with one local change reports exactly that member, and YAML files take
// the quick path of unchanged files (issue 32) as JSON files do: no read of their own.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startCliWorld, type CliWorld } from '../engine/cliHarness';
import { startCountingProxy, type CountingProxy } from '../engine/countingProxy';

let w: CliWorld;
before(async () => {
  w = await startCliWorld();
});
after(async () => w?.close());

test('pull --all --format yaml: OAS and streams APIs as YAML, policies and classic APIs as JSON; diff reads them', async () => {
  const run = await w.svc(['pull', '--all', '--format', 'yaml']);
  assert.equal(run.code, 0, run.stderr);
  const files = await fs.readdir(path.join(w.dir, 'svc'));
  assert.ok(files.includes('payments.oas.yaml'), files.join(' '));
  assert.ok(files.includes('order-events.streams.yaml'), files.join(' '));
  assert.ok(files.includes('gold-plan.policy.json'));
  assert.ok(files.includes('petstore-classic.classic.json'));
  const clean = await w.svc(['diff']);
  assert.equal(clean.code, 0, clean.stdout + clean.stderr);

  // A local YAML edit, with a comment: one local path; push sends it.
  const file = path.join(w.dir, 'svc', 'payments.oas.yaml');
  const text = await fs.readFile(file, 'utf8');
  await fs.writeFile(file, `# edited by hand\n${text.replace(/^( {2}title: ).*$/m, '$1Payments (YAML)')}`);
  const diff = await w.svc(['diff', '--format', 'json', 'svc/payments.oas.yaml']);
  assert.equal(diff.code, 1, diff.stdout + diff.stderr);
  assert.match(diff.stdout, /info.*title/);
  const push = await w.svc(['push', '--yes', 'svc/payments.oas.yaml']);
  assert.equal(push.code, 0, push.stdout + push.stderr);
  const again = await w.svc(['diff', 'svc/payments.oas.yaml']);
  assert.equal(again.code, 0, again.stdout + again.stderr);
});

test('--format other than json or yaml is a usage error', async () => {
  const run = await w.svc(['pull', '--all', '--format', 'xml']);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /--format must be json or yaml, not 'xml'/);
});

describe('YAML files on the quick path of unchanged files (svc diff, svc push)', () => {
  let world: CliWorld;
  let proxy: CountingProxy;
  let env: NodeJS.ProcessEnv;
  /** Requests for one OAS or streams API's own document (not the listing). */
  const ownReads = (requests: readonly string[]) => requests.filter((r) => /^GET \/(svc\/apis\/oas|api\/apis\/streams)\//.test(r));
  const file = path.join('svc', 'payments.oas.yaml');
  before(async () => {
    world = await startCliWorld();
    proxy = await startCountingProxy(world.url);
    env = { ...world.env, SVC_DASHBOARD_URL: proxy.url };
    assert.equal((await world.svc(['pull', '--all', '--format', 'yaml'], { env })).code, 0);
    // A comment changes no value: the file is still as pulled.
    const full = path.join(world.dir, file);
    await fs.writeFile(full, `# kept in git\n${await fs.readFile(full, 'utf8')}`);
  });
  after(async () => {
    await proxy?.close();
    await world?.close();
  });

  test('svc push with no file changed reads nothing from the server, run after run', async () => {
    for (const run of [1, 2]) {
      proxy.reset();
      const push = await world.svc(['push'], { env });
      assert.equal(push.code, 0, push.stdout + push.stderr);
      assert.match(push.stderr + push.stdout, /Nothing to push: no file changed since it was pulled/);
      assert.deepEqual(proxy.requests, [], `run ${run}`);
    }
  });

  test('svc diff with one member changed in a YAML file: exactly that member, and no YAML API read on its own', async () => {
    const full = path.join(world.dir, file);
    const text = await fs.readFile(full, 'utf8');
    const edited = text.replace(/^( {2}title: )Payments$/m, '$1Payments (YAML)');
    assert.notEqual(edited, text, 'the title line was found');
    await fs.writeFile(full, edited);
    proxy.reset();
    const diff = await world.svc(['diff', '--format', 'json'], { env });
    assert.equal(diff.code, 1, diff.stdout + diff.stderr);
    const report = JSON.parse(diff.stdout);
    const changed = report.files.filter((f: { status: string }) => f.status !== 'unchanged');
    assert.deepEqual(
      changed.map((f: any) => ({ file: f.file, status: f.status, changes: f.changes })),
      [
        {
          file: 'svc/payments.oas.yaml',
          status: 'changed-locally',
          changes: [{ pointer: '/info/title', display: 'info.title', side: 'local', base: 'Payments', local: 'Payments (YAML)', remote: 'Payments' }],
        },
      ],
    );
    assert.ok(report.files.filter((f: { file: string }) => f.file.endsWith('.yaml')).length >= 4, 'the YAML files are compared');
    // The server's versions come from its listing; none of the YAML files' APIs is read on its own.
    assert.deepEqual(ownReads(proxy.requests), []);
  });
});
