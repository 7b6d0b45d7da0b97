// The migration report's webview panel: one panel, reused by every run, showing the current
// report. Its buttons post messages: `diff` opens the classic definition against a generated
// OAS document in the diff editor, `run` hands the chosen mode and toggles to the controller.
import * as vscode from 'vscode';
import type { MigrationReport } from './migrateReport';
import { MigrationDocuments, migrationUri } from './migrationDocuments';
import { makeNonce } from '../../shared/nonce';
import { reportHtml } from './reportHtml';
import { toYamlText } from '../../../../server/src/service/yaml/yamlWrite';
import { slugify } from '../../../../engine/src/sync/fileNaming';
import { isRunMode, type RunOptions } from './migrateRequest';

export interface RunMessage extends RunOptions {
  type: 'run';
  mode: 'stage' | 'promote' | 'direct';
}
export interface DiffMessage {
  type: 'diff';
  row: number;
  doc: number;
}
/** Save generated document `doc` of row `row` as a YAML file (the user picks where). */
export interface SaveYamlMessage {
  type: 'saveYaml';
  row: number;
  doc: number;
}
export type PanelMessage = RunMessage | DiffMessage | SaveYamlMessage;

export interface ReportView {
  report: MigrationReport;
  environment: string;
  offerRun: boolean;
  suggestedMode?: 'stage' | 'promote' | 'direct';
  notes?: string[];
  /** The left side of a diff: a document already open (local preview), or a loader of the classic definition. */
  classicOf: (apiId: string) => vscode.Uri | (() => Promise<unknown>);
  /** Called for `run` messages; the panel shows `busy` until it settles. */
  onRun?: (message: RunMessage) => Promise<void>;
}

export class MigrationReportPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private view: ReportView | undefined;
  private runNumber = 0;
  private busy = false;

  constructor(private readonly documents: MigrationDocuments) {}

  /** The view on screen (tests read its rows). */
  get current(): ReportView | undefined {
    return this.view;
  }

  /** The HTML on screen (tests check what the user sees). */
  get html(): string | undefined {
    return this.panel?.webview.html;
  }

  show(view: ReportView): void {
    this.view = view;
    this.runNumber++;
    this.busy = false;
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel('svc.migrationReport', 'Svc Migration Report', vscode.ViewColumn.Active, {
        enableScripts: true,
        retainContextWhenHidden: true,
        localResourceRoots: [],
      });
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.view = undefined;
      });
      this.panel.webview.onDidReceiveMessage((m: PanelMessage) => void this.receive(m));
    }
    this.render();
    this.panel.reveal(undefined, false);
  }

  /** Handles a message from the page; public so tests can press the buttons. */
  async receive(message: PanelMessage): Promise<void> {
    const view = this.view;
    if (!view) return;
    if (message.type === 'diff') {
      await this.diff(message.row, message.doc);
    } else if (message.type === 'saveYaml') {
      await this.saveYaml(message.row, message.doc);
    } else if (message.type === 'run' && isRunMode(message.mode) && view.onRun && !this.busy) {
      this.busy = true;
      this.render();
      try {
        await view.onRun(message);
      } finally {
        // `onRun` usually shows a new report; only re-enable the form of the view it started from.
        if (this.view === view) {
          this.busy = false;
          this.render();
        }
      }
    }
  }

  /** Opens the diff of the classic definition against generated document `doc` of row `row`. */
  async diff(row: number, doc: number): Promise<void> {
    const view = this.view;
    const r = view?.report.rows[row];
    const generated = r?.documents[doc];
    if (!view || !r || !generated) return;
    const left = view.classicOf(r.apiID);
    const leftUri = left instanceof vscode.Uri ? left : this.documents.set(migrationUri(view.environment, this.runNumber, r.apiID, 'classic'), left);
    const rightUri = this.documents.set(migrationUri(view.environment, this.runNumber, r.apiID, `oas-${generated.label}`), () =>
      Promise.resolve(generated.document),
    );
    await vscode.commands.executeCommand('vscode.diff', leftUri, rightUri, `${r.name}: classic ↔ generated OAS (${generated.label})`, { preview: true });
  }

  /**
   * Writes generated document `doc` of row `row` as YAML where the user says (a save dialog in
   * the workspace, `<name>.oas.yaml` proposed) and opens it; `target` skips the dialog (tests).
   */
  async saveYaml(row: number, doc: number, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const r = this.view?.report.rows[row];
    const generated = r?.documents[doc];
    if (!r || !generated) return undefined;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const proposed = `${slugify(r.name, 'migrated')}.oas.yaml`;
    const uri =
      target ??
      (await vscode.window.showSaveDialog({
        defaultUri: folder ? vscode.Uri.joinPath(folder, proposed) : undefined,
        filters: { YAML: ['yaml', 'yml'] },
        saveLabel: 'Save as YAML',
        title: `Save the generated OAS document of ${r.name} as YAML`,
      }));
    if (!uri) return undefined;
    await vscode.workspace.fs.writeFile(uri, Buffer.from(toYamlText(generated.document), 'utf8'));
    await vscode.window.showTextDocument(uri, { preview: false });
    return uri;
  }

  private render(): void {
    const view = this.view;
    if (!this.panel || !view) return;
    this.panel.title = `Svc Migration: ${view.report.mode === 'dryRun' ? 'Dry Run' : view.report.mode}`;
    this.panel.webview.html = reportHtml(view.report, {
      nonce: makeNonce(),
      cspSource: this.panel.webview.cspSource,
      environment: view.environment,
      offerRun: view.offerRun && view.onRun !== undefined,
      suggestedMode: view.suggestedMode,
      notes: view.notes,
      busy: this.busy,
    });
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
