// `svc diff`'s text form (printText), from reports built by hand: the line per file that is not
// unchanged (its status in words, what it is, the message), a line per changed path on each
// side, and the summary note on stderr. No server: what docs/cli.md shows, word for word.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { printText, type DiffFileResult, type DiffReport } from '../../../engine/src/cli/diffCommand';
import { Reporter, type CliIo } from '../../../engine/src/cli/io';

function render(report: DiffReport, quiet = false): { stdout: string[]; stderr: string[] } {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    cwd: '/nowhere',
    env: {},
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    stderrIsTTY: false,
    stdinIsTTY: false,
    ask: () => Promise.reject(new Error('printText asks nothing')),
  };
  printText(report, new Reporter(io, quiet));
  const lines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
  return { stdout: lines(stdout), stderr: lines(stderr) };
}

const file = (over: Partial<DiffFileResult>): DiffFileResult => ({
  file: 'svc/gold-plan.policy.json',
  kind: 'policy',
  id: 'gold-plan',
  name: 'Gold plan',
  status: 'changed-locally',
  mode: 'three-way',
  localChanged: true,
  remoteChanged: false,
  changes: [],
  ...over,
});

function report(files: DiffFileResult[], summary: Partial<DiffReport['summary']> = {}): DiffReport {
  return {
    version: 1,
    environment: 'staging',
    exitCode: 1,
    summary: { files: files.length, unchanged: 0, differences: 0, conflicts: 0, errors: 0, ...summary },
    files,
  };
}

describe('svc diff text: one line per file that differs', () => {
  const cases: Array<[DiffFileResult['status'], string]> = [
    ['changed-locally', 'changed locally'],
    ['changed-remotely', 'changed on the server'],
    ['conflict', 'CONFLICT: changed locally and on the server'],
    ['deleted-remotely', 'deleted on the server'],
    ['not-on-server', 'not on the server'],
    ['different', 'differs from the server (never pulled: no base)'],
    ['error', 'cannot compare'],
  ];
  for (const [status, words] of cases) {
    test(`${status} reads "${words}"`, () => {
      const { stdout } = render(report([file({ status })]));
      assert.deepEqual(stdout, [`svc/gold-plan.policy.json: ${words} (policy 'Gold plan')`]);
    });
  }

  test('an unchanged file is not listed (only the summary counts it)', () => {
    const { stdout, stderr } = render(report([file({ status: 'unchanged', localChanged: false })], { unchanged: 1 }));
    assert.deepEqual(stdout, []);
    assert.deepEqual(stderr, ["1 file(s) compared with 'staging': 1 unchanged, 0 with differences."]);
  });

  test('what the file is: the kind and the name; a key by its kind only (its name may be its id); nothing when the kind is unknown', () => {
    const { stdout } = render(
      report([
        file({ file: 'svc/payments.oas.json', kind: 'oas', name: 'Payments' }),
        file({ file: 'svc/k.key.json', kind: 'key', name: 'a-key-name' }),
        file({ file: 'svc/unnamed.policy.json', name: null }),
        file({ file: 'notes.json', kind: null, id: null, name: 'ignored', status: 'error', message: 'not a document svc knows.' }),
      ]),
    );
    assert.deepEqual(stdout, [
      "svc/payments.oas.json: changed locally (OAS API 'Payments')",
      'svc/k.key.json: changed locally (key)',
      'svc/unnamed.policy.json: changed locally (policy)',
      'notes.json: cannot compare — not a document svc knows.',
    ]);
  });

  test('a message follows a dash', () => {
    const { stdout } = render(report([file({ status: 'deleted-remotely', message: 'deleted on the server since the pull' })]));
    assert.deepEqual(stdout, ["svc/gold-plan.policy.json: deleted on the server (policy 'Gold plan') — deleted on the server since the pull"]);
  });
});

describe('svc diff text: one line per changed path', () => {
  test('local, remote, both and differs, each with its values; an absent member reads (absent)', () => {
    const { stdout } = render(
      report([
        file({
          status: 'conflict',
          changes: [
            { pointer: '/rate', display: 'rate', side: 'local', base: 1000, local: 1200, remote: 1000 },
            { pointer: '/quota_max', display: 'quota_max', side: 'remote', base: 10000, local: 10000, remote: 20000 },
            { pointer: '/per', display: 'per', side: 'both', base: 60, local: 30, remote: 90 },
            { pointer: '/tags', display: 'tags', side: 'local', local: ['a'] },
            { pointer: '/name', display: 'name', side: 'remote', base: 'Gold' },
            { pointer: '/x', display: 'x', side: 'both', local: 'l' },
          ],
        }),
        file({
          file: 'svc/new.policy.json',
          status: 'different',
          mode: 'two-way',
          changes: [
            { pointer: '/rate', display: 'rate', side: 'differs', local: 5, remote: 6 },
            { pointer: '/per', display: 'per', side: 'differs', remote: 60 },
          ],
        }),
      ]),
    );
    assert.deepEqual(stdout, [
      "svc/gold-plan.policy.json: CONFLICT: changed locally and on the server (policy 'Gold plan')",
      '  local   rate: 1000 → 1200',
      '  remote  quota_max: 10000 → 20000',
      '  both    per: base 60, local 30, remote 90',
      '  local   tags: (absent) → ["a"]',
      '  remote  name: "Gold" → (absent)',
      '  both    x: base (absent), local "l", remote (absent)',
      "svc/new.policy.json: differs from the server (never pulled: no base) (policy 'Gold plan')",
      '  differs rate: local 5, remote 6',
      '  differs per: local (absent), remote 60',
    ]);
  });

  test('null is a value, not an absent member', () => {
    const { stdout } = render(report([file({ changes: [{ pointer: '/p', display: 'p', side: 'local', base: null, local: 0 }] })]));
    assert.equal(stdout[1], '  local   p: null → 0');
  });
});

describe('svc diff text: the summary on stderr', () => {
  test('differences only: no conflict or error part', () => {
    const { stderr } = render(report([file({})], { files: 3, unchanged: 2, differences: 1 }));
    assert.deepEqual(stderr, ["3 file(s) compared with 'staging': 2 unchanged, 1 with differences."]);
  });

  test('one conflict and one file that could not be compared are said', () => {
    const { stderr } = render(report([file({ status: 'conflict' }), file({ status: 'error' })], { files: 2, differences: 1, conflicts: 1, errors: 1 }));
    assert.deepEqual(stderr, ["2 file(s) compared with 'staging': 0 unchanged, 1 with differences, 1 in conflict, 1 could not be compared."]);
  });

  test('conflicts without errors, and errors without conflicts', () => {
    assert.deepEqual(render(report([], { files: 4, unchanged: 1, differences: 3, conflicts: 2 })).stderr, [
      "4 file(s) compared with 'staging': 1 unchanged, 3 with differences, 2 in conflict.",
    ]);
    assert.deepEqual(render(report([], { files: 4, unchanged: 3, errors: 1 })).stderr, [
      "4 file(s) compared with 'staging': 3 unchanged, 0 with differences, 1 could not be compared.",
    ]);
  });

  test('--quiet: the summary is left out, the differences are not', () => {
    const { stdout, stderr } = render(report([file({})], { differences: 1 }), true);
    assert.equal(stdout.length, 1);
    assert.deepEqual(stderr, []);
  });
});
