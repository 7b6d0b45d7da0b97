// The honesty of scripts/test.mjs's counts: it reads node's structured test events (never text a
// test prints), counts tests that were planned but never reported as failed, reports skipped and
// todo tests, and never relays end-to-end results left by an earlier run.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain .mjs module of the build scripts, without type declarations
import { nodeTestLayer, e2eLayer, lintReport, lintSummary } from '../../../scripts/lib/layers.mjs';
// @ts-expect-error: a plain .mjs module of the build scripts, without type declarations
import { findTests, SHARED_FOLDER, sharedDir } from '../../../scripts/lib/testFiles.mjs';

const root = join(__dirname, '..', '..', '..');
const fixture = (name: string) => join(root, 'test/fixtures/runner', name);
const scratch = () => mkdtempSync(join(tmpdir(), 'svc-runner-'));

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  problems: string[];
}

async function count(...files: string[]): Promise<Counts> {
  return nodeTestLayer({ root, files: files.map(fixture), tallyFile: join(scratch(), 'tally.json'), quiet: true });
}

interface LintReport {
  clean: number;
  withFindings: number;
  failedToRun: boolean;
  problems: string[];
}
const lint = (r: object): LintReport => lintReport({ root, eslintCode: 0, prettierCode: 0, unformatted: [], ...r }) as LintReport;
const eslintFile = (name: string, errors = 0, warnings = 0) => ({
  filePath: join(root, name),
  errorCount: errors,
  warningCount: warnings,
  messages: Array.from({ length: errors + warnings }, () => ({ line: 1, column: 1, message: 'finding', ruleId: 'rule' })),
});

test('a test printing "# pass 999" does not inflate the pass count', async () => {
  const r = await count('prints-pass-999.mjs');
  assert.deepEqual([r.passed, r.failed, r.skipped], [2, 0, 0]);
});

test('a file that exits mid-run counts its unreported tests as failed', async () => {
  const r = await count('exits-early.mjs');
  // One passed before the exit; the exiting test and the two after it never reported.
  assert.equal(r.passed, 1);
  assert.equal(r.failed, 3);
  assert.ok(
    r.problems.some((p) => p.includes('never runs (2)')),
    r.problems.join('\n'),
  );
});

test('a file that exits while loading counts as a failure, not as a pass', async () => {
  const r = await count('exits-at-load.mjs');
  assert.deepEqual([r.passed, r.failed], [0, 1]);
  assert.match(r.problems.join('\n'), /reported no tests/);
});

test('skipped and todo tests are counted as skipped, beside the real pass and fail', async () => {
  const r = await count('skips.mjs');
  assert.deepEqual([r.passed, r.failed, r.skipped], [1, 1, 2]);
});

test('counts add up over several files in one run', async () => {
  const r = await count('prints-pass-999.mjs', 'skips.mjs');
  assert.deepEqual([r.passed, r.failed, r.skipped], [3, 1, 2]);
});

test('stale end-to-end results are removed before the run, so a runner that dies early counts as a failure', async () => {
  const dir = scratch();
  const resultFile = join(dir, 'out', 'e2e-results.json');
  mkdirSync(join(dir, 'out'));
  writeFileSync(resultFile, JSON.stringify({ passed: 74, failed: 0 }));
  const runner = join(dir, 'dies.mjs');
  writeFileSync(runner, 'process.exit(1);\n');
  const r = await e2eLayer({ root: dir, runner, resultFile });
  assert.deepEqual([r.passed, r.failed], [0, 1]);
  assert.equal(existsSync(resultFile), false);
});

test('fresh end-to-end results are relayed; a non-zero exit with no failure counted becomes one failure', async () => {
  const dir = scratch();
  const resultFile = join(dir, 'e2e-results.json');
  const runner = join(dir, 'writes.cjs');
  writeFileSync(runner, `require('node:fs').writeFileSync(${JSON.stringify(resultFile)}, '{"passed":5,"failed":0,"skipped":1}'); process.exit(3);\n`);
  const r = await e2eLayer({ root: dir, runner, resultFile });
  assert.deepEqual([r.passed, r.failed, r.skipped], [5, 1, 1]);
});

