// What a user sees from `svc`'s argument handling (engine/src/cli/main.ts), without a server:
// the usage and its exit codes, an unknown command or option named, conflicting flags refused
// with what to do, which of a flag and an environment variable wins, and each flag reaching its
// command. Every run here stops before a request (or at a closed port on 127.0.0.1), so the file
// needs no sandbox and runs in about a second.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import { EXIT } from '../../../engine/src/cli/exitCodes';
import { INSECURE_WARNING } from '../../../engine/src/cli/connection';
import { credentialFlagProblem, main, runSvc, USAGE } from '../../../engine/src/cli/main';

interface Run {
  code: number | undefined;
  stdout: string;
  stderr: string;
}

let empty: string;
let declared: string;
let closedUrl: string;
const explainWorkspace = path.join(__dirname, '..', '..', 'fixtures', 'access', 'workspace');

/** Credentials and a URL: enough for the checks that come before connecting. No request is made to it. */
const legacyEnv = () => ({ SVC_DASHBOARD_URL: closedUrl, SVC_DASHBOARD_TOKEN: 'token-never-sent' });

async function svc(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; tty?: boolean } = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runSvc(args, {
    cwd: options.cwd ?? empty,
    env: options.env ?? {},
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    stderrIsTTY: options.tty ?? false,
    stdinIsTTY: false,
    ask: async () => assert.fail('no question is asked in these runs'),
  });
  return { code, stdout, stderr };
}

/** The first line on stderr: what the user reads first. */
const firstLine = (r: Run) => r.stderr.split('\n')[0];

before(async () => {
  empty = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-args-'));
  declared = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-args-envs-'));
  // A port that was free a moment ago: connecting to it is refused at once.
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  closedUrl = `http://127.0.0.1:${port}`;
  fs.writeFileSync(
    path.join(declared, 'svc.environments.json'),
    JSON.stringify([
      { name: 'development', dashboardUrl: closedUrl },
      { name: 'production', dashboardUrl: 'http://127.0.0.1:1' },
    ]),
  );
});
after(() => {
  fs.rmSync(empty, { recursive: true, force: true });
  fs.rmSync(declared, { recursive: true, force: true });
});

describe('the usage', () => {
  test('no command: the usage on stdout, exit 2 (a script that forgot its command fails)', async () => {
    const r = await svc([]);
    assert.equal(r.code, EXIT.usage);
    assert.equal(r.stdout, `${USAGE}\n`);
    assert.equal(r.stderr, '');
  });

  test('--help, -h and help: the usage on stdout, exit 0', async () => {
    for (const help of ['--help', '-h', 'help']) {
      const r = await svc([help]);
      assert.equal(r.code, EXIT.ok, help);
      assert.equal(r.stdout, `${USAGE}\n`, help);
      assert.equal(r.stderr, '', help);
    }
  });

  test('every command with --help or -h prints the usage, exit 0, before checking anything else', async () => {
    // No server, no credentials, no environments file: help needs none of them.
    for (const command of ['pull', 'diff', 'push', 'migrate', 'explain', 'render', 'promote']) {
      for (const help of ['--help', '-h']) {
        const r = await svc([command, help]);
        assert.equal(r.code, EXIT.ok, `${command} ${help}: ${r.stderr}`);
        assert.equal(r.stdout, `${USAGE}\n`, `${command} ${help}`);
        assert.equal(r.stderr, '', `${command} ${help}`);
      }
    }
  });

  test('the usage names every command, the connection flags and the credential variables', () => {
    for (const command of ['pull', 'diff', 'push', 'migrate', 'explain', 'render', 'promote'])
      assert.match(USAGE, new RegExp(`svc (\\w+\\|)*${command}\\b`), command);
    for (const flag of ['--dashboard', '--gateway', '--ca-file', '--insecure', '--env', '--quiet', '--help']) assert.ok(USAGE.includes(flag), flag);
    for (const variable of ['SVC_DASHBOARD_TOKEN', 'SVC_GATEWAY_SECRET', 'SVC_ADMIN_SECRET']) assert.ok(USAGE.includes(variable), variable);
  });
});

