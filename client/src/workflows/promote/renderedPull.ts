// Pull and Pull All from an environment of the repository's svc.environments.json, as
// `svc pull --env` does (engine/src/environments/pullDefinition.ts): the server's document is
// split into the definition and the environment's overlay (a member the overlay sets is updated
// there, anything else in the definition), and the shared deploy state (.svc-deploy/) is updated.
// Where the CLI refuses, the editor asks: a change to the definition that would reach other
// environments (definition, overlay, or nothing), and local changes (replace, keep a copy, keep).
// Pull All asks the first question once, for all the definitions concerned, after the others.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isManagementApiError } from '../../../../api/src/errors';
import { listDeployRecords } from '../../../../engine/src/environments/deployState';
import { readEnvironmentsFile } from '../../../../engine/src/environments/environmentsFile';
import {
  definitionFileFor,
  definitionIndex,
  pullDefinition,
  pullEnvironment,
  type PullDefinitionPorts,
  type PullDefinitionResult,
} from '../../../../engine/src/environments/pullDefinition';
import { copyNameFor } from '../../../../engine/src/sync/fileNaming';
import { listTargets } from '../../../../engine/src/sync/listing';
import type { PullOutcome } from '../../../../engine/src/sync/pullTypes';
import { readAhead, SYNC_CONCURRENCY } from '../../../../engine/src/sync/pool';
import { RemoteCatalog } from '../../../../engine/src/sync/remoteCatalog';
import { readRemote } from '../../../../engine/src/sync/remoteReader';
import { SYNC_KIND_LABELS, type RemoteTarget } from '../../../../engine/src/sync/syncKinds';
import { withCancellableProgress } from '../../shared/progress';
import { pullFolderOf, refreshOpenEditor, unsavedText, writePulledFile, type PullAllSummary } from '../sync/pullFlow';
import type { PullArgs, SyncContext } from '../sync/syncContext';
import { noteLegacyMove } from './legacyMove';
import { pullAsking, type PullQuestions } from './pullQuestions';
import { isRepositoryEnvironment } from './renderedPush';

/** The workspace folder whose svc.environments.json declares `environment` (`preferred` first), if any. */
export async function repositoryRootOf(environment: string, preferred?: string): Promise<string | undefined> {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  for (const root of new Set([...(preferred ? [preferred] : []), ...folders])) if (await isRepositoryEnvironment(root, environment)) return root;
  return undefined;
}

const absoluteOf = (root: string, file: string) => path.join(root, ...file.split('/'));

/** Writes go through an open editor (so it never holds an older version than the disk); unsaved edits count as changes here. */
function editorPorts(root: string): PullDefinitionPorts {
  return {
    writeText: (file, text) => writePulledFile(absoluteOf(root, file), text),
    unsaved: (file) => unsavedText(absoluteOf(root, file)) !== undefined,
  };
}

async function othersOf(root: string, environment: string): Promise<string[]> {
  return ((await readEnvironmentsFile(root)) ?? []).map((d) => d.name).filter((n) => n !== environment);
}

const folderOf = (root: string) => pullFolderOf(root).split(path.sep).join('/') || '.';

/** What a pull wrote, in words: "the definition", "'production''s overlay environments/production/…", or both. */
function describeWrites(environment: string, file: string, wrote: readonly string[]): string {
  const parts = wrote.map((f) => (f === file ? `the definition ${file}` : `'${environment}''s overlay ${f}`));
  return parts.join(' and ');
}

