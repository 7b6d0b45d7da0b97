// Which files each node-test layer runs. The conformance layer (files named `*conformance*`) reads
// the team's material outside the repository: the folder SVC_SHARED_DIR names, else the folder
// `shared` beside the repository when it is there. It is never part of the unit or protocol layers,
// so `npm test` in a clone counts only what the repository itself holds and never looks beside it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const isTestFile = (name) => name.endsWith('.test.ts') || name.endsWith('.test.mjs');
export const isConformance = (path) => /conformance/i.test(path.split('/').pop() ?? '');

/** The test files under `dir` (relative to `root`), sorted; `conformance` picks that layer's files only. */
export function findTests(root, dir, { conformance = false } = {}) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  const found = [];
  for (const name of readdirSync(abs)) {
    const path = join(abs, name);
    if (statSync(path).isDirectory()) found.push(...findTests(root, join(dir, name), { conformance }));
    else if (isTestFile(name) && isConformance(name) === conformance) found.push(relative(root, path));
  }
  return found.sort();
}

/** The name of the team's folder the conformance layer looks for beside the repository. */
export const SHARED_FOLDER = 'shared';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Where the team's material outside the repository sits: the folder `SVC_SHARED_DIR` names (it
 * wins, even when it is not there: the caller says so), else the folder `shared` beside `root`
 * when it is there, else nowhere (undefined).
 */
export function sharedDir(env = process.env, root = repositoryRoot) {
  const named = env.SVC_SHARED_DIR?.trim();
  if (named) return named;
  const beside = join(root, '..', SHARED_FOLDER);
  return existsSync(beside) && statSync(beside).isDirectory() ? beside : undefined;
}
