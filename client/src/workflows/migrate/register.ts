// Wires the migrate area: the `svc-migrate:` documents, the report panel and the commands
// `svc.migrate` (one API, a tree selection, or a pick of classic APIs), `svc.migrateAll` and
// `svc.migrate.previewLocal` (the converter run on the open classic file, no server).
import * as vscode from 'vscode';
import { previewMigration } from '../../../../migration/src/index';
import { environmentAccess } from '../../environments/environmentAccess';
import type { EnvironmentsArea } from '../../environments/register';
import type { ExplorerArea } from '../../explorer/register';
import type { ExplorerNode } from '../../explorer/nodes';
import type { ExtensionLog } from '../../logging/outputChannel';
import { MigrateFlow, type MigrateArgs, type MigrateOutcome } from './migrateFlow';
import { addConversionNotes, buildReport, reportLogLines, type MigrationReport } from './migrateReport';
import { targetFromNodes, type MigrationTarget } from './migrateRequest';
import { MigrationDocuments } from './migrationDocuments';
import { MigrationReportPanel } from './reportPanel';

export interface MigrateArea {
  panel: MigrationReportPanel;
  documents: MigrationDocuments;
}

export function registerMigrate(context: vscode.ExtensionContext, deps: { log: ExtensionLog; envs: EnvironmentsArea; explorer: ExplorerArea }): MigrateArea {
  const log = deps.log.forArea('migrate');
  const documents = new MigrationDocuments();
  const panel = new MigrationReportPanel(documents);
  const flow = new MigrateFlow({
    ...environmentAccess(deps.envs),
    panel,
    log,
    refreshTree: () => deps.explorer.provider.refresh(),
  });

  /** Tree: (clicked node, selected nodes); palette/tests: an argument object or nothing. */
  const migrate = (arg?: ExplorerNode | MigrateArgs, selection?: ExplorerNode[]): Promise<MigrateOutcome> => {
    if (isNode(arg)) {
      const apiRef = (n: ExplorerNode) => ({ apiId: n.type === 'api' ? n.apiId : undefined, label: n.label, kind: n.apiKind });
      const picked = targetFromNodes(apiRef(arg), selection?.filter((n) => n.envName === arg.envName).map(apiRef));
      if (picked.nonClassic.length) log.info(`not classic, the server will skip them: ${picked.nonClassic.join(', ')}`);
      return flow.migrate({ envName: arg.envName }, picked.ids.length ? { apiIDs: picked.ids } : undefined, picked.names);
    }
    const args = arg ?? {};
    const target: MigrationTarget | undefined = args.all ? { all: true } : args.apiIds?.length ? { apiIDs: args.apiIds } : undefined;
    return flow.migrate(args, target, new Map());
  };

  const migrateAll = (arg?: ExplorerNode | MigrateArgs): Promise<MigrateOutcome> =>
    isNode(arg) ? flow.migrate({ envName: arg.envName }, { all: true }, new Map()) : flow.migrate(arg ?? {}, { all: true }, new Map());

  const previewLocal = async (uri?: vscode.Uri): Promise<MigrationReport | undefined> => {
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
    const preview = previewMigration(parsed as Record<string, unknown>);
    const id = String((parsed as { api_id?: unknown; api_definition?: { api_id?: unknown } }).api_id ?? (parsed as { api_definition?: { api_id?: unknown } }).api_definition?.api_id ?? '');
    const name = String((parsed as { name?: unknown }).name ?? id ?? document.fileName);
    const report = buildReport('dryRun', preview.response, id ? [id] : [], new Map([[id, name]]));
    addConversionNotes(report, id, preview);
    log.info(`local migration preview of ${document.uri.fsPath || document.uri.toString()} — ${reportLogLines(report).join('\n  ')}`);
    panel.show({ report, envName: 'local preview', offerRun: false, classicOf: () => document.uri });
    return report;
  };

  context.subscriptions.push(
    documents,
    panel,
    vscode.commands.registerCommand('svc.migrate', migrate),
    vscode.commands.registerCommand('svc.migrateAll', migrateAll),
    vscode.commands.registerCommand('svc.migrate.previewLocal', previewLocal),
  );
  return { panel, documents };
}

function isNode(arg: unknown): arg is ExplorerNode {
  return typeof arg === 'object' && arg !== null && 'type' in arg && 'envName' in arg && 'id' in arg;
}
