// Every exit code of `svc` and the messages behind them: usage errors, connection errors
// (wrong credential, unreachable server, a 500), credentials only from the environment, --quiet,
// progress only on a terminal, and the JSON diff output against its documented schema.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Ajv from 'ajv';
import { EXIT } from '../../../engine/src/cli/exitCodes';
import { startCliWorld, type CliWorld } from './cliHarness';

let w: CliWorld;
before(async () => {
  w = await startCliWorld();
});
after(async () => w?.close());

const secrets = () => [w.env.SVC_GATEWAY_SECRET!, w.env.SVC_DASHBOARD_TOKEN!, w.env.SVC_ADMIN_SECRET!];
const assertNoSecret = (text: string) => {
  for (const s of secrets()) assert.ok(!text.includes(s), 'a credential reached the output');
};

describe('usage errors: exit 2', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['no command', [], /Usage: svc <command>/],
    ['an unknown command', ['fetch'], /unknown command 'fetch'/],
    ['an unknown option', ['diff', '--colour'], /Unknown option '--colour'/],
    ['a credential as a flag', ['pull', '--all', '--token', 'x'], /credentials come only from environment variables.*SVC_DASHBOARD_TOKEN/],
    ['an unknown format', ['diff', '--format', 'xml'], /Unknown format 'xml': use text or json/],
    ['pull without --all or files', ['pull'], /Say what to pull: --all, the pulled files to pull again, or --key/],
    ['pull with both', ['pull', '--all', 'svc/x.json'], /Say what to pull/],
    ['--dir outside the current directory', ['pull', '--all', '--dir', '../elsewhere'], /outside the current directory/],
    ['migrate without a mode', ['migrate', '--all'], /exactly one of --dry-run, --stage, --promote, --direct/],
    ['migrate with two modes', ['migrate', '--stage', '--direct', '--all'], /exactly one of/],
    ['--new-version without --base-api', ['push', '--new-version', 'v2'], /--new-version and --base-api go together/],
    ['a file that does not exist', ['diff', 'nope.json'], /No such file: nope\.json/],
  ];
  for (const [what, args, message] of cases) {
    test(what, async () => {
      const run = await w.svc(args);
      assert.equal(run.code, EXIT.usage);
      assert.match(run.stderr + run.stdout, message);
    });
  }

  test('--help prints the usage with exit 0', async () => {
    const run = await w.svc(['push', '--help']);
    assert.equal(run.code, 0);
    assert.match(run.stdout, /svc push \[FILE\.\.\.\] \[--yes\] \[--force\]/);
  });
});

describe('where to connect and with what', () => {
  test('no server URL: exit 2, says which flag or variable', async () => {
    const run = await w.svc(['diff'], { env: { SVC_DASHBOARD_TOKEN: 't' } });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /Pass --dashboard URL or set SVC_DASHBOARD_URL/);
  });

  test('no credential in the environment: exit 2 (flags never carry one)', async () => {
    const run = await w.svc(['diff', '--dashboard', w.url], { env: {} });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /No credential: set SVC_DASHBOARD_TOKEN .* and\/or SVC_GATEWAY_SECRET/);
  });

  test('a URL with a password is refused', async () => {
    const run = await w.svc(['diff', '--dashboard', 'http://me:pw@127.0.0.1:1'], { env: { SVC_DASHBOARD_TOKEN: 't' } });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /must not contain a user name or password/);
  });

  test('a wrong credential: exit 2, names the variable, never prints a secret', async () => {
    const run = await w.svc(['pull', '--all'], { env: { ...w.env, SVC_DASHBOARD_TOKEN: 'wrong-token' } });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /HTTP 40[13].*The server refused the credential: check SVC_DASHBOARD_TOKEN\./);
    assert.ok(!run.stderr.includes('wrong-token'));
    assertNoSecret(run.stdout + run.stderr);
  });

  test('an unreachable server: exit 2 with what to check', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const run = await w.svc(['pull', '--all', '--dashboard', `http://127.0.0.1:${port}`]);
    assert.equal(run.code, 2);
    const expected = `Cannot reach http://127\\.0\\.0\\.1:${port}: check --dashboard \\(or SVC_DASHBOARD_URL\\) and that the server is running`;
    assert.match(run.stderr, new RegExp(expected));
  });

  test('a server error (500): exit 2, says the server failed', async () => {
    const failing = http.createServer((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ Status: 'Error', Message: 'database is down' }));
    });
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
      const run = await w.svc(['pull', '--all', '--dashboard', url]);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /HTTP 500\): database is down\. The server failed; its message may say why/);
    } finally {
      await new Promise<void>((r) => failing.close(() => r()));
    }
  });
});

