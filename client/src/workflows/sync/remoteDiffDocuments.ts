// Read-only virtual documents for the remote side of push diffs (`svc-push-remote:`): the text
// is fixed when the diff opens, so the diff shows what the check compared against.
import * as vscode from 'vscode';

export const PUSH_REMOTE_SCHEME = 'svc-push-remote';

export class RemoteDiffDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private counter = 0;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(PUSH_REMOTE_SCHEME, this);

  /** A new read-only document holding `text`; `label` ends up in the tab title. */
  create(label: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: PUSH_REMOTE_SCHEME, path: `/${++this.counter}/${label.replace(/[^\w.-]+/g, '_')}` });
    this.texts.set(uri.toString(), text);
    // Old diffs are rarely reopened; keep the last few only.
    if (this.texts.size > 20) this.texts.delete(this.texts.keys().next().value!);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '// This remote snapshot is no longer available: push again to compare.\n';
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}
