// Read-only documents of examples under the `svc-example:` scheme (the readme for the Markdown
// preview). The text is fixed when the document is registered.
import * as vscode from 'vscode';

export const EXAMPLE_SCHEME = 'svc-example';

export class ExampleDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  set(uri: vscode.Uri, text: string): vscode.Uri {
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '_This example document is no longer available: open the example again._\n';
  }

  dispose(): void {
    this.changed.dispose();
    this.texts.clear();
  }
}

/** `svc-example:/<env>/<location>/<file>`: the location keeps its folders, so the tab reads well. */
export function exampleUri(envName: string, location: string, file: string): vscode.Uri {
  const segments = [envName, ...location.split('/'), file].map((s) => encodeURIComponent(s.replace(/[^\w.-]+/g, '_')));
  return vscode.Uri.from({ scheme: EXAMPLE_SCHEME, path: `/${segments.join('/')}` });
}