/** Pull one resource of a declared environment into its definition and overlay (the editor's Pull). */
export async function pullRendered(ctx: SyncContext, args: PullArgs & { root: string }): Promise<PullOutcome> {
  const { environment, target, root } = args;
  await noteLegacyMove(ctx, root, environment);
  const client = await ctx.clientFor(environment);
  const remote = await readRemote(client, target, { signal: args.signal });
  const label = SYNC_KIND_LABELS[target.kind];
  if (!remote.exists) return finish(ctx, args, { status: 'missing', message: `The ${label} is no longer on '${environment}': refresh the view.` }, true);
  const { file, record } = definitionFileFor(definitionIndex(await listDeployRecords(root, environment)), folderOf(root), target, remote.name);
  const ports = editorPorts(root);
  const questions: PullQuestions = {
    // A caller that decided already (a push's "Pull (keep mine as a copy)") is not asked again.
    askLocal: (f, reason) => (args.overwrite ? Promise.resolve(args.overwrite) : ctx.ui.askOverwrite(absoluteOf(root, f), reason, environment)),
    keepCopies: (f, overlayFile) => keepCopies(root, [f, overlayFile]),
    askInto: (facts) => ctx.ui.askPullInto(facts),
  };
  const result = await pullAsking(
    { root, environment, others: await othersOf(root, environment), file, record, target, remote: remote.document },
    ports,
    questions,
  );
  const what = target.kind === 'key' ? `the ${label}` : `the ${label} '${remote.name ?? target.id}'`;
  const absolute = absoluteOf(root, file);
  switch (result.status) {
    case 'unchanged':
      return finish(ctx, args, {
        status: 'unchanged',
        file: absolute,
        message: `${file} is already up to date with '${environment}' (rendered with its overlay).`,
      });
    case 'skipped':
      return finish(
        ctx,
        args,
        {
          status: 'skipped',
          file: absolute,
          message:
            result.why === 'kept'
              ? `Pull of ${file} skipped: your local changes are kept.`
              : `Nothing was written: ${file} keeps its definition and overlay. Pull again to choose where '${environment}''s change goes.`,
        },
        result.why === 'no-choice',
      );
    default: {
      const pulled = result.status === 'kept-copy' ? result.result : result;
      const copies = result.status === 'kept-copy' ? `; your version is kept in ${result.copies.join(' and ')}` : '';
      const message = pulled.wrote.length
        ? `Pulled ${what} from '${environment}' into ${describeWrites(environment, file, pulled.wrote)}${copies}.`
        : `${file} already renders what '${environment}' has; its deploy record (.svc-deploy/${environment}/${file}) is updated${copies}.`;
      return finish(ctx, args, {
        status: pulled.wrote.length ? 'pulled' : 'unchanged',
        file: absolute,
        wrote: pulled.wrote,
        copiedTo: result.status === 'kept-copy' ? absoluteOf(root, result.copies[0]) : undefined,
        message,
      });
    }
  }
}

async function finish(ctx: SyncContext, args: PullArgs & { root: string }, outcome: PullOutcome, warn = false): Promise<PullOutcome> {
  for (const f of outcome.wrote ?? []) await refreshOpenEditor(absoluteOf(args.root, f));
  if (args.open && outcome.file && outcome.status !== 'skipped' && outcome.status !== 'missing') {
    // Open what changed: the overlay when only the overlay was written.
    const onlyOverlay = outcome.wrote?.length === 1 && absoluteOf(args.root, outcome.wrote[0]) !== outcome.file;
    await vscode.window.showTextDocument(vscode.Uri.file(onlyOverlay ? absoluteOf(args.root, outcome.wrote![0]) : outcome.file), { preview: false });
  }
  ctx.log.info(`pull (rendered for '${args.environment}'): ${outcome.status} — ${outcome.message}`);
  if (args.notify !== false) {
    if (warn) void vscode.window.showWarningMessage(outcome.message);
    else void vscode.window.showInformationMessage(outcome.message);
  }
  return outcome;
}

/** "Keep Mine as a Copy": the definition and its overlay as they are now (an editor's unsaved text first) beside themselves. */
async function keepCopies(root: string, files: readonly string[]): Promise<string[]> {
  const copies: string[] = [];
  for (const file of files) {
    const absolute = absoluteOf(root, file);
    const text = unsavedText(absolute) ?? (await fs.readFile(absolute, 'utf8').catch(() => undefined));
    if (text === undefined) continue;
    const siblings = new Set(await fs.readdir(path.dirname(absolute)));
    const copy = path.join(
      path.dirname(absolute),
      copyNameFor(path.basename(absolute), (n) => siblings.has(n)),
    );
    await fs.writeFile(copy, text, 'utf8');
    copies.push(path.relative(root, copy).split(path.sep).join('/'));
  }
  return copies;
}

