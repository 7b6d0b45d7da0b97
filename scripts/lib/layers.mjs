// The test layers that scripts/test.mjs runs, as functions that return their counts, so the
// counting itself has tests (test/unit/foundation/test-runner.test.ts).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const reporter = join(dirname(fileURLToPath(import.meta.url)), 'tally-reporter.mjs');

export function run(cmd, args, options = {}) {
  // A runner started from inside a node:test process inherits NODE_TEST_CONTEXT and would then
  // speak the child protocol to nobody: the layers always run as top-level runners.
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/**
 * Node's test runner over `files` (spec output on the console, or none with `quiet`); counts come
 * from tally-reporter.mjs's structured events. Returns { passed, failed, skipped, problems }.
 */
export async function nodeTestLayer({ root, files, tallyFile, quiet = false }) {
  if (files.length === 0) return { passed: 0, failed: 1, skipped: 0, problems: ['no test files found'] };
  rmSync(tallyFile, { force: true });
  const console = quiet ? [] : ['--test-reporter=spec', '--test-reporter-destination=stdout'];
  const code = await run(
    process.execPath,
    ['--import', 'tsx', '--test', ...console, `--test-reporter=${reporter}`, `--test-reporter-destination=${tallyFile}`, ...files],
    { cwd: root, stdio: quiet ? 'ignore' : 'inherit' },
  );
  const tally = existsSync(tallyFile) ? JSON.parse(readFileSync(tallyFile, 'utf8')) : undefined;
  if (!tally) return { passed: 0, failed: 1, skipped: 0, problems: [`the test runner wrote no counts (exit ${code})`] };
  if (code !== 0 && tally.failed === 0) return { ...tally, failed: 1, problems: [...tally.problems, `the test runner exited with ${code}`] };
  return tally;
}

/**
 * The real-VS-Code layer: `runner` writes `resultFile` ({ passed, failed }). A results file left
 * by an earlier run is removed first, so a runner that dies early can never relay stale figures.
 */
export async function e2eLayer({ root, runner, resultFile }) {
  rmSync(resultFile, { force: true });
  const code = await run(process.execPath, [runner], { cwd: root });
  if (!existsSync(resultFile)) {
    return { passed: 0, failed: 1, skipped: 0, problems: ['the real VS Code suite did not produce results (set-up or start failed)'] };
  }
  const r = JSON.parse(readFileSync(resultFile, 'utf8'));
  const failed = code !== 0 && r.failed === 0 ? 1 : r.failed;
  return { passed: r.passed, failed, skipped: r.skipped ?? 0, problems: [] };
}

/** Like run, but collects stdout (the linters' reports). */
function runCapture(cmd, args, cwd) {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
    child.on('error', () => resolve({ code: 127, out }));
  });
}

/**
 * The code's own linter: ESLint (each linted file one test, a file with a finding a failure) and
 * Prettier (one failure per file it would reformat). Returns two results, ESLint's and Prettier's.
 */
export async function lintLayer({ root }) {
  const bin = (name) => join(root, 'node_modules', '.bin', name);
  const eslint = await runCapture(bin('eslint'), ['.', '--format', 'json'], root);
  let files;
  try {
    files = JSON.parse(eslint.out);
  } catch {
    files = [];
  }
  const dirty = files.filter((f) => f.errorCount + f.warningCount > 0);
  const findings = dirty.flatMap((f) =>
    f.messages.map((m) => `${relative(root, f.filePath)}:${m.line ?? 0}:${m.column ?? 0} ${m.message} (${m.ruleId ?? 'eslint'})`),
  );
  const eslintResult = { passed: files.length - dirty.length, failed: dirty.length || (eslint.code !== 0 ? 1 : 0), skipped: 0, problems: findings };
  const prettier = await runCapture(bin('prettier'), ['--list-different', '**/*.{ts,mjs,cjs,js,css}'], root);
  const unformatted = prettier.out.split('\n').filter(Boolean);
  const prettierResult = {
    passed: unformatted.length === 0 && prettier.code === 0 ? 1 : 0,
    failed: unformatted.length || (prettier.code !== 0 ? 1 : 0),
    skipped: 0,
    problems: unformatted.map((file) => `${file}: not formatted (npm run format)`),
  };
  return [eslintResult, prettierResult];
}
