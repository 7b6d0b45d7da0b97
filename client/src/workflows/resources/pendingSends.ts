// Untitled documents waiting to be sent (Create Key, Create Policy, their updates): the action sits
// on the document itself, as a CodeLens ("Create Key on Local sandbox") and an editor title button,
// with the notification kept as a shortcut. Dismissing the notification cancels nothing: the
// document stays pending until it is sent or closed, so no edit is ever thrown away.
import * as vscode from 'vscode';

/** Context key: the active editor holds a document waiting to be sent. */
export const PENDING_SEND_CONTEXT = 'svc.pendingSend';
export const SEND_PENDING_COMMAND = 'svc.sendPending';

export interface PendingSend {
  /** The button's words, e.g. "Create Key". */
  action: string;
  /** Where it goes, e.g. "Local sandbox". */
  envName?: string;
  /** Called with the document when the user sends; returns a problem to show, or undefined when accepted. */
  accept(document: vscode.TextDocument): string | undefined;
  /** The document was closed unsent. */
  cancel(): void;
}

/** "Create Key on Local sandbox". */
export function sendTitle(pending: Pick<PendingSend, 'action' | 'envName'>): string {
  return pending.envName ? `${pending.action} on ${pending.envName}` : pending.action;
}

export class PendingSends implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly pending = new Map<string, PendingSend>();
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      vscode.languages.registerCodeLensProvider([{ scheme: 'untitled' }], this),
      vscode.commands.registerCommand(SEND_PENDING_COMMAND, (uri?: vscode.Uri) => this.send(uri)),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateContext()),
      vscode.workspace.onDidCloseTextDocument((document) => {
        const entry = this.pending.get(document.uri.toString());
        if (!entry) return;
        this.pending.delete(document.uri.toString());
        entry.cancel();
        this.changed();
      }),
      this.lensesChanged,
    ];
  }

  /** Marks `document` as waiting for `entry`'s action. */
  add(document: vscode.TextDocument, entry: PendingSend): void {
    this.pending.set(document.uri.toString(), entry);
    this.changed();
  }

  /** What `document` waits for (tests and the title button read it). */
  get(uri: vscode.Uri): PendingSend | undefined {
    return this.pending.get(uri.toString());
  }

  /** Sends the document (the active editor's when no uri is given); false when it stays pending. */
  async send(uri?: vscode.Uri): Promise<boolean> {
    const target = uri ?? vscode.window.activeTextEditor?.document.uri;
    const entry = target && this.pending.get(target.toString());
    if (!target || !entry) {
      void vscode.window.showInformationMessage('This editor has nothing waiting to be sent.');
      return false;
    }
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === target.toString());
    if (!document) return false;
    const problem = entry.accept(document);
    if (problem) {
      await vscode.window.showTextDocument(document, { preview: false });
      void vscode.window.showWarningMessage(problem);
      return false;
    }
    this.pending.delete(target.toString());
    this.changed();
    return true;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const entry = this.pending.get(document.uri.toString());
    if (!entry) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    return [
      new vscode.CodeLens(top, {
        title: `$(cloud-upload) ${sendTitle(entry)}`,
        command: SEND_PENDING_COMMAND,
        arguments: [document.uri],
        tooltip: 'Send this document as it is now',
      }),
    ];
  }

  private changed(): void {
    this.lensesChanged.fire();
    this.updateContext();
  }

  private updateContext(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    void vscode.commands.executeCommand('setContext', PENDING_SEND_CONTEXT, !!uri && this.pending.has(uri.toString()));
  }

  dispose(): void {
    for (const entry of this.pending.values()) entry.cancel();
    this.pending.clear();
    for (const s of this.subscriptions) s.dispose();
  }
}

let shared: PendingSends | undefined;
/** The one registry of the extension (created on first use, disposed with the extension). */
export function pendingSends(context?: vscode.ExtensionContext): PendingSends {
  if (!shared) {
    shared = new PendingSends();
    context?.subscriptions.push(shared, { dispose: () => (shared = undefined) });
  }
  return shared;
}
