// Which documents are the user's own files: the only ones the workspace index counts (the
// duplicate-listen-path rule, navigation, link diagnostics). Pulled APIs have base copies in
// `.svc/`, remote and diff views show the server's copy, examples and migration previews are
// proposals: counting any of them would report the user's file as a duplicate of itself.
// Read-only files are checked by the caller (it needs the file system).

import { matchGlob } from '../../../../common/src/glob';
import { pathOfUri } from '../../../../common/src/detection';

/** `files.exclude` as VS Code returns it: glob → true/false (or a `when` clause, which we treat as on). */
export type FilesExclude = Record<string, unknown> | undefined;

/**
 * Files on disk larger than this are not read into the index (the editor's scan of the workspace,
 * svc-lint's of the project): the index needs names and listen paths, not huge data files. Open
 * documents count whatever their size.
 */
export const MAX_INDEXED_FILE_BYTES = 4 * 1024 * 1024;

/** Folders that never hold the user's own definitions. */
const NOT_USER_FOLDERS = new Set(['.svc', 'node_modules', '.git']);

export interface UserFileContext {
  /** Workspace folder uris (`file:///…`), to make `files.exclude` globs relative. */
  folders?: readonly string[];
  /** `files.exclude` of the folder the file is in. */
  exclude?: FilesExclude;
}

/**
 * True for a `file:` document outside `.svc/` (and `node_modules`, `.git`) that `files.exclude`
 * does not hide. Every other scheme (`untitled`, `svc`, `svc-remote`, `svc-push-remote`,
 * `svc-example`, `svc-migrate`, `git`, …) is a view, not the user's file.
 */
export function isUserFileUri(uri: string, context: UserFileContext = {}): boolean {
  if (!uri.startsWith('file:')) return false;
  const path = pathOfUri(uri);
  const folder = (context.folders ?? [])
    .map(pathOfUri)
    .filter((f) => path.startsWith(f.endsWith('/') ? f : f + '/'))
    .sort((a, b) => b.length - a.length)[0];
  const relative = folder ? path.slice(folder.length).replace(/^\/+/, '') : path.replace(/^\/+/, '');
  const segments = relative.split('/');
  if (segments.slice(0, -1).some((s) => NOT_USER_FOLDERS.has(s))) return false;
  for (const [glob, on] of Object.entries(context.exclude ?? {})) {
    if (on === false || on === null || on === undefined) continue;
    if (matchesExclude(glob, relative)) return false;
  }
  return true;
}

/** A `files.exclude` glob hides the path itself or any folder above it (VS Code's semantics). */
function matchesExclude(glob: string, relative: string): boolean {
  const pattern = glob.replace(/\/+$/, '');
  const segments = relative.split('/');
  for (let i = 1; i <= segments.length; i++) {
    const prefix = segments.slice(0, i).join('/');
    // A pattern without `/` matches any name (matchGlob compares it with the base name).
    if (matchGlob(pattern, prefix)) return true;
  }
  return false;
}
