// Promote to Environment…: one definition of the workspace, rendered for another environment of
// the repository's svc.environments.json, shown as that environment's server against what would
// be sent, confirmed and pushed (engine/src/environments/promote.ts). From the editor (the file)
// or the tree (an API or policy of the source environment, found through its deploy state).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { listDeployRecords } from '../../../../engine/src/environments/deployState';
import { readEnvironmentsFile } from '../../../../engine/src/environments/environmentsFile';
import { promoteDefinition, renderedFor, type PromoteResult } from '../../../../engine/src/environments/promote';
import type { RemoteTarget } from '../../../../engine/src/sync/syncKinds';
import { withCancellableProgress } from '../../shared/progress';
import type { SyncContext } from '../sync/syncContext';
import { noteLegacyMove } from './legacyMove';

export interface PromoteArgs {
  /** The definition (a file in a workspace folder). */
  uri?: vscode.Uri;
  /** The environment it comes from (default: the one whose deploy state has it, asked when several). */
  from?: string;
  /** The environment to promote to (asked when absent). */
  to?: string;
  force?: boolean;
}

/** The definition a tree resource of `environment` stands for, through that environment's deploy state. */
export async function definitionOf(environment: string, target: RemoteTarget): Promise<vscode.Uri | undefined> {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (folder.uri.scheme !== 'file') continue;
    for (const [file, record] of await listDeployRecords(folder.uri.fsPath, environment)) {
      if (record.kind === target.kind && record.id === target.id) return vscode.Uri.file(path.join(folder.uri.fsPath, ...file.split('/')));
    }
  }
  return undefined;
}

export async function promoteFile(ctx: SyncContext, args: PromoteArgs): Promise<PromoteResult | undefined> {
  const uri = args.uri ?? vscode.window.activeTextEditor?.document.uri;
  const folder = uri && uri.scheme === 'file' ? vscode.workspace.getWorkspaceFolder(uri) : undefined;
  if (!uri || !folder) throw new Error('Promote works on a definition file of a workspace folder: open it first.');
  const root = folder.uri.fsPath;
  const file = path.relative(root, uri.fsPath).split(path.sep).join('/');
  const declared = (await readEnvironmentsFile(root)) ?? [];
  // As svc promote: records of this machine's .svc/ for these environments join the shared state first.
  for (const env of declared) await noteLegacyMove(ctx, root, env.name);
  if (declared.length < 2) throw new Error(`Promote needs two environments declared in svc.environments.json at the root of '${folder.name}'.`);

  let from = args.from;
  if (!from) {
    const tracking: string[] = [];
    for (const env of declared) if ((await listDeployRecords(root, env.name)).has(file)) tracking.push(env.name);
    from =
      tracking.length === 1 ? tracking[0] : await pick(tracking.length ? tracking : declared.map((d) => d.name), `Promote ${file} from which environment?`);
    if (!from) return undefined;
  }
  const to =
    args.to ??
    (await pick(
      declared.map((d) => d.name).filter((n) => n !== from),
      `Promote ${file} from '${from}' to…`,
    ));
  if (!to) return undefined;
  if (to === from) throw new Error('Promote goes from one environment to another: choose two different ones.');
  if (!declared.some((d) => d.name === to)) throw new Error(`'${to}' is not declared in svc.environments.json.`);

  const def = await renderedFor(root, to, file);
  // The right side of the diff: what the target would get.
  const rendered = ctx.diffs.create(`${path.basename(file)} rendered for ${to}`, def.renderedText);
  const ui = ctx.ui.push({ documentUri: rendered, reload: () => ctx.reloadGateway(to) });
  const client = await ctx.clientFor(to);
  const result = await withCancellableProgress(`Promoting ${path.basename(file)} from '${from}' to '${to}'`, (signal) =>
    promoteDefinition({ client, ui, log: (l) => ctx.log.info(l) }, { root, file, to, force: args.force, signal }),
  );
  ctx.log.info(`promote ${file} from '${from}' to '${to}': ${result.status}`);
  if (result.status === 'pushed') ctx.refreshTree();
  return result;
}

async function pick(names: string[], title: string): Promise<string | undefined> {
  if (names.length === 1) return names[0];
  return vscode.window.showQuickPick(names, { title, placeHolder: title });
}