describe('unknown commands and options', () => {
  test('an unknown command is named on the first line, the usage follows on stderr; exit 2', async () => {
    const r = await svc(['pul', '--all'], { env: legacyEnv() });
    assert.equal(r.code, EXIT.usage);
    assert.equal(r.stderr, `svc: unknown command 'pul'.\n${USAGE}\n`);
    assert.equal(r.stdout, '');
  });

  test('an option before the command is not a command', async () => {
    const r = await svc(['--quiet', 'pull'], { env: legacyEnv() });
    assert.equal(r.code, EXIT.usage);
    assert.equal(firstLine(r), "svc: unknown command '--quiet'.");
  });

  test('names every object has (toString, constructor, __proto__) are not commands', async () => {
    // With a server configured, such a name used to run no command at all and exit 0.
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const r = await svc([name], { env: legacyEnv() });
      assert.equal(r.code, EXIT.usage, name);
      assert.equal(firstLine(r), `svc: unknown command '${name}'.`, name);
    }
  });

  test('an unknown option is named, the usage follows; exit 2, nothing on stdout', async () => {
    const r = await svc(['pull', '--all', '--bogus'], { env: legacyEnv() });
    assert.equal(r.code, EXIT.usage);
    assert.match(firstLine(r), /^svc: Unknown option '--bogus'/);
    assert.ok(r.stderr.endsWith(`${USAGE}\n`), 'the usage follows');
    assert.equal(r.stdout, '');
  });

  test("another command's option is unknown to this one", async () => {
    const cases: Array<[string[], string]> = [
      [['diff', '--yes'], '--yes'],
      [['diff', '--all'], '--all'],
      [['push', '--format', 'json'], '--format'],
      [['push', '--all'], '--all'],
      [['pull', '--yes'], '--yes'],
      [['render', '--format', 'json'], '--format'],
      [['promote', '--ours'], '--ours'],
      [['migrate', '--dir', 'x'], '--dir'],
      [['explain', '--all'], '--all'],
    ];
    for (const [args, option] of cases) {
      const r = await svc(args, { env: legacyEnv() });
      assert.equal(r.code, EXIT.usage, args.join(' '));
      assert.match(firstLine(r), new RegExp(`^svc: Unknown option '${option}'`), args.join(' '));
    }
  });

  test('a string option without its value is refused, naming it', async () => {
    const r = await svc(['pull', '--all', '--dir'], { env: legacyEnv() });
    assert.equal(r.code, EXIT.usage);
    assert.match(firstLine(r), /--dir/);
  });

  test('a credential as a flag is refused before the options are parsed, without the usage; after --, it is a file name', async () => {
    const r = await svc(['push', '--yes', '--token=abc'], { env: legacyEnv() });
    assert.equal(r.code, EXIT.usage);
    assert.match(r.stderr, /^svc: credentials come only from environment variables.*instead of --token, set SVC_DASHBOARD_TOKEN/);
    assert.equal(r.stderr.split('\n').length, 2, 'one line, no usage');
    for (const [flag, variable] of [
      ['--dashboard-token=abc', 'SVC_DASHBOARD_TOKEN'],
      ['--Authorization', 'SVC_DASHBOARD_TOKEN'],
      ['--secret', 'SVC_GATEWAY_SECRET'],
      ['--admin-secret=abc', 'SVC_ADMIN_SECRET'],
    ]) {
      const named = await svc(['pull', '--all', flag], { env: legacyEnv() });
      assert.equal(named.code, EXIT.usage, flag);
      const name = flag.replace(/=.*/, '').toLowerCase();
      assert.match(firstLine(named), new RegExp(`instead of ${name}, set ${variable} `), flag);
    }
    // Just outside: a word that only ends in a credential flag's name is a file name, not a flag.
    assert.equal(credentialFlagProblem(['backup--token', 'x--secret=1']), undefined);
    // After --: not a flag. `migrate` refuses the mode first, so nothing is sent.
    const file = await svc(['migrate', '--', '--token'], { env: legacyEnv() });
    assert.equal(firstLine(file), 'svc: Choose exactly one of --dry-run, --stage, --promote, --direct.');
  });
});

