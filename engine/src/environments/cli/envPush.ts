// `svc push --env NAME [FILE…]` and `svc promote --from A --to B [FILE…]`: definitions rendered for
// one environment (its overlay, its ids), checked (the gateway's refusals on the rendered
// document), compared with its server and the shared base (a resource changed there since the
// last deploy is refused, exit 3, unless --force), planned (endpoint and changed paths), confirmed
// (a terminal, or --yes) and pushed through the engine's pipeline. Each push writes the
// environment's deploy record: the server's version as the new base, its ids, and the members
// the server filled in (not drift).
import { pathToFileURL } from 'node:url';
import * as path from 'node:path';
import { refusalsOf } from '../../../../validation/src/refusals';
import type { DocumentKind } from '../../../../common/src/kinds';
import { diffDocuments } from '../../diff/semanticDiff';
import { formatDocument, withoutVolatile } from '../../sync/canonicalJson';
import { mapPool, SYNC_CONCURRENCY } from '../../sync/pool';
import { pushDocument, type PushOutcome, type PushUi, type SendSummary } from '../../sync/pushPipeline';
import type { OasVersionChoice } from '../../sync/routing';
import { SYNC_KIND_LABELS, type SyncKind } from '../../sync/syncKinds';
import { clientFor, describeFailure, isConnectionFailure, type Connection } from '../../cli/connection';
import { EXIT, type ExitCode } from '../../cli/exitCodes';
import type { CliIo, Reporter } from '../../cli/io';
import { DeployStateError } from '../deployState';
import { DefinitionProblem, type Definition } from '../definition';
import { inspectDefinition, type EnvInspection } from '../inspectDefinition';
import { recordPush } from '../recordDeploy';

export interface EnvPushOptions {
  yes: boolean;
  force: boolean;
  reload: boolean;
  oasVersion?: OasVersionChoice;
  /** Push only definitions changed here since the last deploy (svc push without FILE). */
  onlyChanged: boolean;
  /** The plan's first line, e.g. "Push to 'production':" or "Promote from 'staging' to 'production':". */
  title: string;
}

const documentKindOf = (kind: SyncKind): DocumentKind => (kind === 'key' ? 'session' : kind);

