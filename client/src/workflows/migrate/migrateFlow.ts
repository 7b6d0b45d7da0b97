// The migrate workflow: pick the APIs, dry-run them, show the report, then run the mode the
// user picks (in the report's form, or from the command's argument object) with progress and
// cancel, refresh the tree and log every API's result.
import type { EnvironmentAccess } from '../../environments/environmentAccess';
import * as vscode from 'vscode';
import { listAllApis as listAllApiRecords, readClassicApi } from '../../../../api/src/specFallbacks';
import type { ManagementClient } from '../../../../api/src/client';
import type { DashApi, MigrateMode } from '../../../../api/src/types';
import type { Environment } from '../../environments/model';
import { summariseApi } from '../../explorer/apiSummaries';
import { errorInfoOf } from '../../explorer/errorInfo';
import type { Logger } from '../../logging/logger';
import { buildReport, migratableIds, reportLogLines, type MigrationReport } from './migrateReport';
import { addServerShapeChanges, carryShapeChanges } from './shapeNotes';
import { buildMigrateRequest, describeTarget, RUN_MODES, type MigrationTarget, type RunOptions } from './migrateRequest';
import { resolveTarget } from '../../shared/commandArg';
import { unlessCancelled, withCancellableProgress } from '../../shared/progress';
import type { MigrationReportPanel, RunMessage } from './reportPanel';

export interface MigrateArgs extends RunOptions {
  environment?: string;
  apiIds?: string[];
  all?: boolean;
  /** Run this mode right after the dry run instead of waiting for the report's form. */
  mode?: 'stage' | 'promote' | 'direct';
  /** Answers the confirmation that promote and direct ask for. */
  confirmed?: boolean;
}

export interface MigrateOutcome {
  dryRun?: MigrationReport;
  run?: MigrationReport;
}

export interface MigrateFlowDeps extends EnvironmentAccess {
  panel: MigrationReportPanel;
  log: Logger;
  refreshTree(): void;
}

/** One dry run and the runs that follow it from the same report. */
interface Session {
  env: Environment;
  client: ManagementClient;
  names: Map<string, string>;
  latest: MigrationReport;
  classic: (apiId: string) => () => Promise<unknown>;
}

export class MigrateFlow {
  constructor(private readonly deps: MigrateFlowDeps) {}

  /** The whole command. `target` undefined means: ask the user which classic APIs. */
  async migrate(args: MigrateArgs, target: MigrationTarget | undefined, names: Map<string, string>): Promise<MigrateOutcome> {
    try {
      const { environment: env, client } = await resolveTarget(this.deps, args);
      const chosen = target ?? (await this.pickClassicApis(client, env.name, names));
      if (!chosen) return {};
      const session = await this.dryRun(env, client, chosen, names);
      if (!session) return {};
      const outcome: MigrateOutcome = { dryRun: session.latest };
      if (args.mode) outcome.run = await this.run(session, args.mode, args, args.confirmed === true);
      return outcome;
    } catch (err) {
      this.showError('Migration failed', err);
      return {};
    }
  }

  private async dryRun(env: Environment, client: ManagementClient, target: MigrationTarget, names: Map<string, string>): Promise<Session | undefined> {
    const what = describeTarget(target, names);
    const response = await unlessCancelled(
      withCancellableProgress(`Svc: dry run of the migration of ${what} (${env.name})`, async (signal) => {
        // The response carries ids only: names make the report readable (best effort).
        if ('all' in target || target.apiIDs.some((id) => !names.has(id))) await this.addNames(client, names, signal);
        return client.migrateApis(buildMigrateRequest('dryRun', target), { signal });
      }),
    );
    if (!response) return undefined;
    const report = buildReport('dryRun', response, 'apiIDs' in target ? target.apiIDs : [], names);
    const cache = new Map<string, Promise<unknown>>();
    const session: Session = {
      env,
      client,
      names,
      latest: report,
      // Memoised: after promote or direct the classic definition is gone from the server.
      classic: (apiId) => () => {
        let loaded = cache.get(apiId);
        if (!loaded) {
          loaded = classicDefinition(client, apiId);
          loaded.catch(() => cache.delete(apiId));
          cache.set(apiId, loaded);
        }
        return loaded;
      },
    };
    await addServerShapeChanges(report, (id) => session.classic(id)());
    this.logReport(env.name, report);
    this.showSession(session);
    return session;
  }

