// The README's first picture, taken from the real VS Code as `npm start` shows it: the built-in
// Local sandbox in the Svc Gateway view with its APIs listed by name and true counts, and the
// sample definition with mistakes on purpose open beside it, its findings in Problems. The test
// asserts what the picture is meant to show, so a retaken picture cannot silently show less.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import { activeExtension, diagnosticsFor, openFixture, testingApi, writeFixture } from './helpers/workspace';
import { screenshot } from './helpers/screenshot';
import { hasDriver, typeKeys, waitForVisible } from './helpers/workbench';
import { waitFor } from './helpers/wait';

const SAMPLE = 'samples/workspace/apis/try-quick-fixes.classic.jsonc';

describe('the main job (README picture)', function () {
  this.timeout(180_000);

  it('the Local sandbox tree beside the sample with mistakes, its findings in Problems in plain words', async function () {
    const root = (await activeExtension()).extensionPath;
    const uri = await writeFixture('apis/try-quick-fixes.classic.jsonc', fs.readFileSync(path.join(root, SAMPLE), 'utf8'));
    const { document } = await openFixture(vscode.workspace.asRelativePath(uri));
    const diagnostics = await diagnosticsFor(document.uri, (d) => d.filter((x) => x.source === 'svc').length >= 4, 'the sample’s four findings');
    const messages = diagnostics.filter((d) => d.source === 'svc').map((d) => d.message);
    assert.ok(
      messages.some((m) => /protocol/.test(m)),
      messages.join(' | '),
    );
    assert.ok(!messages.some((m) => m.includes('""')), 'no "" among the allowed values');

    const api = await testingApi();
    const children = (node?: ExplorerNode) => api.explorer.provider.getChildren(node);
    const child = (parent: ExplorerNode | undefined, label: string) =>
      waitFor(async () => (await children(parent)).find((n) => n.label === label), { message: label, timeout: 60_000 });
    const local = await child(undefined, 'Local sandbox');
    const apis = await child(local, 'APIs');
    const kinds = await children(apis);
    const streams = kinds.find((k) => k.label === 'Streams APIs');
    assert.ok(streams && !/\b0\b/.test(String(streams.description)), `the seed's streams APIs are counted: ${streams?.description}`);
    if (!hasDriver()) return;

    await vscode.commands.executeCommand('workbench.view.extension.svc');
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    await waitForVisible('.part.sidebar .monaco-list-row', /Local sandbox/);
    const expand = (node: ExplorerNode) =>
      waitFor(async () => (await api.explorer.treeView.reveal(node, { expand: true }), true), { message: `reveal ${node.label}` });
    await expand(local);
    await expand(apis);
    await expand(await child(apis, 'Classic APIs'));
    await waitForVisible('.part.sidebar .monaco-list-row', /Petstore Classic/);
    await vscode.window.showTextDocument(document, { preview: false });
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    // In a full run other suites' files have problems too: filter the panel to the sample, as a user would.
    await vscode.commands.executeCommand('problems.action.focusFilter');
    await typeKeys('try-quick-fixes');
    try {
      await waitForVisible('.part.panel .monaco-list-row', /target_url/);
      await vscode.window.showTextDocument(document, { preview: false });
      const shot = await screenshot('main-job');
      assert.ok(shot?.endsWith('.png'));
    } finally {
      await vscode.commands.executeCommand('problems.action.clearFilterText');
    }
  });
});
