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
  /** Why each unmatched argument matched nothing, in words (`x is a FIFO (named pipe), not a file`). */
  reasons: string[];
}

/**
 * Arguments from index `literalFrom` on (those after `--`) are literal paths, never globs: a
 * staged file named `[b]ad.json` or `*.json` is that file, not a pattern.
 */
export function expandArguments(args: readonly string[], cwd: string, literalFrom = args.length): Expansion {
  const files = new Set<string>();
  const unmatched: string[] = [];
  const reasons: string[] = [];
  args.forEach((arg, i) => {
    const glob = i < literalFrom && hasGlobSyntax(arg);
    const found = glob ? { files: expandGlob(arg, cwd), reason: `no such file or no match: ${arg}` } : expandPath(arg, cwd);
    if (found.files.length === 0) {
      unmatched.push(arg);
      reasons.push(found.reason ?? `no such file: ${arg}`);
    }
    for (const f of found.files) files.add(f);
  });
  return { files: [...files].sort(), unmatched, reasons };
}

/** A file as given, or the JSON files of a folder (recursively); else why there is none. */
function expandPath(arg: string, cwd: string): { files: string[]; reason?: string } {
  let stats;
  try {
    stats = statSync(join(cwd, arg));
  } catch {
    try {
      stats = statSync(arg);
    } catch {
      return { files: [], reason: `no such file: ${arg}` };
    }
  }
  if (stats.isFile()) return { files: [arg] };
  if (stats.isDirectory()) {
    const files = walk(arg, cwd).filter((f) => DOCUMENT_EXTENSIONS.test(f));
    return { files, reason: `${arg} is a directory with no .json or .jsonc file in it` };
  }
  // Reading a FIFO would wait for a writer forever, a device may never end: say what it is.
  const what = stats.isFIFO()
    ? 'a FIFO (named pipe)'
    : stats.isCharacterDevice()
      ? 'a character device'
      : stats.isBlockDevice()
        ? 'a block device'
        : stats.isSocket()
          ? 'a socket'
          : 'not a regular file';
  return { files: [], reason: `${arg} is ${what}, not a file svc-lint can check` };
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
