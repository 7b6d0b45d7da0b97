// svc-lint on the fixtures: exit codes, exact compiler-style lines, JSON output, globs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLint } from '../../../server/src/lint/cli';

const root = join(__dirname, '../../..');
const lint = (...args: string[]) => runLint(args, root);

test('valid fixtures: exit 0 and no output', () => {
  const run = lint('test/fixtures/service/valid');
  assert.deepEqual(run, { exitCode: 0, stdout: '', stderr: '' });
});

test('JSON that is no Svc document: not checked but listed (exit 0); when nothing given is one, stderr says so', () => {
  const why = '(no API definition, streams document, policy or key was recognised; a `$schema` member naming one of our schemas says what a file is).';
  const notChecked =
    'package.json: not checked: no API definition, streams document, policy, key, webhook, user or OAuth client was recognised in its members; a `$schema` member naming one of our schemas, or `svc.files.associations`, says what a file is.';
  assert.deepEqual(lint('package.json'), { exitCode: 0, stdout: notChecked, stderr: `svc-lint: checked nothing: package.json is no Svc document ${why}` });
  assert.deepEqual(lint('package.json', 'tsconfig.json').stderr, `svc-lint: checked nothing: the 2 files are no Svc documents ${why}`);
  // Beside a Svc document (a pre-commit hook passes every staged .json): no note on stderr, the line in the report.
  assert.deepEqual(lint('package.json', 'test/fixtures/service/valid'), { exitCode: 0, stdout: notChecked, stderr: '' });
});

test('an invalid classic definition: exit 1 with one line per problem', () => {
  const run = lint('test/fixtures/service/invalid/classic.json');
  assert.equal(run.exitCode, 1);
  const f = 'test/fixtures/service/invalid/classic.json';
  assert.equal(
    run.stdout,
    [
      `${f}:3:13 error svc.semantic.api-id \`api_id\` must not be \`.\` or \`..\` or contain \`/\` or \`\\\`.`,
      `${f}:4:15 error svc.schema.enum \`protocol\` must be one of: http, https, h2c, tcp, tls (or empty).`,
      `${f}:8:5 error svc.semantic.auth-sources All auth sources are disabled for \`jwt\`: enable at least one of header, query or cookie.`,
      `${f}:10:3 warning svc.schema.required Missing member \`target_url\`, which the classic schema requires. The gateway still loads the definition (it does not run that schema) and leaves the member at its default; add it to say what you mean.`,
      `${f}:11:20 error svc.semantic.listen-path The listen path \`orders/\` must start with \`/\`.`,
      `${f}:12:5 error svc.semantic.load-balancing Load balancing is enabled but \`target_list\` has no targets.`,
      `${f}:13:5 warning svc.unknown-member Unknown member \`strip_listen_pth\`: did you mean \`strip_listen_path\`?`,
      `${f}:16:22 error svc.schema.type \`not_versioned\` must be true or false.`,
      `${f}:18:65 error svc.decode \`global_enforce_timeout\` is a readable duration: the gateway's decoder takes only a string and refuses \`-5\`; write a duration string such as \`"30s"\`, or \`""\` for none.`,
      `${f}:22:33 error svc.semantic.ip-cidr \`10.0.0.300\` is not a valid IP address or CIDR range.`,
      `${f}:23:18 error svc.schema.type \`listen_port\` must be an integer.`,
    ].join('\n'),
  );
});

