// Read-only JSON documents whose text the command computed (key details, the OAuth client
// with its secret masked, a webhook): an in-memory content provider under `svc-details:`.
// The path ends in `.json` so the document gets the `json` language and the language server.
import * as vscode from 'vscode';

export const DETAILS_SCHEME = 'svc-details';

export class ReadOnlyDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly closeSub = vscode.workspace.onDidCloseTextDocument((doc) => {
    // Drop the text once nobody shows it (VS Code re-asks if the document is reopened).
    if (doc.uri.scheme === DETAILS_SCHEME) this.texts.delete(doc.uri.toString());
  });

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '// This view is closed; run the command again.\n';
  }

  /** Shows `value` as pretty JSON; `name` is the tab title (made safe for a path). */
  async show(envName: string, folder: string, name: string, value: unknown): Promise<vscode.TextDocument> {
    const file = `${name.replace(/[^\w.@-]+/g, '_') || 'details'}.json`;
    const uri = vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/${encodeURIComponent(envName)}/${folder}/${file}` });
    this.texts.set(uri.toString(), `${JSON.stringify(value, null, 2)}\n`);
    this.changed.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    const json = doc.languageId === 'json' ? doc : await vscode.languages.setTextDocumentLanguage(doc, 'json');
    await vscode.window.showTextDocument(json, { preview: true });
    return json;
  }

  dispose(): void {
    this.closeSub.dispose();
    this.changed.dispose();
    this.texts.clear();
  }
}
