// Pull, push and edit remote in a real VS Code against a sandbox started by the test. Dialogs
// are answered through the test-only export's withSyncAnswers (the UI asks when none is given).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import type { PullOutcome } from '../../../client/src/workflows/sync/pull';
import type { PushOutcome } from '../../../client/src/workflows/sync/pushPipeline';
import { workspaceRoot } from './helpers/workspace';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { waitFor } from './helpers/wait';
import { screenshot } from './helpers/screenshot';
import { hasDriver, waitForVisible } from './helpers/workbench';

const ENV = 'E2E Sync';

describe('sync', () => {
  const setup = useSandboxEnvironment(ENV, { cleanup: () => vscode.commands.executeCommand('workbench.action.closeAllEditors') });
  let petstore: vscode.Uri;

  const pull = (target: { kind: string; id: string }, answers = {}) =>
    setup.api.withSyncAnswers(answers, () => vscode.commands.executeCommand<PullOutcome>('svc.pull', { environment: ENV, target, mode: 'full' }));
  const push = (uri: vscode.Uri, answers: Record<string, unknown> = {}) =>
    setup.api.withSyncAnswers({ confirm: true, pushDespiteErrors: true, ...answers }, () =>
      vscode.commands.executeCommand<PushOutcome | undefined>('svc.push', { uri }),
    );
  async function edit(uri: vscode.Uri, change: (doc: any) => void): Promise<vscode.TextDocument> {
    const document = await vscode.workspace.openTextDocument(uri);
    const doc = JSON.parse(document.getText());
    change(doc);
    const wsEdit = new vscode.WorkspaceEdit();
    wsEdit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify(doc, null, 2)}\n`);
    await vscode.workspace.applyEdit(wsEdit);
    return document;
  }

  before(() => {
    assert.ok(setup.api?.sync, 'activate() returns the sync area');
  });

  it('pulls an API into svc/ as formatted JSON and records it in .svc/state.json', async () => {
    const outcome = await pull({ kind: 'classic', id: SEED_API_IDS.petstoreClassic });
    assert.equal(outcome?.status, 'pulled', outcome?.message);
    const relative = path.relative(workspaceRoot().fsPath, outcome.file!);
    assert.match(relative, /^svc[\\/]petstore[\w-]*\.classic\.json$/, 'a readable name in the svc.pull.folder folder');
    petstore = vscode.Uri.file(outcome.file!);
    const text = fs.readFileSync(outcome.file!, 'utf8');
    assert.match(text, /^\{\n {2}"/, 'formatted with two spaces');
    const state = JSON.parse(fs.readFileSync(path.join(workspaceRoot().fsPath, '.svc', 'state.json'), 'utf8'));
    const record = state.files[relative.split(path.sep).join('/')];
    assert.equal(record.environment, ENV);
    assert.equal(record.target.id, SEED_API_IDS.petstoreClassic);
  });

  it('push unchanged: no changes, nothing sent', async () => {
    const uri = petstore;
    const outcome = await push(uri);
    assert.equal(outcome?.status, 'no-op', outcome?.message);
    assert.match(outcome.message, /No changes.*nothing was sent/);
  });

  it('push a change: the diff opens, the sandbox has the change, then the diff closes', async () => {
    const uri = petstore;
    const document = await edit(uri, (doc) => (doc.name = 'Petstore (pushed from VS Code)'));
    await document.save();
    const seen: vscode.Tab[] = [];
    const watch = vscode.window.tabGroups.onDidChangeTabs((e) => seen.push(...e.opened));
    const outcome = await Promise.resolve(push(uri)).finally(() => watch.dispose());
    assert.equal(outcome?.status, 'pushed', outcome?.message);
    assert.equal(outcome!.route?.endpoint, 'PUT /api/apis/{apiId}');
    const diffTab = seen.find((t) => t.input instanceof vscode.TabInputTextDiff);
    assert.ok(diffTab, 'a diff editor showed remote vs local');
    assert.equal((diffTab!.input as vscode.TabInputTextDiff).original.scheme, 'svc-push-remote');
    assert.equal((await setup.server.getDashboardApi(SEED_API_IDS.petstoreClassic)).api_definition?.name, 'Petstore (pushed from VS Code)');
    const left = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff);
    assert.deepEqual(
      left.map((t) => t.label),
      [],
      'after a successful push its diff editors are closed',
    );
  });

  it('takes a screenshot of the push diff editor', async function () {
    if (!hasDriver()) this.skip();
    const uri = petstore;
    const document = await edit(uri, (doc) => {
      doc.proxy.listen_path = '/petstore-v2/';
      doc.active = false;
    });
    await document.save();
    // Decline the confirm: the diff stays open for the picture, and nothing is sent.
    const outcome = await push(uri, { confirm: false });
    assert.equal(outcome?.status, 'cancelled');
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    await waitForVisible('.monaco-diff-editor', /./, { message: 'the diff editor' });
    assert.ok((await screenshot('sync-push-diff'))?.endsWith('.png'));
  });

  // The gateway never runs the classic schema (gateway-facts §1): the editor, push's pre-check and
  // the sandbox all treat a missing member of a classic definition as a warning, not a refusal.
  it('a classic definition without version_data: a warning in Problems, pushed without the "will probably refuse" question, stored', async () => {
    const original = JSON.parse(fs.readFileSync(petstore.fsPath, 'utf8')).version_data;
    const document = await edit(petstore, (doc) => delete doc.version_data);
    await document.save();
    await vscode.window.showTextDocument(document);
    const warning = await waitFor(() => vscode.languages.getDiagnostics(petstore).find((d) => codeOf(d) === 'svc.schema.required'), {
      message: 'the missing-member warning in Problems',
    });
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(warning.message, /^Missing member `version_data`, which the classic schema requires\. The gateway still loads the definition/);
    assert.deepEqual(
      vscode.languages
        .getDiagnostics(petstore)
        .filter((d) => d.severity === vscode.DiagnosticSeverity.Error)
        .map((d) => d.message),
      [],
    );
    const outcome = await push(petstore, { pushDespiteErrors: false });
    assert.equal(outcome?.status, 'pushed', outcome?.message);
    assert.equal((await setup.server.getDashboardApi(SEED_API_IDS.petstoreClassic)).api_definition?.version_data, undefined, 'stored as sent');

    const restored = await edit(petstore, (doc) => (doc.version_data = original));
    await restored.save();
    const back = await push(petstore, { pushDespiteErrors: false });
    assert.equal(back?.status, 'pushed', back?.message);
  });

  it('push after a remote change to a file not changed since: the change is merged into the file, nothing is sent', async () => {
    const uri = petstore;
    const record = await setup.server.getDashboardApi(SEED_API_IDS.petstoreClassic);
    await setup.server.updateApi(SEED_API_IDS.petstoreClassic, { ...record, api_definition: { ...record.api_definition, name: 'Changed elsewhere' } });
    // Pushing the file as it was pulled would undo the server's change: it is merged instead (merge.test.ts has the rest).
    const outcome = await push(uri);
    assert.equal(outcome?.status, 'no-op', outcome?.message);
    assert.match(outcome.message, /Merged the changes on 'E2E Sync' \(name\) into .*: it now equals the server's version; nothing was sent/);
    assert.equal(JSON.parse(fs.readFileSync(uri.fsPath, 'utf8')).name, 'Changed elsewhere');
    assert.equal((await setup.server.getDashboardApi(SEED_API_IDS.petstoreClassic)).api_definition?.name, 'Changed elsewhere');
  });

  it('pull over a locally modified file asks first (answer: keep mine as a copy)', async () => {
    const uri = petstore;
    const document = await edit(uri, (doc) => (doc.name = 'Unsaved local edit'));
    assert.ok(document.isDirty);
    const outcome = await pull({ kind: 'classic', id: SEED_API_IDS.petstoreClassic }, { overwriteLocal: 'skip' });
    assert.equal(outcome.status, 'skipped');
    assert.equal(document.getText().includes('Unsaved local edit'), true, 'the unsaved edit is kept');
    const copied = await pull({ kind: 'classic', id: SEED_API_IDS.petstoreClassic }, { overwriteLocal: 'copy' });
    assert.equal(copied.status, 'pulled');
    assert.match(fs.readFileSync(copied.copiedTo!, 'utf8'), /Unsaved local edit/);
    await waitFor(() => !document.isDirty && document.getText().includes('/petstore-v2/') && document, { message: 'the editor shows the pulled version' });
  });

  it('edit remote: saving an svc: document pushes it, and the sandbox has it', async () => {
    const policy = (await setup.server.listPolicies())[0];
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('svc.editRemote', {
      environment: ENV,
      target: { kind: 'policy', id: policy.id },
    });
    assert.equal(document?.uri.scheme, 'svc');
    await edit(document.uri, (doc) => (doc.rate = 4242));
    assert.equal(await setup.api.withSyncAnswers({ confirm: true, pushDespiteErrors: true }, () => document.save()), true);
    assert.equal(setup.api.sync.fileSystem.lastOutcome?.status, 'pushed', setup.api.sync.fileSystem.lastOutcome?.message);
    assert.equal(document.isDirty, false);
    assert.equal((await setup.server.listPolicies()).find((p) => p.id === policy.id)?.rate, 4242);
  });

  it('edit remote: a refused save keeps the editor dirty', async () => {
    const policy = (await setup.server.listPolicies())[0];
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('svc.editRemote', {
      environment: ENV,
      target: { kind: 'policy', id: policy.id },
    });
    await edit(document.uri, (doc) => (doc.rate = 1));
    await setup.api.withSyncAnswers({ confirm: false, pushDespiteErrors: true }, () => document.save());
    assert.equal(document.isDirty, true, 'nothing is lost');
    assert.notEqual((await setup.server.listPolicies()).find((p) => p.id === policy.id)?.rate, 1);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  const codeOf = (d: vscode.Diagnostic) => String(typeof d.code === 'object' ? d.code.value : d.code);

  it('the pulled seed has no errors in Problems and pushes back without "the server will probably refuse it"', async () => {
    const targets = [
      { kind: 'classic', id: SEED_API_IDS.weatherClassic },
      { kind: 'oas', id: SEED_API_IDS.paymentsOas },
      { kind: 'streams', id: SEED_API_IDS.telemetryStream },
    ];
    for (const target of targets) {
      const outcome = await pull(target);
      assert.ok(outcome?.file, `${target.kind}: ${outcome?.message}`);
      const uri = vscode.Uri.file(outcome.file);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      // The server has looked at it once the kind shows; its diagnostics are in by then.
      await waitFor(() => setup.api.language.statusBar.current()?.uri === uri.toString() || undefined, {
        message: `${target.kind}: the kind of the pulled file`,
      });
      // The workspace-wide duplicate-listen-path rule still counts our base copies in .svc/ (its
      // scope to the user's own files is the navigation work's): left out here.
      const refusals = () =>
        vscode.languages
          .getDiagnostics(uri)
          .filter((d) => d.source === 'svc' && d.severity <= vscode.DiagnosticSeverity.Warning && codeOf(d) !== 'svc.semantic.duplicate-listen-path');
      assert.deepEqual(
        refusals().map((d) => `${String(codeOf(d))} ${d.message}`),
        [],
        `${target.kind}: errors or warnings on a pulled seed API`,
      );
      // No "push anyway?" answer: a pre-check finding an error would cancel the push.
      const pushed = await setup.api.withSyncAnswers({ confirm: true, pushDespiteErrors: false }, () =>
        vscode.commands.executeCommand<PushOutcome | undefined>('svc.push', { uri }),
      );
      assert.ok(pushed && pushed.status !== 'cancelled', `${target.kind}: ${pushed?.status} ${pushed?.message}`);
    }
  });
});
