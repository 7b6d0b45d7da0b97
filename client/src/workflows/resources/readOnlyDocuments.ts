// Read-only JSON documents whose text the command computed (key details, the OAuth client
// with its secret masked, a webhook): an in-memory content provider under `svc-details:`.
// The path ends in `.json` so the document gets the `json` language and the language server.
import * as vscode from 'vscode';
import { FixedTextDocuments } from '../../shared/fixedTextDocuments';

export const DETAILS_SCHEME = 'svc-details';

export class ReadOnlyDocuments extends FixedTextDocuments {
  constructor() {
    // Drop the text once nobody shows it (VS Code re-asks if the document is reopened).
    super({ scheme: DETAILS_SCHEME, goneText: '// This view is closed; run the command again.\n', forgetOnClose: true });
  }

  /** Shows `value` as pretty JSON; `name` is the tab title (made safe for a path). */
  async show(environment: string, folder: string, name: string, value: unknown): Promise<vscode.TextDocument> {
    const file = `${name.replace(/[^\w.@-]+/g, '_') || 'details'}.json`;
    const uri = this.set(
      vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/${encodeURIComponent(environment)}/${folder}/${file}` }),
      `${JSON.stringify(value, null, 2)}\n`,
    );
    const doc = await vscode.workspace.openTextDocument(uri);
    const json = doc.languageId === 'json' ? doc : await vscode.languages.setTextDocumentLanguage(doc, 'json');
    await vscode.window.showTextDocument(json, { preview: true });
    return json;
  }
}
