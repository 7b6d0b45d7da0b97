// Reading goes through the same containment as writing (pathContainment.ts): `svc diff` and
// `svc push` read the files `.svc/state.json` names, and a committed state entry such as
// `../outside/config.json`, or a symlink in the pull folder that leads out, must not be read,
// printed in a diff or pushed. The real path is resolved and refused outside the workspace
// folder, with the reason. Free of `vscode`; used where a workspace file is read for sync.
import * as fs from 'node:fs/promises';
import { containedPath, OutsideWorkspaceError } from './pathContainment';

export class OutsideWorkspaceReadError extends Error {
  constructor(readonly outside: OutsideWorkspaceError) {
    super(
      `Refused to read '${outside.given}' (named by ${outside.source}): ` +
        `it ${outside.realPath ? `resolves through a symbolic link to '${outside.realPath}', ` : 'is '}` +
        `outside the workspace folder '${outside.root}'. Nothing was read or sent. ` +
        (outside.source.startsWith('.svc')
          ? `Remove the entry from ${outside.source} (or pull again into a folder inside the workspace).`
          : 'Name a file inside the workspace folder.'),
    );
  }
}

/** The text of `file` (absolute, or relative to `root`) when its real path is inside `root`. */
export async function readContained(root: string, file: string, source: string): Promise<string> {
  let checked: string;
  try {
    checked = await containedPath(root, file, source);
  } catch (error) {
    if (error instanceof OutsideWorkspaceError) throw new OutsideWorkspaceReadError(error);
    throw error;
  }
  return fs.readFile(checked, 'utf8');
}
