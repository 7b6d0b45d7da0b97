// The repository's layout rules, checked on what git tracks: compiler output never sits beside
// the sources, docs/architecture.md names every folder a newcomer meets, and the client's areas
// depend downwards only (explorer never reaches into workflows).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);

/** Declarations under a `src/` folder: what `tsc` emits when it writes beside the sources. */
export function declarationsUnderSrc(paths: readonly string[]): string[] {
  return paths.filter((p) => /(^|\/)src\/(.+\/)?[^/]+\.d\.ts$/.test(p));
}

test('the rule recognises a declaration under src/ and nothing else', () => {
  assert.deepEqual(declarationsUnderSrc(['server/src/service/glob.d.ts', 'common/src/a/b/c.d.ts', 'src/x.d.ts']), [
    'server/src/service/glob.d.ts',
    'common/src/a/b/c.d.ts',
    'src/x.d.ts',
  ]);
  assert.deepEqual(declarationsUnderSrc(['server/src/service/glob.ts', 'media/analytics/css.d.ts', 'server/srcs/x.d.ts', 'out/tsc/src/x.ts']), []);
});

test('no *.d.ts is tracked under a src/ folder (compiler output goes to out/tsc/)', () => {
  assert.deepEqual(declarationsUnderSrc(tracked), []);
});

test('docs/architecture.md names every top-level folder and every folder of client/src/', () => {
  const doc = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  const topLevel = new Set(tracked.filter((p) => p.includes('/') && !p.startsWith('.')).map((p) => p.split('/')[0]));
  const clientAreas = new Set(tracked.filter((p) => p.startsWith('client/src/') && p.split('/').length > 3).map((p) => p.split('/').slice(0, 3).join('/')));
  const missing = [...[...topLevel].map((f) => `\`${f}/`), ...[...clientAreas].map((f) => `\`${f}/`)].filter((name) => !doc.includes(name));
  assert.deepEqual(missing, []);
});

