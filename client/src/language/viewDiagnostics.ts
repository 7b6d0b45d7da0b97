// Diagnostics of views (remote documents, examples, migration previews, diff sides, `svc:`
// edits) belong in Problems only while a tab shows them. VS Code keeps a closed virtual
// document alive for a while and tells the server late (or never), so its findings would stay
// in Problems long after the user closed it: when its last tab closes they are dropped here,
// and a late push for it is not let through until it is opened again.
import * as vscode from 'vscode';
import type { LanguageClient, Middleware } from 'vscode-languageclient/node';

/** Documents of these schemes are the user's own: their diagnostics follow the file, not the tab. */
const OWN_SCHEMES = new Set(['file', 'untitled', 'vscode-notebook-cell']);

function tabUris(tab: vscode.Tab): vscode.Uri[] {
  const input = tab.input;
  if (input instanceof vscode.TabInputText) return [input.uri];
  if (input instanceof vscode.TabInputTextDiff) return [input.original, input.modified];
  return [];
}

function shownUris(): Set<string> {
  return new Set(vscode.window.tabGroups.all.flatMap((g) => g.tabs.flatMap(tabUris)).map((u) => u.toString()));
}

export function isView(uri: vscode.Uri): boolean {
  return !OWN_SCHEMES.has(uri.scheme);
}

export class ViewDiagnostics {
  /** Views whose last tab closed: their diagnostics stay out of Problems until they open again. */
  private readonly closed = new Set<string>();

  readonly middleware: Middleware = {
    handleDiagnostics: (uri, diagnostics, next) => next(uri, this.closed.has(uri.toString()) ? [] : diagnostics),
  };

  /** Starts watching tabs; call once the client is running. */
  watch(client: LanguageClient): vscode.Disposable {
    const reopened = (uri: vscode.Uri) => this.closed.delete(uri.toString());
    return vscode.Disposable.from(
      vscode.window.tabGroups.onDidChangeTabs((event) => {
        event.opened.flatMap(tabUris).forEach(reopened);
        const gone = event.closed.flatMap(tabUris).filter(isView);
        if (gone.length === 0) return;
        const shown = shownUris();
        for (const uri of gone) {
          if (shown.has(uri.toString())) continue;
          this.closed.add(uri.toString());
          client.diagnostics?.delete(uri);
        }
      }),
      vscode.workspace.onDidOpenTextDocument((document) => reopened(document.uri)),
    );
  }
}
