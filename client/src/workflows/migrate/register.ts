// Wires the migrate area: the `svc-migrate:` documents, the report panel and the commands
// `svc.migrate` (one API, a tree selection, or a pick of classic APIs), `svc.migrateAll` and
// `svc.migrate.previewLocal` (the converter run on the open classic file, no server).
import * as vscode from 'vscode';
import { environmentAccess } from '../../environments/environmentAccess';
import type { EnvironmentsArea } from '../../environments/register';
import type { ExplorerArea } from '../../explorer/register';
import type { ExplorerNode } from '../../explorer/nodes';
import type { ExtensionLog } from '../../logging/outputChannel';
import { isExplorerNode } from '../../shared/commandArg';
import { MigrateFlow, type MigrateArgs, type MigrateOutcome } from './migrateFlow';
import { targetFromNodes, type MigrationTarget } from './migrateRequest';
import { MigrationDocuments } from './migrationDocuments';
import { previewLocal } from './previewLocal';
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
    if (isExplorerNode(arg)) {
      const apiRef = (n: ExplorerNode) => ({ apiId: n.type === 'api' ? n.apiId : undefined, label: n.label, kind: n.apiKind });
      const picked = targetFromNodes(apiRef(arg), selection?.filter((n) => n.environment === arg.environment).map(apiRef));
      if (picked.nonClassic.length) log.info(`not classic, the server will skip them: ${picked.nonClassic.join(', ')}`);
      return flow.migrate({ environment: arg.environment }, picked.ids.length ? { apiIDs: picked.ids } : undefined, picked.names);
    }
    const args = arg ?? {};
    const target: MigrationTarget | undefined = args.all ? { all: true } : args.apiIds?.length ? { apiIDs: args.apiIds } : undefined;
    return flow.migrate(args, target, new Map());
  };

  const migrateAll = (arg?: ExplorerNode | MigrateArgs): Promise<MigrateOutcome> =>
    isExplorerNode(arg) ? flow.migrate({ environment: arg.environment }, { all: true }, new Map()) : flow.migrate(arg ?? {}, { all: true }, new Map());

  context.subscriptions.push(
    documents,
    panel,
    vscode.commands.registerCommand('svc.migrate', migrate),
    vscode.commands.registerCommand('svc.migrateAll', migrateAll),
    vscode.commands.registerCommand('svc.migrate.previewLocal', (uri?: vscode.Uri) => previewLocal({ log, panel }, uri)),
  );
  return { panel, documents };
}
