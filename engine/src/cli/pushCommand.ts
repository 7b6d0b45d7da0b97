// `svc push [FILE…] [--yes] [--force] [--ours[=POINTER]] [--theirs[=POINTER]]`: lint first
// (errors stop it), then a plan (resource, endpoint, changed paths), a question on a terminal (or
// --yes), then the pushes. A resource changed on the server since the pull is merged with the
// file (pushMerge.ts): without conflicts the merged file is written and pushed (the plan lists
// what came from the server); with conflicts nothing at all is sent (exit 3, each conflicting
// path listed) unless --ours/--theirs resolve them. A resource deleted on the server is refused
// (exit 3); --force overwrites either. After each successful push the file's base is refreshed,
// so `svc diff` exits 0. Exit 0 only when every push succeeded. Without FILE: every tracked file
// changed locally.
import * as fs from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { runLint } from '../../../server/src/lint/cli';
import { diffDocuments } from '../diff/semanticDiff';
import { withoutVolatile } from '../sync/canonicalJson';
import { mapPool, SYNC_CONCURRENCY } from '../sync/pool';
import { inspectFile, InspectionProblem, type Inspection } from '../sync/inspect';
import { describeConflict, mergeFile, type MergeResolutions } from '../sync/mergeFile';
import { pushDocument, type MergeFacts, type PushOutcome, type PushUi, type SendSummary } from '../sync/pushPipeline';
import { recordPush } from '../sync/recordPush';
import type { OasVersionChoice, PushChoices } from '../sync/routing';
import { readSnapshot } from '../sync/stateFile';
import { LocalHashCache } from '../sync/localHashes';
import { localStateOf, unchangedLocally } from '../sync/quickCheck';
import { insideWorkspace } from '../sync/readContainment';
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
  /** `--ours`/`--theirs`, for all conflicts or per JSON pointer. */
  resolutions?: MergeResolutions;
}