describe('conflicting flags', () => {
  test('--ours and --theirs both bare: refused on pull and push, saying to give one a pointer', async () => {
    for (const command of ['pull', 'push']) {
      const r = await svc([command, '--ours', '--theirs'], { env: legacyEnv() });
      assert.equal(r.code, EXIT.usage, command);
      assert.equal(firstLine(r), 'svc: --ours and --theirs cannot both resolve everything: give one of them a JSON pointer (--ours=/path).', command);
    }
  });

  test('--ours and --theirs are repeatable: one pointer given to both is refused', async () => {
    for (const command of ['pull', 'push']) {
      const r = await svc([command, '--ours=/a', '--ours=/b', '--theirs=/c', '--theirs=/b'], { env: legacyEnv() });
      assert.equal(r.code, EXIT.usage, command);
      assert.equal(firstLine(r), 'svc: /b is given to both --ours and --theirs.', command);
    }
  });

  test('--ours with something not a pointer names it', async () => {
    const r = await svc(['push', '--ours=upstream/url'], { env: legacyEnv() });
    assert.equal(r.code, EXIT.usage);
    assert.match(firstLine(r), /^svc: --ours=upstream\/url: give a JSON pointer/);
  });

  test('--new-version and --base-api go together: either alone is refused', async () => {
    for (const args of [
      ['--new-version', 'v2'],
      ['--base-api', 'abc'],
    ]) {
      const r = await svc(['push', ...args], { env: legacyEnv() });
      assert.equal(r.code, EXIT.usage, args.join(' '));
      assert.equal(firstLine(r), 'svc: --new-version and --base-api go together (create an OAS document as a new version of an API).');
    }
  });

  test('migrate: exactly one mode; none or two are refused', async () => {
    for (const modes of [[], ['--dry-run', '--stage'], ['--promote', '--direct'], ['--dry-run', '--stage', '--promote', '--direct']]) {
      const r = await svc(['migrate', '--all', ...modes], { env: legacyEnv() });
      assert.equal(r.code, EXIT.usage, modes.join(' '));
      assert.equal(firstLine(r), 'svc: Choose exactly one of --dry-run, --stage, --promote, --direct.', modes.join(' '));
    }
  });

  test('--into takes base or overlay only', async () => {
    const r = await svc(['pull', '--all', '--into', 'both'], { env: legacyEnv() });
    assert.equal(r.code, EXIT.usage);
    assert.equal(firstLine(r), 'svc: --into both: write --into base or --into overlay.');
  });

  test('--select and --into need svc.environments.json', async () => {
    for (const args of [
      ['pull', '--all', '--into', 'overlay'],
      ['pull', '--all', '--into', 'base'],
      ['pull', '--all', '--select', 'tag:x'],
      ['diff', '--select', 'name:a*'],
      ['push', '--select', 'folder:svc'],
    ]) {
      const r = await svc(args, { env: legacyEnv() });
      assert.equal(r.code, EXIT.usage, args.join(' '));
      assert.match(firstLine(r), /^svc: --select and --into work with the environments of svc\.environments\.json/, args.join(' '));
    }
  });

  test('a --select that selects nothing: exit 2 with what to write (its error is not a CliError)', async () => {
    const r = await svc(['diff', '--select', 'tag:'], { env: legacyEnv() });
    assert.equal(r.code, EXIT.usage);
    assert.match(firstLine(r), /^svc: --select 'tag:' selects nothing/);
  });

  test('--format text is the default of diff: the same summary, exit 0 (no pulled file: nothing is read)', async () => {
    const plain = await svc(['diff'], { env: legacyEnv() });
    const text = await svc(['diff', '--format', 'text'], { env: legacyEnv() });
    assert.equal(plain.code, EXIT.ok, plain.stderr);
    assert.deepEqual(text, plain);
    assert.match(text.stderr, /^0 file\(s\) compared with '127\.0\.0\.1:\d+': 0 unchanged, 0 with differences\.\n$/);
    const json = await svc(['diff', '--format', 'json'], { env: legacyEnv() });
    assert.equal(json.code, EXIT.ok);
    assert.equal(JSON.parse(json.stdout).summary.files, 0);
  });

  test('--format: text or json on diff and migrate; json or yaml on pull', async () => {
    const cases: Array<[string[], string]> = [
      [['diff', '--format', 'yaml'], "svc: Unknown format 'yaml': use text or json."],
      [['migrate', '--dry-run', '--all', '--format', 'xml'], "svc: Unknown format 'xml': use text or json."],
      [['pull', '--all', '--format', 'text'], "svc: --format must be json or yaml, not 'text'."],
    ];
    for (const [args, line] of cases) {
      const r = await svc(args, { env: legacyEnv() });
      assert.equal(r.code, EXIT.usage, args.join(' '));
      assert.equal(firstLine(r), line, args.join(' '));
    }
  });
});

