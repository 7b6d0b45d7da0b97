// `svc pull --env NAME (--all | FILE…) [--dir DIR] [--force] [--into base|overlay] [--select …]`:
// the server's documents, split into the definition and the environment's overlay (render.ts's
// unrender): a member the overlay sets is updated there, anything else in the definition. A
// change to the definition that would alter what another declared environment renders is refused
// unless --into base (all of them get it) or --into overlay (only this one). Nothing the server
// fills in counts: a resource whose server version and rendered file are as recorded is left
// alone (no rewrite with the server's defaults). The deploy record goes to .svc-deploy/.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { formatDocument, hashDocument, VOLATILE_MEMBERS } from '../../sync/canonicalJson';
import { fileNameFor } from '../../sync/fileNaming';
import { listTargets } from '../../sync/listing';
import { containedPath } from '../../sync/pathContainment';
import { readAhead, SYNC_CONCURRENCY } from '../../sync/pool';
import { readRemote } from '../../sync/remoteReader';
import { SYNC_KIND_LABELS, type RemoteTarget } from '../../sync/syncKinds';
import { clientFor, describeFailure, isConnectionFailure, type Connection } from '../../cli/connection';
import { CliError, EXIT, type ExitCode } from '../../cli/exitCodes';
import type { Reporter } from '../../cli/io';
import { insideRoot } from '../../cli/workspace';
import { listDeployRecords, writeDeployRecord, type DeployRecord } from '../deployState';
import type { DeclaredEnvironment } from '../environmentsFile';
import { moveLegacyState } from '../legacyState';
import { affectedEnvironments, overlayPathOf, render, unrender } from '../render';
import { selects, type Selector } from '../selection';
import { withServerFilled } from '../serverFilled';
import { readOverlay, selectDefinitionFiles } from './definitions';

export interface EnvPullOptions {
  all: boolean;
  files: string[];
  dir?: string;
  force: boolean;
  into?: 'base' | 'overlay';
  selectors: Selector[];
}

const readJsonIfThere = async (file: string): Promise<unknown> => {
  try {
    return JSON.parse((await fs.readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CliError(`${file} is not valid JSON (${err instanceof Error ? err.message : String(err)}): fix it before pulling into it.`);
  }
};

async function writeText(root: string, file: string, text: string): Promise<void> {
  const abs = await containedPath(root, file, file);
  await fs.mkdir(path.dirname(abs), { recursive: true });
  await fs.writeFile(abs, text, 'utf8');
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
  const fileOf = new Map<string, string>();
  for (const [file, r] of records) fileOf.set(`${r.kind}:${r.id}`, file);

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

  const others = declared.filter((d) => d.name !== environment).map((d) => d.name);
  const counts = { pulled: 0, unchanged: 0, kept: 0, missing: 0, refused: 0, failed: 0, 'not selected': 0 };
  const taken = new Set(records.keys());
  const remoteOf = readAhead(targets, SYNC_CONCURRENCY, (target) => readRemote(client, target));
  for (const [index, target] of targets.entries()) {
    out.progress(`pulling ${index + 1}/${targets.length}`);
    const label = `${SYNC_KIND_LABELS[target.kind]} ${target.kind === 'key' ? '(key)' : `'${target.id}'`}`;
    try {
      const remote = await remoteOf(index);
      if (remote instanceof Error) throw remote;
      out.endProgress();
      if (!remote.exists) {
        counts.missing++;
        out.out(`missing    ${label} is no longer on '${environment}'`);
        continue;
      }
      // The definition: the one this environment recorded, else the name it would get (a definition
      // of that name and kind from another environment is taken to be the same resource).
      let file = fileOf.get(`${target.kind}:${target.id}`);
      const record = file ? records.get(file) : undefined;
      if (!file) {
        const name = fileNameFor({ kind: target.kind, name: remote.name, id: target.id }, (n) => taken.has(`${folder}/${n}`));
        file = folder === '.' ? name : `${folder}/${name}`;
        taken.add(file);
      }
      if (!selects(options.selectors, { kind: target.kind, file, document: remote.document })) {
        counts['not selected']++;
        continue;
      }
      const base = await readJsonIfThere(await containedPath(root, file, file));
      const overlay = await readOverlay(root, environment, file);
      const serverHash = hashDocument(target.kind, remote.document);
      if (record && base !== undefined) {
        const now = withServerFilled(render({ kind: target.kind, base, overlay, identity: record.ids }), record.base, record.serverFilled);
        const localChanged = hashDocument(target.kind, now) !== record.fileHash;
        if (!localChanged && serverHash === record.serverHash) {
          counts.unchanged++;
          continue;
        }
        if (localChanged && !options.force) {
          counts.kept++;
          out.out(`kept       ${file} (changed here since the last pull or push; --force replaces it)`);
          continue;
        }
      }
      const split = unrender({
        kind: target.kind,
        base,
        overlay,
        identity: record?.ids,
        remote: remote.document,
        into: options.into,
        volatile: VOLATILE_MEMBERS[target.kind],
      });
      if (split.baseChanged && base !== undefined && options.into !== 'base') {
        const overlays = new Map<string, unknown>();
        for (const name of others) overlays.set(name, await readOverlay(root, name, file));
        const affected = affectedEnvironments(target.kind, base, split.base, overlays, environment);
        if (affected.length) {
          counts.refused++;
          const names = affected.map((n) => `'${n}'`).join(', ');
          out.error(
            `${file}: '${environment}' differs from the definition in members its overlay does not set; writing them to ${file} would change ${names} too. ` +
              `Nothing was written. Pull again with --into overlay (only '${environment}' gets them, in ${overlayPathOf(environment, file)}) ` +
              `or --into base (every environment does).`,
          );
          continue;
        }
      }
      const wrote: string[] = [];
      if (base === undefined || split.baseChanged) {
        await writeText(root, file, formatDocument(split.base));
        wrote.push('definition');
      }
      if (split.overlayChanged && split.overlay !== undefined) {
        await writeText(root, overlayPathOf(environment, file), formatDocument(split.overlay));
        wrote.push(overlayPathOf(environment, file));
      }
      const next: DeployRecord = {
        environment,
        file,
        kind: target.kind,
        id: target.id,
        ...(target.apiId ? { apiId: target.apiId } : {}),
        ids: split.identity,
        serverHash,
        fileHash: hashDocument(target.kind, render({ kind: target.kind, base: split.base, overlay: split.overlay, identity: split.identity })),
        base: remote.document,
      };
      await writeDeployRecord(root, next);
      records.set(file, next);
      counts.pulled++;
      out.out(`pulled     ${file}${wrote.length ? ` (${wrote.join(', ')})` : ' (recorded; the files already render it)'}`);
    } catch (err) {
      if (isConnectionFailure(err) || err instanceof CliError) throw err;
      counts.failed++;
      out.endProgress();
      out.error(`${label}: ${describeFailure(err, connection)}`);
    }
  }
  out.endProgress();
  for (const note of notes) out.note(`note: ${note}`);
  const extra = (['kept', 'missing', 'refused', 'failed', 'not selected'] as const).filter((k) => counts[k]).map((k) => `, ${k} ${counts[k]}`);
  out.note(`Pulled ${counts.pulled}, unchanged ${counts.unchanged}${extra.join('')} ('${environment}' into ${folder}/, state in .svc-deploy/${environment}/).`);
  return counts.failed || counts.refused ? EXIT.differences : EXIT.ok;
}
