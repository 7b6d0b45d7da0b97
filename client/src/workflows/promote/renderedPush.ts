// Push to an environment of the repository's svc.environments.json from the editor: what is sent is
// the definition rendered for that environment (its overlay, its ids), never the bare file, and
// the base is the shared deploy state (.svc-deploy/), as with `svc push --env`. Without this, a
// push of a definition to production would overwrite production's own values with the base's.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { readEnvironmentsFile } from '../../../../engine/src/environments/environmentsFile';
import { promoteDefinition, renderedFor } from '../../../../engine/src/environments/promote';
import type { PushOutcome } from '../../../../engine/src/sync/pushPipeline';
import { withCancellableProgress } from '../../shared/progress';
import type { SyncContext } from '../sync/syncContext';
import { noteLegacyMove } from './legacyMove';

/** True when `environment` is declared in the svc.environments.json at `root`. */
export async function isRepositoryEnvironment(root: string, environment: string): Promise<boolean> {
  try {
    return !!(await readEnvironmentsFile(root))?.some((d) => d.name === environment);
  } catch {
    return false; // a broken file is reported where environments are listed
  }
}

export async function pushRendered(
  ctx: SyncContext,
  args: { root: string; file: string; environment: string; document: vscode.TextDocument },
): Promise<PushOutcome> {
  const { root, file, environment, document } = args;
  // The rendering reads the definition and its overlay from disk: what the editor shows goes there first.
  if (document.isDirty && !(await document.save())) throw new Error(`Save ${path.basename(file)} first: the push to '${environment}' renders the saved file.`);
  // A file pulled before the environment was declared has its record in .svc/: moved first, or the push would create a second resource.
  await noteLegacyMove(ctx, root, environment);
  const def = await renderedFor(root, environment, file);
  const rendered = ctx.diffs.create(`${path.basename(file)} rendered for ${environment}`, def.renderedText);
  const ui = ctx.ui.push({ documentUri: rendered, reload: () => ctx.reloadGateway(environment) });
  const client = await ctx.clientFor(environment);
  const result = await withCancellableProgress(`Pushing ${path.basename(file)} to '${environment}' (rendered)`, (signal) =>
    promoteDefinition({ client, ui, log: (l) => ctx.log.info(l) }, { root, file, to: environment, signal }),
  );
  if (result.status === 'pushed') ctx.refreshTree();
  return result.outcome ?? { status: result.status === 'unchanged' ? 'no-op' : result.status, message: result.message, kind: def.kind };
}
