// Compare with Environment: a pulled file (or every pulled file of a folder) against the server,
// field by field and three-way against the base recorded at the pull: a diff editor (the
// server's version, read-only, left; the file right) and a quick pick of the changed paths, each
// marked local / remote / both, that moves the cursor to the path in the file. The same engine
// comparison as `svc diff` (engine/src/sync/inspect.ts).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { FileStatus, PathChange } from '../../../../engine/src/sync/compare';
import { inspectFile, InspectionProblem } from '../../../../engine/src/sync/inspect';
import { mapPool, SYNC_CONCURRENCY } from '../../../../engine/src/sync/pool';
import { stateKeyOf, type SyncRecord } from '../../../../engine/src/sync/stateFile';
import { SYNC_KIND_LABELS } from '../../../../engine/src/sync/syncKinds';
import type { SyncContext } from './syncContext';
import { definitionText, formatOfFile } from '../../../../engine/src/sync/documentFormat';

export const COMPARE_COMMAND = 'svc.compareWithEnvironment';

/** What the command returns (for other workflows and tests): one entry per compared file. */
export interface CompareResult {
  environment: string;
  file: string;
  name: string;
  status: FileStatus | 'error';
  changes: PathChange[];
  message: string;
}

const STATUS_WORDS: Record<CompareResult['status'], string> = {
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

export function registerCompare(ctx: SyncContext): vscode.Disposable {
  return vscode.commands.registerCommand(COMPARE_COMMAND, async (arg?: vscode.Uri, selected?: vscode.Uri[]): Promise<CompareResult[] | undefined> => {
    const uris = selected?.length ? selected : [arg ?? vscode.window.activeTextEditor?.document.uri].filter((u): u is vscode.Uri => !!u);
    if (uris.length === 0 || uris.some((u) => u.scheme !== 'file')) {
      void vscode.window.showWarningMessage(
        'Compare with Environment works on pulled files and folders of the workspace: pick one in the Explorer or open one.',
      );
      return undefined;
    }
    try {
      return await compareUris(ctx, uris);
    } catch (err) {
      ctx.log.error('compare with environment failed', err);
      void vscode.window.showErrorMessage(`Compare with Environment failed: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  });
}

async function compareUris(ctx: SyncContext, uris: vscode.Uri[]): Promise<CompareResult[]> {
  const folder = vscode.workspace.getWorkspaceFolder(uris[0]);
  if (!folder) throw new Error('the file is not in a workspace folder, where pulled files are recorded (.svc/state.json).');
  const root = folder.uri.fsPath;
  const state = await ctx.store.get(root);
  // Files: those named, or the pulled files under the folders named.
  const files: Array<{ file: string; record?: SyncRecord }> = [];
  for (const uri of uris) {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type & vscode.FileType.Directory) {
      const prefix = stateKeyOf(root, uri.fsPath);
      for (const [key, record] of Object.entries(state.files)) {
        if (prefix === '' || key === prefix || key.startsWith(`${prefix}/`)) files.push({ file: path.join(root, ...key.split('/')), record });
      }
    } else {
      files.push({ file: uri.fsPath, record: state.files[stateKeyOf(root, uri.fsPath)] });
    }
  }
  if (files.length === 0) {
    void vscode.window.showInformationMessage('Nothing to compare: no file under this folder was pulled (Svc: Pull All into Workspace).');
    return [];
  }
  const single = files.length === 1 && !(await isFolder(uris[0]));

  const results = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Comparing with the environment', cancellable: true },
    async (_progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      return mapPool(files, SYNC_CONCURRENCY, ({ file, record }) => compareOne(ctx, root, file, record, single, controller.signal));
    },
  );
  if (single) {
    const [result] = results;
    if (result.status === 'error') void vscode.window.showErrorMessage(result.message);
    return results;
  }
  const differing = results.filter((r) => r.status !== 'unchanged');
  if (differing.length === 0) {
    void vscode.window.showInformationMessage(`No differences: the ${results.length} pulled file(s) are the same as on the server.`);
    return results;
  }
  // A folder: pick a file with differences to see its diff and paths.
  void vscode.window
    .showQuickPick(
      differing.map((r) => ({ label: path.basename(r.file), description: STATUS_WORDS[r.status], detail: r.message, result: r })),
      { title: `Compare with Environment: ${differing.length} of ${results.length} file(s) differ`, matchOnDescription: true },
    )
    .then((pick) => pick && vscode.commands.executeCommand(COMPARE_COMMAND, vscode.Uri.file(pick.result.file)));
  return results;
}

async function isFolder(uri: vscode.Uri): Promise<boolean> {
  return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.Directory) !== 0;
}

async function compareOne(
  ctx: SyncContext,
  root: string,
  file: string,
  record: SyncRecord | undefined,
  open: boolean,
  signal: AbortSignal,
): Promise<CompareResult> {
  const environment = record?.environment ?? ctx.activeEnvironment();
  const base = { environment: environment ?? '', file, name: path.basename(file) };
  if (!environment) return { ...base, status: 'error', changes: [], message: 'No environment to compare with: add one (Svc: Add Environment).' };
  let client;
  try {
    client = await ctx.clientFor(environment);
  } catch (err) {
    // A file pulled from an environment removed since: that file cannot be compared, the others can.
    return { ...base, status: 'error', changes: [], message: `${path.basename(file)} cannot be compared: ${err instanceof Error ? err.message : String(err)}` };
  }
  try {
    const inspection = await inspectFile(client, root, file, record, signal);
    const { comparison } = inspection;
    const label = inspection.kind === 'key' ? SYNC_KIND_LABELS.key : `${SYNC_KIND_LABELS[inspection.kind]} '${inspection.name}'`;
    const counts = comparison.changes.length ? ` (${comparison.changes.length} path${comparison.changes.length === 1 ? '' : 's'})` : '';
    const message = `${path.basename(file)}: ${STATUS_WORDS[comparison.status]} on '${environment}'${counts} — ${label}.`;
    // A YAML file is compared with the server's version written into it as pull would write it:
    // the diff shows the changed values only, in YAML.
    const remoteText = inspection.remote.exists ? definitionText(file, inspection.remote.document, inspection.text) : '';
    if (open) await showComparison(ctx, file, environment, remoteText, comparison.changes, message);
    return { ...base, status: comparison.status, changes: comparison.changes, message };
  } catch (err) {
    if (!(err instanceof InspectionProblem)) throw err;
    return { ...base, status: 'error', changes: [], message: `${path.basename(file)} cannot be compared: ${err.message}` };
  }
}

/** The diff editor (server left, file right) and the quick pick of changed paths. */
async function showComparison(
  ctx: SyncContext,
  file: string,
  environment: string,
  remoteText: string,
  changes: readonly PathChange[],
  message: string,
): Promise<void> {
  const name = path.basename(file);
  const left = ctx.diffs.create(`${name}.${environment}.${formatOfFile(file)}`, remoteText);
  const right = vscode.Uri.file(file);
  await vscode.commands.executeCommand('vscode.diff', left, right, `${name}: '${environment}' ↔ local`, { preview: false });
  if (changes.length === 0) {
    void vscode.window.showInformationMessage(message);
    return;
  }
  const items = changes.map((c) => ({
    label: `${SIDE_ICONS[c.side]} ${c.display}`,
    description: SIDE_WORDS[c.side],
    detail: (c.side === 'differs' ? '' : `base ${show(c.base)} · `) + `local ${show(c.local)} · remote ${show(c.remote)}`,
    change: c,
  }));
  // Not awaited: the command returns while the list stays open beside the diff.
  const placeHolder = 'A changed path: local, remote, or both (a conflict). Pick one to go to it.';
  void vscode.window
    .showQuickPick(items, { title: message, placeHolder, ignoreFocusOut: true, matchOnDetail: true })
    .then((pick) => pick && revealPath(right, pick.change.pointer));
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