export async function pushDefinitions(
  root: string,
  connection: Connection,
  defs: Definition[],
  options: EnvPushOptions,
  io: CliIo,
  out: Reporter,
): Promise<ExitCode> {
  const client = clientFor(connection);
  const environment = connection.environment;
  const problems: string[] = [];
  let done = 0;
  const checked = await mapPool(defs, SYNC_CONCURRENCY, async (def) => {
    try {
      return await inspectDefinition(client, def);
    } catch (err) {
      if (isConnectionFailure(err)) throw err;
      problems.push(`${def.file}: ${err instanceof DefinitionProblem || err instanceof DeployStateError ? err.message : describeFailure(err, connection)}`);
      return undefined;
    } finally {
      out.progress(`checking ${++done}/${defs.length}`);
    }
  });
  out.endProgress();
  if (problems.length) {
    for (const p of problems) out.error(p);
    out.error('nothing was pushed.');
    return EXIT.usage;
  }
  let candidates = checked.filter((c): c is EnvInspection => !!c).filter((c) => c.comparison.status !== 'unchanged');
  if (options.onlyChanged) candidates = candidates.filter((c) => c.comparison.localChanged);
  if (candidates.length === 0) {
    out.note(`Nothing to push: '${environment}' already has every selected definition as rendered for it.`);
    return EXIT.ok;
  }

  // The gateway's refusals, on what would be sent (the rendered document): errors stop the push.
  let refusals = 0;
  for (const c of candidates) {
    for (const r of refusalsOf(documentKindOf(c.def.kind), c.def.rendered)) {
      refusals++;
      out.out(`${c.def.file} (rendered for '${environment}'): error ${r.pointer || '/'}: ${r.message}`);
    }
  }
  if (refusals) {
    out.error(`${refusals} error(s) in the documents rendered for '${environment}': fix the definition or its overlay; nothing was pushed.`);
    return EXIT.differences;
  }

  const conflicts = candidates.filter((c) => c.comparison.remoteChanged);
  if (conflicts.length && !options.force) {
    for (const c of conflicts) {
      const what = c.comparison.status === 'deleted-remotely' ? 'was deleted on the server' : 'changed on the server';
      const mine = c.comparison.localChanged ? ', and the definition changed too' : '; pushing would undo that';
      out.error(`${c.def.file}: the ${SYNC_KIND_LABELS[c.def.kind]} ${what} of '${environment}' since the last deploy${mine}.`);
      for (const change of c.comparison.changes) if (change.side !== 'local') out.out(`  ${change.side.padEnd(7)} ${change.display}`);
    }
    out.error(
      `nothing was pushed. See what changed with svc diff --env ${environment}; ` +
        `pull it (svc pull --env ${environment} FILE --force), or push anyway with --force.`,
    );
    return EXIT.conflict;
  }

  // The plan: a dry pass of the pipeline (every check, the route) that stops before sending.
  const plan: Array<{ c: EnvInspection; summary: SendSummary; paths: string[] }> = [];
  for (const c of candidates) {
    let summary: SendSummary | undefined;
    const outcome = await runPipeline(root, connection, c, options, (s) => {
      summary = s;
      return Promise.resolve(false);
    });
    if (outcome.status === 'no-op') {
      await recordPush(root, environment, c, outcome);
      out.note(`${c.def.file}: the same as on '${environment}'; nothing to send (recorded).`);
    } else if (outcome.status === 'refused' || !summary) {
      out.error(`${c.def.file}: ${outcome.message}`);
      out.error('nothing was pushed.');
      return outcome.status === 'refused' ? EXIT.differences : EXIT.conflict;
    } else {
      const remote = c.remote.exists ? withoutVolatile(c.def.kind, c.remote.document) : {};
      const mark = { added: '+', removed: '-', changed: '~' } as const;
      const paths = diffDocuments(remote, withoutVolatile(c.def.kind, c.def.comparable)).map(
        (d) => `${mark[d.type]} ${d.display}: ${show(d.oldValue)} → ${show(d.newValue)}`,
      );
      plan.push({ c, summary, paths });
    }
  }
  if (plan.length === 0) return EXIT.ok;

  out.out(options.title);
  for (const p of plan) {
    const { route } = p.summary;
    const name = p.c.def.kind === 'key' ? '(key)' : `'${p.c.name}'`;
    out.out(`  ${p.c.def.file}: ${route.operation} ${SYNC_KIND_LABELS[p.c.def.kind]} ${name} via ${route.endpoint}`);
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
      outcome = await runPipeline(root, connection, p.c, options, () => Promise.resolve(true));
    } catch (err) {
      if (isConnectionFailure(err)) throw err;
      failed++;
      out.endProgress();
      out.error(`${p.c.def.file}: ${describeFailure(err, connection)}`);
      continue;
    }
    out.endProgress();
    if ((outcome.status === 'pushed' || outcome.status === 'no-op') && (await recordPush(root, environment, p.c, outcome))) {
      const reload = outcome.reloaded ? ' (gateway reloaded: live)' : ' (stored; live after a gateway reload: --reload)';
      out.out(`pushed     ${p.c.def.file} to '${environment}'${outcome.route?.reloadNeeded ? reload : ''}`);
    } else {
      if (outcome.status === 'cancelled') conflicted++;
      else failed++;
      out.error(`${p.c.def.file}: ${outcome.message}`);
    }
  }
  return conflicted ? EXIT.conflict : failed ? EXIT.differences : EXIT.ok;
}

const show = (value: unknown) => {
  const text = value === undefined ? '(absent)' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

function runPipeline(
  root: string,
  connection: Connection,
  c: EnvInspection,
  options: EnvPushOptions,
  confirm: (s: SendSummary) => Promise<boolean>,
): Promise<PushOutcome> {
  const { def } = c;
  const ui: PushUi = {
    confirmDespiteErrors: () => Promise.resolve(false),
    resolveConflict: () => Promise.resolve(options.force ? ('overwrite' as const) : ('cancel' as const)),
    chooseOasCreate: () => Promise.resolve(options.oasVersion ?? ('new' as const)),
    chooseStreamsUpdate: () => Promise.resolve('put' as const),
    askKeyId: () => Promise.resolve(undefined),
    showDiff: () => Promise.resolve(undefined),
    confirmSend: confirm,
    offerReload: () => Promise.resolve(options.reload),
  };
  return pushDocument(
    { clientFor: () => Promise.resolve(clientFor(connection)), ui },
    {
      environment: connection.environment,
      name: def.file,
      uri: pathToFileURL(path.join(root, def.file)).toString(),
      text: def.renderedText,
      kind: documentKindOf(def.kind),
      target: c.target,
      base: def.record
        ? { remoteHash: def.record.serverHash, remoteText: def.record.base === undefined ? undefined : formatDocument(def.record.base) }
        : undefined,
      errors: [],
    },
  );
}
