// Merge, don't refuse, in a real VS Code against a sandbox: a push after somebody changed another
// member on the server is merged and pushed (the notice says what came from the server, the file
// keeps its shape); a push after a change to the same member asks per path (base, mine, theirs)
// and sends nothing until answered; a pull over local edits merges them with the server's
// version. The questions are answered through the test-only export (withSyncAnswers).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import type { MergeConflict } from '../../../engine/src/diff/merge';
import type { MergeFacts } from '../../../engine/src/sync/pushMerge';
import type { PullOutcome } from '../../../client/src/workflows/sync/pull';
import type { PushOutcome } from '../../../client/src/workflows/sync/pushPipeline';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { notificationShown } from './helpers/shown';
import { waitFor } from './helpers/wait';
import { screenshot } from './helpers/screenshot';
import { hasDriver, typeKeys, waitForVisible } from './helpers/workbench';

const ENV = 'E2E Merge';

describe('merge with the server', () => {
  const setup = useSandboxEnvironment(ENV, { cleanup: () => vscode.commands.executeCommand('workbench.action.closeAllEditors') });

  const pull = (target: { kind: string; id: string }, answers = {}) =>
    setup.api.withSyncAnswers(answers, () => vscode.commands.executeCommand<PullOutcome>('svc.pull', { environment: ENV, target, mode: 'full' }));
  const push = (uri: vscode.Uri, answers: Record<string, unknown> = {}) =>
    setup.api.withSyncAnswers({ pushDespiteErrors: true, ...answers }, () => vscode.commands.executeCommand<PushOutcome | undefined>('svc.push', { uri }));
  /** Edits the file in its editor (4-space indentation) and saves it, as the user would. */
  async function editAndSave(uri: vscode.Uri, change: (doc: any) => void): Promise<vscode.TextDocument> {
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    const doc = JSON.parse(document.getText());
    change(doc);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify(doc, null, 4)}\n`);
    await vscode.workspace.applyEdit(edit);
    // A save right after an edit now and then answers false although it wrote (saveHolding.ts): save as the user would, again.
    await waitFor(async () => (await document.save()) || !document.isDirty || undefined, { message: 'the edited file saved' });
    return document;
  }
  const policy = async (id: string) => (await setup.server.listPolicies()).find((p) => p.id === id)!;

  it('push after a change on the server to another member: merged, written, pushed; the notice says what came from the server', async () => {
    const pulled = await pull({ kind: 'oas', id: SEED_API_IDS.paymentsOas });
    assert.ok(pulled?.file, pulled?.message);
    const uri = vscode.Uri.file(pulled.file);

    // Somebody raises the rate limit on the server…
    const record = await setup.server.getDashboardApi(SEED_API_IDS.paymentsOas);
    const theirs = structuredClone(record.oas) as any;
    theirs['x-svc-api-gateway'].upstream.rateLimit.rate = 75;
    await setup.server.updateApi(SEED_API_IDS.paymentsOas, { ...record, oas: theirs });
    // …while I move the upstream in my file.
    const document = await editAndSave(uri, (doc) => (doc['x-svc-api-gateway'].upstream.url = 'https://payments-v2.example.com'));

    let facts: MergeFacts | undefined;
    const outcome = await push(uri, {
      confirmMerge: (f: MergeFacts) => {
        facts = f;
        return true;
      },
    });
    assert.equal(outcome?.status, 'pushed', outcome?.message);
    assert.deepEqual(facts?.fromServer, ['x-svc-api-gateway.upstream.rateLimit.rate']);
    assert.deepEqual(facts?.fromFile, ['x-svc-api-gateway.upstream.url']);
    assert.match(outcome.message, /From the server: x-svc-api-gateway\.upstream\.rateLimit\.rate\./);
    await notificationShown(
      /Merged payments\.oas\.json with the changes on 'E2E Merge' and pushed it/,
      /From the server: x-svc-api-gateway\.upstream\.rateLimit\.rate/,
    );

    const now = (await setup.server.getOasApi(SEED_API_IDS.paymentsOas)) as any;
    assert.equal(now['x-svc-api-gateway'].upstream.url, 'https://payments-v2.example.com');
    assert.equal(now['x-svc-api-gateway'].upstream.rateLimit.rate, 75);
    // The file and its editor hold the merged result, in the file's 4-space shape, saved.
    const text = fs.readFileSync(uri.fsPath, 'utf8');
    assert.match(text, /^ {12}"url": "https:\/\/payments-v2\.example\.com",$/m);
    assert.match(text, /^ {16}"rate": 75,$/m);
    await waitFor(() => (!document.isDirty && document.getText() === text) || undefined, { message: 'the editor holds the merged file, saved' });
  });

  it('push after a change to the same member asks per path with base, mine and theirs; nothing is sent until answered', async () => {
    const id = (await setup.server.listPolicies())[0].id!;
    const pulled = await pull({ kind: 'policy', id });
    const uri = vscode.Uri.file(pulled.file!);
    const base = await policy(id);
    await setup.server.updatePolicy(id, { ...base, rate: 11, per: 45 });
    await editAndSave(uri, (doc) => {
      doc.rate = 22;
      doc.quota_max = 900;
    });
    const before = fs.readFileSync(uri.fsPath, 'utf8');

    let asked: MergeConflict[] = [];
    const stopped = await push(uri, {
      mergeConflicts: (conflicts: MergeConflict[]) => {
        asked = conflicts;
        return undefined; // Escape
      },
    });
    assert.equal(stopped?.status, 'cancelled', stopped?.message);
    assert.deepEqual(
      asked.map((c) => [c.pointer, c.base, c.ours, c.theirs]),
      [['/rate', base.rate, 22, 11]],
      'only the member both changed is asked about',
    );
    assert.equal((await policy(id)).rate, 11, 'nothing was sent');
    assert.equal(fs.readFileSync(uri.fsPath, 'utf8'), before, 'the file is unchanged');

    const answered = await push(uri, { mergeConflicts: () => ({ '/rate': 'ours' }), confirmMerge: true });
    assert.equal(answered?.status, 'pushed', answered?.message);
    const now = await policy(id);
    assert.deepEqual([now.rate, now.per, now.quota_max], [22, 45, 900]);
    assert.equal(JSON.parse(fs.readFileSync(uri.fsPath, 'utf8')).per, 45, 'the server’s other change is in the file');
  });

  it('the conflict list in the workbench: each path with base, mine and theirs; "Take theirs" for the open paths', async function () {
    if (!hasDriver()) this.skip();
    const id = (await setup.server.listPolicies())[0].id!;
    const pulled = await pull({ kind: 'policy', id });
    const uri = vscode.Uri.file(pulled.file!);
    const base = await policy(id);
    await setup.server.updatePolicy(id, { ...base, quota_max: 31 });
    await editAndSave(uri, (doc) => (doc.quota_max = 32));

    // No scripted answer for the conflicts: the real QuickPick asks.
    const pushing = push(uri, { confirmMerge: true });
    const row = await waitForVisible('.quick-input-list .monaco-list-row', /quota_max/, { message: 'the conflicting path in the list' });
    assert.match(row.ariaLabel ?? row.text, new RegExp(`base ${base.quota_max} · mine 32 · theirs 31`));
    await waitForVisible('.quick-input-list .monaco-list-row', /Take theirs for the 1 open path/);
    assert.ok((await screenshot('sync-merge-conflicts'))?.endsWith('.png'));
    await typeKeys('Take theirs', 'Enter');
    const outcome = await pushing;
    // Theirs everywhere: the merge equals the server's version, so nothing is sent and the file takes it.
    assert.equal(outcome?.status, 'no-op', outcome?.message);
    assert.equal(JSON.parse(fs.readFileSync(uri.fsPath, 'utf8')).quota_max, 31);
  });

  it('pull over local edits merges them with the server’s version', async () => {
    const id = (await setup.server.listPolicies())[0].id!;
    const pulled = await pull({ kind: 'policy', id });
    const uri = vscode.Uri.file(pulled.file!);
    await setup.server.updatePolicy(id, { ...(await policy(id)), per: 77 });
    const document = await editAndSave(uri, (doc) => (doc.quota_max = 1234));

    const outcome = await pull({ kind: 'policy', id });
    assert.equal(outcome?.status, 'merged', outcome?.message);
    assert.deepEqual(outcome.fromServer, ['per']);
    assert.match(outcome.message, /Merged the changes on 'E2E Merge' into .*\(from the server: per\); your changes are kept/);
    const merged = JSON.parse(fs.readFileSync(uri.fsPath, 'utf8'));
    assert.equal(merged.per, 77);
    assert.equal(merged.quota_max, 1234);
    await waitFor(() => (!document.isDirty && JSON.parse(document.getText()).per === 77) || undefined, { message: 'the editor shows the merged file' });
    assert.notEqual((await policy(id)).quota_max, 1234, 'a pull sends nothing');
  });
});

describe('merge with a spec-only server', () => {
  const SPEC_ENV = 'E2E Merge Spec-only';
  const setup = useSandboxEnvironment(SPEC_ENV, { specOnly: true, cleanup: () => vscode.commands.executeCommand('workbench.action.closeAllEditors') });

  it('push after a change on the server to another member: merged and pushed through the spec endpoints', async () => {
    const pulled = await setup.api.withSyncAnswers({}, () =>
      vscode.commands.executeCommand<PullOutcome>('svc.pull', { environment: SPEC_ENV, target: { kind: 'policy', id: 'silver-plan' } }),
    );
    assert.equal(pulled?.status, 'pulled', pulled?.message);
    const uri = vscode.Uri.file(pulled.file!);
    const current = (await setup.server.listPolicies()).find((p) => p.id === 'silver-plan')!;
    await setup.server.updatePolicy('silver-plan', { ...current, per: 15 });
    const document = await vscode.workspace.openTextDocument(uri);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify({ ...JSON.parse(document.getText()), quota_max: 321 }, null, 2)}\n`);
    await vscode.workspace.applyEdit(edit);
    await waitFor(async () => (await document.save()) || !document.isDirty || undefined, { message: 'the edited file saved' });

    const outcome = await setup.api.withSyncAnswers({ confirmMerge: true }, () => vscode.commands.executeCommand<PushOutcome | undefined>('svc.push', { uri }));
    assert.equal(outcome?.status, 'pushed', outcome?.message);
    assert.match(outcome.message, /From the server: per\./);
    const now = (await setup.server.listPolicies()).find((p) => p.id === 'silver-plan')!;
    assert.deepEqual([now.per, now.quota_max], [15, 321]);
    assert.equal(JSON.parse(fs.readFileSync(uri.fsPath, 'utf8')).per, 15);
  });
});
