// Friction found in a first-time walkthrough (issue 33), each as the user meets it in the real
// VS Code: what a notification says, what a step counter reads, what a save does.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { KeyResult } from '../../../api/src';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { notificationShown } from './helpers/shown';
import { hasDriver, queryWorkbench, typeKeys, waitForVisible } from './helpers/workbench';
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
    assert.ok(!(await queryWorkbench(QUICK_INPUT_TITLE)).some((e) => e.visible && /Add Environment/.test(e.text)));
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
});
