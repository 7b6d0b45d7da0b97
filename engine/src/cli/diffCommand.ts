// `svc diff [FILE…] [--format text|json]`: per tracked file, what changed locally, remotely or
// on both sides, per JSON path. Exit 0: no differences; 1: differences; 3: a conflict;
// 2: usage or connection error (also: a file that cannot be compared). The JSON form is
// described by docs/svc-diff.schema.json; keep both in step.
import { type FileStatus, type PathChange } from '../sync/compare';
import { mapPool, SYNC_CONCURRENCY } from '../sync/pool';
import { inspectFile, InspectionProblem, type Inspection } from '../sync/inspect';
import { LocalHashCache } from '../sync/localHashes';
import { insideWorkspace } from '../sync/readContainment';
import { localStateOf, nameOf, unchangedLocally, unchangedRemotely, type LocalState } from '../sync/quickCheck';
import { LISTING_FROM, RemoteCatalog } from '../sync/remoteCatalog';
import { SYNC_KIND_LABELS, type RemoteTarget, type SyncKind } from '../sync/syncKinds';
import { clientFor, describeFailure, isConnectionFailure, type Connection } from './connection';
import { EXIT, type ExitCode } from './exitCodes';
import type { Reporter } from './io';
import { loadState, selectFiles } from './workspace';

export const DIFF_FORMAT_VERSION = 1;

export interface DiffFileResult {
  file: string;
  kind: SyncKind | null;
  id: string | null;
  name: string | null;
  status: FileStatus | 'error';
  mode: 'three-way' | 'two-way' | null;
  /** Since the base (three-way only): did the file, did the server change? */
  localChanged: boolean;
  remoteChanged: boolean;
  changes: PathChange[];
  message?: string;
}

export interface DiffReport {
  version: number;
  environment: string;
  exitCode: ExitCode;
  summary: { files: number; unchanged: number; differences: number; conflicts: number; errors: number };
  files: DiffFileResult[];
}

export async function diffCommand(root: string, connection: Connection, args: { files: string[]; format: 'text' | 'json' }, out: Reporter): Promise<ExitCode> {
  const report = await buildDiffReport(root, connection, args.files, out);
  if (args.format === 'json') out.json(report);
  else printText(report, out);
  return report.exitCode;
}

export async function buildDiffReport(root: string, connection: Connection, fileArgs: string[], out: Reporter): Promise<DiffReport> {
  const state = await loadState(root, (line) => out.note(line));
  const files = await selectFiles(root, state, connection, fileArgs);
  const client = clientFor(connection);
  // Many files: the server's versions from its listings, read once (issue 32); a few: one by one.
  const catalog = new RemoteCatalog(client, undefined, files.length >= LISTING_FROM);
  // The listings are asked for at once: they arrive while the local files are read and hashed.
  catalog.prefetch();
  const hashes = await LocalHashCache.load(root);
  // Every tracked file read and hashed first (parsed only when its bytes are new), while the
  // listings are on their way; the event loop gets a turn now and then to take them in.
  const locals = new Map<string, LocalState>();
  const inside = insideWorkspace(root);
  for (const [index, work] of files.entries()) {
    if (work.record) locals.set(work.key, localStateOf(hashes, work.key, work.file, work.record.target.kind, inside));
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator,ArrowFunction: changes when answers are taken in, not what
    if (index % 256 === 255) await new Promise((resolve) => setImmediate(resolve));
  }
  let done = 0;
  const results = await mapPool(files, SYNC_CONCURRENCY, async (work): Promise<DiffFileResult> => {
    try {
      const { record } = work;
      const local = locals.get(work.key);
      // Stryker disable next-line LogicalOperator: locals holds an entry exactly for the files with a record, so || is && here
      if (record && local) {
        // Unchanged on both sides by the recorded hashes: no parse (when the bytes are known), no diff.
        if (local.hash !== undefined) {
          const { target } = record;
          const remote = await catalog.read(target, { mode: target.publicMode ? 'public' : undefined });
          if (unchangedLocally(local, record) && unchangedRemotely(remote, record))
            return unchangedResult(work.key, target, nameOf(target.kind, remote, target.id));
          return resultOf(work.key, await inspectFile(client, root, work.file, record, undefined, () => Promise.resolve(remote)));
        }
      }
      return resultOf(work.key, await inspectFile(client, root, work.file, work.record));
    } catch (err) {
      if (isConnectionFailure(err)) throw err;
      const message = err instanceof InspectionProblem ? err.message : describeFailure(err, connection);
      return {
        file: work.key,
        kind: work.record?.target.kind ?? null,
        id: idOf(work.record?.target),
        name: null,
        status: 'error',
        mode: null,
        localChanged: false,
        remoteChanged: false,
        changes: [],
        message,
      };
    } finally {
      out.progress(`comparing ${++done}/${files.length}`);
    }
  });
  out.endProgress();
  await hashes.save(root);
  const count = (test: (r: DiffFileResult) => boolean) => results.filter(test).length;
  const summary = {
    files: results.length,
    unchanged: count((r) => r.status === 'unchanged'),
    differences: count((r) => r.status !== 'unchanged' && r.status !== 'error'),
    conflicts: count((r) => r.status === 'conflict' || (r.status === 'deleted-remotely' && r.localChanged)),
    errors: count((r) => r.status === 'error'),
  };
  const exitCode = summary.errors ? EXIT.usage : summary.conflicts ? EXIT.conflict : summary.differences ? EXIT.differences : EXIT.ok;
  return { version: DIFF_FORMAT_VERSION, environment: connection.environment, exitCode, summary, files: results };
}

