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
