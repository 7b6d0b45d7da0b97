// Read-only virtual documents for the remote side of push diffs (`svc-push-remote:`): the text
// is fixed when the diff opens, so the diff shows what the check compared against.
import * as vscode from 'vscode';
import { FixedTextDocuments } from '../../shared/fixedTextDocuments';

export const PUSH_REMOTE_SCHEME = 'svc-push-remote';

export class RemoteDiffDocuments extends FixedTextDocuments {
  private counter = 0;
  /** Per pushed document, the left sides of the diffs opened for it, so a new push reuses one tab. */
  private readonly byDocument = new Map<string, Set<string>>();

  constructor() {
    // Old diffs are rarely reopened; keep the last few only.
    super({ scheme: PUSH_REMOTE_SCHEME, goneText: '// This remote snapshot is no longer available: push again to compare.\n', maxEntries: 20 });
  }

  /**
   * Opens a diff for `document` (the document being pushed) in one tab: the diff tabs an earlier
   * push or save of the same document opened are closed first, so cancelled or failed saves never
   * pile up identical tabs.
   */
  async openDiffFor(document: vscode.Uri, left: vscode.Uri, right: vscode.Uri, title: string): Promise<void> {
    await this.closeDiffsFor(document);
    const lefts = this.byDocument.get(document.toString()) ?? new Set<string>();
    lefts.add(left.toString());
    this.byDocument.set(document.toString(), lefts);
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: false });
  }

  /** Closes every diff tab opened for `document` (after a push went through, or before a new one). */
  async closeDiffsFor(document: vscode.Uri): Promise<void> {
    const lefts = this.byDocument.get(document.toString());
    if (!lefts?.size) return;
    this.byDocument.delete(document.toString());
    const tabs = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => tab.input instanceof vscode.TabInputTextDiff && lefts.has(tab.input.original.toString()));
    if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
  }

  /** A new read-only document holding `text`; `label` ends up in the tab title. */
  create(label: string, text: string): vscode.Uri {
    return this.set(vscode.Uri.from({ scheme: PUSH_REMOTE_SCHEME, path: `/${++this.counter}/${label.replace(/[^\w.-]+/g, '_')}` }), text);
  }
}
