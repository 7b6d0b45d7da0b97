// The foundation scenario: in a real VS Code, opening a broken definition activates the
// extension, the language server reports the syntax error where it is, and the Svc view
// container shows in the workbench.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activeExtension, diagnosticsFor, openFixture } from './helpers/workspace';
import { screenshot } from './helpers/screenshot';
import { hasDriver, waitForVisible } from './helpers/workbench';

describe('foundation', () => {
  it('activates when a JSON definition is opened', async () => {
    await openFixture('broken-definition.jsonc');
    const extension = await activeExtension();
    assert.equal(extension.packageJSON.name, 'svc-gateway-tools');
  });

  it('shows the syntax error of a broken definition at the missing comma', async () => {
    const { document } = await openFixture('broken-definition.jsonc');
    // Line 8 (0-based 7) starts the member that lacks the comma before it: `"target_url"`.
    const expected = new vscode.Range(7, 4, 7, 16);
    assert.equal(document.getText(expected), '"target_url"');
    // VS Code's own JSON service may report the same fault; the one that proves the wiring is ours.
    const ours = (x: vscode.Diagnostic) => x.source === 'svc' && x.range.isEqual(expected);
    const diagnostics = await diagnosticsFor(document.uri, (d) => d.some(ours), "the Svc server's missing-comma diagnostic");
    const missingComma = diagnostics.find(ours)!;
    assert.equal(missingComma.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(missingComma.source, 'svc');
    assert.match(missingComma.message, /comma/i);
  });

  it('shows the Svc Gateway view container in the activity bar and side bar', async function () {
    await vscode.commands.executeCommand('workbench.view.extension.svc');
    // The registered view is focusable only when the container and its view were contributed.
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('svc.explorer.focus'), 'the svc.explorer view is contributed');
    if (!hasDriver()) return; // @vscode/test-electron: no page to look at
    await waitForVisible('.activitybar .action-item .action-label', /Svc Gateway/);
    await waitForVisible('.part.sidebar .composite.title', /Svc Gateway/i);
    // A container with one view shows no pane header: the tree's rows prove the view is there
    // (with no environment configured, the built-in Local sandbox is listed).
    await waitForVisible('.part.sidebar .monaco-list-row', /Local sandbox/i, { timeout: 60_000 });
    // For the picture: the broken definition beside the view, its error listed in the Problems panel.
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    await openFixture('broken-definition.jsonc');
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await waitForVisible('.part.panel .monaco-list-row', /comma/i);
    const shot = await screenshot('e2e-foundation-svc-view');
    assert.ok(shot?.endsWith('.png'));
  });
});
