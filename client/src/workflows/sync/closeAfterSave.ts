// Closing the diff tabs of an `svc:` document once its save completed (see closeAfterSave).
import * as vscode from 'vscode';

/**
 * An `svc:` document is pushed from inside its own save: closing the diff (whose right side is that
 * document) before the save completes would disturb it. Close once VS Code reports the save.
 */
export function closeAfterSave(uri: vscode.Uri, close: () => Promise<void>): void {
  const done = vscode.workspace.onDidSaveTextDocument((saved) => {
    if (saved.uri.toString() !== uri.toString()) return;
    done.dispose();
    clearTimeout(timer);
    void close();
  });
  const timer = setTimeout(() => {
    done.dispose();
  }, 30_000);
}