test('warnings and hints alone do not fail the run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lint-'));
  try {
    writeFileSync(join(dir, 'key.json'), '{\n  "rate": 10,\n  "apply_policy_id": "gold",\n  "access_rights": {}\n}\n');
    const run = runLint(['key.json'], dir);
    assert.equal(run.exitCode, 0);
    assert.equal(run.stdout, 'key.json:3:3 hint svc.deprecated `apply_policy_id` is deprecated: use apply_policies (a list of policy ids).');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('globs with ** expand; unrelated JSON is skipped; json format counts', () => {
  const run = lint('--format', 'json', 'test/fixtures/service/**/*.json');
  assert.equal(run.exitCode, 1);
  const report = JSON.parse(run.stdout);
  const files = report.files.map((f: { file: string }) => f.file);
  assert.ok(files.includes('test/fixtures/service/valid/oas.json'));
  assert.ok(files.includes('test/fixtures/service/invalid/streams.json'));
  assert.ok(report.errors > 10);
  const broken = report.files.find((f: { file: string }) => f.file.endsWith('invalid/broken.json'));
  assert.deepEqual(broken.diagnostics, [
    { line: 4, column: 35, endLine: 4, endColumn: 47, severity: 'error', code: 'svc.syntax.comma-expected', message: 'Expected a comma.' },
  ]);
});

test('the same listen path in two linted files is reported in both', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lint-'));
  try {
    mkdirSync(join(dir, 'apis'));
    const api = (id: string) =>
      JSON.stringify(
        { name: id, api_id: id, proxy: { listen_path: '/same/', target_url: 'http://x' }, version_data: { not_versioned: true, versions: {} } },
        null,
        2,
      );
    writeFileSync(join(dir, 'apis/a.json'), api('a'));
    writeFileSync(join(dir, 'apis/b.json'), api('b'));
    writeFileSync(join(dir, 'apis/package.json'), '{"name": "not ours"}');
    const run = runLint(['apis/*.json'], dir);
    assert.equal(run.exitCode, 0);
    assert.equal(
      run.stdout,
      [
        'apis/a.json:5:20 warning svc.semantic.duplicate-listen-path The listen path `/same/` is also used by b.json: the dashboard refuses a second API on the same path.',
        'apis/b.json:5:20 warning svc.semantic.duplicate-listen-path The listen path `/same/` is also used by a.json: the dashboard refuses a second API on the same path.',
        'apis/package.json: not checked: no API definition, streams document, policy, key, webhook, user or OAuth client was recognised in its members; a `$schema` member naming one of our schemas, or `svc.files.associations`, says what a file is.',
      ].join('\n'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a YAML OAS document: the finding at its YAML line and column, in text and JSON output', () => {
  // The YAML fixture (comments, a block scalar, an anchor and its alias above the finding) with one error on line 47.
  const fixture = readFileSync(join(root, 'test/fixtures/yaml/payments.oas.yaml'), 'utf8');
  const text = fixture.replace('      value: /payments/\n', '      value: payments/\n');
  assert.notEqual(text, fixture);
  assert.equal(text.split('\n')[46], '      value: payments/');
  const dir = mkdtempSync(join(tmpdir(), 'svc-lint-'));
  try {
    writeFileSync(join(dir, 'payments.oas.yaml'), text);
    assert.deepEqual(runLint(['payments.oas.yaml'], dir), {
      exitCode: 1,
      stdout: 'payments.oas.yaml:47:14 error svc.semantic.listen-path The listen path `payments/` must start with `/`.',
      stderr: '',
    });
    const json = runLint(['--format', 'json', 'payments.oas.yaml'], dir);
    assert.equal(json.exitCode, 1);
    assert.deepEqual(JSON.parse(json.stdout).files, [
      {
        file: 'payments.oas.yaml',
        kind: 'oas',
        diagnostics: [
          {
            line: 47,
            column: 14,
            endLine: 47,
            endColumn: 23,
            severity: 'error',
            code: 'svc.semantic.listen-path',
            message: 'The listen path `payments/` must start with `/`.',
          },
        ],
      },
    ]);
    // The fixture itself: nothing to say.
    assert.deepEqual(lint('test/fixtures/yaml/payments.oas.yaml'), { exitCode: 0, stdout: '', stderr: '' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('usage errors exit 2', () => {
  assert.equal(lint().exitCode, 2);
  assert.equal(lint('--format', 'xml', 'x.json').exitCode, 2);
  assert.equal(lint('--colour', 'x.json').exitCode, 2);
  const missing = lint('no/such/*.json');
  assert.equal(missing.exitCode, 2);
  assert.match(missing.stderr, /no such file or no match: no\/such\/\*\.json/);
});

test('as a process: the exit code and output reach the shell', () => {
  const cli = join(root, 'server/src/lint/cli.ts');
  const bad = spawnSync(process.execPath, ['--import', 'tsx', cli, 'test/fixtures/service/invalid/session.json'], { cwd: root, encoding: 'utf8' });
  assert.equal(bad.status, 1, bad.stderr);
  assert.equal(bad.stdout.split('\n')[0], 'test/fixtures/service/invalid/session.json:2:11 error svc.schema.type `rate` must be a number.');
  const usage = spawnSync(process.execPath, ['--import', 'tsx', cli], { cwd: root, encoding: 'utf8' });
  assert.equal(usage.status, 2);
});
