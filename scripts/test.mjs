// Runs every test layer and prints one closing line `N passed, N failed` summed over them.
//   node scripts/test.mjs [unit|protocol|e2e ...]   (default: all layers)
// Layers: build + type-check (a failure counts as one failed test), the code linter (ESLint and
// `prettier --check`: each file with a finding counts as one failed test), unit tests and protocol
// tests with node's test runner, end-to-end tests in a real VS Code (test/e2e/run.mjs).
// An end-to-end layer that cannot start counts as a failure, never as a skip.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const requested = process.argv.slice(2);
const layers = requested.length ? requested : ['lint', 'unit', 'protocol', 'e2e'];
const outDir = join(root, 'test/out');
mkdirSync(outDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
const summary = [];

function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

function findTests(dir) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  const found = [];
  for (const name of readdirSync(abs)) {
    const path = join(abs, name);
    if (statSync(path).isDirectory()) found.push(...findTests(join(dir, name)));
    else if (name.endsWith('.test.ts') || name.endsWith('.test.mjs')) found.push(relative(root, path));
  }
  return found.sort();
}

function record(layer, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  summary.push(`${layer}: ${passed} passed, ${failed} failed`);
}

/** Runs node's test runner on the files, spec output on the console, TAP into a file we count. */
async function nodeTests(layer, files) {
  if (files.length === 0) {
    record(layer, 0, 1);
    console.error(`[test] ${layer}: no test files found`);
    return;
  }
  const tap = join(outDir, `${layer}.tap`);
  rmSync(tap, { force: true });
  const code = await run(process.execPath, [
    '--import', 'tsx',
    '--test',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${tap}`,
    ...files,
  ]);
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (name) => Number((text.match(new RegExp(`^# ${name} (\\d+)$`, 'm')) || [])[1] || 0);
  const passed = count('pass');
  let failed = count('fail') + count('cancelled');
  if (code !== 0 && failed === 0) failed = 1; // the runner itself failed
  record(layer, passed, failed);
}

/** Like run, but collects stdout (the linters' reports). */
function runCapture(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
    child.on('error', () => resolve({ code: 127, out }));
  });
}

/** ESLint (one test per linted file) and Prettier (one failure per file it would reformat). */
async function lint() {
  const bin = (name) => join(root, 'node_modules', '.bin', name);
  const eslint = await runCapture(bin('eslint'), ['.', '--format', 'json']);
  let files;
  try {
    files = JSON.parse(eslint.out);
  } catch {
    files = [];
  }
  const dirty = files.filter((f) => f.errorCount + f.warningCount > 0);
  for (const f of dirty) {
    for (const m of f.messages) console.error(`${relative(root, f.filePath)}:${m.line ?? 0}:${m.column ?? 0} ${m.message} (${m.ruleId ?? 'eslint'})`);
  }
  record('lint (eslint)', files.length - dirty.length, dirty.length || (eslint.code !== 0 ? 1 : 0));
  const prettier = await runCapture(bin('prettier'), ['--list-different', '**/*.{ts,mjs,cjs,js,css}']);
  const unformatted = prettier.out.split('\n').filter(Boolean);
  for (const file of unformatted) console.error(`${file}: not formatted (npm run format)`);
  record('lint (prettier)', unformatted.length === 0 && prettier.code === 0 ? 1 : 0, unformatted.length || (prettier.code !== 0 ? 1 : 0));
}

async function e2e() {
  const code = await run(process.execPath, [join(root, 'test/e2e/run.mjs')]);
  const resultFile = join(outDir, 'e2e-results.json');
  if (existsSync(resultFile)) {
    const r = JSON.parse(readFileSync(resultFile, 'utf8'));
    let failed = r.failed;
    if (code !== 0 && failed === 0) failed = 1;
    record('e2e', r.passed, failed);
  } else {
    console.error('[test] e2e: the real VS Code suite did not produce results (set-up or start failed)');
    record('e2e', 0, 1);
  }
}

// Build and type-check first: every layer runs the bundles or the sources they come from.
if ((await run('npm', ['run', '--silent', 'build'])) !== 0) record('build', 0, 1);
else if ((await run('npm', ['run', '--silent', 'typecheck'])) !== 0) record('typecheck', 0, 1);

for (const layer of layers) {
  if (layer === 'lint') await lint();
  else if (layer === 'unit') await nodeTests('unit', findTests('test/unit'));
  else if (layer === 'protocol') await nodeTests('protocol', findTests('test/protocol'));
  else if (layer === 'e2e') await e2e();
  else { console.error(`[test] unknown layer ${layer}`); record(layer, 0, 1); }
}

console.log('\n' + summary.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
