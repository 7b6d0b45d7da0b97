// Which files each node-test layer runs. The conformance layer (files named `*conformance*`) reads
// the team's material outside the repository, and only where SVC_SHARED_DIR names it (.ci/run sets
// it); it is never part of the unit or protocol layers, so `npm test` in a clone counts only what
// the repository itself holds and never looks beside it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

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

/** Where the team's material outside the repository sits: `SVC_SHARED_DIR`, else nowhere (undefined). */
export function sharedDir(env = process.env) {
  return env.SVC_SHARED_DIR?.trim() || undefined;
}
