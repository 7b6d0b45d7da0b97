// Builds everything with esbuild: the extension client and the language server as two
// separate bundles, the command-line tools, and the end-to-end suite; then copies the
// runtime assets (schemas, examples catalogue) beside the bundles. First of all it compiles the
// schema validators to code (validation/generated/, git-ignored; see validation/src/schemas/standalone.ts).
//   node scripts/build.mjs [--watch] [--production]
import * as esbuild from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: production ? false : 'linked',
  minify: production,
  // Whitespace and syntax are minified in every build (names are kept, and the linked source map
  // maps back): Node parses every byte of a bundle at start-up, so svc-lint, the server and the
  // extension start sooner (docs/performance.md).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  absWorkingDir: root,
  // jsonc-parser's UMD "main" requires './impl/*' at run time, which a bundle cannot follow;
  // its ESM "module" build bundles cleanly (VS Code's JSON extension does the same).
  mainFields: ['module', 'main'],
};

/**
 * The mocha index and every `*.test.ts` under test/e2e/suite become their own modules that the
 * index loads; helpers (suite/helpers/) are bundled into the tests that import them, not as tests.
 */
function e2eEntries() {
  const dir = join(root, 'test/e2e/suite');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => join('test/e2e/suite', f));
}

const builds = [
  // The client runs inside VS Code's extension host: `vscode` is provided by the host.
  { ...common, entryPoints: { client: 'client/src/extension.ts' }, outdir: 'dist', external: ['vscode'] },
  // The language server runs in its own Node process and never sees `vscode`.
  // formatWorker: the worker thread that formats large documents off the server's thread (backgroundFormat.ts).
  { ...common, entryPoints: { server: 'server/src/main.ts', formatWorker: 'server/src/service/format/formatWorker.ts' }, outdir: 'dist' },
  // svc-lint, loaded by bin/svc-lint.js with V8's code cache: the bundle is already the function
  // Node would wrap a module in, so V8 compiles the file's own text (a wrapped copy of 1 MB cost a
  // flat copy of it at every start: docs/performance.md). Only bin/svc-lint.js runs it.
  {
    ...common,
    entryPoints: { 'svc-lint': 'server/src/lint/cli.ts' },
    outdir: 'dist',
    minifyIdentifiers: true,
    banner: { js: '(function (exports, require, module, __filename, __dirname) {' },
    footer: { js: '\n})' },
  },
  // Command-line tools: the sandbox management server, and `svc` (sync from CI).
  {
    ...common,
    entryPoints: {
      'sandbox-cli': 'sandbox/src/cli.ts',
      sandbox: 'sandbox/src/index.ts',
      svc: 'engine/src/cli/main.ts',
      // The client's migration converter, loaded on first use (client/src/workflows/migrate/converter.ts).
      migration: 'migration/src/index.ts',
    },
    outdir: 'dist',
    minifyIdentifiers: true,
  },
  // The analytics webview's script runs in the browser sandbox of a webview; its imported
  // stylesheets (uPlot's and ours) come out beside it as dist/webview/analytics.css.
  {
    ...common,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    mainFields: ['browser', 'module', 'main'],
    entryPoints: { analytics: 'media/analytics/main.ts' },
    outdir: 'dist/webview',
  },
  // The end-to-end suite, loaded by mocha inside the extension host.
  {
    ...common,
    entryPoints: e2eEntries(),
    outdir: 'out/e2e/suite',
    external: ['vscode', 'mocha'],
    sourcemap: 'inline',
    minify: false,
    minifyWhitespace: false,
    minifySyntax: false,
  },
];

function copyAssets() {
  // The server resolves schemas relative to its bundle, so they travel with it.
  rmSync(join(root, 'dist/schemas'), { recursive: true, force: true });
  mkdirSync(join(root, 'dist'), { recursive: true });
  cpSync(join(root, 'schemas'), join(root, 'dist/schemas'), { recursive: true, filter: (src) => !src.endsWith('.md') });
  const examples = join(root, 'sandbox/examples');
  if (existsSync(examples)) cpSync(examples, join(root, 'dist/examples'), { recursive: true });
}

/** ajv standalone code of every kind's validator, written before the bundles that include it. */
async function generateValidators() {
  const outfile = join(root, 'out/build/standalone.js');
  await esbuild.build({ ...common, sourcemap: false, minify: false, packages: 'external', entryPoints: ['validation/src/schemas/standalone.ts'], outfile });
  const require = createRequire(import.meta.url);
  delete require.cache[outfile];
  require(outfile).writePrecompiledValidators(root);
}

/**
 * V8's code cache of dist/svc-lint.js, made by linting the sample documents of the service tests
 * (bin/svc-lint.js reads it: docs/performance.md). Removed before each build, so a stale one never
 * stays beside a new bundle (watch mode makes none).
 */
const lintCache = ['dist/svc-lint.js.cache', 'dist/svc-lint.js.cache.json'].map((f) => join(root, f));
function removeLintCodeCache() {
  for (const file of lintCache) rmSync(file, { force: true });
}
function writeLintCodeCache() {
  // A YAML document too: the YAML parser's functions then come compiled from the cache as well.
  const samples = ['test/fixtures/service/valid', 'test/fixtures/service/invalid', 'test/fixtures/yaml'].filter((dir) => existsSync(join(root, dir)));
  if (samples.length === 0) return;
  const run = spawnSync(process.execPath, [join(root, 'bin/svc-lint.js'), ...samples], {
    cwd: root,
    env: { ...process.env, SVC_LINT_WRITE_CODE_CACHE: '1' },
    encoding: 'utf8',
  });
  if (run.status === null || run.status > 1 || !lintCache.every((f) => existsSync(f))) {
    console.warn(`[build] svc-lint's code cache was not written (svc-lint then compiles at start): ${run.stderr}`);
  }
}

removeLintCodeCache();
await generateValidators();
if (watch) {
  for (const options of builds) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
  copyAssets();
  console.log('[watch] esbuild is watching client, server, tools and e2e suite');
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
  copyAssets();
  writeLintCodeCache();
}