  /** Runs stage/promote/direct on the APIs that succeeded in the session's latest report. */
  private async run(session: Session, mode: Exclude<MigrateMode, 'dryRun'>, options: RunOptions, confirmed: boolean): Promise<MigrationReport | undefined> {
    const ids = migratableIds(session.latest);
    const words = RUN_MODES.find((m) => m.mode === mode)!;
    if (ids.length === 0) {
      void vscode.window.showWarningMessage('No API succeeded in the report, so there is nothing to run. Fix the failures and run the migration again.');
      return undefined;
    }
    const what = describeTarget({ apiIDs: ids }, session.names);
    if (words.replacesClassic && !confirmed) {
      const answer = await vscode.window.showWarningMessage(
        `${words.label} ${what} on '${session.env.name}'?`,
        { modal: true, detail: `${words.detail} Classic clients of these APIs will then talk to the OAS-native API.` },
        words.label,
      );
      if (answer !== words.label) return undefined;
    }
    try {
      const response = await unlessCancelled(
        withCancellableProgress(`Svc: ${words.label.toLowerCase()} ${what} (${session.env.name})`, async (signal, report) => {
          if (words.replacesClassic) {
            // Keep the classic definitions for the report's diffs before the server replaces them.
            report('reading the classic definitions');
            await Promise.all(
              ids.map((id) =>
                session
                  .classic(id)()
                  .catch(() => undefined),
              ),
            );
          }
          report(`${mode}…`);
          return session.client.migrateApis(buildMigrateRequest(mode, { apiIDs: ids }, options), { signal });
        }),
      );
      if (!response) {
        this.deps.log.info(`migration ${mode} on '${session.env.name}' cancelled; the server may have finished it anyway, so the tree is reloaded`);
        this.deps.refreshTree();
        return undefined;
      }
      const report = buildReport(mode, response, ids, session.names);
      carryShapeChanges(session.latest, report);
      this.logReport(session.env.name, report);
      session.latest = report;
      this.showSession(session);
      this.deps.refreshTree();
      const notify = report.counts.failure > 0 || report.counts.skipped > 0 ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
      void notify(report.summary, 'Show Log').then((a) => a && vscode.commands.executeCommand('svc.showLog'));
      return report;
    } catch (err) {
      this.showError(`Migration (${mode}) failed`, err);
      return undefined;
    }
  }

  private showSession(session: Session): void {
    const report = session.latest;
    this.deps.panel.show({
      report,
      environment: session.env.name,
      // After a dry run any mode; after stage, promote is the natural next step; promote and direct end it.
      offerRun: report.mode === 'dryRun' || report.mode === 'stage',
      suggestedMode: report.mode === 'stage' ? 'promote' : 'stage',
      classicOf: session.classic,
      onRun: (m: RunMessage) => this.run(session, m.mode, m, false).then(() => undefined),
    });
  }

  private logReport(environment: string, report: MigrationReport): void {
    this.deps.log.info(`migration on '${environment}' — ${reportLogLines(report).join('\n  ')}`);
  }

  /** A multi-select quick pick of the classic APIs on the server. */
  private async pickClassicApis(client: ManagementClient, environment: string, names: Map<string, string>): Promise<MigrationTarget | undefined> {
    const apis = await unlessCancelled(withCancellableProgress(`Svc: listing classic APIs (${environment})`, (signal) => listAllApis(client, signal)));
    if (!apis) return undefined;
    const classic = apis.map(summariseApi).filter((a) => a.kind === 'classic' && a.id);
    if (classic.length === 0) {
      void vscode.window.showInformationMessage(`'${environment}' has no classic APIs to migrate.`);
      return undefined;
    }
    const picked = await vscode.window.showQuickPick(
      classic.map((a) => ({ label: a.name, description: a.id, detail: a.listenPath ? `listen path ${a.listenPath}` : undefined, id: a.id })),
      {
        title: `Migrate classic APIs to OAS (${environment})`,
        placeHolder: 'Pick the APIs to migrate; a dry run comes first',
        canPickMany: true,
        ignoreFocusOut: true,
      },
    );
    if (!picked || picked.length === 0) return undefined;
    for (const p of picked) names.set(p.id, p.label);
    return { apiIDs: picked.map((p) => p.id) };
  }

  /** Names for a run over all APIs (the response carries ids only); best effort. */
  private async addNames(client: ManagementClient, names: Map<string, string>, signal: AbortSignal): Promise<void> {
    try {
      for (const api of (await listAllApis(client, signal)).map(summariseApi)) if (api.id && !names.has(api.id)) names.set(api.id, api.name);
    } catch (err) {
      if (signal.aborted) throw err;
      this.deps.log.warn(`could not list API names for the report: ${errorInfoOf(err).message}`);
    }
  }

  private showError(what: string, err: unknown): void {
    const info = errorInfoOf(err);
    this.deps.log.error(what, err);
    void vscode.window
      .showErrorMessage(`${what}: ${info.message}${info.hint ? ` ${info.hint}` : ''}`, 'Show Log')
      .then((a) => a && vscode.commands.executeCommand('svc.showLog'));
  }
}

/** Every API record, page by page with the server's page size (stops at an empty or repeated page). */
function listAllApis(client: ManagementClient, signal: AbortSignal): Promise<DashApi[]> {
  return listAllApiRecords(client, { signal });
}

/** The classic definition as the dashboard stores it (its read, else its listing), else as the gateway does. */
async function classicDefinition(client: ManagementClient, apiId: string): Promise<unknown> {
  const read = await readClassicApi(client, apiId);
  if (!read) throw new Error(`Classic API '${apiId}' is not on this server (any more).`);
  return read.definition;
}