describe('each flag reaches its command', () => {
  test('migrate: each mode reaches the command (which then asks what to migrate)', async () => {
    for (const mode of ['--dry-run', '--stage', '--promote', '--direct']) {
      const r = await svc(['migrate', mode], { env: legacyEnv() });
      assert.equal(r.code, EXIT.usage, mode);
      assert.equal(firstLine(r), 'svc: Say what to migrate: --all, or API ids.', mode);
    }
    // --all and ids together: the same question, so the ids reach it too.
    assert.equal(firstLine(await svc(['migrate', '--stage', '--all', 'api-1'], { env: legacyEnv() })), 'svc: Say what to migrate: --all, or API ids.');
  });

  test('migrate on a terminal: its progress names the mode, and is cleared before the error; --quiet and -q show none', async () => {
    const modes: Array<[string, string]> = [
      ['--dry-run', 'dryRun'],
      ['--stage', 'stage'],
      ['--promote', 'promote'],
      ['--direct', 'direct'],
    ];
    for (const [flag, mode] of modes) {
      const r = await svc(['migrate', flag, '--all'], { env: legacyEnv(), tty: true });
      assert.equal(r.code, EXIT.usage, r.stderr);
      assert.ok(r.stderr.startsWith(`\r\x1b[2Kmigrating (${mode})…\r\x1b[2K`), JSON.stringify(r.stderr));
      assert.match(r.stderr, new RegExp(`Cannot reach ${closedUrl}: check --dashboard`));
    }
    for (const quiet of ['--quiet', '-q']) {
      const r = await svc(['migrate', '--dry-run', '--all', quiet], { env: legacyEnv(), tty: true });
      assert.equal(r.code, EXIT.usage);
      assert.ok(r.stderr.startsWith('svc: POST '), `${quiet}: no progress: ${JSON.stringify(r.stderr)}`);
      assert.ok(!r.stderr.includes('\x1b'), 'no terminal control');
    }
  });

  test('--quiet leaves the notes out; -q too; without it the note is there', async () => {
    const args = ['explain', 'key', 'svc/alice.key.json', '--api', 'Nope', '--method', 'GET', '--path', '/'];
    const noted = await svc(args, { cwd: explainWorkspace });
    assert.equal(noted.code, EXIT.differences);
    assert.match(noted.stderr, /no API definition with the id or name 'Nope'/);
    for (const quiet of ['--quiet', '-q']) {
      const r = await svc([...args, quiet], { cwd: explainWorkspace });
      assert.equal(r.code, EXIT.differences, quiet);
      assert.equal(r.stderr, '', quiet);
      assert.equal(r.stdout, noted.stdout, `${quiet}: the result is the same`);
    }
  });

  test('explain: --api, --method, --path, --dir and --format reach it (offline: no server, no credentials)', async () => {
    const base = ['explain', 'key', 'svc/alice.key.json', '--api', 'Orders', '--method', 'GET', '--path', '/orders'];
    const text = await svc(base, { cwd: explainWorkspace });
    assert.equal(text.code, EXIT.ok, text.stderr);
    assert.match(text.stdout, /^ALLOWED {2}GET \/orders/);
    const json = await svc([...base, '--format', 'json'], { cwd: explainWorkspace });
    assert.equal(json.code, EXIT.ok);
    const answer = JSON.parse(json.stdout);
    assert.deepEqual([answer.key, answer.api.name, answer.method, answer.path, answer.allowed], ['svc/alice.key.json', 'Orders', 'GET', '/orders', true]);
    // --dir: the same question from the parent folder, pointed at the workspace.
    const fromAbove = await svc(['explain', 'key', 'workspace/svc/alice.key.json', ...base.slice(3), '--dir', 'workspace', '--format', 'json'], {
      cwd: path.dirname(explainWorkspace),
    });
    assert.equal(fromAbove.code, EXIT.ok, fromAbove.stderr);
    assert.equal(JSON.parse(fromAbove.stdout).allowed, true);
    const nowhere = await svc([...base, '--dir', 'nowhere'], { cwd: explainWorkspace });
    assert.equal(nowhere.code, EXIT.usage);
    assert.equal(nowhere.stderr, 'svc: --dir nowhere: no such folder.\n');
  });

  test('--ca-file reaches the connection; it wins over SVC_CA_FILE', async () => {
    const https = closedUrl.replace('http:', 'https:');
    const env = { SVC_DASHBOARD_URL: https, SVC_DASHBOARD_TOKEN: 't', SVC_CA_FILE: path.join(empty, 'from-variable.pem') };
    const byVariable = await svc(['migrate', '--dry-run', '--all'], { env });
    assert.equal(byVariable.code, EXIT.usage);
    assert.match(byVariable.stderr, /from-variable\.pem/);
    const byFlag = await svc(['migrate', '--dry-run', '--all', '--ca-file', path.join(empty, 'from-flag.pem')], { env });
    assert.equal(byFlag.code, EXIT.usage);
    assert.match(byFlag.stderr, /from-flag\.pem/);
    assert.doesNotMatch(byFlag.stderr, /from-variable/);
  });

  test('--insecure warns on stderr, also with --quiet; without it, no warning', async () => {
    for (const args of [['--insecure'], ['--insecure', '--quiet']]) {
      const r = await svc(['migrate', '--dry-run', ...args], { env: legacyEnv() });
      assert.equal(r.stderr, `svc: ${INSECURE_WARNING}\nsvc: Say what to migrate: --all, or API ids.\n`, args.join(' '));
    }
    const plain = await svc(['migrate', '--dry-run'], { env: legacyEnv() });
    assert.equal(plain.stderr, 'svc: Say what to migrate: --all, or API ids.\n');
  });
});