describe('output', () => {
  test('pull: progress only when stderr is a terminal, and never with --quiet', async () => {
    const plain = await w.svc(['pull', '--all']);
    assert.equal(plain.code, 0, plain.stderr);
    assert.doesNotMatch(plain.stderr, /\r/);
    assert.match(plain.stderr, /^Pulled \d+, unchanged 0/m);
    const tty = await w.svc(['pull', '--all'], { stderrTTY: true });
    assert.match(tty.stderr, new RegExp(`\r${String.fromCharCode(27)}\\[2Kpulling 1/\\d+`));
    const quiet = await w.svc(['pull', '--all', '--quiet'], { stderrTTY: true });
    assert.equal(quiet.stderr, '');
    assert.equal(quiet.code, 0);
    assertNoSecret(plain.stdout + plain.stderr + tty.stderr);
  });

  test('diff --format json follows docs/svc-diff.schema.json (unchanged, changed, error)', async () => {
    const gold = JSON.parse(fs.readFileSync(path.join(w.dir, 'svc/gold-plan.policy.json'), 'utf8'));
    await w.writeJson('svc/gold-plan.policy.json', { ...gold, rate: 1 });
    fs.writeFileSync(path.join(w.dir, 'svc/free-tier.policy.json'), '{ "broken": ');
    const run = await w.svc(['diff', '--format', 'json']);
    assert.equal(run.code, EXIT.usage, 'a file that cannot be compared is exit 2');
    const report = JSON.parse(run.stdout);
    const ajv = new Ajv({ strict: true, allErrors: true });
    const validate = ajv.compile<any>(JSON.parse(fs.readFileSync(path.join(__dirname, '../../../docs/svc-diff.schema.json'), 'utf8')));
    assert.ok(validate(report), JSON.stringify(validate.errors));
    const byFile = Object.fromEntries(report.files.map((f: { file: string }) => [f.file, f]));
    assert.equal(byFile['svc/gold-plan.policy.json'].status, 'changed-locally');
    assert.equal(byFile['svc/free-tier.policy.json'].status, 'error');
    assert.match(byFile['svc/free-tier.policy.json'].message, /not valid JSON/);
    assert.equal(report.summary.errors, 1);
    assert.equal(report.summary.differences, 1);
    assert.equal(report.summary.unchanged, report.files.length - 2);
  });

  test('a state with several environments needs --env', async () => {
    const statePath = path.join(w.dir, '.svc/state.json');
    const state = JSON.parse(fs.readFileSync(statePath, 'utf8'));
    const [first] = Object.keys(state.files);
    state.files[first].environment = 'staging';
    fs.writeFileSync(statePath, JSON.stringify(state));
    const run = await w.svc(['diff']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /tracks files of several environments \('.*', 'staging'\)|tracks files of several environments \('staging', '.*'\)/);
    const named = await w.svc(['diff', '--env', 'staging', first]);
    assert.notEqual(named.code, 2, named.stderr);
  });
});

describe('a server without the listings beyond the spec', () => {
  test('pull --all skips what the server cannot list, with a note, and exits 0', async () => {
    // A proxy in front of the sandbox that answers 404 for the key listing (GET /api/keys), as a
    // server with only the spec's 24 endpoints does.
    const target = new URL(w.url);
    const proxy = http.createServer((req, res) => {
      if (req.method === 'GET' && req.url?.startsWith('/api/keys')) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('404 page not found');
        return;
      }
      const forward = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(forward);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const other = await startCliWorld();
    try {
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const run = await other.svc(['pull', '--all', '--dashboard', url], { env: w.env });
      assert.equal(run.code, 0, run.stderr);
      assert.match(
        run.stderr,
        /^note: keys not pulled: this server does not list keys \(GET \/api\/keys is beyond the spec\)\. Pull a key by its id: `SVC_KEY_ID=… svc pull --key --api API`/m,
      );
      const files = fs.readdirSync(path.join(other.dir, 'svc'));
      assert.ok(files.some((f) => f.endsWith('.policy.json')) && files.some((f) => f.endsWith('.oas.json')));
      assert.ok(!files.some((f) => f.endsWith('.key.json')));
    } finally {
      await other.close();
      await new Promise<void>((r) => proxy.close(() => r()));
    }
  });
});
