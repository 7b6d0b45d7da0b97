// `svc migrate (--dry-run | --stage | --promote | --direct) [--all | API_ID…] [--format text|json]`:
// endpoint 15 and the same report as the editor's Migrate to OAS. Exit 0 when nothing failed,
// 1 when an API failed (or the run stopped at a failure), 2 on usage or connection errors.
import { buildReport, reportLogLines } from '../migrate/migrateReport';
import { buildMigrateRequest, type MigrationTarget } from '../migrate/migrateRequest';
import type { MigrateMode } from '../../../api/src/types';
import type { ManagementClient } from '../../../api/src/client';
import { apiIdOf, apiNameOf } from '../sync/records';
import { clientFor, isConnectionFailure, type Connection } from './connection';
import { CliError, EXIT, type ExitCode } from './exitCodes';
import type { Reporter } from './io';

export interface MigrateOptions {
  mode: MigrateMode;
  all: boolean;
  apiIds: string[];
  format: 'text' | 'json';
  abortOnFailure: boolean;
  overrideStaged: boolean;
}

export async function migrateCommand(connection: Connection, options: MigrateOptions, out: Reporter): Promise<ExitCode> {
  if (options.all === options.apiIds.length > 0) throw new CliError('Say what to migrate: --all, or API ids.');
  const target: MigrationTarget = options.all ? { all: true } : { apiIDs: options.apiIds };
  const request = buildMigrateRequest(options.mode, target, { abortOnFailure: options.abortOnFailure, overrideStaged: options.overrideStaged });
  out.progress(`migrating (${options.mode})…`);
  const client = clientFor(connection);
  const response = await client.migrateApis(request);
  out.endProgress();
  const report = buildReport(options.mode, response, options.apiIds, await apiNames(client));
  if (options.format === 'json') {
    out.json({ environment: connection.environment, request, report });
  } else {
    for (const line of reportLogLines(report)) out.out(line);
  }
  return report.counts.failure > 0 || report.abortedOnFailure ? EXIT.differences : EXIT.ok;
}

/** API names for the report (people read names; ids stay beside them). Best effort: a failed listing leaves ids. */
async function apiNames(client: ManagementClient): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  try {
    for (const record of (await client.listApis({ p: -1 })).apis ?? []) {
      const id = apiIdOf(record);
      const name = apiNameOf(record);
      if (id && name) names.set(id, name);
    }
  } catch (err) {
    if (isConnectionFailure(err)) throw err;
  }
  return names;
}
