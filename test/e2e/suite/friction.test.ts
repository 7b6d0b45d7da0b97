// Friction found in a first-time walkthrough (issue 33), each as the user meets it in the real
// VS Code: what a notification says, what a step counter reads, what a save does.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { KeyResult } from '../../../api/src';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { logLength, logLine, notificationShown, notificationTexts } from './helpers/shown';
import { clickWorkbench, hasDriver, queryWorkbench, typeKeys, waitForVisible } from './helpers/workbench';
import { waitFor } from './helpers/wait';
import { openFixture, writeFixture } from './helpers/workspace';

const ENV = 'E2E Friction';
const QUICK_INPUT_TITLE = '.quick-input-title';

describe('friction of a first walkthrough', () => {
  const setup = useSandboxEnvironment(ENV, { cleanup: () => vscode.commands.executeCommand('workbench.action.closeAllEditors') });

  it('Create Key says where the key went with its id masked; Copy Key hands out the whole id', async () => {
    assert.ok(hasDriver(), 'this test reads the Notification Centre, which needs the page driver');
    const keyId = 'friction-key-0123456789abcdef';
    const result = await vscode.commands.executeCommand<KeyResult>('svc.key.create', {
      environment: ENV,
      keyId,
      style: 'dashboard',
      body: { alias: 'friction key', access_rights: {} },
    });
    assert.equal(result?.key_id, keyId);
    const text = await notificationShown(/Key created in E2E Friction/);
    assert.ok(text && !text.includes(keyId), `the whole key id is not in the notification: ${text}`);
    assert.ok(!text.includes(keyId.slice(0, 12)), `nor most of it: ${text}`);
    assert.match(text, /cdef/, 'the masked id ends like the key, so keys can be told apart');
    // The notification's Copy Key button puts the whole id on the clipboard.
    await vscode.env.clipboard.writeText('something else');
    await vscode.commands.executeCommand('notifications.showList');
    await clickWorkbench('.notification-list-item .monaco-button:has-text("Copy Key")');
    await waitFor(async () => (await vscode.env.clipboard.readText()) === keyId, { message: 'the whole key id on the clipboard after Copy Key' });
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('notifications.hideList');
    // So does Copy Key ID on the key's node in the Svc Gateway view.
    const children = (node?: ExplorerNode) => setup.api.explorer.provider.getChildren(node);
    const env = await waitFor(async () => (await children()).find((n) => n.label === ENV), { message: 'the environment in the tree' });
    const keys = await waitFor(async () => (await children(env)).find((n) => n.label === 'Keys'), { message: 'its Keys group' });
    await vscode.commands.executeCommand('svc.explorer.refreshNode', keys);
    const node = await waitFor(
      async () => {
        const all = await children(keys);
        const more = all.find((n) => n.type === 'loadMore');
        const found = all.find((n) => n.resource?.type === 'key' && n.resource.id === keyId);
        if (!found && more) await vscode.commands.executeCommand('svc.explorer.loadMore', more);
        return found;
      },
      { message: 'the key in the tree', interval: 300 },
    );
    assert.equal(node.label, 'friction key');
    await vscode.env.clipboard.writeText('something else');
    assert.equal(await vscode.commands.executeCommand('svc.copyKeyId', node), true);
    assert.equal(await vscode.env.clipboard.readText(), keyId, 'Copy Key ID gives the whole id');
    const copied = await notificationShown(/The id of key friction key is on the clipboard/);
    assert.ok(copied && !copied.includes(keyId), copied);
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('Add Environment numbers its steps without a total that changes: 1, 2, 3, then 4/7 for http://', async () => {
    assert.ok(hasDriver(), 'this test types into the input box, which needs the page driver');
    const flow = vscode.commands.executeCommand('svc.addEnvironment');
    const titles: string[] = [];
    const title = async (pattern: RegExp) => titles.push((await waitForVisible(QUICK_INPUT_TITLE, pattern)).text);
    try {
      await title(/Add Environment \(1\)/);
      await typeKeys('Counting steps', 'Enter');
      await title(/Add Environment \(2\)/);
      await typeKeys('http://127.0.0.1:9', 'Enter');
      await title(/Add Environment \(3\)/);
      await typeKeys('', 'Enter');
      await title(/Add Environment \(4\/7\)/);
      // No title ever showed a total other than the final one.
      const totals = titles.flatMap((t) => /\(\d+\/(\d+)\)/.exec(t)?.[1] ?? []);
      assert.deepEqual([...new Set(totals)], ['7'], titles.join(' | '));
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await flow;
    }
    await waitFor(async () => !(await queryWorkbench(QUICK_INPUT_TITLE)).some((e) => e.visible && /Add Environment/.test(e.text)), {
      message: 'the input box to close',
    });
    void setup;
  });

  it('Create Policy from its template: once the server has the policy, the template closes without asking to save', async () => {
    const created = vscode.commands.executeCommand('svc.policy.create', { environment: ENV });
    const editor = await waitFor(
      () => {
        const active = vscode.window.activeTextEditor;
        return active?.document.isUntitled && /"my-policy"/.test(active.document.getText()) && active;
      },
      { message: 'the policy template in an untitled editor' },
    );
    const template = editor.document.uri.toString();
    await editor.edit((b) => {
      const text = editor.document.getText();
      b.replace(new vscode.Range(editor.document.positionAt(0), editor.document.positionAt(text.length)), text.replace('"my-policy"', '"friction-policy"'));
    });
    assert.ok(editor.document.isDirty);
    await vscode.commands.executeCommand('svc.sendPending');
    await created;
    assert.ok(
      (await setup.server.listPolicies()).some((p) => p.id === 'friction-policy'),
      'the policy is on the server',
    );
    // Nothing left to save: the template is gone from the tabs, so closing the window asks nothing.
    await waitFor(
      () => !vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === template)),
      { message: 'the sent template to close' },
    );
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === template && d.isDirty), 'no dirty Untitled document is left');
  });

  it('typing { in an empty .json file offers the whole-document templates without Ctrl+Space', async () => {
    assert.ok(hasDriver(), 'this test types and reads the suggest widget, which needs the page driver');
    await writeFixture('friction-empty.json', '');
    const { editor } = await openFixture('friction-empty.json');
    await waitFor(() => vscode.window.activeTextEditor === editor || vscode.window.activeTextEditor?.document === editor.document, {
      message: 'the empty file to be active',
    });
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await typeKeys('{');
    const row = await waitForVisible('.suggest-widget .monaco-list-row', /Svc OAS API/);
    assert.match(row.text + (row.ariaLabel ?? ''), /Svc OAS API/);
    await typeKeys('', 'Escape');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  /** Diff tabs whose right side is `uri` (the push's diffs of that document). */
  const diffTabsOf = (uri: vscode.Uri) =>
    vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === uri.toString());

  const openRemotePolicy = async (id: string) => {
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('svc.editRemote', { environment: ENV, target: { kind: 'policy', id } });
    await vscode.window.showTextDocument(document, { preview: false });
    return document;
  };
  const replaceText = async (document: vscode.TextDocument, text: string) => {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), text);
    assert.ok(await vscode.workspace.applyEdit(edit));
  };

  it('auto-save never pushes a remote document: it stays dirty, nothing is sent, no diff tab opens; Ctrl+S then pushes and leaves no diff tab', async () => {
    assert.ok(hasDriver(), 'this test presses Ctrl+S, which needs the page driver');
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSaveDelay', 300, vscode.ConfigurationTarget.Global);
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    try {
      const policy = (await setup.server.listPolicies())[0];
      const document = await openRemotePolicy(policy.id!);
      const since = logLength(setup.api.logUri);
      await replaceText(document, `${JSON.stringify({ ...JSON.parse(document.getText()), rate: 4242 }, null, 2)}\n`);
      // Past the auto-save delay: the save was attempted, and refused without sending anything.
      await logLine(setup.api.logUri, /auto-save ignored; nothing sent to 'E2E Friction'/, since);
      await notificationShown(/auto-save never pushes a remote document/);
      assert.ok(document.isDirty, 'the editor keeps the edit, unsaved');
      assert.notEqual((await setup.server.listPolicies()).find((p) => p.id === policy.id)?.rate, 4242, 'nothing was sent');
      assert.equal(diffTabsOf(document.uri).length, 0, 'no push diff opened');
      // An explicit Ctrl+S pushes (the diff and confirmation answered by the test), then the editor is saved and the diff closed.
      await setup.api.withSyncAnswers({ confirm: true, pushDespiteErrors: true }, async () => {
        await vscode.window.showTextDocument(document, { preview: false });
        await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
        await typeKeys('', 'Control+s');
        await waitFor(async () => (await setup.server.listPolicies()).find((p) => p.id === policy.id)?.rate === 4242, {
          message: 'the push of the explicit save',
        });
        await waitFor(() => !document.isDirty, { message: 'the editor saved after the push' });
      });
      await waitFor(() => diffTabsOf(document.uri).length === 0, { message: 'the push diff closed after the push' });
    } finally {
      await files.update('autoSave', undefined, vscode.ConfigurationTarget.Global);
      await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a save that is not JSON says by name and line what is wrong, without "NoPermissions" or the svc: address; the editor stays dirty', async () => {
    assert.ok(hasDriver(), 'this test presses Ctrl+S and reads the notification, which needs the page driver');
    const policy = (await setup.server.listPolicies())[0];
    const document = await openRemotePolicy(policy.id!);
    const broken = document.getText().replace(/,\n/, '\n');
    await replaceText(document, broken);
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await typeKeys('', 'Control+s');
    const text = await notificationShown(new RegExp(`${policy.name} \\(policy\\) is not valid JSON at line \\d+, column \\d+`));
    assert.ok(text && !/NoPermissions|FileSystemError|svc:\//.test(text), text);
    assert.ok(document.isDirty, 'the edit is still there, unsaved');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('File: Save and File: Save All of a remote policy that is not JSON say by name and line what is wrong, and VS Code adds no message of its own', async () => {
    assert.ok(hasDriver(), 'this test reads the Notification Centre, which needs the page driver');
    // Auto-save (on by default in the browser VS Code) is refused in VS Code's own words (docs/sync.md): off here, only explicit saves.
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    try {
      const policy = (await setup.server.listPolicies())[0];
      const onServer = async () => JSON.stringify((await setup.server.listPolicies()).find((p) => p.id === policy.id));
      const before = await onServer();
      // A file of the workspace with edits too: Save All still saves it.
      const notes = await writeFixture('friction-notes.txt', 'first\n');
      const { document: local } = await openFixture('friction-notes.txt');
      const localEdit = new vscode.WorkspaceEdit();
      localEdit.insert(notes, new vscode.Position(1, 0), 'second\n');
      assert.ok(await vscode.workspace.applyEdit(localEdit));
      const document = await openRemotePolicy(policy.id!);
      await replaceText(document, document.getText().replace(/,\n/, '\n'));
      const ours = new RegExp(`^${String(policy.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(policy\\) is not valid JSON at line \\d+, column \\d+`);
      // What VS Code says when a file system provider refuses a write: "Failed to save '…': Unable to write file 'svc:/…' (Unavailable (FileSystemError): …)".
      const vscodeWords = /svc:\/|FileSystemError|NoPermissions|Unavailable|Unable to write file|Failed to save/;
      const ways: Record<string, () => Promise<unknown>> = {
        // The palette's "File: Save" (File > Save runs the same command).
        'File: Save': () => Promise.resolve(vscode.commands.executeCommand('workbench.action.files.save')),
        // It runs `saveAll`, as File > Save All and its key do.
        'File: Save All': () => Promise.resolve(vscode.commands.executeCommand('workbench.action.files.saveAll')),
        // VS Code's own key binding (ours needs the focus in the editor): the workbench runs its Save command.
        'Ctrl+S in the side bar': async () => {
          await vscode.commands.executeCommand('svc.explorer.focus');
          await typeKeys('', 'Control+s');
        },
        // Typed into the Command Palette as a user would, the workbench running the command.
        'File: Save from the Command Palette': async () => {
          await vscode.window.showTextDocument(document);
          await vscode.commands.executeCommand('workbench.action.showCommands');
          await typeKeys('File: Save');
          // The entry itself ("File: Save, Control+S"), clicked: the list also holds Save All Files, Save As….
          const entry = '.quick-input-list .monaco-list-row[aria-label^="File: Save,"]';
          await waitForVisible(entry, /^File: Save/);
          await clickWorkbench(entry);
        },
      };
      for (const [way, run] of Object.entries(ways)) {
        await vscode.commands.executeCommand('notifications.clearAll');
        await run();
        await notificationShown(ours).catch((err: Error) => {
          throw new Error(`${way}: ${err.message}`);
        });
        const shown = await notificationTexts();
        assert.deepEqual(
          shown.filter((t) => vscodeWords.test(t)),
          [],
          `${way}: no message of VS Code's own about the write: ${shown.join(' | ')}`,
        );
        assert.ok(document.isDirty, `${way}: the edit is still in the editor, unsaved`);
        assert.equal(await onServer(), before, `${way}: nothing was sent`);
        if (way === 'File: Save All') assert.equal(fs.readFileSync(notes.fsPath, 'utf8'), 'first\nsecond\n', 'Save All saved the workspace file');
      }
      assert.ok(!local.isDirty);
      // Meanwhile File: Save of any other file is VS Code's own, as always.
      await vscode.window.showTextDocument(local);
      const thirdLine = new vscode.WorkspaceEdit();
      thirdLine.insert(notes, new vscode.Position(2, 0), 'third\n');
      assert.ok(await vscode.workspace.applyEdit(thirdLine));
      await vscode.commands.executeCommand('workbench.action.files.save');
      await waitFor(() => !local.isDirty, { message: 'the workspace file saved by File: Save' });
      assert.equal(fs.readFileSync(notes.fsPath, 'utf8'), 'first\nsecond\nthird\n');
      assert.ok(document.isDirty, 'the remote document keeps its edits');
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    } finally {
      await files.update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('Edit Remote of a key: its push dialog and outcome name it by its alias, and no diff tab stays open after the push', async () => {
    const keyId = 'friction-push-key-0123456789';
    const api = SEED_API_IDS.weatherClassic;
    const created = await setup.server.createCustomKey(keyId, {
      alias: 'friction push key',
      rate: 10,
      per: 60,
      access_rights: { [api]: { api_id: api, api_name: 'Weather', versions: ['Default'] } },
    } as never);
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('svc.editRemote', {
      environment: ENV,
      target: { kind: 'key', id: created.key_hash, apiId: api },
    });
    await vscode.window.showTextDocument(document, { preview: false });
    await replaceText(document, `${JSON.stringify({ ...JSON.parse(document.getText()), rate: 77 }, null, 2)}\n`);
    await vscode.commands.executeCommand('notifications.clearAll');
    const asked: string[] = [];
    const confirm = (summary: { name: string }) => asked.push(summary.name) > 0;
    await setup.api.withSyncAnswers({ confirm, pushDespiteErrors: true }, () => vscode.commands.executeCommand('workbench.action.files.save'));
    assert.deepEqual(asked, ['friction push key (key)'], 'the dialog asks "Push friction push key (key) to …?"');
    assert.equal((await setup.server.getGatewayKey(keyId)).rate, 77, 'the server has the edit');
    await waitFor(() => !document.isDirty, { message: 'the editor saved after the push' });
    const outcome = setup.api.sync.fileSystem.lastOutcome;
    assert.match(String(outcome?.message), new RegExp(`^Pushed friction push key \\(key\\) to '${ENV}'`));
    if (hasDriver()) {
      const told = await notificationShown(new RegExp(`Pushed friction push key \\(key\\) to '${ENV}'`));
      assert.ok(told && !told.includes(keyId) && !told.includes(String(created.key_hash)), told);
    }
    await waitFor(() => diffTabsOf(document.uri).length === 0, { message: "the key's push diff closed after the push" });
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('repeated refused pushes of one remote document reuse one diff tab', async () => {
    // Another policy than the tests above edited, so the editor starts from the server's version.
    const policy = (await setup.server.listPolicies())[1];
    const document = await openRemotePolicy(policy.id!);
    await replaceText(document, `${JSON.stringify({ ...JSON.parse(document.getText()), rate: 31 }, null, 2)}\n`);
    for (let i = 0; i < 3; i++) {
      // The user looks at the diff, then cancels the confirmation.
      const outcome = await setup.api.withSyncAnswers({ confirm: false, pushDespiteErrors: true }, () =>
        vscode.commands.executeCommand('svc.saveRemoteDocument', document.uri),
      );
      assert.equal((outcome as { status?: string } | undefined)?.status, 'cancelled');
    }
    assert.equal(diffTabsOf(document.uri).length, 1, 'one diff tab, reused');
    assert.ok(document.isDirty);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Create API from Example opens the file the API is kept in and names it in its message', async () => {
    const outcomes = (await setup.api.withSyncAnswers({ confirm: true, oasCreate: 'new' }, () =>
      vscode.commands.executeCommand('svc.examples.createApi', { environment: ENV, location: 'oas/petstore-token' }),
    )) as Array<{ status: string; message: string }>;
    assert.equal(outcomes[0]?.status, 'pushed', outcomes[0]?.message);
    const kept = /It is kept in (\S+\.oas\.json) \(opened\)/.exec(outcomes[0].message)?.[1];
    assert.ok(kept, outcomes[0].message);
    const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, kept);
    assert.ok(fs.existsSync(file.fsPath), `${kept} exists`);
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath === file.fsPath, { message: `${kept} opened` });
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.isUntitled && !d.isClosed && /petstore-token/.test(d.uri.path)), 'the untitled document is gone');
    if (hasDriver()) await notificationShown(new RegExp(`kept in ${kept.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('code lenses on a server document say they count this workspace, not the server', async () => {
    const apis = (await setup.server.listApis({ p: -1 })).apis ?? [];
    const classic = apis.find((a) => a.api_definition?.api_id && !a.oas)!;
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('svc.editRemote', {
      environment: ENV,
      target: { kind: 'classic', id: classic.api_definition!.api_id },
    });
    await vscode.window.showTextDocument(document, { preview: false });
    const titles = await waitFor(
      async () => {
        const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)) ?? [];
        const found = lenses.map((l) => l.command?.title ?? '').filter((t) => /^granted by/.test(t));
        return found.length > 0 && found;
      },
      { message: 'the granted-by lens on the remote document' },
    );
    assert.match(titles[0], /^granted by \d+ polic(y|ies) · \d+ keys? in this workspace$/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
