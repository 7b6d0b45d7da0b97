// Edit remote: `svc:/<environment>/<name> (<kind>).json?kind=…&id=…` opens an API, policy or key as
// a file. The path is what the user reads (tab "Orders (classic).json", breadcrumb "Local sandbox");
// the query carries what the server needs. `svc:/<environment>/<kind>/<id>.json`, the earlier
// form, still opens (editors restored from an earlier session use it).
// Reading fetches the resource; saving is a push with the same checks as the Push command
// (errors, diff and confirm, conflict against the version opened). Explicit saves push before
// VS Code writes, and say a refusal by name in a message of ours: Ctrl+S runs our Save command
// (svc.saveRemoteDocument), and File > Save, "File: Save" and Save All reach it too while a remote
// document has edits (explicitSaves.ts). Saves no command runs (a close dialog's Save) push from
// writeFile, whose refusal VS Code words itself ("Unable to write file 'svc:/…' (… FileSystemError …)").
// Auto-save never pushes: it fails once with a message and the editor stays dirty. Nothing is lost
// either way. Keys are named by their hash, never by their id.
import { kindWord, nameInDocument, pathSegment } from '../../explorer/resourceTitles';
import * as vscode from 'vscode';
import { isManagementApiError } from '../../../../api/src/errors';
import { withCancellableProgress } from '../../shared/progress';
import { closeAfterSave } from '../sync/closeAfterSave';
import { formatDocument, hashDocument } from '../sync/canonicalJson';
import { saveHolding } from '../sync/saveHolding';
import { errorsOf } from '../sync/pushFlow';
import { pushDocument, type PushOutcome } from '../sync/pushPipeline';
import { readRemote } from '../sync/remoteReader';
import type { SyncContext } from '../sync/syncContext';
import { isSyncKind, type RemoteTarget } from '../sync/syncKinds';

export const SVC_SCHEME = 'svc';

/** Where a user turns auto-save off or changes it (a command link VS Code's notifications follow). */
const AUTO_SAVE_SETTING_LINK = `[auto-save setting](command:workbench.action.openSettings?${encodeURIComponent(JSON.stringify(['files.autoSave']))})`;

