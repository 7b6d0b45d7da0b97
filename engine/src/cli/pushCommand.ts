// `svc push [FILE…] [--yes] [--force]`: lint first (errors stop it), then a plan (resource,
// endpoint, changed paths), a question on a terminal (or --yes), then the pushes. A resource
// changed or deleted on the server since the pull is refused (exit 3) unless --force; then
// nothing at all is sent. After each successful push the file's base is refreshed, so
// `svc diff` exits 0. Exit 0 only when every push succeeded. Without FILE: every tracked file
// changed locally.
import { pathToFileURL } from 'node:url';
import { runLint } from '../../../server/src/lint/cli';
import { diffDocuments } from '../diff/semanticDiff';
import { withoutVolatile } from '../sync/canonicalJson';
import { mapPool, SYNC_CONCURRENCY } from '../sync/pool';
import { inspectFile, InspectionProblem, type Inspection } from '../sync/inspect';
import { pushDocument, type PushOutcome, type PushUi, type SendSummary } from '../sync/pushPipeline';
import { recordPush } from '../sync/recordPush';
import type { OasVersionChoice, PushChoices } from '../sync/routing';
import { readSnapshot } from '../sync/stateFile';
import { LocalHashCache } from '../sync/localHashes';
import { localStateOf, unchangedLocally } from '../sync/quickCheck';
import { LISTING_FROM, RemoteCatalog } from '../sync/remoteCatalog';
import { SyncStateStore } from '../sync/stateStore';
import { SYNC_KIND_LABELS } from '../sync/syncKinds';
import type { ManagementClient } from '../../../api/src/client';
import { clientFor, describeFailure, isConnectionFailure, type Connection } from './connection';
import { EXIT, type ExitCode } from './exitCodes';
import type { CliIo, Reporter } from './io';
import { selectFiles, type WorkFile } from './workspace';

export interface PushOptions {
  files: string[];
  yes: boolean;
  force: boolean;
  /** Reload the gateway after a gateway-style classic push. */
  reload: boolean;
  /** OAS documents the server does not have: create them as a new version of this API. */
  oasVersion?: OasVersionChoice;
}

interface Planned {
  work: WorkFile;
  inspection: Inspection;
  summary: SendSummary;
  paths: string[];
}

