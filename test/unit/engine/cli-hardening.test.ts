// `svc` against hostile input (issue 34): reading stays inside the workspace (item 3), server
// and file text is escaped before it reaches the terminal (item 4), secret-looking values never
// reach pulled key files (item 10), and messages stay useful: huge error bodies cut, timeouts
// said as such, deep JSON explained, --insecure warned about (item 13).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { describeFailure } from '../../../engine/src/cli/connection';
import { timeoutError } from '../../../api/src/errors';
import { hashDocument } from '../../../engine/src/sync/canonicalJson';
import { startCliWorld, type CliWorld } from './cliHarness';

let w: CliWorld;
let outside: string;
before(async () => {
  w = await startCliWorld();
  outside = await fs.mkdtemp(path.join(path.dirname(w.dir), 'svc-outside-'));
  const pulled = await w.svc(['pull', '--all']);
  assert.equal(pulled.code, 0, pulled.stderr);
});
after(async () => {
  await w?.close();
  await fs.rm(outside, { recursive: true, force: true });
});

const GOLD = 'svc/gold-plan.policy.json';
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('reading stays inside the workspace folder (svc diff, svc push)', () => {
  test('a state entry ../outside/config.json is refused with the reason; its content is neither printed nor pushed', async () => {
    const secretDoc = { id: 'gold-plan', name: 'TOP-SECRET-OUTSIDE', rate: 12345 };
    await fs.writeFile(path.join(outside, 'config.json'), JSON.stringify(secretDoc));
    const state = await w.readJson('.svc/state.json');
    const key = `../${path.basename(outside)}/config.json`;
    state.files[key] = { ...state.files[GOLD], localHash: 'changed' };
    await w.writeJson('.svc/state.json', state);
    try {
      const diff = await w.svc(['diff']);
      assert.equal(diff.code, 2);
      assert.doesNotMatch(diff.stdout + diff.stderr, /TOP-SECRET-OUTSIDE|12345/);
      assert.match(diff.stdout, new RegExp(`Refused to read '.*config\\.json' \\(named by \\.svc/state\\.json\\): it is outside the workspace folder`));
      const push = await w.svc(['push', '--yes']);
      assert.notEqual(push.code, 0);
      assert.match(push.stderr, /Refused to read/);
      assert.notEqual((await w.client.listPolicies()).find((p) => p.id === 'gold-plan')?.name, 'TOP-SECRET-OUTSIDE');
    } finally {
      delete state.files[key];
      await w.writeJson('.svc/state.json', state);
    }
  });

  test('a pulled file replaced by a symlink leading out is refused, naming where it resolves', async () => {
    const file = path.join(w.dir, GOLD);
    const original = await fs.readFile(file, 'utf8');
    const target = path.join(outside, 'linked.json');
    await fs.writeFile(target, JSON.stringify({ ...JSON.parse(original), name: 'LINKED-OUTSIDE' }));
    await fs.rm(file);
    await fs.symlink(target, file);
    try {
      const diff = await w.svc(['diff', GOLD]);
      assert.equal(diff.code, 2);
      assert.doesNotMatch(diff.stdout, /LINKED-OUTSIDE/);
      assert.match(diff.stdout, /resolves through a symbolic link to '.*linked\.json', outside the workspace folder/);
      const push = await w.svc(['push', '--yes', GOLD]);
      assert.notEqual(push.code, 0);
      assert.notEqual((await w.client.listPolicies()).find((p) => p.id === 'gold-plan')?.name, 'LINKED-OUTSIDE');
    } finally {
      await fs.rm(file);
      await fs.writeFile(file, original);
    }
    assert.equal((await w.svc(['diff', GOLD])).code, 0, 'just inside: the real file is read again');
  });
});

