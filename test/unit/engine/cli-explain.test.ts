// `svc explain`: exit 0 when allowed, 1 when denied, 2 on usage; the reason chain in text and
// JSON naming the files that decided; `--expect` over a file of expected allows and denies.
// Offline: runs on test/fixtures/access/workspace (pulled files), no server, no credentials.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { runSvc } from '../../../engine/src/cli/main';
import { EXIT } from '../../../engine/src/cli/exitCodes';

const workspace = path.join(__dirname, '..', '..', 'fixtures', 'access', 'workspace');

async function svc(args: string[], cwd = workspace) {
  let stdout = '';
  let stderr = '';
  const code = await runSvc(args, {
    cwd,
    env: {},
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    stderrIsTTY: false,
    stdinIsTTY: false,
    ask: async () => false,
  });
  return { code, stdout, stderr };
}

test('allowed: exit 0, the chain names the policy file and the allowed_urls entry, and the limit with its source', async () => {
  const r = await svc(['explain', 'key', 'svc/alice.key.json', '--api', 'Orders', '--method', 'GET', '--path', '/orders/7']);
  assert.equal(r.code, EXIT.ok, r.stderr);
  assert.match(r.stdout, /^ALLOWED {2}GET \/orders\/7 on API 'Orders' \(orders-api\) with svc\/alice\.key\.json/);
  assert.match(r.stdout, /✓ API 'Orders' is granted by policy 'gold'\. \[svc\/gold-plan\.policy\.json: access_rights\.orders-api\]/);
  assert.match(
    r.stdout,
    /allowed_urls entry '\^\/orders' matches \/orders\/7 and lists GET\. \[svc\/gold-plan\.policy\.json: access_rights\.orders-api\.allowed_urls\.0\]/,
  );
  assert.match(r.stdout, /Rate: 100 req \/ 60 s, from policy 'gold'/);
  assert.match(r.stdout, /Quota: quota 10,000 \/ month, renews: month, from policy 'gold'/);
  assert.equal(r.stderr, '');
});

test('denied: exit 1 with the gateway message; the method just outside the entry', async () => {
  const r = await svc(['explain', 'key', 'svc/alice.key.json', '--api', 'Orders', '--method', 'DELETE', '--path', '/orders/7']);
  assert.equal(r.code, EXIT.differences);
  assert.match(r.stdout, /^DENIED \(403 "Access to this resource has been disallowed"\)/);
  assert.match(r.stdout, /✗ Refused: allowed_urls '\^\/orders' match \/orders\/7 but do not list DELETE \(they list GET\)/);
  const bob = await svc(['explain', 'key', 'svc/bob.key.json', '--api', 'orders-api', '--method', 'delete', '--path', '/orders/7']);
  assert.equal(bob.code, EXIT.ok);
  assert.match(bob.stdout, /\[svc\/order-writes\.policy\.json: access_rights\.orders-api\.allowed_urls\.0\]/);
});

test('a versioned API: the listed version passes, another is refused; a missing policy refuses the key', async () => {
  const base = ['explain', 'key', 'svc/alice.key.json', '--api', 'Billing', '--method', 'GET', '--path', '/invoices'];
  assert.equal((await svc([...base, '--version', 'v1'])).code, EXIT.ok);
  const v2 = await svc([...base, '--version', 'v2']);
  assert.equal(v2.code, EXIT.differences);
  assert.match(v2.stdout, /version 'v2' is not among the granted versions \('v1'\)/);
  // Without --version the API's default version (v1) is checked.
  assert.equal((await svc(base)).code, EXIT.ok);
  const carol = await svc(['explain', 'key', 'svc/carol.key.json', '--api', 'Orders', '--method', 'GET', '--path', '/orders']);
  assert.equal(carol.code, EXIT.differences);
  assert.match(carol.stdout, /policy not found: "platinum"/);
});

