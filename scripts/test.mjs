// Runs every test layer and prints one closing line `N passed, N failed` summed over them.
//   node scripts/test.mjs [lint|unit|protocol|e2e|conformance ...]   (default: lint, unit, protocol, e2e)
// Layers: build + type-check (a failure counts as one failed test), the code linter (ESLint and
// `prettier --check`), unit tests and protocol tests with node's test runner, end-to-end tests in a
// real VS Code (test/e2e/run.mjs). An end-to-end layer that cannot start counts as a failure, never
// as a skip. Linted files are not tests: the linter reports on a line of its own
// (`lint: N files clean, N files with findings`) and a finding fails the run (exit 1) without
// entering the closing line's counts, which are tests only.
// The conformance layer (`npm run test:conformance`, files named `*conformance*`) is asked for by
// name only: it reads the team's material outside the repository, the folder SVC_SHARED_DIR names
// or else the folder `shared` beside the repository, and otherwise says in one line that it did
// not run (docs/testing.md).
import { existsSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eLayer, lintLayer, lintSummary, nodeTestLayer, run as runIn } from './lib/layers.mjs';
import { findTests as findTestsIn, SHARED_FOLDER, sharedDir } from './lib/testFiles.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const requested = process.argv.slice(2);
const layers = requested.length ? requested : ['lint', 'unit', 'protocol', 'e2e'];
const outDir = join(root, 'test/out');
mkdirSync(outDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let lintLine;
let lintFailed = false;
const summary = [];
const run = (cmd, args) => runIn(cmd, args, { cwd: root });

const findTests = (dir) => findTestsIn(root, dir);

function record(layer, { passed, failed, skipped = 0, problems = [] }) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  for (const p of problems) console.error(`[test] ${layer}: ${p}`);
  summary.push(`${layer}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

const nodeTests = async (layer, files) => record(layer, await nodeTestLayer({ root, files, tallyFile: join(outDir, `${layer}.tally.json`) }));
const lint = async () => {
  const report = await lintLayer({ root });
  for (const p of report.problems) console.error(`[test] lint: ${p}`);
  lintLine = lintSummary(report);
  lintFailed = report.withFindings > 0 || report.failedToRun;
};
const e2e = async () => record('e2e', await e2eLayer({ root, runner: join(root, 'test/e2e/run.mjs'), resultFile: join(outDir, 'e2e-results.json') }));

const conformance = async () => {
  const shared = sharedDir(process.env, root);
  if (!shared || !existsSync(shared)) {
    // One line, no count: a clone without the team's material beside it has nothing to compare.
    const why = shared ? `no ${shared}` : `SVC_SHARED_DIR is not set and no folder ${SHARED_FOLDER} is beside the repository`;
    console.log(`conformance: not run (${why}: the team's material is not here; see docs/testing.md)`);
    return;
  }
  // The conformance files read the folder from SVC_SHARED_DIR (test/conformance/shared.conformance.ts).
  process.env.SVC_SHARED_DIR = shared;
  await nodeTests('conformance', findTestsIn(root, 'test', { conformance: true }));
};

// Build and type-check first: every layer runs the bundles or the sources they come from. The
// conformance layer alone runs the sources with tsx and needs neither.
if (layers.some((l) => l !== 'conformance')) {
  if ((await run('npm', ['run', '--silent', 'build'])) !== 0) record('build', { passed: 0, failed: 1 });
  else if ((await run('npm', ['run', '--silent', 'typecheck'])) !== 0) record('typecheck', { passed: 0, failed: 1 });
}

for (const layer of layers) {
  if (layer === 'lint') await lint();
  else if (layer === 'unit') await nodeTests('unit', findTests('test/unit'));
  else if (layer === 'protocol') await nodeTests('protocol', findTests('test/protocol'));
  else if (layer === 'e2e') await e2e();
  else if (layer === 'conformance') await conformance();
  else record(layer, { passed: 0, failed: 1, problems: [`unknown layer ${layer}`] });
}

// Only the conformance layer asked for, and it did not run: its one line said so.
if (summary.length === 0 && !lintLine) process.exit(0);
console.log('\n' + summary.join('\n'));
if (lintLine) console.log(lintLine);
// Skipped and todo tests are in neither count, so they are named on a line of their own.
if (totals.skipped > 0) console.log(`${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 || lintFailed ? 1 : 0);
