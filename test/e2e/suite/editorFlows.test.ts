// Issue 14, create and push flows in a real VS Code: Create Policy and Create Key put their action
// on the untitled template (a CodeLens "Create Policy on <environment>" and an editor title button;
// the notification is only a shortcut), Create Key generates the key id by default, and Push shows
// on a `.jsonc` definition because it is gated on the detected kind, not on the language id.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import type { ActionResult, KeyResult } from '../../../api/src';
import type { PullOutcome } from '../../../client/src/workflows/sync/pull';
import type { PushOutcome } from '../../../client/src/workflows/sync/pushPipeline';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { openFixture, writeFixture } from './helpers/workspace';
import * as fs from 'node:fs';
import { waitFor } from './helpers/wait';
import { screenshot } from './helpers/screenshot';
import { notificationShown } from './helpers/shown';
import { clickWorkbench, hasDriver, queryWorkbench, waitForVisible } from './helpers/workbench';

const ENV = 'E2E Editor Flows';
const TITLE_ACTIONS = '.editor-actions .action-label';

/** The untitled template the command opened, once it is the active editor. */
async function templateEditor(): Promise<vscode.TextEditor> {
  return waitFor(
    () => {
      const editor = vscode.window.activeTextEditor;
      return editor?.document.uri.scheme === 'untitled' && editor.document.getText().trim().startsWith('{') && editor;
    },
    { message: 'the untitled template editor' },
  );
}

/** Our send action among the document's lenses (the language server adds navigation lenses too). */
const isSendLens = (lens: vscode.CodeLens) => lens.command?.command === 'svc.sendPending';

async function lensesOf(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
  return waitFor(
    async () => {
      const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)).filter(isSendLens);
      return lenses.length > 0 && lenses;
    },
    { message: 'a CodeLens on the template' },
  );
}

async function replaceText(editor: vscode.TextEditor, value: unknown): Promise<void> {
  const document = editor.document;
  await editor.edit((b) => b.replace(new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), JSON.stringify(value, null, 2)));
}