/** What an auto-save of a remote document says, once: nothing was sent, and how to push. */
export function autoSaveMessage(name: string, environment: string): string {
  return (
    `Not sent to '${environment}': auto-save never pushes a remote document. ${name} stays unsaved; ` +
    `press Ctrl+S (Cmd+S) to push it, with its diff and a confirmation. Change the ${AUTO_SAVE_SETTING_LINK} if you like.`
  );
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function svcUri(environment: string, target: RemoteTarget, name?: string): vscode.Uri {
  const title = `${name?.trim() || (target.kind === 'key' ? 'key' : target.id)} (${kindWord({ kind: target.kind })})`;
  const query = new URLSearchParams({ kind: target.kind, id: target.id, ...(target.apiId ? { apiId: target.apiId } : {}) }).toString();
  // Only `/` and `%` escaped: the breadcrumb reads "Local sandbox", not "Local%20sandbox".
  return vscode.Uri.from({ scheme: SVC_SCHEME, path: `/${pathSegment(environment)}/${pathSegment(title)}.json`, query });
}

export function parseSvcUri(uri: vscode.Uri): { environment: string; target: RemoteTarget } {
  const query = new URLSearchParams(uri.query);
  const apiId = query.get('apiId') ?? undefined;
  const named = /^\/([^/]+)\/[^/]+\.json$/.exec(uri.path);
  const kind = query.get('kind');
  const id = query.get('id');
  if (named && kind && id && isSyncKind(kind)) return { environment: decodeURIComponent(named[1]), target: { kind, id, ...(apiId ? { apiId } : {}) } };
  const match = /^\/([^/]+)\/([^/]+)\/([^/]+)\.json$/.exec(uri.path);
  if (!match || !isSyncKind(match[2])) throw vscode.FileSystemError.FileNotFound(uri);
  return { environment: decodeURIComponent(match[1]), target: { kind: match[2], id: decodeURIComponent(match[3]), ...(apiId ? { apiId } : {}) } };
}

interface Opened {
  remoteHash: string;
  remoteText: string;
  mtime: number;
  size: number;
}

export class SvcFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  /** What each document looked like on the server when opened or last saved. */
  private readonly opened = new Map<string, Opened>();
  /** The outcome of the last save, for callers (and tests) that want the details. */
  lastOutcome: PushOutcome | undefined;

  /** Why each `svc:` document is being saved (onWillSaveTextDocument), read by writeFile. */
  private readonly saveReasons = new Map<string, vscode.TextDocumentSaveReason>();
  /** Text the Save command pushed before asking the editor to save it. */
  private readonly pushedAhead = new Map<string, string>();
  private readonly willSave: vscode.Disposable;

  constructor(private readonly ctx: SyncContext) {
    this.willSave = vscode.workspace.onWillSaveTextDocument((event) => {
      if (event.document.uri.scheme === SVC_SCHEME) this.saveReasons.set(event.document.uri.toString(), event.reason);
    });
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const known = this.opened.get(uri.toString()) ?? (await this.load(uri));
    return { type: vscode.FileType.File, ctime: known.mtime, mtime: known.mtime, size: known.size };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const loaded = await this.load(uri);
    return new TextEncoder().encode(loaded.remoteText);
  }

  private async load(uri: vscode.Uri): Promise<Opened> {
    const { environment, target } = parseSvcUri(uri);
    try {
      const remote = await readRemote(await this.ctx.clientFor(environment), target);
      if (!remote.exists) throw vscode.FileSystemError.FileNotFound(uri);
      const text = formatDocument(remote.document);
      const entry = { remoteHash: hashDocument(target.kind, remote.document), remoteText: text, mtime: Date.now(), size: Buffer.byteLength(text) };
      this.opened.set(uri.toString(), entry);
      return entry;
    } catch (err) {
      if (err instanceof vscode.FileSystemError) throw err;
      throw vscode.FileSystemError.Unavailable(isManagementApiError(err) ? err.message : String(err instanceof Error ? err.message : err));
    }
  }

  /**
   * Pushes `text` as the document at `uri` (the Save command and explicit saves): the push's checks,
   * diff and confirmation. A refusal or a failure comes back as the outcome or an error whose
   * message names the resource ("Silver plan (policy) …"); nothing here throws a FileSystemError.
   */
  async push(uri: vscode.Uri, text: string): Promise<PushOutcome> {
    const { environment, target } = parseSvcUri(uri);
    const base = this.opened.get(uri.toString());
    const name = this.nameOf(uri, text);
    const ui = this.ctx.ui.push({ documentUri: uri, reload: () => this.ctx.reloadGateway(environment) });
    let outcome: PushOutcome;
    try {
      outcome = await withCancellableProgress(`Saving ${name} to '${environment}'`, (signal) =>
        pushDocument(
          { clientFor: (envName) => this.ctx.clientFor(envName), ui, log: (l) => this.ctx.log.info(l) },
          {
            environment,
            name,
            uri: uri.toString(),
            text,
            target,
            base: base ? { remoteHash: base.remoteHash, remoteText: base.remoteText } : undefined,
            errors: errorsOf(uri),
            signal,
          },
        ),
      );
    } catch (err) {
      this.ctx.log.error(`saving ${name} to '${environment}' failed`, err);
      throw new Error(
        `${name} was not saved to '${environment}': ${isManagementApiError(err) ? err.message : String(err instanceof Error ? err.message : err)}`,
        { cause: err },
      );
    }
    this.lastOutcome = outcome;
    this.ctx.log.info(`edit remote ${name} on '${environment}': ${outcome.status} — ${outcome.message}`);
    if (outcome.status === 'pushed' || outcome.status === 'no-op') {
      const remoteText = formatDocument(outcome.remoteDocument);
      this.opened.set(uri.toString(), { remoteHash: outcome.remoteHash ?? '', remoteText, mtime: Date.now(), size: Buffer.byteLength(text) });
      if (outcome.status === 'pushed') this.ctx.refreshTree();
      // The server has it now: the push's diff tab has done its job (closed once the save completes).
      closeAfterSave(uri, () => ui.closeDiffs?.() ?? Promise.resolve());
      if (outcome.status === 'no-op' || !outcome.route?.reloadNeeded || outcome.reloaded) void vscode.window.showInformationMessage(outcome.message);
    }
    return outcome;
  }

  /**
   * The Save command on a remote document (Ctrl+S): pushes first, then saves the editor only when
   * the server took it. A refusal is said by name in a message of ours and the editor stays dirty;
   * VS Code's "Unable to write file 'svc:/…' (NoPermissions …)" never appears for it.
   */
  async saveFromEditor(document: vscode.TextDocument): Promise<PushOutcome | undefined> {
    const text = document.getText();
    const outcome = await this.push(document.uri, text);
    if (outcome.status === 'pushed' || outcome.status === 'no-op') {
      this.pushedAhead.set(document.uri.toString(), text);
      if (!(await saveHolding(document, text)))
        this.ctx.log.warn(`edit remote: ${this.nameOf(document.uri, text)} was pushed, but the editor could not be saved`);
      return outcome;
    }
    // Cancelled by the user: nothing to say. Refused: said by name, and the editor stays dirty.
    if (outcome.status === 'cancelled') return outcome;
    const keep = outcome.status === 'pull-requested' ? ' Copy what you need, then run "File: Revert File" to load the server\'s version.' : '';
    void vscode.window.showErrorMessage(`${outcome.message} Your edits are still in the editor.${keep}`);
    return outcome;
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const key = uri.toString();
    const text = new TextDecoder().decode(content);
    const reason = this.saveReasons.get(key);
    this.saveReasons.delete(key);
    // The Save command already pushed exactly this text: the editor's save only records it.
    const ahead = this.pushedAhead.get(key);
    this.pushedAhead.delete(key);
    if (ahead !== undefined && ahead === text) return;
    if (reason === vscode.TextDocumentSaveReason.AfterDelay || reason === vscode.TextDocumentSaveReason.FocusOut) {
      // Auto-save never pushes a half-finished edit. Failing the save keeps the editor dirty, and
      // VS Code then skips further auto-saves of it (a document in error), so this is said once.
      const { environment } = parseSvcUri(uri);
      this.ctx.log.info(`edit remote ${this.nameOf(uri, text)}: auto-save ignored; nothing sent to '${environment}'`);
      throw vscode.FileSystemError.Unavailable(autoSaveMessage(this.nameOf(uri, text), environment));
    }
    let outcome: PushOutcome;
    try {
      outcome = await this.push(uri, text);
    } catch (err) {
      throw vscode.FileSystemError.Unavailable(`${err instanceof Error ? err.message : String(err)} Your edits are still in the editor.`);
    }
    if (outcome.status === 'pushed' || outcome.status === 'no-op') return;
    const keep = outcome.status === 'pull-requested' ? ' Copy what you need, then run "File: Revert File" to load the server\'s version.' : '';
    throw vscode.FileSystemError.Unavailable(`${outcome.message} Your edits are still in the editor.${keep}`);
  }

  /** "Silver plan (policy)": from the text when it parses, else from the tab's title (what the user reads). */
  private nameOf(uri: vscode.Uri, text: string): string {
    const { target } = parseSvcUri(uri);
    const fromText = nameInDocument(target.kind, parseOrUndefined(text));
    if (fromText) return `${fromText} (${kindWord({ kind: target.kind })})`;
    const title = /\/([^/]+)\.json$/.exec(uri.path)?.[1];
    if (title && /\(\w[\w ]*\)$/.test(title)) return title;
    return `${target.kind === 'key' ? 'key' : target.id} (${kindWord({ kind: target.kind })})`;
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(`Deleting ${uri.path} on the server is not supported from the editor.`);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(`Renaming ${uri.path} on the server is not supported.`);
  }

  dispose(): void {
    this.changed.dispose();
    this.willSave.dispose();
  }
}