export async function pushCommand(root: string, connection: Connection, options: PushOptions, io: CliIo, out: Reporter): Promise<ExitCode> {
  // One read of the state: the store that records the pushes below keeps it (issue 32).
  const store = new SyncStateStore((problem) => out.note(problem));
  const state = await store.get(root);
  const files = await selectFiles(root, state, connection, options.files);
  const client = clientFor(connection);
  const { environment } = connection;

  // Without FILE arguments, a tracked file whose bytes hash as recorded is not a candidate: it is
  // neither parsed again (when its bytes are known) nor read from the server (issue 32).
  let toInspect = files;
  if (options.files.length === 0) {
    const hashes = await LocalHashCache.load(root);
    toInspect = files.filter((work) => !work.record || !unchangedLocally(localStateOf(hashes, work.key, work.file, work.record.target.kind), work.record));
    await hashes.save(root);
  }
  // Many files: the server's versions from its listings, read once; a few: only those resources.
  // The checks and the plan (nothing is sent) read the listing at most once between them; the
  // sending pass reads the server afresh (its conflict check right before sending).
  const planClient = withListingsOnce(client);
  const catalog = new RemoteCatalog(planClient, undefined, toInspect.length >= LISTING_FROM);

  // Inspect first: what each file is and how it stands against the server.
  const problems: string[] = [];
  let done = 0;
  const checked = await mapPool(toInspect, SYNC_CONCURRENCY, async (work) => {
    try {
      return {
        work,
        inspection: await inspectFile(planClient, root, work.file, work.record, undefined, (target) =>
          catalog.read(target, { mode: target.publicMode ? 'public' : undefined }),
        ),
      };
    } catch (err) {
      if (isConnectionFailure(err)) throw err;
      // A folder may hold key files never pulled here: they cannot be addressed, so they wait for a pull.
      if (err instanceof InspectionProblem && err.unpulledKey && !options.files.includes(work.key)) out.note(`${work.key}: skipped, ${err.message}`);
      else problems.push(`${work.key}: ${err instanceof InspectionProblem ? err.message : describeFailure(err, connection)}`);
      return undefined;
    } finally {
      out.progress(`checking ${++done}/${toInspect.length}`);
    }
  });
  const inspected = checked.filter((c): c is { work: WorkFile; inspection: Inspection } => !!c);
  out.endProgress();
  if (problems.length) {
    for (const p of problems) out.error(p);
    out.error('nothing was pushed.');
    return EXIT.usage;
  }
  // Without FILE arguments: the tracked files changed locally (or in conflict).
  let candidates = inspected;
  if (options.files.length === 0) candidates = inspected.filter(({ inspection: i }) => i.comparison.localChanged && i.comparison.status !== 'unchanged');
  if (candidates.length === 0) {
    out.note(`Nothing to push: no file changed since it was pulled from '${environment}'.`);
    return EXIT.ok;
  }

  // Lint what would be sent (the same checks as the editor and svc-lint); errors stop the push.
  const toLint = candidates.filter((c) => c.inspection.comparison.status !== 'unchanged').map((c) => c.work.key);
  const lint = toLint.length ? runLint(['--', ...toLint], root) : { exitCode: 0, stdout: '', stderr: '' };
  if (lint.exitCode !== 0) {
    const errors = lint.stdout.split('\n').filter((line) => / error /.test(line));
    for (const line of errors) out.out(line);
    if (lint.stderr) out.error(lint.stderr);
    out.error(`svc-lint found ${errors.length} error(s): fix them before pushing; nothing was pushed.`);
    return EXIT.differences;
  }

  // Conflicts: refused unless --force, and then nothing at all is sent.
  const conflicts = candidates.filter(({ inspection: i }) => i.comparison.remoteChanged && i.comparison.status !== 'unchanged');
  if (conflicts.length && !options.force) {
    for (const { work, inspection } of conflicts) {
      const what = inspection.comparison.status === 'deleted-remotely' ? 'was deleted on the server' : 'changed on the server';
      const mine = inspection.comparison.localChanged ? ', and the file changed too' : '; pushing the file would undo that';
      out.error(`${work.key}: the ${SYNC_KIND_LABELS[inspection.kind]} ${what} since it was pulled${mine}.`);
      for (const c of inspection.comparison.changes) if (c.side !== 'local') out.out(`  ${c.side.padEnd(7)} ${c.display}`);
    }
    out.error(
      "nothing was pushed. See what changed with svc diff; pull the server's version (svc pull FILE --force replaces yours), " + 'or push anyway with --force.',
    );
    return EXIT.conflict;
  }

  // The plan: a dry pass of the pipeline (every check, the route) that stops before sending.
  const plan: Planned[] = [];
  const unchanged: string[] = [];
  for (const { work, inspection } of candidates) {
    let summary: SendSummary | undefined;
    const outcome = await runPipeline(root, connection, work, inspection, options, {
      client: planClient,
      confirm: (s) => {
        summary = s;
        return Promise.resolve(false);
      },
    });
    if (outcome.status === 'no-op') {
      unchanged.push(work.key);
      await recordPush(store, root, work.key, environment, work.record, outcome);
    } else if (outcome.status === 'refused' || !summary) {
      out.error(`${work.key}: ${outcome.message}`);
      out.error('nothing was pushed.');
      return outcome.status === 'refused' ? EXIT.differences : EXIT.conflict;
    } else {
      const remote = inspection.remote.exists ? withoutVolatile(inspection.kind, inspection.remote.document) : {};
      const mark = { added: '+', removed: '-', changed: '~' } as const;
      const paths = diffDocuments(remote, withoutVolatile(inspection.kind, inspection.local)).map((c) => `${mark[c.type]} ${c.display}`);
      plan.push({ work, inspection, summary, paths });
    }
  }
  if (unchanged.length) {
    const which = unchanged.length === 1 ? unchanged[0] : `${unchanged.length} files`;
    out.note(`${which}: the same as on '${environment}'; nothing to send (recorded as pushed).`);
  }
  if (plan.length === 0) return EXIT.ok;

  out.out(`Push to '${environment}':`);
  for (const p of plan) {
    const { route } = p.summary;
    const name = p.inspection.kind === 'key' ? '(key)' : `'${p.inspection.name}'`;
    out.out(`  ${p.work.key}: ${route.operation} ${SYNC_KIND_LABELS[p.inspection.kind]} ${name} via ${route.endpoint}`);
    out.out(`    why: ${route.why}`);
    for (const line of p.paths.slice(0, 50)) out.out(`    ${line}`);
    if (p.paths.length > 50) out.out(`    … and ${p.paths.length - 50} more path(s)`);
  }
  if (!options.yes) {
    if (!io.stdinIsTTY) {
      out.error('nothing was pushed: confirm on a terminal, or pass --yes (in CI).');
      return EXIT.usage;
    }
    if (!(await io.ask(`Push ${plan.length} resource(s) to '${environment}'?`))) {
      out.note('Push cancelled; nothing was sent.');
      return EXIT.usage;
    }
  }

  let failed = 0;
  let conflicted = 0;
  for (const [index, p] of plan.entries()) {
    out.progress(`pushing ${index + 1}/${plan.length}`);
    let outcome: PushOutcome;
    try {
      outcome = await runPipeline(root, connection, p.work, p.inspection, options, { client, confirm: () => Promise.resolve(true) });
    } catch (err) {
      if (isConnectionFailure(err)) throw err;
      failed++;
      out.endProgress();
      out.error(`${p.work.key}: ${describeFailure(err, connection)}`);
      continue;
    }
    out.endProgress();
    if (outcome.status === 'pushed' || outcome.status === 'no-op') {
      await recordPush(store, root, p.work.key, environment, p.work.record, outcome);
      const reload = outcome.reloaded ? ' (gateway reloaded: live)' : ' (stored; live after a gateway reload: --reload)';
      out.out(`pushed     ${p.work.key}${outcome.route?.reloadNeeded ? reload : ''}`);
    } else {
      // The server moved between the plan and the send.
      if (outcome.status === 'cancelled') conflicted++;
      else failed++;
      out.error(`${p.work.key}: ${outcome.message}`);
    }
  }
  return conflicted ? EXIT.conflict : failed ? EXIT.differences : EXIT.ok;
}