describe('terminal escaping', () => {
  test('a policy name with ESC, OSC, C1 and a newline is printed escaped: no control reaches the terminal, no line is forged', async () => {
    const hostile = 'Evil\u001b]0;pwned\u0007\u001b[2J\u009b31m\n  pushed     svc/forged.json\rX\u202e';
    await w.client.createPolicy({ id: 'evil-plan', name: hostile, rate: 1, per: 1 } as never);
    const pulled = await w.svc(['pull', '--all']);
    assert.equal(pulled.code, 0, pulled.stderr);
    const file = (await fs.readdir(path.join(w.dir, 'svc'))).find((f) => f.startsWith('evil'))!;
    const doc = await w.readJson(`svc/${file}`);
    await w.writeJson(`svc/${file}`, { ...doc, rate: 2 });
    for (const run of [await w.svc(['diff', `svc/${file}`]), await w.svc(['push', '--yes', `svc/${file}`])]) {
      const all = run.stdout + run.stderr;
      assert.doesNotMatch(all, RAW_CONTROL, JSON.stringify(all));
      assert.doesNotMatch(all, /\u202e/);
      assert.doesNotMatch(all, /^ {2}pushed {5}svc\/forged\.json/m, 'no forged line');
    }
    const push = await w.svc(['diff', '--format', 'json', `svc/${file}`]);
    assert.doesNotThrow(() => JSON.parse(push.stdout), 'the JSON output stays JSON');
  });

  test('a file name with ESC is printed escaped', async () => {
    const name = 'svc/odd\u001b[31m.policy.json';
    await fs.writeFile(path.join(w.dir, name), JSON.stringify({ id: 'odd-plan', name: 'Odd', rate: 1, per: 1 }));
    try {
      const run = await w.svc(['diff', name]);
      assert.doesNotMatch(run.stdout + run.stderr, RAW_CONTROL);
      assert.match(run.stdout, /svc\/odd\\x1b\[31m\.policy\.json/);
    } finally {
      await fs.rm(path.join(w.dir, name));
    }
  });
});

describe('secret-looking values in pulled key files', () => {
  test('certificate, meta_data.api_token, privateKey, x-api-key, a PEM block, a JWT and a high-entropy key-ish value never reach the files', async () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    const entropic = 'Zq8vN2xR7pL4mK9sT1wY6bH3jF5dG0cV';
    const secrets = ['CERT-ID-SECRET-123', 'api-token-value-1', 'private-key-value-2', 'x-api-key-value-3', pem, jwt, entropic];
    const created = await fetch(`${w.url}/api/keys/secrets-key-0001`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${w.env.SVC_DASHBOARD_TOKEN}` },
      body: JSON.stringify({
        alias: 'secrets-key',
        certificate: secrets[0],
        meta_data: {
          api_token: secrets[1],
          privateKey: secrets[2],
          'x-api-key': secrets[3],
          note: secrets[4],
          session_blob: secrets[5],
          upstream_signing_material: secrets[6],
          team: 'payments',
          created_by: 'Zq8v ordinary words with spaces and a long description',
          build_sha: 'not-keyish-0123456789abcdef0123456789abcdef',
        },
      }),
    });
    assert.equal(created.status, 200);
    const pulled = await w.svc(['pull', '--all']);
    assert.equal(pulled.code, 0, pulled.stderr);
    const texts: string[] = [];
    for (const f of await fs.readdir(path.join(w.dir, 'svc'))) if (f.endsWith('.key.json')) texts.push(await fs.readFile(path.join(w.dir, 'svc', f), 'utf8'));
    for (const f of await fs.readdir(path.join(w.dir, '.svc', 'remote'))) texts.push(await fs.readFile(path.join(w.dir, '.svc', 'remote', f), 'utf8'));
    const all = texts.join('\n');
    assert.match(all, /secrets-key/, 'the key was pulled');
    for (const secret of secrets) assert.ok(!all.includes(JSON.stringify(secret).slice(1, -1)), `leaked: ${secret.slice(0, 20)}`);
    // Just outside: ordinary values stay readable.
    assert.match(all, /"team": "payments"/);
    assert.match(all, /ordinary words with spaces/);
    assert.match(all, /not-keyish-0123456789abcdef/);
  });
});

describe('messages', () => {
  let server: Server;
  let url: string;
  let answer: (res: import('node:http').ServerResponse) => void;
  before(async () => {
    server = createServer((req, res) => {
      req.resume();
      answer(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const env = () => ({ ...w.env, SVC_DASHBOARD_URL: url });

  test('a 5 MB error message is cut, saying how long it was', async () => {
    const message = 'A'.repeat(5_000_000);
    answer = (res) => res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ status: 'error', message }));
    const run = await w.svc(['pull', '--all'], { env: env() });
    assert.notEqual(run.code, 0);
    assert.ok(run.stderr.length < 4000, `stderr is ${run.stderr.length} characters`);
    assert.match(run.stderr, /cut: the server's message has 5,000,000 characters/);
  });

  test('a timeout says it timed out and after how long', () => {
    const error = timeoutError({ environment: 'e', family: 'gateway', method: 'GET', pathTemplate: '/svc/policies', baseUrl: 'http://h' }, 15000);
    const message = describeFailure(error, { environment: 'e', explicitEnvironment: false, config: { name: 'e', dashboardUrl: 'http://h', credentials: {} } });
    assert.match(message, /Timed out after 15 s: http:\/\/h gave no answer in that time/);
    assert.doesNotMatch(message, /Cannot reach/);
  });

  test('JSON nested 100,000 levels deep gives a clear message, not a raw stack overflow', async () => {
    const file = 'svc/deep.policy.json';
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    await fs.writeFile(path.join(w.dir, file), `{"id":"gold-plan","name":"Deep","x":${deep}}`);
    const state = await w.readJson('.svc/state.json');
    state.files[file] = { ...state.files[GOLD], localHash: hashDocument('policy', { id: 'x' }) };
    await w.writeJson('.svc/state.json', state);
    try {
      const run = await w.svc(['diff', file]);
      assert.doesNotMatch(run.stdout + run.stderr, /Maximum call stack/);
      assert.match(run.stdout + run.stderr, /nested too deeply for svc to process/);
    } finally {
      delete state.files[file];
      await w.writeJson('.svc/state.json', state);
      await fs.rm(path.join(w.dir, file));
    }
  });

  test('--insecure prints a warning, also with --quiet; without it there is none', async () => {
    const insecure = await w.svc(['diff', '--insecure', '--quiet']);
    assert.match(insecure.stderr, /^svc: warning: TLS certificates are not checked \(--insecure\)/m);
    const plain = await w.svc(['diff', '--quiet']);
    assert.doesNotMatch(plain.stderr, /warning/);
  });
});
