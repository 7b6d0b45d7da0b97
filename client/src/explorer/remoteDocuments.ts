// Read-only JSON documents of remote resources under the `svc-remote:` scheme. The URI
// carries the environment and the resource reference; the path ends in `.json` so VS Code
// gives the document the `json` language and the language server works on it.
import * as vscode from 'vscode';
import type { ResourceRef, ResourceSource } from './resourceSource';
import { pathSegment, resourceTitle } from './resourceTitles';

export const REMOTE_SCHEME = 'svc-remote';

/**
 * The tab reads "Orders (classic) — Local sandbox.json" and the breadcrumb "Local sandbox › …": names,
 * not ids (a key without alias shows its id masked). What the document stands for is in the query.
 */
export function remoteUri(environment: string, ref: ResourceRef, name?: string): vscode.Uri {
  return vscode.Uri.from({
    scheme: REMOTE_SCHEME,
    path: `/${pathSegment(environment)}/${pathSegment(resourceTitle(ref, environment, name))}.json`,
    query: new URLSearchParams({ env: environment, ref: JSON.stringify(ref) }).toString(),
  });
}

export function parseRemoteUri(uri: vscode.Uri): { environment: string; ref: ResourceRef } {
  const query = new URLSearchParams(uri.query);
  const environment = query.get('env');
  const ref = query.get('ref');
  if (!environment || !ref) throw new Error(`Not a Svc remote document: ${uri.toString()}`);
  return { environment, ref: JSON.parse(ref) as ResourceRef };
}

export class RemoteDocumentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly sourceFor: (environment: string) => Promise<ResourceSource>) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const { environment, ref } = parseRemoteUri(uri);
    const value = await (await this.sourceFor(environment)).fetchDocument(ref);
    return `${JSON.stringify(value, null, 2)}\n`;
  }

  /** Fetches the document again (after a push, or on the user's refresh). */
  reload(uri: vscode.Uri): void {
    this.changed.fire(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** Opens a resource read-only; errors go to the caller (a command shows them). */
export async function openRemote(environment: string, ref: ResourceRef, preview = true, name?: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument(remoteUri(environment, ref, name));
  const json = doc.languageId === 'json' ? doc : await vscode.languages.setTextDocumentLanguage(doc, 'json');
  await vscode.window.showTextDocument(json, { preview });
  return json;
}
