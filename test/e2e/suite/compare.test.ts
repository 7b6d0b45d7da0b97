// Compare with Environment in a real VS Code against a sandbox: a pulled file changed locally
// and on the server shows a diff editor (server left, file right) and the changed paths marked
// local / remote / both; a folder compares every pulled file under it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PullOutcome } from '../../../client/src/workflows/sync/pull';
import type { CompareResult } from '../../../client/src/workflows/sync/compareFlow';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { screenshot } from './helpers/screenshot';
import { hasDriver, queryWorkbench, waitForVisible } from './helpers/workbench';
import { waitFor } from './helpers/wait';

const ENV = 'E2E Compare';

describe('compare with environment', () => {
  const setup = useSandboxEnvironment(ENV, {
    cleanup: async () => {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    },
  });
  let gold: vscode.Uri;
  let weather: vscode.Uri;

  const pull = async (target: { kind: string; id: string }) => {
    const outcome = await vscode.commands.executeCommand<PullOutcome>('svc.pull', { environment: ENV, target, mode: 'full' });
    assert.equal(outcome?.status, 'pulled', outcome?.message);
    return vscode.Uri.file(outcome.file!);
  };
  const compare = (uri: vscode.Uri) => vscode.commands.executeCommand<CompareResult[] | undefined>('svc.compareWithEnvironment', uri);

  before(async () => {
    gold = await pull({ kind: 'policy', id: 'gold-plan' });
    weather = await pull({ kind: 'classic', id: SEED_API_IDS.weatherClassic });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a pulled file without changes: no differences, the diff editor still opens', async () => {
    const [result] = (await compare(weather))!;
    assert.equal(result.status, 'unchanged', result.message);
    assert.deepEqual(result.changes, []);
    assert.match(result.message, /no differences on 'E2E Compare'/);
  });

  it('changed locally and on the server: the diff editor and the paths, each local / remote / both', async () => {
    // In the file: rate and quota_max; on the server: rate (differently) and per.
    const doc = JSON.parse(fs.readFileSync(gold.fsPath, 'utf8'));
    fs.writeFileSync(gold.fsPath, `${JSON.stringify({ ...doc, rate: 1500, quota_max: 7 }, null, 2)}\n`);
    const remote = (await setup.server.listPolicies()).find((p) => p.id === 'gold-plan')!;
    await setup.server.updatePolicy('gold-plan', { ...remote, rate: 2500, per: 30 });

    const [result] = (await compare(gold))!;
    assert.equal(result.status, 'conflict', result.message);
    assert.deepEqual(
      result.changes.map((c) => [c.display, c.side, c.local, c.remote]),
      [
        ['per', 'remote', doc.per, 30],
        ['quota_max', 'local', 7, remote.quota_max],
        ['rate', 'both', 1500, 2500],
      ],
    );
    assert.match(result.message, /gold-plan\.policy\.json: changed locally and on the server \(conflict\) on 'E2E Compare' \(3 paths\) — policy 'Gold plan'/);

    const activeDiff = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputTextDiff && t.isActive);
    const diff = await waitFor(activeDiff, { message: 'the diff editor' });
    const input = diff.input as vscode.TabInputTextDiff;
    assert.equal(input.original.scheme, 'svc-push-remote', 'the server side is a read-only snapshot');
    assert.equal(input.modified.fsPath, gold.fsPath, 'the file itself is the right side');
    assert.equal(diff.label, `gold-plan.policy.json: '${ENV}' ↔ local`);
    const serverSide = JSON.parse((await vscode.workspace.openTextDocument(input.original)).getText());
    assert.equal(serverSide.rate, 2500);
    if (hasDriver()) {
      // The list beside the diff: each changed path with its side and values.
      const rows = await waitFor(
        async () => {
          const labels = (await queryWorkbench('.quick-input-list .monaco-list-row')).filter((r) => r.visible).map((r) => r.ariaLabel ?? '');
          return labels.length === 3 ? labels : undefined;
        },
        { message: 'the quick pick of the three changed paths' },
      );
      assert.match(rows[0], /per, remote, base 60 · local 60 · remote 30/);
      assert.match(rows[1], /quota_max, local, base 100000 · local 7 · remote 100000/);
      assert.match(rows[2], /rate, both, base 1000 · local 1500 · remote 2500/);
      await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
      assert.ok((await screenshot('compare-with-environment'))?.endsWith('.png'));
    }
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  it('a folder: every pulled file under it, the differing ones offered in a list', async () => {
    const folder = vscode.Uri.file(path.dirname(gold.fsPath));
    const results = (await compare(folder))!;
    const byName = Object.fromEntries(results.map((r) => [path.basename(r.file), r.status]));
    assert.equal(byName['gold-plan.policy.json'], 'conflict');
    assert.equal(byName[path.basename(weather.fsPath)], 'unchanged');
    if (hasDriver()) {
      const row = await waitForVisible('.quick-input-list .monaco-list-row', /gold-plan\.policy\.json/, { message: 'the list of differing files' });
      assert.match(row.ariaLabel ?? row.text, /changed locally and on the server \(conflict\)/);
      assert.equal((await queryWorkbench('.quick-input-list .monaco-list-row')).filter((r) => r.visible).length, 1, 'only the differing file is offered');
    }
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  it('after a push of the file (the conflict on rate resolved as mine, per merged), Compare shows no differences', async () => {
    const outcome = await setup.api.withSyncAnswers({ confirm: true, mergeConflicts: () => ({ '/rate': 'ours' }), confirmMerge: true }, () =>
      vscode.commands.executeCommand<{ status: string; message: string }>('svc.push', { uri: gold }),
    );
    assert.equal(outcome?.status, 'pushed', outcome?.message);
    const [result] = (await compare(gold))!;
    assert.equal(result.status, 'unchanged', result.message);
  });
});