test('--format json: the answer, the steps with the files that decided, the limit', async () => {
  const r = await svc(['explain', 'key', 'svc/alice.key.json', '--api', 'Orders', '--method', 'GET', '--path', '/orders/7', '--format', 'json']);
  assert.equal(r.code, EXIT.ok);
  const j = JSON.parse(r.stdout);
  assert.equal(j.allowed, true);
  assert.deepEqual(j.api, { id: 'orders-api', name: 'Orders' });
  const url = j.steps.find((s: { check: string }) => s.check === 'url');
  assert.deepEqual(url.deciders, [
    { in: 'policy', policy: 'gold', path: ['access_rights', 'orders-api', 'allowed_urls', 0], file: 'svc/gold-plan.policy.json' },
  ]);
  assert.equal(j.limit.rate, 100);
  assert.equal(j.limit.quota_max, 10000);
  assert.deepEqual(j.limit.rateSource, { kind: 'policy', policy: 'gold' });
});

test('an API neither found by id nor by name is taken as an id, with a note', async () => {
  const r = await svc(['explain', 'key', 'svc/alice.key.json', '--api', 'Nope', '--method', 'GET', '--path', '/']);
  assert.equal(r.code, EXIT.differences);
  assert.match(r.stderr, /no API definition with the id or name 'Nope'/);
  assert.match(r.stdout, /no access right for API 'Nope'/);
});

test('usage errors exit 2 with what to do', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['explain', 'key', 'svc/alice.key.json', '--api', 'Orders'], /needs --api, --method and --path/],
    [['explain'], /Usage: svc explain key FILE/],
    [['explain', 'key', 'svc/nope.key.json', '--api', 'Orders', '--method', 'GET', '--path', '/'], /Cannot read the key file .*nope\.key\.json/],
    [['explain', 'key', 'svc/alice.key.json', '--api', 'Orders', '--method', 'GET', '--path', '/', '--dir', 'nowhere'], /--dir nowhere: no such folder/],
    [['explain', 'key', 'svc/alice.key.json', '--api', 'Orders', '--method', 'GET', '--path', '/', '--format', 'xml'], /Unknown format 'xml'/],
  ];
  for (const [args, message] of cases) {
    const r = await svc(args);
    assert.equal(r.code, EXIT.usage, args.join(' '));
    assert.match(r.stderr, message);
  }
});

test('--expect: every expectation holds → exit 0 and a tally', async () => {
  const r = await svc(['explain', '--expect', 'access-expectations.json']);
  assert.equal(r.code, EXIT.ok, r.stdout + r.stderr);
  assert.equal(r.stdout.split('\n').filter((l) => l.startsWith('ok  ')).length, 4);
  assert.match(r.stdout, /4 passed, 0 failed\n$/);
});

test('--expect: one expectation that does not hold → exit 1, the line says what happened instead', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-explain-'));
  try {
    fs.cpSync(path.join(workspace, 'svc'), path.join(dir, 'svc'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'expect.json'),
      JSON.stringify({
        expectations: [
          { key: 'svc/alice.key.json', api: 'Orders', method: 'GET', path: '/orders/1', allow: true },
          { key: 'svc/alice.key.json', api: 'Orders', method: 'PUT', path: '/orders/1', allow: true },
        ],
      }),
    );
    const r = await svc(['explain', '--expect', 'expect.json'], dir);
    assert.equal(r.code, EXIT.differences);
    assert.match(r.stdout, /FAIL PUT \/orders\/1 on API 'Orders' \(orders-api\) with svc\/alice\.key\.json: expected allow, denied: Refused: allowed_urls/);
    assert.match(r.stdout, /1 passed, 1 failed/);
    const j = JSON.parse((await svc(['explain', '--expect', 'expect.json', '--format', 'json'], dir)).stdout);
    assert.equal(j.failed, 1);
    assert.equal(j.results[1].ok, false);
    fs.writeFileSync(path.join(dir, 'bad.json'), JSON.stringify([{ key: 'svc/alice.key.json', api: 'Orders' }]));
    const bad = await svc(['explain', '--expect', 'bad.json'], dir);
    assert.equal(bad.code, EXIT.usage);
    assert.match(bad.stderr, /expectation 1 needs string key, api, method, path and a boolean allow/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
