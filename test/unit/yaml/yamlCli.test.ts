// The `svc` CLI on YAML: `svc pull --all --format yaml` writes OAS and streams APIs as YAML (the
// rest stays JSON), `svc diff` reads the YAML files, a local YAML edit is a local difference and
// `svc push` sends it; a bad --format is a usage error.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { startCliWorld, type CliWorld } from '../engine/cliHarness';

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
