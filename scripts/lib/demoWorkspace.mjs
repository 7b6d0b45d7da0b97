// The folder `npm start` opens: a copy of samples/workspace, so that what a demo session does (a quick
// fix written by auto-save, Pull All's `svc/` folder, the `.svc/` state) never touches the repository.
// Made fresh from the samples on the first run, kept as it is after (your edits survive a restart), and
// made fresh again on request (`npm start -- --reset-workspace`).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

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