test('a test that hangs is stopped by the timeout and fails by name; the test before it still counts', async () => {
  // The timeout covers the file's whole process (start-up and tsx's loader too): 500 ms was missed
  // at load 8 before the first test ran. 4 s is far beyond a start, and the hang still ends the run.
  const r: Counts = await nodeTestLayer({ root, files: [fixture('hangs.mjs')], tallyFile: join(scratch(), 'tally.json'), quiet: true, timeoutMs: 4000 });
  assert.equal(r.passed, 1);
  assert.ok(r.failed >= 2, `the hung test and the one it kept from running fail (${r.failed})`);
  assert.ok(
    r.problems.some((p) => p.includes('"waits forever"')),
    r.problems.join('\n'),
  );
});

test('linted files are not tests: the lint report counts files clean and files with findings, apart from the tests', () => {
  const r = lint({ eslintFiles: [eslintFile('a.ts'), eslintFile('b.ts', 1), eslintFile('c.ts', 0, 2)], unformatted: ['c.ts', 'd.css'] });
  // c.ts has findings from both tools and counts once; d.css is Prettier's alone.
  assert.deepEqual([r.clean, r.withFindings, r.failedToRun], [1, 3, false]);
  assert.equal(lintSummary(r), 'lint: 1 files clean, 3 files with findings');
  assert.ok(!('passed' in r) && !('failed' in r), 'the lint report carries no test counts');
});

test('a clean tree is all clean; one finding is enough to count a file', () => {
  assert.deepEqual(lint({ eslintFiles: [eslintFile('a.ts'), eslintFile('b.ts')] }).withFindings, 0);
  assert.deepEqual(lint({ eslintFiles: [eslintFile('a.ts'), eslintFile('b.ts', 0, 1)] }).withFindings, 1);
});

test('a linter that fails without naming a file fails the lint line, not silently', () => {
  assert.equal(lint({ eslintFiles: undefined, eslintCode: 2 }).failedToRun, true);
  assert.equal(lint({ eslintFiles: [eslintFile('a.ts')], prettierCode: 2 }).failedToRun, true);
  assert.equal(lint({ eslintFiles: [eslintFile('a.ts', 1)], eslintCode: 1 }).failedToRun, false);
  assert.match(lintSummary(lint({ eslintFiles: undefined, eslintCode: 2 })), /a linter failed to run/);
});

test('the unit and protocol layers leave out *conformance* files, and the conformance layer runs only them', () => {
  const dir = scratch();
  mkdirSync(join(dir, 'test/unit/a'), { recursive: true });
  mkdirSync(join(dir, 'test/conformance'), { recursive: true });
  for (const file of [
    'test/unit/a/one.test.ts',
    'test/unit/a/two.conformance.test.ts',
    'test/unit/a/helper.ts',
    'test/conformance/three.conformance.test.ts',
    'test/conformance/shared.conformance.ts',
  ])
    writeFileSync(join(dir, file), '');
  assert.deepEqual(findTests(dir, 'test/unit'), ['test/unit/a/one.test.ts']);
  assert.deepEqual(findTests(dir, 'test', { conformance: true }), ['test/conformance/three.conformance.test.ts', 'test/unit/a/two.conformance.test.ts']);
  assert.deepEqual(findTests(dir, 'test/missing'), []);
});