/** The pipeline for one file with the CLI's answers: no dialogs, the flags decide. */
async function runPipeline(
  root: string,
  connection: Connection,
  work: WorkFile,
  inspection: Inspection,
  options: PushOptions,
  hooks: { confirm: (s: SendSummary) => Promise<boolean>; client: ManagementClient },
): Promise<PushOutcome> {
  const { record } = work;
  let keyIdNeeded = false;
  const ui: PushUi = {
    confirmDespiteErrors: () => Promise.resolve(false),
    resolveConflict: () => Promise.resolve(options.force ? ('overwrite' as const) : ('cancel' as const)),
    chooseOasCreate: () => Promise.resolve(options.oasVersion ?? ('new' as const)),
    chooseStreamsUpdate: () => Promise.resolve('put' as const),
    askKeyId: () => {
      keyIdNeeded = true;
      return Promise.resolve(undefined);
    },
    showDiff: () => Promise.resolve(undefined),
    confirmSend: hooks.confirm,
    offerReload: () => Promise.resolve(options.reload),
  };
  const choices: PushChoices = {};
  const outcome = await pushDocument(
    // The command's one client: its kept-alive connections, and what it learned of the server
    // (an endpoint beyond the spec it lacks is not asked for again by every pass).
    { clientFor: () => Promise.resolve(hooks.client), ui },
    {
      environment: connection.environment,
      name: work.key,
      uri: pathToFileURL(work.file).toString(),
      text: inspection.text,
      target: record?.target,
      base: record ? { remoteHash: record.remoteHash, remoteText: await readSnapshot(root, record.remoteHash) } : undefined,
      errors: [],
      choices,
    },
  );
  if (keyIdNeeded) {
    return {
      status: 'refused',
      message:
        'pushing a key through the gateway needs the key id, a credential svc never takes: ' +
        'set SVC_DASHBOARD_TOKEN to push keys through the dashboard (by hash).',
    };
  }
  return outcome;
}

/**
 * The client for the passes that send nothing: endpoint 10's listing, asked for with the same
 * `p`, is read once and shared. A spec-only server gives an API's dashboard record only there
 * (issue 32: a one-file push among 10,000 read the whole listing once per pass).
 */
function withListingsOnce(client: ManagementClient): ManagementClient {
  const answers = new Map<string, ReturnType<ManagementClient['listApis']>>();
  const shared = Object.create(client) as ManagementClient;
  shared.listApis = (options = {}) => {
    const key = String(options.p);
    let answer = answers.get(key);
    if (!answer) {
      answer = client.listApis(options);
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
    return answer;
  };
  return shared;
}
