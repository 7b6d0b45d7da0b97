// When svc-lint turns V8's optimizing compiler on (server/src/lint/optimizer.ts): never for a
// clean definition of strict JSON, which needs no pass over its text; once a run scans a large
// text (a finding to locate, a repeated member, JSONC) or reads enough documents. And the build's
// code cache is the one bin/svc-lint.js compiles the bundle with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INPUT_BUDGET, OptimizerBudget, TEXT_SCAN_BUDGET } from '../../../server/src/lint/optimizer';
import { runLint, runLintAsProcess } from '../../../server/src/lint/cli';
import { largeOasDocument } from '../../../bench/inputs';

const root = join(__dirname, '..', '..', '..');

test('the budget turns the compiler on once: at TEXT_SCAN_BUDGET characters scanned, not one before', () => {
  let calls = 0;
  const budget = new OptimizerBudget(() => calls++);
  budget.textScan(TEXT_SCAN_BUDGET - 10);
  budget.textScan(9);
  assert.deepEqual([calls, budget.enabled], [0, false]);
  budget.textScan(1);
  assert.deepEqual([calls, budget.enabled], [1, true]);
  budget.textScan(TEXT_SCAN_BUDGET);
  budget.documentRead(INPUT_BUDGET);
  assert.equal(calls, 1, 'never twice');
});

test('the budget turns the compiler on at INPUT_BUDGET characters of documents read, not one before', () => {
  let calls = 0;
  const budget = new OptimizerBudget(() => calls++);
  budget.documentRead(INPUT_BUDGET - 1);
  assert.equal(calls, 0);
  budget.documentRead(1);
  assert.equal(calls, 1);
});

test('runLint reports each document given as it is read, with its length', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lint-read-'));
  try {
    writeFileSync(join(dir, 'a.json'), largeOasDocument(1));
    writeFileSync(join(dir, 'b.json'), '{"not": "ours"}');
    const read: number[] = [];
    runLint(['a.json', 'b.json'], dir, { documentRead: (characters) => read.push(characters) });
    assert.deepEqual(read, [largeOasDocument(1).length, '{"not": "ours"}'.length]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Lints one file as bin/svc-lint.js does; whether the compiler was turned on, and the report. */
function lintWithBudget(name: string, text: string): { enabled: boolean; stdout: string } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lint-optimizer-'));
  try {
    writeFileSync(join(dir, name), text);
    let enabled = false;
    const run = runLintAsProcess([name], dir, { enableOptimizer: () => (enabled = true) });
    return { enabled, stdout: run.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ~1.1 MB: above the scan budget, below the input budget.
const LARGE = largeOasDocument(1500);

test('a clean definition of strict JSON above the scan budget is linted without any pass over its text', () => {
  assert.ok(LARGE.length > TEXT_SCAN_BUDGET && LARGE.length < INPUT_BUDGET);
  assert.deepEqual(lintWithBudget('api.json', LARGE), { enabled: false, stdout: '' });
});

test('a finding to locate, a repeated member or JSONC in that definition turns the compiler on', () => {
  const last = LARGE.lastIndexOf('"operationId"');
  const finding = lintWithBudget('api.json', `${LARGE.slice(0, last)}"operationID": "x",\n${LARGE.slice(last)}`);
  assert.equal(finding.enabled, true);
  assert.match(finding.stdout, /svc\.unknown-member Unknown member `operationID`/);

  const info = LARGE.indexOf('"info": {') + '"info": {'.length;
  const repeated = lintWithBudget('api.json', `${LARGE.slice(0, info)}"title": "first",${LARGE.slice(info)}`);
  assert.equal(repeated.enabled, true);
  assert.match(repeated.stdout, /Duplicate member `title`/);

  assert.equal(lintWithBudget('api.jsonc', `// a comment\n${LARGE}`).enabled, true);
});

test('a small definition with a finding to locate stays below the budget', () => {
  const small = lintWithBudget('small.json', largeOasDocument(1).replace('"operationId"', '"operationID"'));
  assert.equal(small.enabled, false);
  assert.match(small.stdout, /Unknown member `operationID`/);
});

test('bin/svc-lint.js compiles the bundle with the code cache the build made', () => {
  const run = spawnSync(process.execPath, [join(root, 'bin', 'svc-lint.js'), join(root, 'test', 'fixtures', 'service', 'valid')], {
    env: { ...process.env, SVC_LINT_REPORT_CODE_CACHE: '1' },
    encoding: 'utf8',
  });
  assert.match(run.stderr, /^svc-lint: code cache accepted$/m);
  assert.equal(run.status, 0, run.stdout + run.stderr);
});
