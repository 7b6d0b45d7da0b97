// Analytics of an OAuth client over a date range (spec endpoint 21): asks the client and the
// dates (default: the last 7 days), reads every page with progress and cancel, aggregates per
// day and shows the chart panel; exports the table as CSV.
import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import type { EnvironmentsArea } from '../../environments/register';
import type { ExplorerArea } from '../../explorer/register';
import type { Logger } from '../../logging/logger';
import { reportFailure, resourceDeps } from '../resources/commandContext';
import { argsOf, isExplorerNode, resolveTarget, type CommandArg } from '../../shared/commandArg';
import { withCancellableProgress } from '../../shared/progress';
import { askText } from '../resources/prompts';
import { aggregateByDay } from './aggregate';
import { AnalyticsPanel, type AnalyticsPanelState } from './analyticsPanel';
import { lastSevenDays, parseRange, validateDay } from './dateRange';
import { fetchAllPages } from './fetchAll';

export interface AnalyticsArgs {
  clientId?: string;
  start?: string;
  end?: string;
}
export interface ExportArgs {
  /** Where to write; without it a save dialog asks. */
  target?: vscode.Uri | string;
  /** Replace an existing file at `target` (the save dialog asks the user itself). */
  overwrite?: boolean;
}

export interface AnalyticsArea {
  /** The open analytics panel, if any (tests read its state). */
  current(): AnalyticsPanel | undefined;
}

export function registerAnalytics(context: vscode.ExtensionContext, areas: { log: Logger; envs: EnvironmentsArea; explorer: ExplorerArea }): AnalyticsArea {
  const deps = resourceDeps(areas);
  let current: AnalyticsPanel | undefined;

  const exportCsv = async (args: ExportArgs = {}): Promise<vscode.Uri | undefined> => {
    const panel = current;
    if (!panel) {
      void vscode.window.showWarningMessage('Open the analytics of an OAuth client first (Svc: Show OAuth Client Analytics).');
      return undefined;
    }
    try {
      const { clientId, start, end } = panel.state;
      const fileName = `analytics-${clientId.replace(/[^\w.-]+/g, '_')}-${start}-${end}.csv`;
      let target: vscode.Uri | undefined;
      if (args.target) {
        target = typeof args.target === 'string' ? vscode.Uri.file(args.target) : args.target;
        const exists = await vscode.workspace.fs.stat(target).then(
          () => true,
          () => false,
        );
        if (exists && !args.overwrite) throw new Error(`${target.fsPath} exists; choose another file (nothing was written).`);
      } else {
        const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
        target = await vscode.window.showSaveDialog({
          title: 'Export analytics as CSV',
          defaultUri: folder ? vscode.Uri.joinPath(folder, fileName) : undefined,
          filters: { CSV: ['csv'] },
        });
        if (!target) return undefined;
      }
      if (target.scheme === 'file') await fs.writeFile(target.fsPath, panel.csv(), 'utf8');
      else await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(panel.csv()));
      panel.state.exportedTo = target;
      deps.log.info(`analytics exported (${panel.state.series.points.length} rows)`);
      void vscode.window.showInformationMessage(`Analytics exported to ${vscode.workspace.asRelativePath(target)}.`);
      return target;
    } catch (err) {
      return reportFailure(deps, 'Could not export the analytics', err);
    }
  };

  const show = async (arg: CommandArg<AnalyticsArgs>): Promise<AnalyticsPanel | undefined> => {
    const given = { ...(isExplorerNode(arg) && arg.resource?.type === 'oauthClient' ? { clientId: arg.resource.id } : {}), ...argsOf(arg) };
    const title = 'Svc: Show OAuth Client Analytics';
    try {
      const { environment: env, client } = await resolveTarget(deps, arg);
      const clientId = given.clientId ?? (await askText(title, 'The OAuth client id', { validate: (v) => (v.trim() ? undefined : 'Enter the client id.') }));
      const defaults = lastSevenDays();
      const start = given.start ?? (await askText(`${title}: from`, 'First day (YYYY-MM-DD, UTC)', { value: defaults.start, validate: validateDay }));
      const end =
        given.end ??
        (await askText(`${title}: to`, 'Last day, included (YYYY-MM-DD, UTC)', {
          value: defaults.end,
          validate: (v) => validateDay(v) ?? (parseRange(start, v).ok ? undefined : (parseRange(start, v) as { message: string }).message),
        }));
      const range = parseRange(start, end);
      if (!range.ok) throw new Error(range.message);

      const records = await withCancellableProgress(`Reading analytics of ${clientId} from ${env.name}…`, (signal, report) =>
        fetchAllPages((p, s) => client.getOAuthClientAnalytics(clientId, range.range, { p, signal: s }), {
          signal,
          onProgress: ({ page, pages, records: n }) => report(`page ${page} of ${pages}, ${n} records`),
        }),
      );
      const series = aggregateByDay(records, range.start, range.end);
      deps.log.info(`analytics of an OAuth client: ${records.length} records, ${series.points.length} days, ${series.skipped} outside the range`);
      const state: AnalyticsPanelState = { environment: env.name, clientId, start, end, series, messages: [] };
      if (current) current.update(state);
      else {
        const panel = new AnalyticsPanel(context.extensionUri, state, () => void exportCsv());
        panel.onDidDispose(() => {
          if (current === panel) current = undefined;
        });
        current = panel;
      }
      return current;
    } catch (err) {
      return reportFailure(deps, 'Could not show the analytics', err);
    }
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('svc.analytics.showOAuthClient', show),
    vscode.commands.registerCommand('svc.analytics.exportCsv', exportCsv),
    { dispose: () => current?.dispose() },
  );
  return { current: () => current };
}
