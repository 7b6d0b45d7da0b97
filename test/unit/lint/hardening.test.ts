// svc-lint against hostile files (issue 34): 200,000 findings in one document no longer overflow
// the stack (item 7: capped, with a final "N more" finding, and the other files still reported;
// a file whose check throws is reported as not checked, and the others still are);
// staged names after `--` are literal paths (item 9: `[b]ad.json`, `*.json`, `--help.json`); a
// FIFO, a device or an empty folder is said to be what it is (item 15); names and messages are
// escaped for the terminal (item 4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLint } from '../../../server/src/lint/cli';
import { MAX_FINDINGS_PER_DOCUMENT, capFindings } from '../../../server/src/service/validation/findingsCap';
import { WorkspaceModel } from '../../../server/src/service/index/workspaceModel';

type LintReport = { files: Array<{ file: string; kind: string | null; diagnostics: Array<{ severity: string; code: string; message: string }> }> };

const POLICY_WITH_ERROR = JSON.stringify({ $schema: 'https://svc.invalid/schemas/policy.schema.json', id: 'p', name: 'P', rate: 'fast', per: 60 });
const CLEAN_POLICY = JSON.stringify({ $schema: 'https://svc.invalid/schemas/policy.schema.json', id: 'p', name: 'P', rate: 10, per: 60 });
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

