// Read-only virtual documents for the remote side of push diffs (`svc-push-remote:`): the text
// is fixed when the diff opens, so the diff shows what the check compared against.
import * as vscode from 'vscode';
import { FixedTextDocuments } from '../../shared/fixedTextDocuments';

export const PUSH_REMOTE_SCHEME = 'svc-push-remote';

export class RemoteDiffDocuments extends FixedTextDocuments {
  private counter = 0;

  constructor() {
    // Old diffs are rarely reopened; keep the last few only.
    super({ scheme: PUSH_REMOTE_SCHEME, goneText: '// This remote snapshot is no longer available: push again to compare.\n', maxEntries: 20 });
  }

  /** A new read-only document holding `text`; `label` ends up in the tab title. */
  create(label: string, text: string): vscode.Uri {
    return this.set(vscode.Uri.from({ scheme: PUSH_REMOTE_SCHEME, path: `/${++this.counter}/${label.replace(/[^\w.-]+/g, '_')}` }), text);
  }
}