interface Planned {
  work: WorkFile;
  inspection: Inspection;
  summary: SendSummary;
  paths: string[];
  /** The server moved: what the merge took from it. */
  fromServer?: string[];
  resolved?: string[];
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
    const inside = insideWorkspace(root);
    toInspect = files.filter(
      (work) => !work.record || !unchangedLocally(localStateOf(hashes, work.key, work.file, work.record.target.kind, inside), work.record),
    );
    await hashes.save(root);
  }
  // Many files: the server's versions from its listings, read once; a few: only those resources.
  // The checks read the listing at most once between them; the plan takes what they read, and
  // the sending pass proves it still holds with the cheapest read that can tell (its conflict
  // check right before sending: readRemoteAgain), so a one-file push of an OAS API reads the
  // listing at most once even where only the listing carries its dashboard record (issue 32).
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
  // Without FILE arguments: the tracked files changed locally. The quick check above kept only those
  // (by the normalised hash the comparison uses too); left out here: the ones the server has too.
  let candidates = inspected;
  if (options.files.length === 0) candidates = inspected.filter(({ inspection: i }) => i.comparison.status !== 'unchanged');
  if (candidates.length === 0) {
    out.note(`Nothing to push: no file changed since it was pulled from '${environment}'.`);
    return EXIT.ok;
  }

  // Lint what would be sent (the same checks as the editor and svc-lint); errors stop the push. A
  // file equal to the server's version sends nothing, so it is not linted.
  // Stryker disable next-line MethodExpression,ConditionalExpression,StringLiteral: the server took an unchanged file; svc-lint errs where the gateway refuses
  const toLint = candidates.filter((c) => c.inspection.comparison.status !== 'unchanged').map((c) => c.work.key);
  const lint = toLint.length ? runLint(['--', ...toLint], root) : undefined;
  if (lint && lint.exitCode !== 0) {
    const errors = lint.stdout.split('\n').filter((line) => / error /.test(line));
    for (const line of errors) out.out(line);
    // Stryker disable next-line StringLiteral: svc-lint writes here only of a file it cannot read, and the checks above read every one
    for (const line of lint.stderr.split('\n').filter(Boolean)) out.error(line);
    out.error(`svc-lint found ${errors.length} error(s): fix them before pushing; nothing was pushed.`);
    return EXIT.differences;
  }

  // The server moved: merged with the file where it can be; a conflict nobody resolved, a deletion
  // or a missing base stops everything (nothing at all is sent) unless --force.
  const moved = candidates.filter(({ inspection: i }) => i.comparison.remoteChanged && i.comparison.status !== 'unchanged');
  if (moved.length && !options.force) {
    let refusedAny = false;
    for (const { work, inspection } of moved) {
      const merge = await mergeOf(root, work, inspection, options.resolutions);
      if (merge && merge.conflicts.length === 0) continue;
      refusedAny = true;
      if (merge) {
        out.error(
          `${work.key}: the ${SYNC_KIND_LABELS[inspection.kind]} changed on the server since it was pulled, and the file changed too, at the same place:`,
        );
        for (const c of merge.conflicts) {
          out.out(`  conflict ${c.pointer || '(document)'}  (${c.display})`);
          for (const line of describeConflict(c)) out.out(`    ${line}`);
        }
        continue;
      }
      const what = inspection.comparison.status === 'deleted-remotely' ? 'was deleted on the server' : 'changed on the server';
      const mine = inspection.comparison.localChanged ? ', and the file changed too' : '; pushing the file would undo that';
      const why = inspection.comparison.status === 'deleted-remotely' ? '' : ' (the pulled version in .svc/remote/ is gone, so it cannot be merged)';
      out.error(`${work.key}: the ${SYNC_KIND_LABELS[inspection.kind]} ${what} since it was pulled${mine}${why}.`);
      // Stryker disable next-line ConditionalExpression,StringLiteral: here the base is gone (two-way: no 'local' side) or the resource is (no changes)
      for (const c of inspection.comparison.changes) if (c.side !== 'local') out.out(`  ${c.side.padEnd(7)} ${c.display}`);
    }
    if (refusedAny) {
      out.error(
        'nothing was pushed. Resolve the conflicts: --ours or --theirs for all, --ours=POINTER or --theirs=POINTER per path; ' +
          "or see what changed with svc diff, pull the server's version (svc pull FILE --force replaces yours), or push anyway with --force.",
      );
      return EXIT.conflict;
    }
  }

  // The plan: a dry pass of the pipeline (every check, the route) that stops before sending.
  const plan: Planned[] = [];
  const unchanged: string[] = [];
  for (const { work, inspection } of candidates) {
    let summary: SendSummary | undefined;
    let mergedText: string | undefined;
    let facts: MergeFacts | undefined;
    const outcome = await runPipeline(root, connection, work, inspection, options, {
      client: planClient,
      use: 'as-read',
      confirm: (s) => {
        summary = s;
        return Promise.resolve(false);
      },
      confirmMerge: (f) => {
        facts = f;
        summary = f.summary;
        return Promise.resolve(false);
      },
      // A dry pass writes nothing: a merge that leaves nothing to send is written below.
      writeMerged: (text) => {
        mergedText = text;
        return Promise.resolve();
      },
    });
    if (outcome.status === 'no-op') {
      // Stryker disable next-line ConditionalExpression,LogicalOperator: the dry pass's writeMerged is called exactly for a merge that leaves nothing to send
      if (outcome.merge && mergedText !== undefined) {
        await fs.writeFile(work.file, mergedText);
        out.out(nothingToSend(work.key, outcome.merge.fromServer));
      } else unchanged.push(work.key);
      await recordPush(store, root, work.key, environment, work.record, outcome);
    } else if (!summary) {
      // Refused, or cancelled before the question (the server moved between the checks and this pass).
      out.error(`${work.key}: ${outcome.message}`);
      out.error('nothing was pushed.');
      // Stryker disable next-line ConditionalExpression: a conflict was refused above unless merged or --force; only a change within this pass cancels here
      return outcome.status === 'refused' ? EXIT.differences : EXIT.conflict;
    } else {
      const remote = inspection.remote.exists ? withoutVolatile(inspection.kind, inspection.remote.document) : {};
      const mark = { added: '+', removed: '-', changed: '~' } as const;
      // Merged: the merged document (the file's text may be YAML); else the file's value.
      const sent = facts ? facts.mergedDocument : inspection.local;
      const paths = diffDocuments(remote, withoutVolatile(inspection.kind, sent)).map((c) => `${mark[c.type]} ${c.display}`);
      plan.push({ work, inspection, summary, paths, fromServer: facts?.fromServer, resolved: facts?.resolved });
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
    if (p.fromServer) out.out(`    merged with the server's changes (written to the file before the push): ${p.fromServer.join(', ') || 'none'}`);
    if (p.resolved?.length) out.out(`    conflicts resolved: ${p.resolved.join(', ')}`);
    for (const line of p.paths.slice(0, 50)) out.out(`    ${line}`);
    if (p.paths.length > 50) out.out(`    … and ${p.paths.length - 50} more path(s)`);
  }
  // Time passed while a person read the plan: the send reads the server afresh (the whole record
  // too, listing and all on a spec-only server) instead of proving the plan's read by the document
  // alone, so a change to the record's other members meanwhile is kept, not written back over.
  const sendRead = options.yes ? ('prove' as const) : ('fresh' as const);
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
      outcome = await runPipeline(root, connection, p.work, p.inspection, options, {
        client,
        use: sendRead,
        confirm: () => Promise.resolve(true),
        confirmMerge: () => Promise.resolve(true),
        writeMerged: (text) => fs.writeFile(p.work.file, text),
      });
    } catch (err) {
      if (isConnectionFailure(err)) throw err;
      // Stryker disable next-line UpdateOperator: only whether failed is 0 decides the exit code, and counting down is not 0 either
      failed++;
      out.endProgress();
      out.error(`${p.work.key}: ${describeFailure(err, connection)}`);
      continue;
    }
    out.endProgress();
    if (outcome.status === 'no-op') {
      // The server moved while the question waited, to where the file is (merged in, or on its own).
      await recordPush(store, root, p.work.key, environment, p.work.record, outcome);
      out.out(nothingToSend(p.work.key, outcome.merge?.fromServer));
    } else if (outcome.status === 'pushed') {
      await recordPush(store, root, p.work.key, environment, p.work.record, outcome);
      const reload = outcome.reloaded ? ' (gateway reloaded: live)' : ' (stored; live after a gateway reload: --reload)';
      // Stryker disable next-line OptionalChaining: a pushed outcome always carries its route
      out.out(`${outcome.merge ? 'merged and pushed' : 'pushed    '} ${p.work.key}${outcome.route?.reloadNeeded ? reload : ''}`);
    } else {
      // The server moved between the plan and the send.
      // At the send only the server's version differs from the plan's: the refusals (the document, the
      // credentials, the route) came in the plan, so what is not pushed here was cancelled by a change.
      // Stryker disable UpdateOperator,ConditionalExpression: only whether the counters are 0 decides the exit code; see above for the status
      if (outcome.status === 'cancelled') conflicted++;
      else failed++;
      // Stryker restore UpdateOperator,ConditionalExpression
      out.error(`${p.work.key}: ${outcome.message}`);
    }
  }
  return conflicted ? EXIT.conflict : failed ? EXIT.differences : EXIT.ok;
}

