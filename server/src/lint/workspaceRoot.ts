// svc-lint's view of the workspace: every definition under the git root (or the current
// directory outside a repository) goes into the index, so links and listen paths are checked
// against the whole project, while diagnostics are reported only for the files asked for. A
// pre-commit run on one staged policy then knows the APIs it grants.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { readText } from './readText';
import { dirname, join } from 'node:path';
import { MAX_INDEXED_FILE_BYTES } from '../service/index/userFiles';
import type { WorkspaceModel } from '../service/index/workspaceModel';
import { fileUriOf } from './files';
import { languageIdOfFileName } from '../../../common/src/detection';

/** Folders that hold no definitions of the user's (and `.svc/`, our base copies). */
const SKIPPED = new Set(['node_modules', '.git', '.svc', 'dist', 'out', 'coverage', '.vscode-test']);
const MAX_FILES = 5000;

/** The nearest folder at or above `cwd` holding `.git`; `cwd` itself when there is none. */
export function projectRoot(cwd: string): string {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return cwd;
  }
}

/** Every `.json`/`.jsonc` file under `root` (skipping the folders above and hidden ones). */
export function definitionFiles(root: string, limit = MAX_FILES): string[] {
  const out: string[] = [];
  const stack = [root];
  while (stack.length > 0 && out.length < limit) {
    const dir = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.')) stack.push(join(dir, entry.name));
      } else if (entry.isFile() && /\.(jsonc?|ya?ml)$/i.test(entry.name) && out.length < limit) out.push(join(dir, entry.name));
    }
  }
  return out;
}

/**
 * Queues every definition file under `root` in the index, read and parsed only when a rule needs
 * it (the link rules of keys, policies and OAuth clients look through the whole project; an API
 * definition's rules never do). Files in `skip` (absolute paths: those being linted, which join
 * the index as they are read) are not queued.
 */
export function indexProject(index: WorkspaceModel, root: string, skip: ReadonlySet<string> = new Set()): number {
  let count = 0;
  for (const file of definitionFiles(root)) {
    if (skip.has(file)) continue;
    index.updateFile(fileUriOf(file), () => readSmallFile(file), languageIdOfFileName(file));
    count++;
  }
  return count;
}

/** A file's text, or `undefined` when it is too large or unreadable (the linted files report their own read errors). */
function readSmallFile(file: string): string | undefined {
  try {
    return statSync(file).size > MAX_INDEXED_FILE_BYTES ? undefined : readText(file);
  } catch {
    return undefined;
  }
}
