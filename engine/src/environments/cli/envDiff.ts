// `svc diff --env NAME [FILE…] [--select …]`: each definition, rendered for the environment,
// against its server and the base in the shared deploy state (no cache needed). The same report,
// exit codes and JSON format as `svc diff` (docs/cli.md).
import { DIFF_FORMAT_VERSION, printText, type DiffFileResult, type DiffReport } from '../../cli/diffCommand';
import { clientFor, describeFailure, isConnectionFailure, type Connection } from '../../cli/connection';
import { EXIT, type ExitCode } from '../../cli/exitCodes';
import type { Reporter } from '../../cli/io';
import { mapPool, SYNC_CONCURRENCY } from '../../sync/pool';
import { DeployStateError, listDeployRecords } from '../deployState';
import { moveLegacyState } from '../legacyState';
import { selects, type Selector } from '../selection';
import { DefinitionProblem, loadDefinition } from '../definition';
import { inspectDefinition } from '../inspectDefinition';
import { selectDefinitionFiles } from './definitions';

export interface EnvDiffOptions {
  files: string[];
  format: 'text' | 'json';
  selectors: Selector[];
}

export async function envDiffCommand(root: string, connection: Connection, options: EnvDiffOptions, out: Reporter): Promise<ExitCode> {
  const report = await buildEnvDiffReport(root, connection, options, out);
  if (options.format === 'json') out.json(report);
  else printText(report, out);
  return report.exitCode;
}

export async function buildEnvDiffReport(root: string, connection: Connection, options: EnvDiffOptions, out: Reporter): Promise<DiffReport> {
  const environment = connection.environment;
  const moved = await moveLegacyState(root, environment);
  if (moved) out.note(moved);
  const records = await listDeployRecords(root, environment);
  const files = await selectDefinitionFiles(root, records, options.files);
  const client = clientFor(connection);
  let done = 0;
  const results = await mapPool(files, SYNC_CONCURRENCY, async (file): Promise<DiffFileResult | undefined> => {
    const record = records.get(file);
    try {
      const def = await loadDefinition(root, environment, file, record);
      const inspection = await inspectDefinition(client, def);
      const doc = inspection.remote.exists ? inspection.remote.document : def.rendered;
      if (!selects(options.selectors, { kind: def.kind, file, document: doc })) return undefined;
      const { comparison } = inspection;
      const result: DiffFileResult = {
        file,
        kind: def.kind,
        id: inspection.target?.id ?? null,
        name: inspection.name,
        status: comparison.status,
        mode: comparison.mode,
        localChanged: comparison.localChanged,
        remoteChanged: comparison.remoteChanged,
        changes: comparison.changes,
      };
      if (comparison.status === 'deleted-remotely') {
        result.message = comparison.localChanged
          ? 'deleted on the server, and changed in the file since the last deploy (a conflict)'
          : 'deleted on the server since the last deploy';
      }
      return result;
    } catch (err) {
      if (isConnectionFailure(err)) throw err;
      const known = err instanceof DefinitionProblem || err instanceof DeployStateError;
      return {
        file,
        kind: record?.kind ?? null,
        id: record?.id ?? null,
        name: null,
        status: 'error',
        mode: null,
        localChanged: false,
        remoteChanged: false,
        changes: [],
        message: known ? err.message : describeFailure(err, connection),
      };
    } finally {
      out.progress(`comparing ${++done}/${files.length}`);
    }
  });
  out.endProgress();
  const kept = results.filter((r): r is DiffFileResult => !!r);
  const count = (test: (r: DiffFileResult) => boolean) => kept.filter(test).length;
  const summary = {
    files: kept.length,
    unchanged: count((r) => r.status === 'unchanged'),
    differences: count((r) => r.status !== 'unchanged' && r.status !== 'error'),
    conflicts: count((r) => r.status === 'conflict' || (r.status === 'deleted-remotely' && r.localChanged)),
    errors: count((r) => r.status === 'error'),
  };
  const exitCode = summary.errors ? EXIT.usage : summary.conflicts ? EXIT.conflict : summary.differences ? EXIT.differences : EXIT.ok;
  return { version: DIFF_FORMAT_VERSION, environment, exitCode, summary, files: kept };
}
