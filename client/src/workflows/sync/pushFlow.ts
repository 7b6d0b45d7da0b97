// Push of a VS Code document: finds what the file was pulled from (`.svc/state.json`), runs the
// pipeline with VS Code's questions and progress, records the new remote, refreshes the tree.
import { closeAfterSave } from './closeAfterSave';
import { saveHolding } from './saveHolding';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isManagementApiError } from '../../../../api/src/errors';
import { isRefusal } from '../../../../validation/src/severity';
import { documentKindOfText } from '../../shared/documentKind';
import { withCancellableProgress } from '../../shared/progress';
import { pushDocument, type PushOutcome, type PushRequest } from './pushPipeline';
import type { PushChoices } from './routing';
import { recordPush } from '../../../../engine/src/sync/recordPush';
import { readSnapshot, stateKeyOf } from './stateFile';
import type { SyncContext } from './syncContext';
import { isRepositoryEnvironment, pushRendered } from '../promote/renderedPush';

export interface PushDocumentArgs {
  /** The document to push (any scheme: file, untitled, svc). */
  document: vscode.TextDocument;
  /** Target environment; default: the one the file was pulled from, else the active one. */
  environment?: string;
  choices?: PushChoices;
  /** Whether to show the outcome as a notification (commands: yes; callers with their own UI: no). */
  notify?: boolean;
}

/**
 * Our refusals in a document, as messages: the one severity rule svc-lint and the sandbox use
 * (validation/src/severity.ts), so other extensions' errors and our warnings never make push
 * say "the server will probably refuse it". VS Code numbers severities from 0, LSP from 1.
 */
export function errorsOf(uri: vscode.Uri): string[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((d) => isRefusal({ source: d.source, severity: d.severity + 1 }))
    .map((d) => `${d.message} (line ${d.range.start.line + 1})`);
}

export async function pushTextDocument(ctx: SyncContext, args: PushDocumentArgs): Promise<PushOutcome> {
  const { document } = args;
  const folder = document.uri.scheme === 'file' ? vscode.workspace.getWorkspaceFolder(document.uri) : undefined;
  const root = folder?.uri.fsPath;
  const key = root ? stateKeyOf(root, document.uri.fsPath) : undefined;
  const record = root && key ? (await ctx.store.get(root)).files[key] : undefined;
  const environment = args.environment ?? record?.environment ?? ctx.activeEnvironment();
  if (!environment) throw new Error('No environment to push to: add one (Svc: Add Environment) or switch to one.');
  // An environment of the repository's svc.environments.json gets the definition rendered for it.
  if (root && key && document.uri.scheme === 'file' && (await isRepositoryEnvironment(root, environment))) {
    let outcome: PushOutcome;
    try {
      outcome = await pushRendered(ctx, { root, file: key, environment, document });
    } catch (err) {
      ctx.log.error(`push of ${key} to '${environment}' failed`, err);
      if (args.notify !== false) void vscode.window.showErrorMessage(`Push of ${key} failed: ${err instanceof Error ? err.message : String(err)}`);
      throw err;
    }
    ctx.log.info(`push ${key} to '${environment}' (rendered): ${outcome.status} — ${outcome.message}`);
    if (args.notify !== false)
      void (outcome.status === 'refused' ? vscode.window.showErrorMessage(outcome.message) : vscode.window.showInformationMessage(outcome.message));
    return outcome;
  }
  // A record for another environment says nothing about this one.
  const applies = record && record.environment === environment ? record : undefined;
  const name = path.basename(document.uri.path);

  const request: Omit<PushRequest, 'signal'> = {
    environment,
    name,
    uri: document.uri.toString(),
    text: document.getText(),
    target: applies?.target,
    kind: documentKindOfText(document.uri, document.getText()),
    base:
      applies && root ? { remoteHash: applies.remoteHash, remoteText: await readSnapshot(root, applies.remoteHash), localHash: applies.localHash } : undefined,
    errors: errorsOf(document.uri),
    choices: args.choices,
    // A workspace file can take the merge with a server that moved (an `svc:` document is the server's own).
    writeMerged: document.uri.scheme === 'file' ? (text) => writeMergedText(document, text) : undefined,
  };
  const ui = ctx.ui.push({ documentUri: document.uri, reload: () => ctx.reloadGateway(environment) });

  let outcome: PushOutcome;
  try {
    outcome = await withCancellableProgress(`Pushing ${name} to '${environment}'`, (signal) =>
      pushDocument({ clientFor: (name) => ctx.clientFor(name), ui, log: (l) => ctx.log.info(l) }, { ...request, signal }),
    );
  } catch (err) {
    const message = isManagementApiError(err) ? err.message : `Push of ${name} failed: ${err instanceof Error ? err.message : String(err)}`;
    ctx.log.error(`push of ${name} to '${environment}' failed`, err);
    if (args.notify !== false) void vscode.window.showErrorMessage(message);
    throw err;
  }

  if (root && key) await recordPush(ctx.store, root, key, environment, applies, outcome);
  if (outcome.status === 'pushed') {
    ctx.refreshTree();
    // The server now has what the editor shows: save it (nothing stays marked unsaved), close the push's diffs.
    const pushedText = outcome.merge?.text ?? request.text;
    if (document.uri.scheme === 'file' && document.isDirty && document.getText() === pushedText) {
      if (!(await saveHolding(document, pushedText))) ctx.log.warn(`push ${name}: pushed, but saving the file failed; save it yourself (File: Save)`);
    }
    const closeDiffs = async () => ui.closeDiffs?.();
    if (document.uri.scheme === 'file' || document.uri.scheme === 'untitled') await closeDiffs();
    else closeAfterSave(document.uri, closeDiffs);
  }
  if (outcome.status === 'pull-requested' && outcome.target && root) {
    // "Pull (keep mine as a copy)": the file gets the server's version, the user's is kept beside it.
    const pulled = await ctx.pull({ environment, target: outcome.target, root, overwrite: 'copy', notify: args.notify });
    outcome.message = `${outcome.message} ${pulled.message}`;
  }
  ctx.log.info(`push ${name}: ${outcome.status} — ${outcome.message}`);
  if (args.notify !== false) {
    // After a gateway-style push not followed by a reload, the UI's reload offer already said it.
    const reloadOffered = outcome.status === 'pushed' && outcome.route?.reloadNeeded && !outcome.reloaded;
    if (outcome.status === 'refused') void vscode.window.showErrorMessage(outcome.message);
    else if (outcome.status !== 'pull-requested' && !reloadOffered) void vscode.window.showInformationMessage(outcome.message);
  }
  return outcome;
}

/**
 * The merged text replaces the editor's (one undoable edit, so Undo brings back the file as it was
 * before the merge) and is saved: what is pushed is what the file holds.
 */
async function writeMergedText(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), text);
  if (!(await vscode.workspace.applyEdit(edit)))
    throw new Error(`the merged result could not be written into ${path.basename(document.uri.path)}; nothing was sent.`);
  await saveHolding(document, text);
}
