// Which definition in the workspace stands for each resource of an environment, for the tree's
// `folder:` filter: an environment declared in a folder's svc.environments.json has them in its
// deploy state (.svc-deploy/<environment>/, what `svc --select folder:` reads); any other
// environment in the pull records of `.svc/state.json`. Read-only. Free of `vscode`.
import { listDeployRecords } from '../../../engine/src/environments/deployState';
import { readEnvironmentsFile } from '../../../engine/src/environments/environmentsFile';
import { readState } from '../../../engine/src/sync/stateFile';

/** `kind:id` → the definition's path relative to its workspace folder (the first folder that has one wins). */
export async function definitionFilesOf(roots: readonly string[], environment: string, warn?: (problem: string) => void): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const add = (kind: string, id: string, file: string) => {
    if (!files.has(`${kind}:${id}`)) files.set(`${kind}:${id}`, file);
  };
  for (const root of roots) {
    try {
      const declared = await readEnvironmentsFile(root).catch(() => undefined);
      if (declared?.some((d) => d.name === environment)) {
        for (const [file, record] of await listDeployRecords(root, environment)) add(record.kind, record.id, file);
        continue;
      }
      const { state } = await readState(root);
      for (const [file, record] of Object.entries(state.files)) {
        if (record.environment === environment && !record.target.publicMode) add(record.target.kind, record.target.id, file);
      }
    } catch (err) {
      // A damaged record: the filter still works on the rest, and the log says which file to fix.
      warn?.(`folder filter: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return files;
}
