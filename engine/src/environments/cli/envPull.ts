// `svc pull --env NAME (--all | FILE…) [--dir DIR] [--force] [--into base|overlay] [--select …]`:
// the server's documents, split into the definition and the environment's overlay by the pull the
// editor shares (../pullDefinition.ts). A change to the definition that would alter what another
// declared environment renders is refused unless --into base (all of them get it) or --into
// overlay (only this one): a terminal run has nobody to ask per file. This file chooses the
// targets and prints each outcome.
import * as path from 'node:path';
import { listTargets } from '../../sync/listing';
import { readAhead, SYNC_CONCURRENCY } from '../../sync/pool';
import { readRemote } from '../../sync/remoteReader';
import { SYNC_KIND_LABELS, type RemoteTarget } from '../../sync/syncKinds';
import { clientFor, describeFailure, isConnectionFailure, type Connection } from '../../cli/connection';
import { CliError, EXIT, type ExitCode } from '../../cli/exitCodes';
import type { Reporter } from '../../cli/io';
import { insideRoot } from '../../cli/workspace';
import { listDeployRecords } from '../deployState';
import type { DeclaredEnvironment } from '../environmentsFile';
import { moveLegacyState } from '../legacyState';
import { pullEnvironment, type PullInto } from '../pullDefinition';
import type { Selector } from '../selection';
import { selectDefinitionFiles } from './definitions';

export interface EnvPullOptions {
  all: boolean;
  files: string[];
  dir?: string;
  force: boolean;
  into?: PullInto;
  selectors: Selector[];
}

export async function envPullCommand(
  root: string,
  connection: Connection,
  declared: readonly DeclaredEnvironment[],
  options: EnvPullOptions,
  out: Reporter,
): Promise<ExitCode> {
  if (options.all === options.files.length > 0) throw new CliError('Say what to pull: --all, or the definitions to pull again.');
  const environment = connection.environment;
  const folder =
    path
      .relative(root, insideRoot(root, options.dir ?? 'svc', '--dir'))
      .split(path.sep)
      .join('/') || '.';
  const client = clientFor(connection);
  const moved = await moveLegacyState(root, environment);
  if (moved) out.note(moved);
  const records = await listDeployRecords(root, environment);

  let targets: RemoteTarget[];
  const notes: string[] = [];
  if (options.all) {
    out.progress(`listing what '${environment}' has…`);
    const listing = await listTargets(client);
    targets = listing.targets;
    notes.push(...listing.notes);
  } else {
    const files = await selectDefinitionFiles(root, records, options.files);
    const untracked = files.filter((f) => !records.has(f));
    if (untracked.length)
      throw new CliError(
        `Never pulled from or pushed to '${environment}', so svc does not know what to pull into: ${untracked.join(', ')}. Use svc pull --all.`,
      );
    targets = files.map((f) => ({ kind: records.get(f)!.kind, id: records.get(f)!.id, ...(records.get(f)!.apiId ? { apiId: records.get(f)!.apiId } : {}) }));
  }

  const counts = { pulled: 0, unchanged: 0, kept: 0, missing: 0, refused: 0, failed: 0, 'not selected': 0 };
  const labelOf = (target: RemoteTarget) => `${SYNC_KIND_LABELS[target.kind]} ${target.kind === 'key' ? '(key)' : `'${target.id}'`}`;
  await pullEnvironment(
    {
      root,
      environment,
      others: declared.map((d) => d.name),
      folder,
      records,
      targets,
      remoteOf: readAhead(targets, SYNC_CONCURRENCY, (target) => readRemote(client, target)),
      selectors: options.selectors,
      force: options.force,
      into: options.into,
    },
    {
      isFatal: (err) => isConnectionFailure(err) || err instanceof CliError,
      onStart: (index) => out.progress(`pulling ${index + 1}/${targets.length}`),
      onItem: (index, item) => {
        out.endProgress();
        switch (item.status) {
          case 'missing':
            counts.missing++;
            out.out(`missing    ${labelOf(targets[index])} is no longer on '${environment}'`);
            return;
          case 'not-selected':
            counts['not selected']++;
            return;
          case 'unchanged':
            counts.unchanged++;
            return;
          case 'kept':
            counts.kept++;
            out.out(`kept       ${item.file} (changed here since the last pull or push; --force replaces it)`);
            return;
          case 'needs-choice': {
            counts.refused++;
            const names = item.affected.map((n) => `'${n}'`).join(', ');
            out.error(
              `${item.file}: '${environment}' differs from the definition in members its overlay does not set; ` +
                `writing them to ${item.file} would change ${names} too. ` +
                `Nothing was written. Pull again with --into overlay (only '${environment}' gets them, in ${item.overlayFile}) ` +
                `or --into base (every environment does).`,
            );
            return;
          }
          case 'pulled': {
            counts.pulled++;
            const wrote = item.wrote.map((f) => (f === item.file ? 'definition' : f));
            out.out(`pulled     ${item.file}${wrote.length ? ` (${wrote.join(', ')})` : ' (recorded; the files already render it)'}`);
            return;
          }
          case 'failed':
            counts.failed++;
            out.error(`${labelOf(targets[index])}: ${describeFailure(item.error, connection)}`);
        }
      },
    },
  );
  out.endProgress();
  for (const note of notes) out.note(`note: ${note}`);
  const extra = (['kept', 'missing', 'refused', 'failed', 'not selected'] as const).filter((k) => counts[k]).map((k) => `, ${k} ${counts[k]}`);
  // New files go to the folder; files pulled again stay where they are.
  const into = options.all ? ` into ${folder}/` : '';
  out.note(`Pulled ${counts.pulled}, unchanged ${counts.unchanged}${extra.join('')} ('${environment}'${into}, state in .svc-deploy/${environment}/).`);
  return counts.failed || counts.refused ? EXIT.differences : EXIT.ok;
}
