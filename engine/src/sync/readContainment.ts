// Reading goes through the same containment as writing (pathContainment.ts): `svc diff` and
// `svc push` read the files `.svc/state.json` names, and a committed state entry such as
// `../outside/config.json`, or a symlink in the pull folder that leads out, must not be read,
// printed in a diff or pushed. The real path is resolved and refused outside the workspace
// folder, with the reason. Free of `vscode`; used where a workspace file is read for sync.
import { lstatSync, realpathSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { containedPath, isInside, OutsideWorkspaceError } from './pathContainment';

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

/**
 * The same check, synchronous and cached, for the quick check's reads of thousands of pulled files
 * (quickCheck.ts): true when `file` (absolute, or relative to `root`) is inside `root` as written
 * and by its real path. Each folder's real path is resolved once; a file is resolved only when it
 * is a symbolic link. What cannot be resolved (a file that is gone) is not known to be inside: the
 * caller then reads it the full way (readContained), which says why it cannot.
 */
export function insideWorkspace(root: string): (file: string) => boolean {
  const folders = new Map<string, boolean>();
  let realRoot: string | undefined;
  const realInside = (p: string): boolean => {
    try {
      realRoot ??= realpathSync.native(root);
      return isInside(realRoot, realpathSync.native(p));
    } catch {
      return false;
    }
  };
  return (file) => {
    const absolute = path.resolve(root, file);
    if (!isInside(path.resolve(root), absolute)) return false;
    const folder = path.dirname(absolute);
    let inside = folders.get(folder);
    // Stryker disable next-line ConditionalExpression: the cache spares a folder's real path the second time; it answers the same
    if (inside === undefined) folders.set(folder, (inside = realInside(folder)));
    if (!inside) return false;
    try {
      return !lstatSync(absolute).isSymbolicLink() || realInside(absolute);
    } catch {
      return false;
    }
  };
}
