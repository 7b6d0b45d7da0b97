// Pull in VS Code: the folder from `svc.pull.folder`, the overwrite question as a modal, open
// editors taken into account (their unsaved text is what would be lost), Pull All with progress
// and cancel.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isManagementApiError } from '../../../../api/src/errors';
import { withCancellableProgress } from '../../shared/progress';
import { saveHolding } from './saveHolding';
import { pullResource, type PullOutcome } from './pull';
import { listTargets } from '../../../../engine/src/sync/listing';
import { readAhead, SYNC_CONCURRENCY } from '../../../../engine/src/sync/pool';
import { pullBatch } from '../../../../engine/src/sync/pullBatch';
import { RemoteCatalog } from '../../../../engine/src/sync/remoteCatalog';
import type { PullArgs, SyncContext } from './syncContext';

export const PULL_FOLDER_SETTING = 'svc.pull.folder';
export const DEFAULT_PULL_FOLDER = 'svc';

export function workspaceRootFor(root?: string): string {
  if (root) return root;
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder || folder.uri.scheme !== 'file') throw new Error('Pull writes into the workspace: open a folder first (File: Open Folder).');
  return folder.uri.fsPath;
}

export function pullFolderOf(root: string): string {
  const value = vscode.workspace.getConfiguration('svc.pull', vscode.Uri.file(root)).get<string>('folder', DEFAULT_PULL_FOLDER).trim();
  // A path outside the workspace would put files where the state file cannot track them.
  const normal = path.normalize(value || DEFAULT_PULL_FOLDER);
  if (path.isAbsolute(normal) || normal.startsWith('..'))
    throw new Error(`The setting ${PULL_FOLDER_SETTING} must be a folder inside the workspace, not '${value}'.`);
  return normal;
}

/** `svc.pull.format`: the format of a file a new pull writes (an existing file keeps its own). */
export function pullFormatOf(root: string): 'json' | 'yaml' {
  return vscode.workspace.getConfiguration('svc.pull', vscode.Uri.file(root)).get<string>('format', 'json') === 'yaml' ? 'yaml' : 'json';
}

/** The text of an open editor with unsaved changes, else undefined. */
export function unsavedText(file: string): string | undefined {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file);
  return doc?.isDirty ? doc.getText() : undefined;
}

/**
 * A file open in an editor is written by the editor (replace its text, save), so VS Code's model
 * and the disk agree at once; written from outside, the model learns of it only from the file
 * watcher, and a save before that fails with "the file is newer". Other files: Node's fs.
 */
export async function writePulledFile(file: string, text: string): Promise<void> {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file);
  if (doc) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
    if ((await vscode.workspace.applyEdit(edit)) && (await saveHolding(doc, text))) return;
  }
  await fs.writeFile(file, text, 'utf8');
}

export async function pullIntoWorkspace(ctx: SyncContext, args: PullArgs): Promise<PullOutcome> {
  const root = workspaceRootFor(args.root);
  const client = await ctx.clientFor(args.environment);
  const outcome = await pullResource(
    {
      client,
      store: ctx.store,
      unsavedText,
      writeFile: writePulledFile,
      decideOverwrite: async ({ file, reason, environment }) => args.overwrite ?? ctx.ui.askOverwrite(file, reason, environment),
      // Local changes merge with the server's version: a single pull asks about conflicts; Pull All
      // (overwrite 'skip') leaves a conflicting file as it is; 'overwrite'/'copy' were decided already.
      resolveMerge:
        args.overwrite === undefined && ctx.ui.resolveMergeConflicts
          ? ({ file, environment, conflicts, fromServer }) =>
              ctx.ui.resolveMergeConflicts!({ name: vscode.workspace.asRelativePath(file), environment, conflicts, fromServer })
          : args.overwrite === 'skip'
            ? () => Promise.resolve(undefined)
            : undefined,
    },
    { environment: args.environment, target: args.target, root, folder: pullFolderOf(root), format: pullFormatOf(root), mode: args.mode, signal: args.signal },
  );
  if (outcome.status === 'pulled' && outcome.file) await refreshOpenEditor(outcome.file);
  if (args.open && outcome.file && outcome.status !== 'skipped') {
    await vscode.window.showTextDocument(vscode.Uri.file(outcome.file), { preview: false });
  }
  ctx.log.info(`pull: ${outcome.status} — ${outcome.message}`);
  if (args.notify !== false) {
    if (outcome.status === 'missing' || outcome.status === 'conflict') void vscode.window.showWarningMessage(outcome.message);
    else void vscode.window.showInformationMessage(outcome.message);
  }
  return outcome;
}

