// The folder `npm start` opens: a copy of samples/workspace, so that what a demo session does (a quick
// fix written by auto-save, Pull All's `svc/` folder, the `.svc/` state) never touches the repository.
// Made fresh from the samples on the first run, kept as it is after (your edits survive a restart), and
// made fresh again on request (`npm start -- --reset-workspace`).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';

/** The persistent profile of `npm start`: `$XDG_CACHE_HOME` or `~/.cache`, then svc-gateway-tools/start-profile. */
export function startProfileDir(env = process.env, home = homedir()) {
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'svc-gateway-tools', 'start-profile');
}

/**
 * Makes `target` the demo workspace: a copy of `source` when it does not exist yet (or `reset` asks for a fresh
 * one), left alone otherwise. Returns what was done: `'copied'`, `'reset'` or `'kept'`.
 */
export function prepareDemoWorkspace({ source, target, reset = false }) {
  if (!existsSync(source)) throw new Error(`the samples to copy are missing: ${source}`);
  const existed = existsSync(target);
  if (existed && !reset) return 'kept';
  if (existed) rmSync(target, { recursive: true, force: true });
  cpSync(source, target, { recursive: true });
  return existed ? 'reset' : 'copied';
}

/** Is `path` the folder `folder` or inside it? */
function within(folder, path) {
  const r = relative(resolve(folder), resolve(path));
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}

/**
 * The folder `npm start` opens, made ready: `<start profile>/workspace`, a copy of the repository's
 * `samples/workspace` (see prepareDemoWorkspace), never the samples themselves. A start profile inside
 * the repository (XDG_CACHE_HOME pointing into it) is refused: the demo would write into the checkout.
 * Returns `{ profile, folder, prepared }` (`prepared`: `'copied'`, `'reset'` or `'kept'`).
 */
export function demoFolderToOpen({ root, env = process.env, home = homedir(), reset = false }) {
  const profile = startProfileDir(env, home);
  const folder = join(profile, 'workspace');
  if (within(root, folder)) {
    throw new Error(`the demo workspace ${folder} would be inside the repository ${root}: set XDG_CACHE_HOME to a folder outside it`);
  }
  const prepared = prepareDemoWorkspace({ source: join(root, 'samples', 'workspace'), target: folder, reset });
  return { profile, folder, prepared };
}