test('client/src/explorer imports nothing from client/src/workflows', () => {
  const upward = tracked
    .filter((p) => p.startsWith('client/src/explorer/') && p.endsWith('.ts'))
    .filter((p) => /from '\.\.\/workflows\//.test(readFileSync(join(root, p), 'utf8')));
  assert.deepEqual(upward, []);
});

test('the client imports nothing from sandbox/src (the Local sandbox loads from its own bundle, dist/sandbox.js)', () => {
  const reaching = tracked
    .filter((p) => p.startsWith('client/src/') && p.endsWith('.ts'))
    .filter((p) => /from '(\.\.\/)+sandbox\/src\//.test(readFileSync(join(root, p), 'utf8')));
  assert.deepEqual(reaching, []);
});

test('no line of tracked TypeScript outside test/ is longer than 160 characters', () => {
  const long = tracked
    .filter((p) => p.endsWith('.ts') && !p.startsWith('test/') && !p.includes('fixtures'))
    .flatMap((p) =>
      readFileSync(join(root, p), 'utf8')
        .split('\n')
        .flatMap((line, i) => (line.length > 160 ? [`${p}:${i + 1} (${line.length})`] : [])),
    );
  assert.deepEqual(long, []);
});

/** Every import or require of `file` (a repository path), resolved to a repository path, or kept bare (`vscode`, `node:fs`). */
export function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\(\s*|^import\s+)(['"])([^'"]+)\1/gm)].map((m) => m[2]);
  return specifiers.map((s) => (s.startsWith('.') ? posix.normalize(posix.join(posix.dirname(file), s)) : s));
}

/** The layered folders' imports that reach up into the extension, the LSP glue or VS Code. */
export function upwardImports(files: ReadonlyArray<{ path: string; text: string }>): string[] {
  const layered = /^(engine|migration|validation|api|access)\//;
  const forbidden = (target: string) => target === 'vscode' || target.startsWith('client/') || target === 'client' || target.startsWith('server/src/lsp');
  return files
    .filter((f) => layered.test(f.path) && f.path.endsWith('.ts'))
    .flatMap((f) =>
      importsOf(f.path, f.text)
        .filter(forbidden)
        .map((target) => `${f.path} → ${target}`),
    );
}

test('the import rule sees an import of vscode, of client/ and of server/src/lsp, and lets the service and common through', () => {
  const files = [
    { path: 'engine/src/sync/a.ts', text: "import * as vscode from 'vscode';\nimport { x } from '../../../client/src/shared/x';" },
    { path: 'api/src/b.ts', text: "import { y } from '../../server/src/lsp/handlers';" },
    { path: 'validation/src/c.ts', text: "const z = require('../../client/src/api');" },
    { path: 'migration/src/d.ts', text: "import { k } from '../../common/src/kinds';\nimport { s } from '../../server/src/service/x';\nimport 'node:fs';" },
    { path: 'client/src/e.ts', text: "import * as vscode from 'vscode';" },
    { path: 'access/src/f.ts', text: "import { w } from '../../client/src/workflows/x';" },
  ];
  assert.deepEqual(upwardImports(files), [
    'engine/src/sync/a.ts → vscode',
    'engine/src/sync/a.ts → client/src/shared/x',
    'api/src/b.ts → server/src/lsp/handlers',
    'validation/src/c.ts → client/src/api',
    'access/src/f.ts → client/src/workflows/x',
  ]);
});

test('engine/, migration/, validation/, api/ and access/ import nothing from client/, server/src/lsp or vscode', () => {
  const files = tracked
    .filter((p) => /^(engine|migration|validation|api|access)\/.*\.ts$/.test(p))
    .map((p) => ({ path: p, text: readFileSync(join(root, p), 'utf8') }));
  assert.ok(
    files.some((f) => f.path.startsWith('api/src/')),
    'the management client lives in api/src/',
  );
  assert.ok(
    files.some((f) => f.path.startsWith('access/src/')),
    'the access engine lives in access/src/',
  );
  assert.deepEqual(upwardImports(files), []);
});

/**
 * Test files that reach outside the repository into the team's material (the team's folder beside
 * the checkout, as a path string or as the parts of a joined path). Only the optional conformance
 * layer may: files named `*conformance*` (docs/testing.md); a clone with nothing beside it passes
 * everything else.
 */
/**
 * The team's folder beside a checkout (the conformance layer is told where it is by
 * SVC_SHARED_DIR), the folders a test would read there and the rule's examples: test data, kept
 * in test/fixtures/layout/ so that this file names none of it.
 */
const TEAM = JSON.parse(readFileSync(join(root, 'test/fixtures/layout/team-material.json'), 'utf8')) as {
  folder: string;
  subfolders: string[];
  samples: Array<{ path: string; text: string }>;
  readers: string[];
};
const TEAM_FOLDER = TEAM.folder;

export function readersOfShared(files: ReadonlyArray<{ path: string; text: string }>): string[] {
  const team = TEAM_FOLDER;
  const reaches = new RegExp(`\\.\\.[/\\\\]${team}\\b|['"]\\.\\.['"]\\s*,\\s*['"]${team}['"]|['"]${team}['"]\\s*,\\s*['"](${TEAM.subfolders.join('|')})['"]`);
  return files
    .filter((f) => f.path.startsWith('test/') && !/conformance/i.test(posix.basename(f.path)) && !f.path.startsWith('test/fixtures/'))
    .filter((f) => reaches.test(f.text))
    .map((f) => f.path);
}

test('the rule on the team material sees a path string and a joined path, and lets conformance files and other "shared" words through', () => {
  const files = TEAM.samples.map((f) => ({ path: f.path, text: f.text.replaceAll('{TEAM}', TEAM_FOLDER) }));
  assert.deepEqual(readersOfShared(files), TEAM.readers);
});

test('no test file reads the team material beside the repository except the conformance layer (test data lives in test/fixtures/)', () => {
  const files = tracked
    .filter((p) => p.startsWith('test/') && /\.(ts|mjs|js|cjs)$/.test(p))
    .map((p) => ({ path: p, text: readFileSync(join(root, p), 'utf8') }));
  assert.ok(files.length > 100, `only ${files.length} test files read`);
  assert.deepEqual(readersOfShared(files), []);
});

/**
 * The import cycles among `files` (repository paths and texts), each as its files sorted: groups of
 * files that reach each other through imports, type-only imports and re-exports included (a shared
 * type belongs where both sides can import it). Specifiers resolve as the build does: `x`, `x.ts`
 * for `x.js`, `x/index.ts`.
 */
export function importCycles(files: ReadonlyArray<{ path: string; text: string }>): string[][] {
  const known = new Set(files.map((f) => f.path));
  const resolve = (target: string) => [target, target.replace(/\.js$/, '.ts'), `${target}.ts`, `${target}/index.ts`].find((c) => known.has(c));
  const edges = new Map(files.map((f) => [f.path, importsOf(f.path, f.text).flatMap((t) => resolve(t) ?? [])]));
  // Tarjan's strongly connected components: every component of more than one file is a cycle.
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const f of files) if (!order.has(f.path)) visit(f.path);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

test('the cycle rule finds a two-file circle through a type-only import, a longer one through a re-export, and no cycle in a chain', () => {
  const files = [
    { path: 'client/src/keys/commands.ts', text: "import { askKeyId } from './choice';\nexport type Style = 'a';" },
    { path: 'client/src/keys/choice.ts', text: "import type { Style } from './commands';\nimport * as vscode from 'vscode';" },
    { path: 'sandbox/src/index.ts', text: "export { join } from './join.js';" },
    { path: 'sandbox/src/join.ts', text: "import { start } from './start/index.js';" },
    { path: 'sandbox/src/start/index.ts', text: "import { x } from '../index';" },
    { path: 'server/src/a.ts', text: "import { b } from './b';\nimport 'node:fs';" },
    { path: 'server/src/b.ts', text: "import { c } from './c';\nimport { a } from '../../common/src/a';" },
    { path: 'server/src/c.ts', text: 'export const c = 1;' },
  ];
  assert.deepEqual(importCycles(files), [
    ['client/src/keys/choice.ts', 'client/src/keys/commands.ts'],
    ['sandbox/src/index.ts', 'sandbox/src/join.ts', 'sandbox/src/start/index.ts'],
  ]);
  assert.deepEqual(importCycles(files.filter((f) => !f.path.startsWith('sandbox/src/start'))).length, 1);
});

test('no import cycle among the tracked TypeScript files (two files or more)', () => {
  const files = tracked
    .filter((p) => p.endsWith('.ts') && !p.startsWith('test/fixtures/'))
    .map((p) => ({ path: p, text: readFileSync(join(root, p), 'utf8') }));
  assert.ok(
    files.some((f) => f.path === 'sandbox/src/join.ts'),
    'the sources are read',
  );
  assert.deepEqual(importCycles(files), []);
});