/** What inspectFile and compareFile say of a file unchanged on both sides since its base. */
const unchangedResult = (file: string, target: RemoteTarget, name: string): DiffFileResult => ({
  file,
  kind: target.kind,
  id: target.id,
  name,
  status: 'unchanged',
  mode: 'three-way',
  localChanged: false,
  remoteChanged: false,
  changes: [],
});

const idOf = (target: { kind: SyncKind; id: string } | undefined) => (target ? target.id : null);

function resultOf(file: string, inspection: Inspection): DiffFileResult {
  const { comparison } = inspection;
  const result: DiffFileResult = {
    file,
    kind: inspection.kind,
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
      ? 'deleted on the server, and changed in the file since the pull (a conflict)'
      : 'deleted on the server since the pull';
  }
  return result;
}

/** Unchanged files are not listed (the summary counts them), so they have no words here. */
const STATUS_WORDS: Record<Exclude<DiffFileResult['status'], 'unchanged'>, string> = {
  'changed-locally': 'changed locally',
  'changed-remotely': 'changed on the server',
  conflict: 'CONFLICT: changed locally and on the server',
  'deleted-remotely': 'deleted on the server',
  'not-on-server': 'not on the server',
  different: 'differs from the server (never pulled: no base)',
  error: 'cannot compare',
};

const show = (value: unknown) => (value === undefined ? '(absent)' : JSON.stringify(value));

export function printText(report: DiffReport, out: Reporter): void {
  for (const r of report.files) {
    if (r.status === 'unchanged') continue;
    const what = r.kind ? ` (${SYNC_KIND_LABELS[r.kind]}${r.name && r.kind !== 'key' ? ` '${r.name}'` : ''})` : '';
    out.out(`${r.file}: ${STATUS_WORDS[r.status]}${what}${r.message ? ` — ${r.message}` : ''}`);
    for (const c of r.changes) {
      if (c.side === 'local') out.out(`  local   ${c.display}: ${show(c.base)} → ${show(c.local)}`);
      else if (c.side === 'remote') out.out(`  remote  ${c.display}: ${show(c.base)} → ${show(c.remote)}`);
      else if (c.side === 'both') out.out(`  both    ${c.display}: base ${show(c.base)}, local ${show(c.local)}, remote ${show(c.remote)}`);
      else out.out(`  differs ${c.display}: local ${show(c.local)}, remote ${show(c.remote)}`);
    }
  }
  const s = report.summary;
  out.note(
    `${s.files} file(s) compared with '${report.environment}': ${s.unchanged} unchanged, ${s.differences} with differences` +
      `${s.conflicts ? `, ${s.conflicts} in conflict` : ''}${s.errors ? `, ${s.errors} could not be compared` : ''}.`,
  );
}
