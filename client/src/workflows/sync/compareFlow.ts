// Compare with Environment: a pulled file (or every pulled file of a folder) against the server,
// field by field and three-way against the base recorded at the pull: a diff editor (the
// server's version, read-only, left; the file right) and a quick pick of the changed paths, each
// marked local / remote / both, that moves the cursor to the path in the file. The same engine
// comparison as `svc diff` (engine/src/sync/inspect.ts). A definition compared with an environment
// of the repository's svc.environments.json is compared rendered (../promote/renderedCompare.ts).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMPARE_COMMAND, presentResults, showComparison, STATUS_WORDS, type CompareResult } from './compareView';
import { inspectFile, InspectionProblem } from '../../../../engine/src/sync/inspect';
import { mapPool, SYNC_CONCURRENCY } from '../../../../engine/src/sync/pool';
import { stateKeyOf, type SyncRecord } from '../../../../engine/src/sync/stateFile';
import { SYNC_KIND_LABELS } from '../../../../engine/src/sync/syncKinds';
import type { SyncContext } from './syncContext';
import { compareWithDeclared } from '../promote/renderedCompare';
import { definitionText, formatOfFile } from '../../../../engine/src/sync/documentFormat';

export { COMPARE_COMMAND, type CompareResult };

/** What the command takes besides a Uri: the file or folder and the environment to compare with. */
export interface CompareArgs {
  uri?: vscode.Uri;
  environment?: string;
}

export function registerCompare(ctx: SyncContext): vscode.Disposable {
  // Menus pass the file (and the Explorer's selection); other callers may name the environment: `{ uri, environment }`.
  return vscode.commands.registerCommand(
    COMPARE_COMMAND,
    async (arg?: vscode.Uri | CompareArgs, selected?: vscode.Uri[]): Promise<CompareResult[] | undefined> => {
      const given = arg instanceof vscode.Uri || arg === undefined ? { uri: arg } : arg;
      const uris = selected?.length ? selected : [given.uri ?? vscode.window.activeTextEditor?.document.uri].filter((u): u is vscode.Uri => !!u);
      if (uris.length === 0 || uris.some((u) => u.scheme !== 'file')) {
        void vscode.window.showWarningMessage(
          'Compare with Environment works on pulled files and folders of the workspace: pick one in the Explorer or open one.',
        );
        return undefined;
      }
      try {
        return await compareUris(ctx, uris, given.environment);
      } catch (err) {
        ctx.log.error('compare with environment failed', err);
        void vscode.window.showErrorMessage(`Compare with Environment failed: ${err instanceof Error ? err.message : String(err)}`);
        return undefined;
      }
    },
  );
}

async function compareUris(ctx: SyncContext, uris: vscode.Uri[], explicit?: string): Promise<CompareResult[]> {
  const folder = vscode.workspace.getWorkspaceFolder(uris[0]);
  if (!folder) throw new Error('the file is not in a workspace folder, where pulled files are recorded (.svc/state.json).');
  const root = folder.uri.fsPath;
  const state = await ctx.store.get(root);
  // An environment of the repository's svc.environments.json compares the rendered definition (as svc diff --env).
  const declared = await compareWithDeclared(ctx, { root, uris, explicit, state });
  if ('results' in declared) return declared.results;
  const environment = declared.environment;
  // Files: those named, or the pulled files under the folders named.
  const files: Array<{ file: string; record?: SyncRecord }> = [];
  for (const uri of uris) {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type & vscode.FileType.Directory) {
      const prefix = stateKeyOf(root, uri.fsPath);
      for (const [key, record] of Object.entries(state.files)) {
        if (environment && record.environment !== environment) continue;
        if (prefix === '' || key === prefix || key.startsWith(`${prefix}/`)) files.push({ file: path.join(root, ...key.split('/')), record });
      }
    } else {
      const record = state.files[stateKeyOf(root, uri.fsPath)];
      // A record of another environment says nothing about the one named.
      files.push({ file: uri.fsPath, record: environment && record?.environment !== environment ? undefined : record });
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
      return mapPool(files, SYNC_CONCURRENCY, ({ file, record }) => compareOne(ctx, root, file, record, single, controller.signal, environment));
    },
  );
  return presentResults(results, single);
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
  explicit?: string,
): Promise<CompareResult> {
  const environment = explicit ?? record?.environment ?? ctx.activeEnvironment();
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
    if (open) {
      const name = path.basename(file);
      await showComparison(ctx, {
        remoteLabel: `${name}.${environment}.${formatOfFile(file)}`,
        remoteText,
        right: vscode.Uri.file(file),
        title: `${name}: '${environment}' ↔ local`,
        changes: comparison.changes,
        message,
        revealIn: () => vscode.Uri.file(file),
      });
    }
    return { ...base, status: comparison.status, changes: comparison.changes, message };
  } catch (err) {
    if (!(err instanceof InspectionProblem)) throw err;
    return { ...base, status: 'error', changes: [], message: `${path.basename(file)} cannot be compared: ${err.message}` };
  }
}