/**
 * Every API, policy and key of a declared environment (Pull All), rendered: local changes are
 * kept (counted), never replaced; the definitions whose change would reach other environments
 * are asked about once, together, at the end.
 */
export async function pullAllRendered(ctx: SyncContext, environment: string, root: string): Promise<PullAllSummary> {
  const summary: PullAllSummary = { pulled: 0, unchanged: 0, skipped: 0, merged: 0, conflicts: 0, failed: 0, cancelled: false, message: '' };
  const notes: string[] = [];
  const ports = editorPorts(root);
  const others = await othersOf(root, environment);
  const undecided: Array<{ item: Extract<PullDefinitionResult, { status: 'needs-choice' }>; target: RemoteTarget; remote: unknown }> = [];
  const records = await listDeployRecords(root, environment);
  const count = async (result: PullDefinitionResult) => {
    if (result.status === 'pulled') {
      if (result.wrote.length) summary.pulled++;
      else summary.unchanged++;
      for (const f of result.wrote) await refreshOpenEditor(absoluteOf(root, f));
    } else if (result.status === 'unchanged') summary.unchanged++;
    else if (result.status === 'kept') summary.skipped++;
  };
  await noteLegacyMove(ctx, root, environment);
  await withCancellableProgress(`Pulling everything from '${environment}' (rendered with its overlays)`, async (signal, report) => {
    const client = await ctx.clientFor(environment);
    report('listing…');
    // The listings read once, each resource taken from them where they carry it whole (issue 32).
    const catalog = new RemoteCatalog(client, signal);
    const listing = await listTargets(client, signal, catalog);
    const targets = listing.targets;
    notes.push(...listing.notes);
    const step = targets.length ? 100 / targets.length : 100;
    await pullEnvironment(
      {
        root,
        environment,
        others,
        folder: folderOf(root),
        records,
        targets,
        remoteOf: readAhead(targets, SYNC_CONCURRENCY, (target) => catalog.read(target)),
        signal,
      },
      {
        ...ports,
        onStart: (index) => report(`${index + 1}/${targets.length}`, step),
        onItem: async (index, item, remote) => {
          const target = targets[index];
          if (item.status === 'failed') {
            if (isManagementApiError(item.error, 'cancelled')) summary.cancelled = true;
            else {
              summary.failed++;
              ctx.log.error(`pull all: ${target.kind} ${target.kind === 'key' ? '(key)' : target.id} failed`, item.error);
            }
            return;
          }
          if (item.status === 'needs-choice') undecided.push({ item, target, remote });
          else if (item.status !== 'missing' && item.status !== 'not-selected') await count(item);
          ctx.log.info(`pull all '${environment}': ${item.status}${item.file ? ` ${item.file}` : ''}`);
        },
      },
    );
    if (signal.aborted) summary.cancelled = true;
  });

  if (undecided.length && !summary.cancelled) {
    const into = await ctx.ui.askPullInto({ environment, items: undecided.map(({ item }) => item) });
    for (const { item, target, remote } of undecided) {
      if (!into) {
        summary.conflicts++;
        continue;
      }
      try {
        await count(await pullDefinition({ root, environment, others, file: item.file, record: records.get(item.file), target, remote, into }, ports));
      } catch (err) {
        summary.failed++;
        ctx.log.error(`pull all: ${item.file} into the ${into} failed`, err);
      }
    }
  }
  summary.message = [
    `${summary.cancelled ? 'Pull All cancelled' : 'Pull All done'} ('${environment}', rendered with its overlays; state in .svc-deploy/${environment}/): `,
    `${summary.pulled} pulled, ${summary.unchanged} unchanged`,
    summary.skipped ? `, ${summary.skipped} skipped (local changes kept)` : '',
    summary.conflicts ? `, ${summary.conflicts} left as they are (their change would reach other environments: pull each to choose definition or overlay)` : '',
    summary.failed ? `, ${summary.failed} failed (see the log)` : '',
    notes.length ? `; ${notes.join('; ')}` : '',
    '.',
  ].join('');
  ctx.log.info(summary.message);
  return summary;
}
