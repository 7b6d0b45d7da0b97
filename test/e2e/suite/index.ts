// Entry of the end-to-end suite, loaded by VS Code inside the Node extension host (both by
// test/e2e/run.mjs through code-server and by @vscode/test-electron). Runs mocha (bdd) over
// every `*.test.js` bundled beside this file, writes the results JSON the outer runner relays,
// and resolves or rejects as VS Code's test contract expects.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type MochaType from 'mocha';

// mocha 12 is an ES module whose package entry re-exports this CommonJS build; requiring the
// CJS file directly avoids depending on require(esm) interop inside the extension host.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Mocha = require('mocha/lib/mocha.cjs') as typeof MochaType;

interface TestResult {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  error?: string;
  duration?: number;
}

/** Where results go: the runner passes a path; otherwise the repo's test/out (this file is out/e2e/suite/index.js). */
const repoRoot = path.resolve(__dirname, '../../..');
const resultsFile = process.env.SVC_E2E_RESULTS || path.join(repoRoot, 'test/out/e2e-results.json');
const logFile = process.env.SVC_E2E_LOG || path.join(repoRoot, 'test/out/e2e-suite.log');

/** Plain-text progress: into the log file, and to the console marked so the runner can echo it. */
function progress(line: string): void {
  fs.appendFileSync(logFile, `${line}\n`);
  console.log(`[svc-e2e] ${line}`);
}

export function run(): Promise<void> {
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.rmSync(resultsFile, { force: true });
  fs.writeFileSync(logFile, '');

  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec' });
  if (process.env.SVC_E2E_GREP) mocha.grep(process.env.SVC_E2E_GREP);
  for (const file of fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort()) {
    mocha.addFile(path.join(__dirname, file));
  }

  const tests: TestResult[] = [];
  return new Promise((resolve, reject) => {
    let runner: MochaType.Runner;
    try {
      runner = mocha.run((failures) => {
        const passed = tests.filter((t) => t.state === 'passed').length;
        // Hook failures have no test entry of their own; count mocha's figure if it is larger.
        const failed = Math.max(failures, tests.filter((t) => t.state === 'failed').length);
        const skipped = tests.filter((t) => t.state === 'pending').length;
        fs.writeFileSync(resultsFile, JSON.stringify({ passed, failed, skipped, tests }, null, 2) + '\n');
        progress(`${passed} passed, ${failed} failed`);
        if (failed > 0) reject(new Error(`${failed} end-to-end test(s) failed`));
        else if (passed === 0) reject(new Error('no end-to-end test ran'));
        else resolve();
      });
    } catch (e) {
      fs.writeFileSync(
        resultsFile,
        JSON.stringify({ passed: 0, failed: 1, tests: [{ title: 'load the suite', state: 'failed', error: String((e as Error).stack || e) }] }, null, 2) + '\n',
      );
      reject(e);
      return;
    }
    runner.on('pass', (t) => {
      tests.push({ title: t.fullTitle(), state: 'passed', duration: t.duration });
      progress(`ok   ${t.fullTitle()} (${t.duration} ms)`);
    });
    runner.on('fail', (t, err) => {
      tests.push({ title: t.fullTitle(), state: 'failed', error: String(err?.stack || err), duration: t.duration });
      progress(`FAIL ${t.fullTitle()}\n${String(err?.stack || err)}`);
    });
    runner.on('pending', (t) => {
      tests.push({ title: t.fullTitle(), state: 'pending' });
      progress(`skip ${t.fullTitle()}`);
    });
  });
}
