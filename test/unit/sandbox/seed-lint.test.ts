// One truth, end to end without VS Code: a fresh sandbox's whole content, pulled through the API
// client as Pull All does (the same listing, the same reader, the same file form), then linted
// with svc-lint: zero errors and zero warnings.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../sandbox/src/index';
import { ManagementClient } from '../../../api/src';
import { summariseApi } from '../../../client/src/explorer/apiSummaries';
import { readRemote } from '../../../client/src/workflows/sync/remoteReader';
import { targetOfRef } from '../../../client/src/workflows/sync/targets';
import { formatDocument } from '../../../client/src/workflows/sync/canonicalJson';
import { fileNameFor } from '../../../client/src/workflows/sync/fileNaming';
import type { RemoteTarget } from '../../../client/src/workflows/sync/syncKinds';
import { runLint } from '../../../server/src/lint/cli';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let client: ManagementClient;
let folder: string;

before(async () => {
  sandbox = await startSandbox({ port: 0, memory: true });
  client = new ManagementClient({ name: 'sandbox', dashboardUrl: sandbox.url, credentials: { ...sandbox.credentials } });
  folder = mkdtempSync(join(tmpdir(), 'svc-seed-'));
});
after(async () => {
  await sandbox.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Every resource Pull All pulls: APIs of each kind, policies, keys. */
async function allTargets(): Promise<RemoteTarget[]> {
  const targets: RemoteTarget[] = [];
  const apis = ((await client.listApis({ p: -1 })).apis ?? []).map(summariseApi).filter((a) => a.id);
  targets.push(...apis.map((a): RemoteTarget => ({ kind: a.kind, id: a.id })));
  targets.push(...(await client.listPolicies()).map((p): RemoteTarget => ({ kind: 'policy', id: String(p.id || p._id) })).filter((t) => t.id));
  for (const keyId of (await client.listKeys({ p: -1 })).data?.keys ?? []) {
    const target = await targetOfRef(client, { type: 'key', id: keyId });
    if (target) targets.push(target);
  }
  return targets;
}

test('a fresh sandbox pulled whole lints with zero errors and zero warnings', async () => {
  const targets = await allTargets();
  const taken = new Set<string>();
  for (const target of targets) {
    const snapshot = await readRemote(client, target);
    assert.ok(snapshot.exists, `${target.kind} ${target.id} listed but not readable`);
    const file = fileNameFor({ kind: target.kind, name: snapshot.name, id: target.id }, (f) => taken.has(f));
    taken.add(file);
    writeFileSync(join(folder, file), formatDocument(snapshot.document));
  }
  const kinds = new Set(targets.map((t) => t.kind));
  for (const kind of ['classic', 'oas', 'streams', 'policy', 'key']) assert.ok(kinds.has(kind as never), `the seed has no ${kind}`);
  assert.equal(readdirSync(folder).length, targets.length);

  const run = runLint(['--format', 'json', folder], folder);
  const report = JSON.parse(run.stdout);
  const findings = report.files.flatMap((f: any) =>
    f.diagnostics
      .filter((d: any) => d.severity === 'error' || d.severity === 'warning')
      .map((d: any) => `${f.file}:${d.line} ${d.severity} ${d.code} ${d.message}`),
  );
  assert.equal(report.files.length, targets.length, 'every pulled file is a Svc document');
  assert.deepEqual(findings, []);
  assert.equal(run.exitCode, 0);
});
