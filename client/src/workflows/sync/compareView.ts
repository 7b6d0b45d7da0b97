// What Compare with Environment shows, for a bare pulled file (compareFlow.ts) and for a definition
// rendered for an environment of svc.environments.json (../promote/renderedCompare.ts): a diff
// editor (the server's version left, read-only) and a quick pick of the changed paths, each
// marked local / remote / both, that moves the cursor to the path in the file that holds it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { FileStatus, PathChange } from '../../../../engine/src/sync/compare';
import type { SyncContext } from './syncContext';

export const COMPARE_COMMAND = 'svc.compareWithEnvironment';

/** What the command returns (for other workflows and tests): one entry per compared file. */
export interface CompareResult {
  environment: string;
  file: string;
  name: string;
  status: FileStatus | 'error';
  changes: PathChange[];
  message: string;
  /** True when the file was compared as a definition rendered for an environment of svc.environments.json. */
  rendered?: boolean;
}

export const STATUS_WORDS: Record<CompareResult['status'], string> = {
  unchanged: 'no differences',
  'changed-locally': 'changed locally',
  'changed-remotely': 'changed on the server',
  conflict: 'changed locally and on the server (conflict)',
  'deleted-remotely': 'deleted on the server',
  'not-on-server': 'not on the server',
  different: 'differs from the server',
  error: 'cannot compare',
};

const SIDE_ICONS: Record<PathChange['side'], string> = { local: '$(edit)', remote: '$(cloud)', both: '$(warning)', differs: '$(diff)' };
const SIDE_WORDS: Record<PathChange['side'], string> = { local: 'local', remote: 'remote', both: 'both', differs: 'differs' };
const show = (value: unknown) => (value === undefined ? '(absent)' : JSON.stringify(value).slice(0, 80));

export interface ComparisonView {
  /** The left document's label (it ends up in the tab title) and text: the server's version. */
  remoteLabel: string;
  remoteText: string;
  /** The right side: the file itself, or the document rendered for the environment. */
  right: vscode.Uri;
  title: string;
  changes: readonly PathChange[];
  message: string;
  /** The file a changed path is revealed in (a rendered definition: its overlay when that sets the member). */
  revealIn(pointer: string): vscode.Uri;
}

/** The diff editor (server left) and the quick pick of changed paths. */
export async function showComparison(ctx: SyncContext, view: ComparisonView): Promise<void> {
  const left = ctx.diffs.create(view.remoteLabel, view.remoteText);
  await vscode.commands.executeCommand('vscode.diff', left, view.right, view.title, { preview: false });
  if (view.changes.length === 0) {
    void vscode.window.showInformationMessage(view.message);
    return;
  }
  const items = view.changes.map((c) => ({
    label: `${SIDE_ICONS[c.side]} ${c.display}`,
    description: SIDE_WORDS[c.side],
    detail: (c.side === 'differs' ? '' : `base ${show(c.base)} · `) + `local ${show(c.local)} · remote ${show(c.remote)}`,
    change: c,
  }));
  // Not awaited: the command returns while the list stays open beside the diff.
  const placeHolder = 'A changed path: local, remote, or both (a conflict). Pick one to go to it.';
  void vscode.window
    .showQuickPick(items, { title: view.message, placeHolder, ignoreFocusOut: true, matchOnDetail: true })
    .then((pick) => pick && revealPath(view.revealIn(pick.change.pointer), pick.change.pointer));
}

/**
 * After the comparison: one file says its outcome (its diff is open); several offer those that
 * differ, and picking one compares it alone (with the same environment).
 */
export function presentResults(results: CompareResult[], single: boolean, environment?: string): CompareResult[] {
  if (single) {
    const [result] = results;
    if (result.status === 'error') void vscode.window.showErrorMessage(result.message);
    return results;
  }
  const differing = results.filter((r) => r.status !== 'unchanged');
  if (differing.length === 0) {
    void vscode.window.showInformationMessage(
      environment
        ? `No differences: the ${results.length} definition(s) rendered for '${environment}' are the same as on its server.`
        : `No differences: the ${results.length} pulled file(s) are the same as on the server.`,
    );
    return results;
  }
  void vscode.window
    .showQuickPick(
      differing.map((r) => ({ label: path.basename(r.file), description: STATUS_WORDS[r.status], detail: r.message, result: r })),
      { title: `Compare with Environment: ${differing.length} of ${results.length} file(s) differ`, matchOnDescription: true },
    )
    .then(
      (pick) =>
        pick &&
        vscode.commands.executeCommand(
          COMPARE_COMMAND,
          environment ? { uri: vscode.Uri.file(pick.result.file), environment } : vscode.Uri.file(pick.result.file),
        ),
    );
  return results;
}

/** Moves the cursor of the file's editor to the member at `pointer` (or its nearest existing parent). */
async function revealPath(uri: vscode.Uri, pointer: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument(uri);
  const tree = parseTree(document.getText());
  if (!tree) return;
  const segments = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  let node;
  for (let n = segments.length; n >= 0 && !node; n--) node = findNodeAtLocation(tree, segments.slice(0, n));
  const target = node?.parent?.type === 'property' ? node.parent : node;
  if (!target) return;
  const range = new vscode.Range(document.positionAt(target.offset), document.positionAt(target.offset + target.length));
  const editor =
    vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString()) ??
    (await vscode.window.showTextDocument(document, { preview: false }));
  editor.selection = new vscode.Selection(range.start, range.end);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