/** A file that equals the server's version after all: merged with the server's changes, or the same already. */
const nothingToSend = (key: string, fromServer: readonly string[] = []) =>
  fromServer.length
    ? `merged     ${key} (from the server: ${fromServer.join(', ')}); it now equals the server's version, nothing was sent`
    : `unchanged  ${key} (the server has it already; nothing was sent)`;

/** The pipeline for one file with the CLI's answers: no dialogs, the flags decide. */
async function runPipeline(
  root: string,
  connection: Connection,
  work: WorkFile,
  inspection: Inspection,
  options: PushOptions,
  hooks: {
    confirm: (s: SendSummary) => Promise<boolean>;
    confirmMerge: (f: MergeFacts) => Promise<boolean>;
    writeMerged: (text: string) => Promise<void>;
    client: ManagementClient;
    /** How the pipeline takes the inspection's read of the server (PushRequest.known); `fresh`: it reads again. */
    use: 'as-read' | 'prove' | 'fresh';
  },
): Promise<PushOutcome> {
  const { record } = work;
  let keyIdNeeded = false;
  const ui: PushUi = {
    // Stryker disable next-line ArrowFunction,BooleanLiteral: never asked: the request carries no errors (svc-lint stopped the push before)
    confirmDespiteErrors: () => Promise.resolve(false),
    resolveConflict: () => Promise.resolve(options.force ? ('overwrite' as const) : ('cancel' as const)),
    chooseOasCreate: () => Promise.resolve(options.oasVersion ?? ('new' as const)),
    chooseStreamsUpdate: () => Promise.resolve('put' as const),
    askKeyId: () => {
      keyIdNeeded = true;
      return Promise.resolve(undefined);
    },
    // Stryker disable next-line ArrowFunction: the pipeline awaits the answer, and undefined awaited is undefined
    showDiff: () => Promise.resolve(undefined),
    confirmSend: hooks.confirm,
    offerReload: () => Promise.resolve(options.reload),
    // --force overwrites: no merge (the pipeline then asks resolveConflict, answered 'overwrite').
    confirmMerge: options.force ? undefined : hooks.confirmMerge,
    // Conflicts were refused (or resolved by --ours/--theirs) before the plan: never asked here.
    // Stryker disable next-line ArrowFunction: as for showDiff
    resolveMergeConflicts: () => Promise.resolve(undefined),
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
      base: record ? { remoteHash: record.remoteHash, remoteText: await readSnapshot(root, record.remoteHash), localHash: record.localHash } : undefined,
      errors: [],
      choices,
      resolutions: options.resolutions,
      writeMerged: options.force ? undefined : hooks.writeMerged,
      known: inspection.target && hooks.use !== 'fresh' ? { target: inspection.target, snapshot: inspection.remote, use: hooks.use } : undefined,
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

/** The file merged with the server (undefined when it cannot be: deleted on the server, or the base snapshot gone). */
async function mergeOf(root: string, work: WorkFile, inspection: Inspection, resolutions: MergeResolutions | undefined) {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: only tracked files moved; their remote is gone exactly when deleted-remotely
  if (!work.record || !inspection.remote.exists || inspection.comparison.status === 'deleted-remotely') return undefined;
  const baseText = await readSnapshot(root, work.record.remoteHash);
  // Stryker disable next-line ConditionalExpression: without the check, JSON.parse(undefined) throws and the catch below returns undefined all the same
  if (baseText === undefined) return undefined;
  let base: unknown;
  try {
    base = JSON.parse(baseText);
  } catch {
    return undefined;
  }
  return mergeFile({
    kind: inspection.kind,
    file: work.file,
    text: inspection.text,
    local: inspection.local,
    base,
    remote: inspection.remote.document,
    resolutions,
    localChanged: inspection.comparison.localChanged,
  });
}

/**
 * The client for the passes that send nothing: endpoint 10's listing, asked for with the same
 * `p`, is read once and shared. A spec-only server gives an API's dashboard record only there
 * (issue 32: the checks of a few files, each read on its own, share one listing).
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
      // Stryker disable next-line ArrowFunction: a failed listing fails its file's check, which stops the push (exit 2) whatever the others then read
      answer.catch(() => answers.delete(key));
    }
    return answer;
  };
  return shared;
}
