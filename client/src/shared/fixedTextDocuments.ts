// Read-only virtual documents whose text the extension already knows (or loads once asked):
// one in-memory content provider per URI scheme. Example readmes, migration diffs, push diffs
// and resource details all need the same thing, so they share this class; only the scheme, the
// text shown once an entry is gone and how long entries live differ.
import * as vscode from 'vscode';

export interface FixedTextDocumentsOptions {
  /** The URI scheme this provider answers for, e.g. `svc-example`. */
  scheme: string;
  /** What a document shows once its entry is gone (forgotten, evicted, or from before a reload). */
  goneText: string;
  /** Keep only the newest this many entries: old ones are rarely reopened and would only grow memory. */
  maxEntries?: number;
  /** Forget an entry when VS Code closes its document (VS Code asks again if it is reopened). */
  forgetOnClose?: boolean;
}

/** The text of a document, or a loader that runs each time VS Code asks for it. */
export type FixedText = string | (() => Promise<string>);

export class FixedTextDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, FixedText>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly options: FixedTextDocumentsOptions) {
    this.subscriptions = [vscode.workspace.registerTextDocumentContentProvider(options.scheme, this)];
    if (options.forgetOnClose) {
      this.subscriptions.push(
        vscode.workspace.onDidCloseTextDocument((doc) => {
          if (doc.uri.scheme === options.scheme) this.texts.delete(doc.uri.toString());
        }),
      );
    }
  }

  /** Registers (or replaces) the text of `uri`; an open document of it shows the new text. */
  set(uri: vscode.Uri, text: FixedText): vscode.Uri {
    this.texts.set(uri.toString(), text);
    const max = this.options.maxEntries;
    // A Map iterates in insertion order: the first key is the oldest entry.
    if (max !== undefined && this.texts.size > max) this.texts.delete(this.texts.keys().next().value!);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string | Promise<string> {
    const text = this.texts.get(uri.toString()) ?? this.options.goneText;
    return typeof text === 'string' ? text : text();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
    this.texts.clear();
  }
}
