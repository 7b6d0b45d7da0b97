// Edit remote: `svc:/<environment>/<name> (<kind>).json?kind=…&id=…` opens an API, policy or key as
// a file. The path is what the user reads (tab "Orders (classic).json", breadcrumb "Local sandbox");
// the query carries what the server needs. `svc:/<environment>/<kind>/<id>.json`, the earlier
// form, still opens (editors restored from an earlier session use it).
// Reading fetches the resource; saving is a push with the same checks as the Push command
// (errors, diff and confirm, conflict against the version opened). A refused or failed save
// throws a FileSystemError with the reason and what to do, so VS Code shows it and the editor
// stays dirty: nothing is lost. Keys are named by their hash, never by their id.
import { kindWord, nameInDocument, pathSegment } from '../../explorer/resourceTitles';
import * as vscode from 'vscode';
import { isManagementApiError } from '../../../../api/src/errors';
import { withCancellableProgress } from '../../shared/progress';
import { formatDocument, hashDocument } from '../sync/canonicalJson';
import { errorsOf } from '../sync/pushFlow';
import { pushDocument, type PushOutcome } from '../sync/pushPipeline';
import { readRemote } from '../sync/remoteReader';
import type { SyncContext } from '../sync/syncContext';
import { isSyncKind, type RemoteTarget } from '../sync/syncKinds';

export const SVC_SCHEME = 'svc';

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

  constructor(private readonly ctx: SyncContext) {}

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

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const { environment, target } = parseSvcUri(uri);
    const base = this.opened.get(uri.toString());
    const text = new TextDecoder().decode(content);
    // Dialogs name the resource and its kind ("Orders (classic)"), not its id.
    const named = nameInDocument(target.kind, parseOrUndefined(text)) ?? (target.kind === 'key' ? 'key' : target.id);
    const name = `${named} (${kindWord({ kind: target.kind })})`;
    let outcome: PushOutcome;
    try {
      outcome = await withCancellableProgress(`Saving ${name} to the server`, (signal) =>
        pushDocument(
          {
            clientFor: (name) => this.ctx.clientFor(name),
            ui: this.ctx.ui.push({ documentUri: uri, reload: () => this.ctx.reloadGateway(environment) }),
            log: (l) => this.ctx.log.info(l),
          },
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
      this.ctx.log.error(`saving ${uri.path} failed`, err);
      throw vscode.FileSystemError.Unavailable(
        `${isManagementApiError(err) ? err.message : String(err instanceof Error ? err.message : err)} Your edits are still in the editor.`,
      );
    }
    this.lastOutcome = outcome;
    this.ctx.log.info(`edit remote ${uri.path}: ${outcome.status} — ${outcome.message}`);
    if (outcome.status === 'pushed' || outcome.status === 'no-op') {
      const remoteText = formatDocument(outcome.remoteDocument);
      this.opened.set(uri.toString(), { remoteHash: outcome.remoteHash ?? '', remoteText, mtime: Date.now(), size: content.byteLength });
      if (outcome.status === 'pushed') this.ctx.refreshTree();
      if (outcome.status === 'no-op' || !outcome.route?.reloadNeeded || outcome.reloaded) void vscode.window.showInformationMessage(outcome.message);
      return;
    }
    if (outcome.status === 'pull-requested') {
      throw vscode.FileSystemError.NoPermissions(
        `${outcome.message} Your edits are still in the editor: copy what you need, then run "File: Revert File" to load the server's version.`,
      );
    }
    throw vscode.FileSystemError.NoPermissions(`${outcome.message} Your edits are still in the editor.`);
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
  }
}
