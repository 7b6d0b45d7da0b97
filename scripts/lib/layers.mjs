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
/**
 * Node 20's runner applies `--test-timeout` to each test file's process: a file still running
 * after this long is stopped, and the tally names the test that never reported (the one that
 * hung) and those after it as failures. So a hang (a lock never released, a server never
 * answering) ends as failures with the tests' names, never as a stalled run. Generous: the
 * slowest file (the crash and lock rounds over child processes) takes a few minutes.
 */
export const TEST_TIMEOUT_MS = Number(process.env.SVC_TEST_TIMEOUT_MS || 600_000);

export async function nodeTestLayer({ root, files, tallyFile, quiet = false, timeoutMs = TEST_TIMEOUT_MS }) {
  if (files.length === 0) return { passed: 0, failed: 1, skipped: 0, problems: ['no test files found'] };
  rmSync(tallyFile, { force: true });
  const console = quiet ? [] : ['--test-reporter=spec', '--test-reporter-destination=stdout'];
  const code = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      `--test-timeout=${timeoutMs}`,
      ...console,
      `--test-reporter=${reporter}`,
      `--test-reporter-destination=${tallyFile}`,
      ...files,
    ],
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
 * The code's own linter: ESLint over every file it lints and Prettier over the sources. Linted
 * files are not tests, so this returns no test counts: { clean, withFindings, failedToRun,
 * problems }, where a file with findings from either tool counts once.
 */
export async function lintLayer({ root }) {
  const bin = (name) => join(root, 'node_modules', '.bin', name);
  const eslint = await runCapture(bin('eslint'), ['.', '--format', 'json'], root);
  let files;
  try {
    files = JSON.parse(eslint.out);
  } catch {
    files = undefined;
  }
  const prettier = await runCapture(bin('prettier'), ['--list-different', '**/*.{ts,mjs,cjs,js,css}'], root);
  const unformatted = prettier.out.split('\n').filter(Boolean);
  return lintReport({ root, eslintFiles: files, eslintCode: eslint.code, unformatted, prettierCode: prettier.code });
}

/** The lint report from the two tools' outputs (pure, so the counting has tests). */
export function lintReport({ root, eslintFiles, eslintCode, unformatted, prettierCode }) {
  const files = eslintFiles ?? [];
  const dirty = new Set();
  const problems = [];
  for (const f of files) {
    if (f.errorCount + f.warningCount === 0) continue;
    const name = relative(root, f.filePath);
    dirty.add(name);
    for (const m of f.messages) problems.push(`${name}:${m.line ?? 0}:${m.column ?? 0} ${m.message} (${m.ruleId ?? 'eslint'})`);
  }
  for (const file of unformatted) {
    dirty.add(file);
    problems.push(`${file}: not formatted (npm run format)`);
  }
  const all = new Set([...files.map((f) => relative(root, f.filePath)), ...unformatted]);
  // A tool that failed without naming a file (a crash, a bad configuration) fails the run too.
  const eslintBroke = eslintFiles === undefined || (eslintCode !== 0 && files.every((f) => f.errorCount + f.warningCount === 0));
  const prettierBroke = prettierCode !== 0 && unformatted.length === 0;
  if (eslintBroke) problems.push(`ESLint failed to run (exit ${eslintCode})`);
  if (prettierBroke) problems.push(`Prettier failed to run (exit ${prettierCode})`);
  return { clean: all.size - dirty.size, withFindings: dirty.size, failedToRun: eslintBroke || prettierBroke, problems };
}

/** The lint layer's own line, printed apart from the tests' closing line. */
export function lintSummary({ clean, withFindings, failedToRun }) {
  return `lint: ${clean} files clean, ${withFindings} files with findings${failedToRun ? ' (a linter failed to run)' : ''}`;
}