describe('issue 14: create and push flows', function () {
  this.timeout(120_000);
  const setup = useSandboxEnvironment(ENV, { cleanup: () => vscode.commands.executeCommand('workbench.action.closeAllEditors') });

  before(async () => {
    // Nothing of a policy's or key's kind in the active editor: the commands open their template.
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'markdown', content: '# notes' }));
  });

  it('Create Policy: the template carries "Create Policy on <environment>" as a CodeLens and a title button, and the lens sends it', async () => {
    let result: ActionResult | undefined;
    let settled = false;
    void Promise.resolve(vscode.commands.executeCommand<ActionResult>('svc.policy.create', { envName: ENV })).then((r) => ((result = r), (settled = true)));
    const editor = await templateEditor();
    const [lens] = await lensesOf(editor.document.uri);
    assert.equal(lens.command?.title, `$(cloud-upload) Create Policy on ${ENV}`);
    assert.equal(lens.range.start.line, 0);
    const template = JSON.parse(editor.document.getText()) as Record<string, unknown>;
    await replaceText(editor, { ...template, id: 'e2e-lens-policy', name: 'Lens policy', rate: 42 });
    if (hasDriver()) {
      await waitForVisible(TITLE_ACTIONS, /Send to Environment/);
      assert.ok((await screenshot('create-policy-codelens'))?.endsWith('.png'));
    }
    assert.equal(settled, false, 'nothing is sent before the user asks');
    await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
    await waitFor(() => settled, { message: 'the policy to be created' });
    assert.equal(result?.action, 'added');
    const stored = (await setup.server.listPolicies()).find((p) => p.id === 'e2e-lens-policy');
    assert.equal(stored?.rate, 42);
    // Once sent, the template (and its lens) goes away, without asking to save it.
    const sent = editor.document.uri.toString();
    await waitFor(
      () => !vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === sent)),
      {
        message: 'the sent template to close',
      },
    );
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === sent && d.isDirty), 'nothing left to save');
  });

  it('Create Policy: a template that is not JSON yet stays pending and can be sent once fixed', async () => {
    let settled = false;
    void Promise.resolve(vscode.commands.executeCommand<ActionResult>('svc.policy.create', { envName: ENV })).then(() => (settled = true));
    const editor = await templateEditor();
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), 'oops '));
    await vscode.commands.executeCommand('svc.sendPending', editor.document.uri);
    assert.equal(settled, false);
    assert.equal((await lensesOf(editor.document.uri)).length, 1, 'still pending');
    const fixed = JSON.parse(editor.document.getText().replace(/^oops /, '')) as Record<string, unknown>;
    await replaceText(editor, { ...fixed, id: 'e2e-fixed-policy' });
    await vscode.commands.executeCommand('svc.sendPending');
    await waitFor(() => settled, { message: 'the fixed policy to be created' });
    assert.ok((await setup.server.listPolicies()).some((p) => p.id === 'e2e-fixed-policy'));
  });

  it('Create Key: "Generate a key id" is the first choice, and the title button sends the template', async () => {
    let result: KeyResult | undefined;
    let settled = false;
    void Promise.resolve(vscode.commands.executeCommand<KeyResult>('svc.key.create', { envName: ENV, style: 'dashboard' })).then(
      (r) => ((result = r), (settled = true)),
    );
    if (hasDriver()) await waitForVisible('.quick-input-list .monaco-list-row', /Generate a key id/);
    // The first item of the key id question is accepted as is: generate.
    const editor = await waitFor(
      async () => {
        const active = vscode.window.activeTextEditor;
        if (active?.document.uri.scheme === 'untitled' && active.document.getText().includes('access_rights')) return active;
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        return undefined;
      },
      { message: 'the key template after accepting "Generate a key id"', interval: 300 },
    );
    const [lens] = await lensesOf(editor.document.uri);
    assert.equal(lens.command?.title, `$(cloud-upload) Create Key on ${ENV}`);
    await vscode.commands.executeCommand('svc.sendPending'); // the editor title button's command, on the active editor
    await waitFor(() => settled, { message: 'the key to be created' });
    assert.match(String(result?.key_id), /^[0-9a-f]{32}$/, 'a generated 32-character id');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('offers Push on a .jsonc definition (gated on the detected kind), not on a JSON file of no kind of ours', async () => {
    assert.ok(hasDriver(), 'this test reads the editor title bar, which needs the page driver (run it with test/e2e/run.mjs)');
    await writeFixture(
      'ex14-push.jsonc',
      '// an OAS definition in JSONC\n{\n  "openapi": "3.0.3",\n  "info": { "title": "P", "version": "1" },\n  "paths": {},\n  "x-svc-api-gateway": {\n    "info": { "name": "P", "state": { "active": true } },\n    "upstream": { "url": "http://p" },\n    "server": { "listenPath": { "value": "/p/" } }\n  }\n}\n',
    );
    await writeFixture('ex14-other.json', '{ "name": "not-ours", "version": "1.0.0" }\n');
    await openFixture('ex14-push.jsonc');
    await waitForVisible(TITLE_ACTIONS, /Push to Environment/);
    await openFixture('ex14-other.json');
    await waitFor(async () => !(await queryWorkbench(TITLE_ACTIONS)).some((e) => e.visible && /Push to Environment/.test(`${e.text} ${e.ariaLabel}`)), {
      message: 'no Push button on a JSON file that is none of ours',
    });
  });

  it('Add Environment: "Save anyway" after a failed connection test saves it without making it active', async () => {
    const environments = setup.api.environments.environments;
    await vscode.commands.executeCommand('svc.switchEnvironment', ENV);
    const added = await vscode.commands.executeCommand('svc.addEnvironment', {
      name: 'E2E Unreachable',
      dashboardUrl: 'http://127.0.0.1:9',
      saveIfTestFails: true,
    });
    try {
      assert.equal(added, 'E2E Unreachable');
      assert.ok(environments.find('E2E Unreachable'), 'saved');
      assert.equal(environments.active()?.name, ENV, 'the active environment stays');
      if (hasDriver()) assert.match(String(await notificationShown(/E2E Unreachable/)), /saved but not made active/);
    } finally {
      await vscode.commands.executeCommand('svc.removeEnvironment', 'E2E Unreachable', { confirmed: true });
    }
  });

  it('Add User: permissions are a multi-select of the known areas, the usual read access ticked', async () => {
    let result: unknown;
    let settled = false;
    void Promise.resolve(
      vscode.commands.executeCommand('svc.user.add', { envName: ENV, email_address: 'picks@example.com', first_name: 'Pick', last_name: 'Er' }),
    ).then((r) => ((result = r), (settled = true)));
    if (hasDriver()) {
      await waitForVisible('.quick-input-list .monaco-list-row', /APIs: read/);
      await waitForVisible('.quick-input-list .monaco-list-row', /Edit as JSON/);
      assert.ok((await screenshot('add-user-permissions'))?.endsWith('.png'));
    }
    await waitFor(
      async () => {
        if (settled) return true;
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        return false;
      },
      { message: 'the user to be added with the ticked permissions', interval: 500 },
    );
    assert.ok(result, 'added');
    const stored = ((await setup.server.listUsers({ p: -1 })).users ?? []).find((u) => u.email_address === 'picks@example.com');
    assert.deepEqual(stored?.user_permissions, { apis: 'read', keys: 'read', policies: 'read', analytics: 'read' });
  });

  describe('push of a pulled API', () => {
    let file: vscode.Uri;
    const diffTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff);
    async function editUnsaved(change: (doc: Record<string, any>) => void): Promise<vscode.TextDocument> {
      const { document, editor } = await openFixture(vscode.workspace.asRelativePath(file));
      // Pull wrote the file from outside the editor: wait until the editor's model holds what is on
      // disk, or a later save meets a "file is newer" conflict and returns false.
      await waitFor(() => !document.isDirty && document.getText() === fs.readFileSync(file.fsPath, 'utf8'), {
        message: 'the editor to hold the pulled file',
      });
      const value = JSON.parse(document.getText());
      change(value);
      await replaceText(editor, value);
      return document;
    }

    /** Svc: Pull of the seed's Petstore Classic, asserted to have pulled. */
    async function pullPetstore(): Promise<PullOutcome> {
      const pulled = await setup.api.withSyncAnswers({}, () =>
        vscode.commands.executeCommand<PullOutcome>('svc.pull', {
          environment: ENV,
          target: { kind: 'classic', id: SEED_API_IDS.petstoreClassic },
          mode: 'full',
        }),
      );
      assert.equal(pulled?.status, 'pulled', pulled?.message);
      return pulled;
    }

    before(async () => {
      file = vscode.Uri.file((await pullPetstore()).file!);
    });

    it('pulling over a file open in an editor updates the editor at once, and a save right after succeeds', async () => {
      const { document, editor } = await openFixture(vscode.workspace.asRelativePath(file));
      const record = await setup.server.getDashboardApi(SEED_API_IDS.petstoreClassic);
      await setup.server.updateApi(SEED_API_IDS.petstoreClassic, { ...record, api_definition: { ...record.api_definition, name: 'Renamed on the server' } });
      await pullPetstore();
      // No waiting for a file watcher: when the pull returns, the open editor already holds the pulled text, saved.
      assert.equal(JSON.parse(document.getText()).name, 'Renamed on the server');
      assert.equal(document.isDirty, false);
      assert.equal(document.getText(), fs.readFileSync(file.fsPath, 'utf8'));
      const value = JSON.parse(document.getText());
      value.name = 'Saved right after the pull';
      await replaceText(editor, value);
      assert.equal(await document.save(), true, 'the save is not refused as "newer on disk"');
      assert.equal(JSON.parse(fs.readFileSync(file.fsPath, 'utf8')).name, 'Saved right after the pull');
    });

    // Pull writes a file open in an editor through that editor (pullFlow.ts), so a save right after
    // a pull cannot meet "the file is newer on disk".
    it("after a successful push of unsaved changes the file is saved and the push's diff editor is closed", async () => {
      const document = await editUnsaved((doc) => (doc.name = 'Petstore (unsaved, then pushed)'));
      assert.ok(document.isDirty);
      const outcome = await setup.api.withSyncAnswers({ confirm: true, pushDespiteErrors: true }, () =>
        vscode.commands.executeCommand<PushOutcome>('svc.push', { uri: file }),
      );
      assert.equal(outcome?.status, 'pushed', outcome?.message);
      assert.equal(document.isDirty, false, 'nothing stays marked unsaved');
      assert.deepEqual(
        diffTabs().map((t) => t.label),
        [],
      );
      assert.equal((await setup.server.getDashboardApi(SEED_API_IDS.petstoreClassic)).api_definition?.name, 'Petstore (unsaved, then pushed)');
    });

    it('at a conflict that cannot be merged the diff shows first, the choice is a notification (not a modal dialog), and it offers Compare with Environment', async function () {
      if (!hasDriver()) this.skip();
      const record = await setup.server.getDashboardApi(SEED_API_IDS.petstoreClassic);
      await setup.server.updateApi(SEED_API_IDS.petstoreClassic, { ...record, api_definition: { ...record.api_definition, name: 'Changed on the server' } });
      // Without the version recorded at the pull there is nothing to merge against: push asks.
      const workspace = vscode.workspace.getWorkspaceFolder(file)!.uri.fsPath;
      fs.rmSync(`${workspace}/.svc/remote`, { recursive: true, force: true });
      await editUnsaved((doc) => (doc.name = 'Changed here too'));
      let outcome: PushOutcome | undefined;
      void setup.api
        .withSyncAnswers({ confirm: true, pushDespiteErrors: true }, () => vscode.commands.executeCommand<PushOutcome>('svc.push', { uri: file }))
        .then((o) => (outcome = o));
      const diff = await waitFor(() => diffTabs().find((t) => /as pulled ↔ on 'E2E Editor Flows' now/.test(t.label)), { message: 'the conflict diff' });
      assert.ok(diff.isActive, 'the diff is in front');
      assert.ok(!(await queryWorkbench('.monaco-dialog-box')).some((e) => e.visible), 'no modal dialog covers the diff');
      assert.ok((await screenshot('push-conflict-diff'))?.endsWith('.png'));
      assert.match(String(await notificationShown(/since you pulled it/, /The diff shows what changed there/)), /Nothing was sent/);
      // The buttons the docs promise (docs/sync.md): Compare with Environment, Overwrite, Pull (keep mine as a copy).
      await vscode.commands.executeCommand('notifications.showList');
      const buttons = (await queryWorkbench('.notification-list-item .monaco-button')).filter((b) => b.visible).map((b) => b.text);
      for (const label of ['Compare with Environment', 'Overwrite', 'Pull (keep mine as a copy)'])
        assert.ok(buttons.includes(label), `${label} in ${buttons.join(' | ')}`);
      await clickWorkbench('.notification-list-item .monaco-button:has-text("Compare with Environment")');
      await waitFor(() => outcome, { message: 'the push to end once Compare was chosen' });
      assert.equal(outcome?.status, 'cancelled');
      await waitFor(() => diffTabs().find((t) => /'E2E Editor Flows' ↔ local/.test(t.label)), { message: 'the Compare with Environment diff' });
      assert.equal((await setup.server.getDashboardApi(SEED_API_IDS.petstoreClassic)).api_definition?.name, 'Changed on the server', 'nothing was sent');
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.commands.executeCommand('notifications.hideList');
      await openFixture(vscode.workspace.asRelativePath(file));
      await vscode.commands.executeCommand('workbench.action.files.revert');
    });
  });
});