test("the team's material: the folder SVC_SHARED_DIR names wins; else the folder beside the repository when it is one; else none", () => {
  const base = scratch();
  const repo = join(base, 'repo');
  mkdirSync(repo);
  const beside = join(base, SHARED_FOLDER);
  // Neither: nothing to read.
  assert.equal(sharedDir({}, repo), undefined);
  assert.equal(sharedDir({ SVC_SHARED_DIR: '  ' }, repo), undefined, 'a blank variable names nothing');
  // Just outside: a file of that name beside the repository is no folder.
  writeFileSync(beside, '');
  assert.equal(sharedDir({}, repo), undefined);
  rmSync(beside);
  // Just inside: the folder beside the repository.
  mkdirSync(beside);
  assert.equal(sharedDir({}, repo), beside);
  assert.equal(sharedDir({ SVC_SHARED_DIR: '  ' }, repo), beside);
  // The variable wins, also when what it names is not there (the runner then says so).
  assert.equal(sharedDir({ SVC_SHARED_DIR: '/elsewhere/material' }, repo), '/elsewhere/material');
  assert.equal(sharedDir({ SVC_SHARED_DIR: join(base, 'missing') }, repo), join(base, 'missing'));
});

/** A copy of the runner in `base/repo` (node_modules linked), so that a test chooses what lies beside it. */
function runnerCopy(): { base: string; repo: string; conformance: (env: NodeJS.ProcessEnv) => ReturnType<typeof spawnSync> } {
  const base = scratch();
  const repo = join(base, 'repo');
  cpSync(join(root, 'scripts'), join(repo, 'scripts'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(repo, 'node_modules'), 'dir');
  const { SVC_SHARED_DIR: _unset, ...rest } = process.env;
  const conformance = (env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, [join(repo, 'scripts/test.mjs'), 'conformance'], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...rest, ...env, NODE_TEST_CONTEXT: '' },
    });
  return { base, repo, conformance };
}

test('without the team material, the conformance layer prints one line saying it did not run and exits 0', () => {
  const { base, conformance } = runnerCopy();
  const named = conformance({ SVC_SHARED_DIR: join(base, 'no-such-folder') });
  assert.equal(named.status, 0, String(named.stderr));
  const lines = String(named.stdout).split('\n').filter(Boolean);
  assert.equal(lines.length, 1, String(named.stdout));
  assert.match(lines[0], /^conformance: not run \(no .*no-such-folder: the team's material is not here/);
  // Not named, and nothing beside the repository.
  const unnamed = conformance({});
  assert.equal(unnamed.status, 0, String(unnamed.stderr));
  assert.equal(
    String(unnamed.stdout).trim(),
    `conformance: not run (SVC_SHARED_DIR is not set and no folder ${SHARED_FOLDER} is beside the repository: ` +
      "the team's material is not here; see docs/testing.md)",
  );
});

test('the conformance layer runs on the folder beside the repository when SVC_SHARED_DIR is not set, and on the named one when it is', () => {
  const { base, repo, conformance } = runnerCopy();
  mkdirSync(join(base, SHARED_FOLDER));
  writeFileSync(join(base, SHARED_FOLDER, 'marker.txt'), 'beside');
  mkdirSync(join(base, 'elsewhere'));
  writeFileSync(join(base, 'elsewhere', 'marker.txt'), 'named');
  mkdirSync(join(repo, 'test/conformance'), { recursive: true });
  writeFileSync(
    join(repo, 'test/conformance/marker.conformance.test.mjs'),
    [
      "import { test } from 'node:test';",
      "import assert from 'node:assert/strict';",
      "import { readFileSync } from 'node:fs';",
      "import { join } from 'node:path';",
      "test('reads the material', () => assert.equal(readFileSync(join(process.env.SVC_SHARED_DIR, 'marker.txt'), 'utf8'), process.env.EXPECTED_MARKER));",
    ].join('\n'),
  );
  const beside = conformance({ EXPECTED_MARKER: 'beside' });
  assert.equal(beside.status, 0, `${String(beside.stdout)}${String(beside.stderr)}`);
  assert.match(String(beside.stdout), /^conformance: 1 passed, 0 failed$/m);
  const named = conformance({ SVC_SHARED_DIR: join(base, 'elsewhere'), EXPECTED_MARKER: 'named' });
  assert.equal(named.status, 0, `${String(named.stdout)}${String(named.stderr)}`);
  assert.match(String(named.stdout), /^conformance: 1 passed, 0 failed$/m);
});
