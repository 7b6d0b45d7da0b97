// Svc: Preview Migration Locally: the classic→OAS converter run on the open classic file, no
// server involved; the result shows in the migration report panel like a server's dry run.
import * as vscode from 'vscode';
import { converter } from './converter';
import type { Logger } from '../../logging/logger';
import { addConversionNotes, buildReport, reportLogLines, type MigrationReport } from './migrateReport';
import type { MigrationReportPanel } from './reportPanel';

export async function previewLocal(deps: { log: Logger; panel: MigrationReportPanel }, uri?: vscode.Uri): Promise<MigrationReport | undefined> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (!document) {
    void vscode.window.showInformationMessage('Open a classic API definition (JSON) first, then run "Svc: Preview Migration Locally".');
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(document.getText());
  } catch (err) {
    void vscode.window.showErrorMessage(`This file is not valid JSON (${(err as Error).message}): fix the errors in the Problems view first.`);
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    void vscode.window.showErrorMessage('A classic API definition is a JSON object: this file holds something else.');
    return undefined;
  }
  const preview = converter().previewMigration(parsed);
  const record = parsed as { api_id?: unknown; name?: unknown; api_definition?: { api_id?: unknown } };
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  const id = text(record.api_id) ?? text(record.api_definition?.api_id) ?? '';
  const name = text(record.name) ?? id;
  const report = buildReport('dryRun', preview.response, id ? [id] : [], new Map([[id, name]]));
  addConversionNotes(report, id, preview);
  deps.log.info(`local migration preview of ${document.uri.fsPath || document.uri.toString()} — ${reportLogLines(report).join('\n  ')}`);
  deps.panel.show({ report, environment: 'local preview', offerRun: false, classicOf: () => document.uri });
  return report;
}
