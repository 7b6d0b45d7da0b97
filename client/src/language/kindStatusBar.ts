// The status bar item naming the detected kind of the active document ("Svc OAS API"),
// hidden for documents that are not ours. The server decides the kind and notifies it.
import * as vscode from 'vscode';
import type { DocumentKindParams } from '../../../common/src/protocol';

const SOURCE_TEXT: Record<NonNullable<DocumentKindParams['source']>, string> = {
  content: 'detected from the content',
  $schema: 'chosen by the `$schema` member',
  association: 'chosen by an `svc.files.associations` setting',
  'file name': 'an import template by its file name (`…oas-template.json`), with the content of an OAS or streams API',
};

/** Context key: the detected kind of the active editor's document ('' when none of ours). */
export const DOCUMENT_KIND_CONTEXT = 'svc.documentKind';

export class KindStatusBar implements vscode.Disposable {
  readonly item = vscode.window.createStatusBarItem('svc.documentKind', vscode.StatusBarAlignment.Right, 100);
  private readonly kinds = new Map<string, DocumentKindParams>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor() {
    this.item.name = 'Svc document kind';
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      vscode.workspace.onDidCloseTextDocument((doc) => this.kinds.delete(doc.uri.toString())),
    );
  }

  update(params: DocumentKindParams): void {
    this.kinds.set(params.uri, params);
    this.refresh();
  }

  /** What the item shows for the active editor (undefined = hidden); read by tests. */
  current(): DocumentKindParams | undefined {
    const uri = vscode.window.activeTextEditor?.document.uri.toString();
    const params = uri ? this.kinds.get(uri) : undefined;
    return params?.kind ? params : undefined;
  }

  private refresh(): void {
    const params = this.current();
    // Menus (push, …) gate on the detected kind, whatever the language id (`.jsonc` included).
    void vscode.commands.executeCommand('setContext', DOCUMENT_KIND_CONTEXT, params?.kind ?? '');
    if (!params?.label) {
      this.item.hide();
      return;
    }
    this.item.text = `$(symbol-structure) ${params.label}`;
    this.item.tooltip = new vscode.MarkdownString(`Svc document kind: **${params.label}**, ${params.source ? SOURCE_TEXT[params.source] : 'detected'}.`);
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