function withDir(run: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lint-hard-'));
  try {
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('200,000 findings in one document: capped with a final "N more" finding; the other files are still reported', () => {
  withDir((dir) => {
    const members: string[] = [];
    for (let i = 0; i < 200_000; i++) members.push(`"unknown_${i}": 1`);
    writeFileSync(join(dir, 'huge.json'), `{"$schema": "https://svc.invalid/schemas/policy.schema.json", "id": "h", "rate": "x", ${members.join(', ')}}`);
    writeFileSync(join(dir, 'other.json'), POLICY_WITH_ERROR);
    const run = runLint(['--format', 'json', 'huge.json', 'other.json'], dir);
    assert.equal(run.exitCode, 1, run.stderr);
    const report = JSON.parse(run.stdout) as { files: Array<{ file: string; diagnostics: Array<{ code: string; severity: string; message: string }> }> };
    const huge = report.files.find((f) => f.file === 'huge.json')!;
    assert.equal(huge.diagnostics.length, MAX_FINDINGS_PER_DOCUMENT + 1);
    const last = huge.diagnostics[huge.diagnostics.length - 1];
    assert.equal(last.code, 'svc.too-many-findings');
    assert.match(last.message, /^\d{3},\d{3} more finding\(s\) not shown: a document shows at most 1,000, the most severe first/);
    assert.ok(
      huge.diagnostics.some((d) => d.severity === 'error'),
      'the error (rate) is kept among the warnings',
    );
    const other = report.files.find((f) => f.file === 'other.json')!;
    assert.ok(other.diagnostics.some((d) => d.severity === 'error'));
  });
});

test('checking one file throws: that file is reported as not checked (an error, exit 1), the files around it are still checked', (t) => {
  withDir((dir) => {
    for (const name of ['a.json', 'b.json', 'c.json']) writeFileSync(join(dir, name), CLEAN_POLICY.replace('"p"', `"${name[0]}"`));
    // Just outside: nothing throws, three clean files, exit 0.
    assert.deepEqual(runLint(['a.json', 'b.json', 'c.json'], dir), { exitCode: 0, stdout: '', stderr: '' });
    // The workspace rules (called only while validating) throw for b.json: a real step of validation failing.
    const problemsFor = Reflect.get(WorkspaceModel.prototype, 'problemsFor') as (this: WorkspaceModel, uri: string) => unknown;
    t.mock.method(WorkspaceModel.prototype, 'problemsFor', function (this: WorkspaceModel, uri: string) {
      if (uri.endsWith('/b.json')) throw new Error('index broken for b.json');
      return problemsFor.call(this, uri);
    });
    const run = runLint(['--format', 'json', 'a.json', 'b.json', 'c.json'], dir);
    assert.equal(run.exitCode, 1, 'a file that could not be checked fails the run');
    const report = JSON.parse(run.stdout) as LintReport;
    assert.deepEqual(
      report.files.map((f) => [f.file, f.kind, f.diagnostics.map((d) => [d.severity, d.code, d.message])]),
      [
        ['a.json', 'policy', []],
        ['b.json', 'policy', [['error', 'svc.lint-failed', 'svc-lint could not check this file: index broken for b.json. The other files were checked.']]],
        ['c.json', 'policy', []],
      ],
    );
    const text = runLint(['a.json', 'b.json', 'c.json'], dir);
    assert.equal(text.stdout, 'b.json:1:1 error svc.lint-failed svc-lint could not check this file: index broken for b.json. The other files were checked.');
    assert.equal(text.exitCode, 1);
  });
});

test('reading one file into the index throws: that file is reported, the others are still checked', () => {
  withDir((dir) => {
    writeFileSync(join(dir, 'a.json'), CLEAN_POLICY);
    writeFileSync(join(dir, 'b.json'), POLICY_WITH_ERROR + ' ');
    const size = (POLICY_WITH_ERROR + ' ').length;
    const run = runLint(['--format', 'json', 'a.json', 'b.json'], dir, {
      documentRead: (characters) => {
        if (characters === size) throw new Error('cannot index this one');
      },
    });
    assert.equal(run.exitCode, 1);
    const report = JSON.parse(run.stdout) as LintReport;
    assert.deepEqual(
      report.files.map((f) => [f.file, f.kind, f.diagnostics.map((d) => [d.severity, d.code, d.message])]),
      [
        ['a.json', 'policy', []],
        ['b.json', null, [['error', 'svc.lint-failed', 'svc-lint could not check this file: cannot index this one. The other files were checked.']]],
      ],
    );
  });
});

test('capFindings: just inside the limit nothing changes; one over keeps the limit plus "1 more", errors first', () => {
  const d = (severity: 1 | 2, i: number) => ({ range: { start: { line: i, character: 0 }, end: { line: i, character: 1 } }, severity, message: `m${i}` });
  const inside = Array.from({ length: 5 }, (_, i) => d(2, i));
  assert.equal(capFindings(inside, 5), inside);
  const over = [...Array.from({ length: 5 }, (_, i) => d(2, i)), d(1, 5)];
  const capped = capFindings(over, 5);
  assert.equal(capped.length, 6);
  assert.deepEqual(
    capped.slice(0, 5).map((x) => x.message),
    ['m0', 'm1', 'm2', 'm3', 'm5'],
    'the error is kept, the order of the document kept',
  );
  assert.match(String(capped[5].message), /^1 more finding\(s\) not shown/);
});

test('after `--` every argument is a literal path: [b]ad.json, *.json and --help.json are files, not globs or options', () => {
  withDir((dir) => {
    writeFileSync(join(dir, 'bad.json'), CLEAN_POLICY);
    writeFileSync(join(dir, '[b]ad.json'), POLICY_WITH_ERROR);
    writeFileSync(join(dir, '--help.json'), POLICY_WITH_ERROR);
    const bracket = runLint(['--', '[b]ad.json'], dir);
    assert.equal(bracket.exitCode, 1, 'the staged file with the error fails the commit');
    assert.match(bracket.stdout, /^\[b\]ad\.json:1:\d+ error /m);
    // Just outside: without `--` the same argument is a glob (matching the clean bad.json).
    assert.equal(runLint(['[b]ad.json'], dir).exitCode, 0);
    const star = runLint(['--', '*.json'], dir);
    assert.equal(star.exitCode, 2);
    assert.match(star.stderr, /no such file: \*\.json/);
    const help = runLint(['--', '--help.json'], dir);
    assert.equal(help.exitCode, 1);
    assert.match(help.stdout, /^--help\.json:1:\d+ error /m);
  });
});

test('a FIFO, a device and a folder without JSON are named for what they are, not "no such file"', { skip: process.platform === 'win32' }, () => {
  withDir((dir) => {
    assert.equal(spawnSync('mkfifo', [join(dir, 'pipe.json')]).status, 0);
    mkdirSync(join(dir, 'empty'));
    const fifo = runLint(['pipe.json'], dir);
    assert.equal(fifo.exitCode, 2);
    assert.match(fifo.stderr, /pipe\.json is a FIFO \(named pipe\), not a file svc-lint can check/);
    const device = runLint(['/dev/null'], dir);
    assert.match(device.stderr, /\/dev\/null is a character device, not a file svc-lint can check/);
    const folder = runLint(['empty'], dir);
    assert.match(folder.stderr, /empty is a directory with no \.json or \.jsonc file in it/);
    assert.match(runLint(['missing.json'], dir).stderr, /no such file: missing\.json/);
  });
});

test('file names and messages with ESC, C1 and newlines are printed escaped (text and JSON)', { skip: process.platform === 'win32' }, () => {
  withDir((dir) => {
    const name = 'evil\u001b]0;title\u0007\u009b2J\n.json';
    writeFileSync(
      join(dir, name),
      JSON.stringify({ $schema: 'https://svc.invalid/schemas/policy.schema.json', id: 'p', name: 'P', rate: 'x\u001b[2J', per: 60 }),
    );
    const text = runLint(['--', name], dir);
    assert.equal(text.exitCode, 1);
    assert.doesNotMatch(text.stdout + text.stderr, RAW_CONTROL);
    assert.equal(text.stdout.split('\n').filter((l) => l.startsWith('evil')).length, text.stdout.split('\n').length, 'one line per finding, none forged');
    assert.match(text.stdout, /^evil\\x1b\]0;title\\x07\\u009b2J\\n\.json:1:\d+ error /m);
    const json = runLint(['--format', 'json', '--', name], dir);
    assert.doesNotMatch(json.stdout, RAW_CONTROL);
    assert.equal(JSON.parse(json.stdout).files[0].file, name, 'the JSON still carries the exact name');
  });
});
