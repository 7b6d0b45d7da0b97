// Compare with Environment for an environment of the repository's svc.environments.json, as
// `svc diff --env` compares: the definition rendered for it (its overlay, its ids, the members its
// server filled in at the last push) against its server, three-way against the base in the shared
// deploy state (.svc-deploy/). The diff shows the server's version against the rendered document;
// picking a changed path goes to the overlay when the overlay sets that member, else to the
// definition. Any other environment keeps the comparison of the bare file (compareFlow.ts).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DefinitionProblem, loadDefinition } from '../../../../engine/src/environments/definition';
import { DeployStateError, listDeployRecords, type DeployRecord } from '../../../../engine/src/environments/deployState';
import { readEnvironmentsFile } from '../../../../engine/src/environments/environmentsFile';
import { inspectDefinition } from '../../../../engine/src/environments/inspectDefinition';
import { overlaySets } from '../../../../engine/src/environments/render';
import { formatDocument } from '../../../../engine/src/sync/canonicalJson';
import { mapPool, SYNC_CONCURRENCY } from '../../../../engine/src/sync/pool';
import { stateKeyOf, type SyncState } from '../../../../engine/src/sync/stateFile';
import { SYNC_KIND_LABELS } from '../../../../engine/src/sync/syncKinds';
import { presentResults, showComparison, STATUS_WORDS, type CompareResult } from '../sync/compareView';
import type { SyncContext } from '../sync/syncContext';
import { chooseEnvironment, definitionOfPath, isUnder } from './environmentChoice';
import { noteLegacyMove } from './legacyMove';

/** Compared rendered (the results), or not an environment of svc.environments.json: compare the bare file, with this environment if one was named. */
export type DeclaredComparison = { results: CompareResult[] } | { bare: true; environment?: string };

export async function compareWithDeclared(
  ctx: SyncContext,
  args: { root: string; uris: readonly vscode.Uri[]; explicit?: string; state: SyncState },
): Promise<DeclaredComparison> {
  const { root, uris, explicit, state } = args;
  // A broken file offers no environment (the environment list reports it), as for push and pull.
  const declared = ((await readEnvironmentsFile(root).catch(() => undefined)) ?? []).map((d) => d.name);
  if (declared.length === 0) return { bare: true, environment: explicit };

  const paths = await Promise.all(uris.map(async (uri) => ({ ...definitionOfPath(stateKeyOf(root, uri.fsPath), declared), folder: await isFolder(uri) })));
  const covers = (file: string) => paths.some((p) => (p.folder ? isUnder(file, p.file) : file === p.file));
  const tracking: string[] = [];
  for (const name of declared) if ([...(await listDeployRecords(root, name)).keys()].some(covers)) tracking.push(name);
  const recorded = [...new Set(Object.entries(state.files).flatMap(([key, r]) => (covers(key) && !r.target.publicMode ? [r.environment] : [])))];
  const overlays = [...new Set(paths.map((p) => p.overlayOf))];
  const choice = chooseEnvironment({
    declared,
    tracking,
    recorded,
    explicit,
    overlayOf: overlays.length === 1 ? overlays[0] : undefined,
    active: ctx.activeEnvironment(),
  });
  // Not a declared environment: the bare files, each with its own record's environment as before (unless one was named).
  if (choice.kind === 'bare' || (choice.kind === 'ask' && !choice.choices.some((c) => declared.includes(c)))) return { bare: true, environment: explicit };
  const environment =
    choice.kind === 'rendered'
      ? choice.environment
      : await vscode.window.showQuickPick(choice.choices, { title: 'Compare with which environment?', placeHolder: 'The file is deployed to several' });
  if (!environment) return { results: [] };
  if (!declared.includes(environment)) return { bare: true, environment };

  // Records of today's per-machine state for this environment join the shared state first, as `svc` does.
  await noteLegacyMove(ctx, root, environment);
  const records = await listDeployRecords(root, environment);
  const files = [...new Set(paths.flatMap((p) => (p.folder ? [...records.keys()].filter((f) => isUnder(f, p.file)) : [p.file])))].sort();
  if (files.length === 0) {
    void vscode.window.showInformationMessage(
      `Nothing to compare: no definition under this folder is deployed to '${environment}' (.svc-deploy/${environment}/). Pull or push it first.`,
    );
    return { results: [] };
  }
  const single = files.length === 1 && !paths[0].folder;
  const results = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Comparing with '${environment}' (rendered)`, cancellable: true },
    async (_progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      return mapPool(files, SYNC_CONCURRENCY, (file) => compareOne(ctx, root, environment, file, records.get(file), single, controller.signal));
    },
  );
  return { results: presentResults(results, single, environment) };
}

async function compareOne(
  ctx: SyncContext,
  root: string,
  environment: string,
  file: string,
  record: DeployRecord | undefined,
  open: boolean,
  signal: AbortSignal,
): Promise<CompareResult> {
  const absolute = path.join(root, ...file.split('/'));
  const name = path.basename(file);
  const base = { environment, file: absolute, name, rendered: true };
  let client;
  try {
    client = await ctx.clientFor(environment);
  } catch (err) {
    // No client for the environment (credentials, approval): said per file, as for pulled files.
    return { ...base, status: 'error', changes: [], message: `${file} cannot be compared: ${err instanceof Error ? err.message : String(err)}` };
  }
  try {
    const def = await loadDefinition(root, environment, file, record);
    const { comparison, remote, name: remoteName } = await inspectDefinition(client, def, signal);
    const label = def.kind === 'key' ? SYNC_KIND_LABELS.key : `${SYNC_KIND_LABELS[def.kind]} '${remoteName}'`;
    const count = comparison.changes.length ? ` (${comparison.changes.length} path${comparison.changes.length === 1 ? '' : 's'})` : '';
    const message = `${file}: ${STATUS_WORDS[comparison.status]} on '${environment}'${count}, rendered with its overlay — ${label}.`;
    if (open) {
      const overlay = vscode.Uri.file(path.join(root, ...def.overlayFile.split('/')));
      await showComparison(ctx, {
        remoteLabel: `${name}.${environment}.json`,
        remoteText: remote.exists ? formatDocument(remote.document) : '',
        // What the comparison read: the rendering, with the members the server filled in at the last push.
        right: ctx.diffs.create(`${name} rendered for ${environment}`, formatDocument(def.comparable)),
        title: `${name}: '${environment}' ↔ rendered for '${environment}'`,
        changes: comparison.changes,
        message,
        revealIn: (pointer) => (overlaySets(def.overlay, pointer) ? overlay : vscode.Uri.file(absolute)),
      });
    }
    return { ...base, status: comparison.status, changes: comparison.changes, message };
  } catch (err) {
    if (!(err instanceof DefinitionProblem || err instanceof DeployStateError)) throw err;
    return { ...base, status: 'error', changes: [], message: `${file} cannot be compared with '${environment}': ${err.message}` };
  }
}

async function isFolder(uri: vscode.Uri): Promise<boolean> {
  return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.Directory) !== 0;
}