/** An editor on the file (dirty or not) shows what was written: the user agreed to replace it. */
export async function refreshOpenEditor(file: string): Promise<void> {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file);
  if (!doc?.isDirty) return;
  await vscode.window.showTextDocument(doc, { preview: false });
  await vscode.commands.executeCommand('workbench.action.files.revert');
}

export interface PullAllSummary {
  pulled: number;
  unchanged: number;
  skipped: number;
  merged: number;
  conflicts: number;
  failed: number;
  cancelled: boolean;
  message: string;
}

/** Every API, policy and key of an environment; files with local changes are merged, or kept when they conflict (never overwritten). */
export async function pullAll(ctx: SyncContext, environment: string): Promise<PullAllSummary> {
  const root = workspaceRootFor();
  const summary: PullAllSummary = { pulled: 0, unchanged: 0, skipped: 0, merged: 0, conflicts: 0, failed: 0, cancelled: false, message: '' };
  const notes: string[] = [];
  await withCancellableProgress(`Pulling everything from '${environment}'`, async (signal, report) => {
    const client = await ctx.clientFor(environment);
    report('listing…');
    // The engine's listing and batch pull (the same as `svc pull --all`, issue 32): the listings
    // read once, each resource taken from them where they carry it whole, else read on its own
    // (a few at a time); a listing the server cannot give becomes a note.
    const catalog = new RemoteCatalog(client, signal);
    const listing = await listTargets(client, signal, catalog);
    const targets = listing.targets;
    notes.push(...listing.notes);
    const step = targets.length ? 100 / targets.length : 100;
    const items = targets.map((target) => ({ target }));
    const remoteOf = readAhead(items, SYNC_CONCURRENCY, ({ target }) => catalog.read(target));
    await pullBatch(
      {
        client,
        store: ctx.store,
        unsavedText,
        writeFile: writePulledFile,
        decideOverwrite: () => Promise.resolve('skip' as const),
        // Local changes merge with the server's version; a conflicting file is left as it is.
        resolveMerge: () => Promise.resolve(undefined),
      },
      {
        environment,
        root,
        folder: pullFolderOf(root),
        format: pullFormatOf(root),
        items,
        remoteOf,
        signal,
        concurrency: SYNC_CONCURRENCY,
        report: async (index, result) => {
          const target = targets[index];
          report(`${index + 1}/${targets.length}`, step);
          if (result instanceof Error) {
            if (isManagementApiError(result, 'cancelled')) {
              summary.cancelled = true;
              return;
            }
            summary.failed++;
            ctx.log.error(`pull all: ${target.kind} ${target.kind === 'key' ? '(key)' : target.id} failed`, result);
            return;
          }
          ctx.log.info(`pull: ${result.status} — ${result.message}`);
          if (result.status === 'pulled') {
            summary.pulled++;
            if (result.file) await refreshOpenEditor(result.file);
          } else if (result.status === 'unchanged') summary.unchanged++;
          else if (result.status === 'skipped') summary.skipped++;
          else if (result.status === 'merged') {
            summary.merged++;
            if (result.file) await refreshOpenEditor(result.file);
          } else if (result.status === 'conflict') summary.conflicts++;
        },
      },
    );
    if (signal.aborted) summary.cancelled = true;
  });
  summary.message = [
    `${summary.cancelled ? 'Pull All cancelled' : 'Pull All done'} ('${environment}'): ${summary.pulled} pulled, ${summary.unchanged} unchanged`,
    summary.skipped ? `, ${summary.skipped} skipped (local changes kept)` : '',
    summary.merged ? `, ${summary.merged} merged with local changes` : '',
    summary.conflicts ? `, ${summary.conflicts} left as they are (conflicts with local changes: pull each to choose a side)` : '',
    summary.failed ? `, ${summary.failed} failed (see the log)` : '',
    notes.length ? `; ${notes.join('; ')}` : '',
    '.',
  ].join('');
  ctx.log.info(summary.message);
  return summary;
}
