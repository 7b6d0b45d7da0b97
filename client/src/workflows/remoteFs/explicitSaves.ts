// Explicit saves of Edit Remote (`svc:`) documents run our push flow before VS Code writes.
// Whatever a file system provider's writeFile throws, VS Code shows it in its own words:
// "Failed to save 'Silver plan (policy).json': Unable to write file 'svc:/…?kind=policy&id=…'
// (Unavailable (FileSystemError): …)", with the address and the error class; and an
// onWillSaveTextDocument listener cannot stop a save (it gets 1750 ms, and VS Code ignores its
// errors). So while a remote document has unsaved edits, the workbench's Save
// (`workbench.action.files.save`: File > Save, "File: Save", Ctrl+S outside the editor) and Save
// All (`saveAll`: File > Save All, "File: Save All", its key) are registered here too, which the
// command registry lets the latest registration answer: a remote document is pushed by the Save
// command of ours (a refusal said by name, the editor left dirty), anything else goes to VS Code's
// own command, unchanged. Saves that no command of ours runs (auto-save, the "Save" of a close
// dialog, "File: Save without Formatting", Save All of one editor group, "File: Save All Files")
// still reach writeFile, whose refusal VS Code words (docs/sync.md, Edit remote).
import * as vscode from 'vscode';
import type { Logger } from '../../logging/logger';
import { SVC_SCHEME } from './svcFileSystem';

export const SAVE_COMMAND = 'workbench.action.files.save';
/** What File > Save All, "File: Save All" (`workbench.action.files.saveAll`) and its key run. */
export const SAVE_ALL_COMMAND = 'saveAll';

/** Our Save of one remote document: pushes it, says a refusal, saves the editor when the server took it. */
export type SaveRemote = (document: vscode.TextDocument) => Promise<unknown>;

/** The resource of the active editor as VS Code's Save sees it (a diff editor saves its right side). */
function activeResource(): vscode.Uri | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (input instanceof vscode.TabInputText) return input.uri;
  if (input instanceof vscode.TabInputTextDiff) return input.modified;
  return undefined;
}

/** Every resource open in an editor with unsaved changes (what VS Code's Save All saves). */
function dirtyEditorResources(): vscode.Uri[] {
  const seen = new Map<string, vscode.Uri>();
  for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
    if (!tab.isDirty) continue;
    const input = tab.input;
    const uri =
      input instanceof vscode.TabInputText || input instanceof vscode.TabInputNotebook || input instanceof vscode.TabInputCustom
        ? input.uri
        : input instanceof vscode.TabInputTextDiff || input instanceof vscode.TabInputNotebookDiff
          ? input.modified
          : undefined;
    if (uri) seen.set(uri.toString(), uri);
  }
  return [...seen.values()];
}

const isRemote = (uri: vscode.Uri) => uri.scheme === SVC_SCHEME;

function dirtyRemoteDocuments(): vscode.TextDocument[] {
  return vscode.workspace.textDocuments.filter((d) => isRemote(d.uri) && d.isDirty && !d.isClosed);
}

export class ExplicitRemoteSaves implements vscode.Disposable {
  private readonly registrations = new Map<string, vscode.Disposable>();
  private readonly listeners: vscode.Disposable[];
  /** Calls of VS Code's own command in progress: ours stays unregistered meanwhile, or it would answer them. */
  private handingOver = 0;
  /** Commands another extension of this host registered first (said once in the log). */
  private readonly unavailable = new Set<string>();

  constructor(
    private readonly saveRemote: SaveRemote,
    private readonly report: (what: string, err: unknown) => void,
    private readonly log: Logger,
  ) {
    const update = (document: vscode.TextDocument) => (isRemote(document.uri) ? this.update() : undefined);
    this.listeners = [
      vscode.workspace.onDidChangeTextDocument((e) => update(e.document)),
      vscode.workspace.onDidSaveTextDocument(update),
      vscode.workspace.onDidCloseTextDocument(update),
    ];
    this.update();
  }

  /** Registered only while a remote document has unsaved edits: otherwise VS Code's commands answer alone. */
  private update(): void {
    const wanted = this.handingOver === 0 && dirtyRemoteDocuments().length > 0;
    if (!wanted) {
      for (const registration of this.registrations.values()) registration.dispose();
      this.registrations.clear();
      return;
    }
    this.register(SAVE_COMMAND, (args) => this.save(args));
    this.register(SAVE_ALL_COMMAND, (args) => this.saveAll(args));
  }

  private register(command: string, run: (args: unknown[]) => Promise<unknown>): void {
    if (this.registrations.has(command)) return;
    try {
      this.registrations.set(
        command,
        vscode.commands.registerCommand(command, (...args: unknown[]) => run(args)),
      );
    } catch (err) {
      // Another extension of this host holds it: its save runs, and writeFile still refuses for us.
      if (this.unavailable.has(command)) return;
      this.unavailable.add(command);
      this.log.warn(`edit remote: ${command} is registered elsewhere; explicit saves reach the file system (${String(err)})`);
    }
  }

  /** VS Code's own command, with the arguments it was given. */
  private async handOver(command: string, args: unknown[]): Promise<unknown> {
    this.handingOver++;
    this.update();
    try {
      return await vscode.commands.executeCommand(command, ...args);
    } finally {
      this.handingOver--;
      this.update();
    }
  }

  private async pushed(document: vscode.TextDocument): Promise<void> {
    try {
      await this.saveRemote(document);
    } catch (err) {
      this.report('Save failed', err);
    }
  }

  /**
   * File > Save: the editor it names (a menu passes its resource) or, without an argument (the
   * palette, the menu bar, a key), the active one. An editor named otherwise (a group and an
   * index) is VS Code's to find.
   */
  private async save(args: unknown[]): Promise<unknown> {
    const first = args[0];
    if (first !== undefined && first !== null && !(first instanceof vscode.Uri)) return this.handOver(SAVE_COMMAND, args);
    const uri = first instanceof vscode.Uri ? first : activeResource();
    const document = uri && isRemote(uri) ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) : undefined;
    if (!document) return this.handOver(SAVE_COMMAND, args);
    await this.pushed(document);
    return undefined;
  }

  /**
   * File > Save All: each remote document with edits is pushed in turn (each with its diff and
   * confirmation). When all went to the server, VS Code's Save All saves the rest; when one stays
   * unsaved (refused or cancelled), VS Code's would write it again and say so in its own words, so
   * the other editors are saved one by one instead.
   */
  private async saveAll(args: unknown[]): Promise<unknown> {
    const open = new Set(dirtyEditorResources().map((u) => u.toString()));
    const remote = dirtyRemoteDocuments().filter((d) => open.has(d.uri.toString()));
    for (const document of remote) await this.pushed(document);
    if (!remote.some((d) => d.isDirty)) return this.handOver(SAVE_ALL_COMMAND, args);
    for (const uri of dirtyEditorResources().filter((u) => !isRemote(u))) await vscode.workspace.save(uri);
    return undefined;
  }

  dispose(): void {
    for (const registration of this.registrations.values()) registration.dispose();
    this.registrations.clear();
    for (const listener of this.listeners) listener.dispose();
  }
}
