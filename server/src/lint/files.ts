// Expands svc-lint's arguments (files, folders, globs with `*`, `**`, `?`, `{a,b}`) into a
// sorted list of files, without dependencies (Node 20 has no fs.glob).

import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { globToRegExp, hasGlobSyntax } from '../../../common/src/glob';

/** Folders never searched unless a pattern names them. */
const SKIPPED = new Set(['node_modules', '.git']);
const DOCUMENT_EXTENSIONS = /\.(json|jsonc|yaml|yml)$/i;

export interface Expansion {
  files: string[];
  /** Arguments that matched nothing (a usage error). */
  unmatched: string[];
}

export function expandArguments(args: readonly string[], cwd: string): Expansion {
  const files = new Set<string>();
  const unmatched: string[] = [];
  for (const arg of args) {
    const found = hasGlobSyntax(arg) ? expandGlob(arg, cwd) : expandPath(arg, cwd);
    if (found.length === 0) unmatched.push(arg);
    for (const f of found) files.add(f);
  }
  return { files: [...files].sort(), unmatched };
}

/** A file as given, or the JSON files of a folder (recursively). */
function expandPath(arg: string, cwd: string): string[] {
  let stats;
  try {
    stats = statSync(join(cwd, arg));
  } catch {
    try {
      stats = statSync(arg);
    } catch {
      return [];
    }
  }
  if (stats.isFile()) return [arg];
  if (stats.isDirectory()) return walk(arg, cwd).filter((f) => DOCUMENT_EXTENSIONS.test(f));
  return [];
}

function expandGlob(pattern: string, cwd: string): string[] {
  const normalized = pattern.replace(/\\/g, '/');
  const segments = normalized.split('/');
  const firstGlob = segments.findIndex((s) => hasGlobSyntax(s));
  const base = segments.slice(0, firstGlob).join('/') || (normalized.startsWith('/') ? '/' : '.');
  const regex = globToRegExp(normalized.replace(/^\.\//, ''));
  const explicitSkipped = [...SKIPPED].some((name) => normalized.includes(name));
  return walk(base, cwd, explicitSkipped).filter((file) => regex.test(file.replace(/\\/g, '/').replace(/^\.\//, '')));
}

/** Every file under `dir` (paths as the user would write them: relative to cwd when given so). */
function walk(dir: string, cwd: string, includeSkipped = false): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(join(cwd, current) === current ? current : resolveDir(current, cwd), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = current === '.' ? entry.name : `${current.replace(/\/$/, '')}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!includeSkipped && SKIPPED.has(entry.name)) continue;
        stack.push(path);
      } else if (entry.isFile()) out.push(path);
    }
  }
  return out;
}

function resolveDir(dir: string, cwd: string): string {
  return dir.startsWith('/') ? dir : join(cwd, dir);
}

/** Path shown in the output: as given, with forward slashes. */
export function displayPath(file: string, cwd: string): string {
  const shown = file.startsWith('/') ? relative(cwd, file) || file : file;
  return shown.split(sep).join('/');
}

/** The `file:` uri the linter and its index use for a path (absolute). */
export function fileUriOf(absolutePath: string): string {
  return 'file://' + encodeURI(absolutePath.replace(/\\/g, '/'));
}
