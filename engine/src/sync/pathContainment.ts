// Every path we take from `.svc/state.json`, a setting or a server must stay inside the
// workspace folder, also after resolving symlinks: a repository can commit a state file whose
// key is `../../somewhere/evil`, or a `svc` folder that is a symlink to `/etc`. Writing there
// is refused with a message naming the file and where the path came from. Free of `vscode`.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

export class OutsideWorkspaceError extends Error {
  constructor(
    /** The path as it was given (relative paths as written in the source). */
    readonly given: string,
    /** Where the path came from, e.g. `.svc/state.json`. */
    readonly source: string,
    readonly root: string,
    /** Set when a symlink leads out: the real path it resolves to. */
    readonly realPath?: string,
  ) {
    super(
      `Refused: ${source} names '${given}', which ${realPath ? `resolves (through a symbolic link) to '${realPath}', ` : ''}` +
        `outside the workspace folder '${root}'. Nothing was written. ` +
        `Check ${source}${source.startsWith('.svc') ? ' (delete the entry, or the file, and pull again)' : ''}.`,
    );
  }
}

/** The root itself (`rel` is '') is inside; `..x` is a name inside, `..` and `../x` are not. */
export const isInside = (root: string, candidate: string): boolean => {
  const rel = path.relative(root, candidate);
  return !rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel);
};

/**
 * The absolute path of `given` (relative to `root`, or absolute), checked to be inside `root`
 * both as written and after resolving the symlinks of its existing part. Throws
 * OutsideWorkspaceError otherwise. The path need not exist yet (a file about to be written).
 */
export async function containedPath(root: string, given: string, source: string): Promise<string> {
  const absolute = path.resolve(root, given);
  if (!isInside(path.resolve(root), absolute)) throw new OutsideWorkspaceError(given, source, root);
  const realRoot = await fs.realpath(root);
  const real = await realPathOfExistingPart(absolute);
  if (!isInside(realRoot, real)) throw new OutsideWorkspaceError(given, source, root, real);
  return absolute;
}

/** The real path of the deepest existing ancestor (symlinks resolved), with the missing rest appended. */
async function realPathOfExistingPart(absolute: string): Promise<string> {
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      return path.join(await fs.realpath(current), ...missing.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      // A dangling symlink: follow its target by hand, it is where a write would land.
      const link = await fs.readlink(current).catch(() => undefined);
      if (link !== undefined) return realPathOfExistingPart(path.join(path.resolve(path.dirname(current), link), ...missing.reverse()));
      const parent = path.dirname(current);
      // Stryker disable next-line ConditionalExpression,MethodExpression: unreachable from containedPath (the root exists, the walk stops there)
      if (parent === current) return path.join(current, ...missing.reverse());
      missing.push(path.basename(current));
      current = parent;
    }
  }
}