describe('connection flags and environment variables', () => {
  test('no server: exit 2 naming the flag and the variable', async () => {
    const r = await svc(['pull', '--all'], { env: { SVC_DASHBOARD_TOKEN: 't' } });
    assert.equal(r.code, EXIT.usage);
    assert.equal(firstLine(r), 'svc: Where is the server? Pass --dashboard URL or set SVC_DASHBOARD_URL.');
  });

  test('--dashboard wins over SVC_DASHBOARD_URL; the variable alone is used', async () => {
    const env = { ...legacyEnv(), SVC_DASHBOARD_URL: 'ftp://from-variable' };
    assert.equal(
      firstLine(await svc(['migrate', '--dry-run', '--all'], { env })),
      "svc: --dashboard 'ftp://from-variable' must start with http:// or https://.",
    );
    const byFlag = await svc(['migrate', '--dry-run', '--all', '--dashboard', closedUrl], { env });
    assert.equal(byFlag.code, EXIT.usage);
    assert.match(byFlag.stderr, new RegExp(`Cannot reach ${closedUrl}: check --dashboard \\(or SVC_DASHBOARD_URL\\)`));
  });

  test('--gateway wins over SVC_GATEWAY_URL', async () => {
    const env = { ...legacyEnv(), SVC_GATEWAY_URL: 'ftp://from-variable' };
    assert.equal(firstLine(await svc(['migrate', '--dry-run', '--all'], { env })), "svc: --gateway 'ftp://from-variable' must start with http:// or https://.");
    assert.equal(
      firstLine(await svc(['migrate', '--dry-run', '--all', '--gateway', 'nope'], { env })),
      "svc: --gateway 'nope' is not a URL: write it like https://dashboard.example:3000.",
    );
  });

  test('--env picks a declared environment and wins over SVC_ENVIRONMENT', async () => {
    const env = { SVC_ENVIRONMENT: 'development', SVC_DEVELOPMENT_DASHBOARD_TOKEN: 't' };
    const r = await svc(['migrate', '--dry-run', '--all', '--env', 'production'], { cwd: declared, env });
    assert.equal(r.code, EXIT.usage);
    assert.match(firstLine(r), /^svc: No credential for 'production': set SVC_PRODUCTION_DASHBOARD_TOKEN/);
    const undeclared = await svc(['diff', '--env', 'staging'], { cwd: declared, env });
    assert.match(firstLine(undeclared), /^svc: 'staging' is not declared in svc\.environments\.json/);
  });

  test('SVC_ENVIRONMENT picks a declared environment when --env is not given', async () => {
    const r = await svc(['pull', '--all'], { cwd: declared, env: { SVC_ENVIRONMENT: 'production' } });
    assert.equal(r.code, EXIT.usage);
    assert.match(firstLine(r), /^svc: No credential for 'production'/);
  });

  test('--dashboard bypasses the declared environments (a one-off server)', async () => {
    const r = await svc(['migrate', '--dry-run', '--all', '--dashboard', closedUrl, '--env', 'staging'], { cwd: declared, env: { SVC_DASHBOARD_TOKEN: 't' } });
    assert.equal(r.code, EXIT.usage);
    assert.match(r.stderr, new RegExp(`Cannot reach ${closedUrl}`));
  });

  test('an environments file that is not JSON: exit 2 naming the file (its error is not a CliError)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-args-bad-'));
    try {
      fs.writeFileSync(path.join(dir, 'svc.environments.json'), '{ not json');
      for (const command of ['pull', 'diff', 'push', 'migrate', 'promote']) {
        const r = await svc([command, '--from', 'a', '--to', 'b'].slice(0, command === 'promote' ? 5 : 1), { cwd: dir, env: legacyEnv() });
        assert.equal(r.code, EXIT.usage, command);
        assert.match(firstLine(r), /^svc: svc\.environments\.json is not valid JSON/, command);
      }
      // render and explain do not read it.
      assert.match(firstLine(await svc(['render', '--env', 'x'], { cwd: dir })), /^svc: 'x' has no deploy state yet/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('environments: render, promote and push', () => {
  test('render needs an environment: --env, else SVC_ENVIRONMENT; the flag wins', async () => {
    assert.equal(firstLine(await svc(['render'], { cwd: declared })), 'svc: Which environment? svc render --env NAME [FILE...].');
    const byVariable = await svc(['render'], { cwd: declared, env: { SVC_ENVIRONMENT: 'development' } });
    assert.equal(byVariable.code, EXIT.usage);
    assert.match(firstLine(byVariable), /^svc: 'development' has no deploy state yet/);
    const byFlag = await svc(['render', '--env', 'production'], { cwd: declared, env: { SVC_ENVIRONMENT: 'development' } });
    assert.match(firstLine(byFlag), /^svc: 'production' has no deploy state yet/);
  });

  test('promote needs --from and --to, both declared', async () => {
    const env = { SVC_PRODUCTION_DASHBOARD_TOKEN: 't', SVC_DEVELOPMENT_DASHBOARD_TOKEN: 't' };
    const cases: Array<[string[], RegExp]> = [
      [[], /^svc: svc promote needs --from NAME and --to NAME\.$/],
      [['--from', 'development'], /^svc: svc promote needs --from NAME and --to NAME\.$/],
      [['--to', 'production'], /^svc: svc promote needs --from NAME and --to NAME\.$/],
      [['--from', 'staging', '--to', 'production'], /^svc: --from staging: not declared in svc\.environments\.json/],
      [['--from', 'development', '--to', 'staging'], /^svc: --to staging: not declared in svc\.environments\.json/],
      [['--from', 'development', '--to', 'development'], /^svc: --from and --to name the same environment/],
      [['--from', 'development', '--to', 'production'], /^svc: 'development' has no deploy state/],
    ];
    for (const [args, line] of cases) {
      const r = await svc(['promote', ...args], { cwd: declared, env });
      assert.equal(r.code, EXIT.usage, args.join(' '));
      assert.match(firstLine(r), line, args.join(' '));
    }
    const noFile = await svc(['promote', '--from', 'a', '--to', 'b'], { env });
    assert.match(firstLine(noFile), /^svc: --from a: there is no svc\.environments\.json/);
    const noCredential = await svc(['promote', '--from', 'development', '--to', 'production'], {
      cwd: declared,
      env: { SVC_DEVELOPMENT_DASHBOARD_TOKEN: 't' },
    });
    assert.match(firstLine(noCredential), /^svc: No credential for 'production'/);
  });

  test('push --new-version is refused with environments, saying to use --dashboard', async () => {
    const env = { SVC_DEVELOPMENT_DASHBOARD_TOKEN: 't' };
    for (const args of [
      ['--new-version', 'v2', '--base-api', 'abc'],
      ['--new-version', 'v2'],
      ['--base-api', 'abc'],
    ]) {
      const r = await svc(['push', '--env', 'development', ...args], { cwd: declared, env });
      assert.equal(r.code, EXIT.usage, args.join(' '));
      assert.match(firstLine(r), /^svc: --new-version\/--base-api are not available with environments yet/, args.join(' '));
    }
  });
});

describe('main(): the process entry (bin/svc.js)', () => {
  /** Runs main() with these arguments, stderr captured (`fail` makes its first write throw); returns the exit code it set. */
  async function runMain(t: TestContext, args: string[], fail = false) {
    const written: string[] = [];
    t.mock.method(process.stderr, 'write', (chunk: unknown) => {
      if (fail && written.length === 0) {
        written.push('');
        throw new Error('stderr \u001b[2Jclosed');
      }
      written.push(String(chunk));
      return true;
    });
    const argv = process.argv;
    process.argv = [argv[0], 'svc', ...args];
    try {
      main();
      // runSvc settles in microtasks here (nothing to read or send): one turn of the event loop is enough.
      await new Promise((resolve) => setImmediate(resolve));
      return { code: process.exitCode, stderr: written.join('') };
    } finally {
      process.argv = argv;
      process.exitCode = undefined;
    }
  }

  test('takes the arguments after the script and sets the exit code', async (t) => {
    const r = await runMain(t, ['frobnicate', '--all']);
    assert.equal(r.code, EXIT.usage);
    assert.ok(r.stderr.startsWith("svc: unknown command 'frobnicate'.\n"), r.stderr.slice(0, 200));
  });

  test('a failure svc did not expect is reported escaped as an internal error; exit 2', async (t) => {
    const r = await runMain(t, ['frobnicate'], true);
    assert.equal(r.code, EXIT.usage);
    assert.ok(r.stderr.startsWith('svc: internal error: Error: stderr \\x1b[2Jclosed\n    at '), r.stderr.slice(0, 200));
  });
});
