// Diagnostics of views (remote documents, examples, migration previews, diff sides, `svc:`
// edits) belong in Problems only while a tab shows them. VS Code keeps a closed virtual
// document alive for a while and tells the server late (or never), so its findings would stay
// in Problems long after the user closed it: on tab close they are dropped here, and a late
// push for a view no tab shows is not let through.
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

/** Middleware: a view's diagnostics pass only while a tab shows it. */
export const viewDiagnosticsMiddleware: Middleware = {
  handleDiagnostics(uri, diagnostics, next) {
    next(uri, isView(uri) && !shownUris().has(uri.toString()) ? [] : diagnostics);
  },
};

/** Clears a view's diagnostics when its last tab closes. */
export function clearViewDiagnosticsOnClose(client: LanguageClient): vscode.Disposable {
  return vscode.window.tabGroups.onDidChangeTabs((event) => {
    const closed = event.closed.flatMap(tabUris).filter(isView);
    if (closed.length === 0) return;
    const shown = shownUris();
    for (const uri of closed) if (!shown.has(uri.toString())) client.diagnostics?.delete(uri);
  });
}
