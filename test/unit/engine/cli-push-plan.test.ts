// What `svc push` shows and decides in the cases the other CLI tests leave out: a pulled file that
// cannot be read stops everything (exit 2), a server change whose base snapshot is gone is refused
// (exit 3), a merge that leaves nothing to send is written and exits 0, a file equal to the server
// is recorded as pushed, a long plan is cut, and a classic push through the gateway says whether
// it is live. Over real HTTP against a sandbox.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { hashDocument } from '../../../engine/src/sync/canonicalJson';
import { startCliWorld, type CliWorld } from './cliHarness';

const GOLD = 'svc/gold-plan.policy.json';
const SILVER = 'svc/silver-plan.policy.json';

let w: CliWorld;
const policyOnServer = async (id: string) => (await w.client.listPolicies()).find((p) => p.id === id)!;
const host = () => new URL(w.url).host;
before(async () => {
  w = await startCliWorld();
  assert.equal((await w.svc(['pull', '--all'])).code, 0);
});
after(async () => w?.close());

describe('svc push: what stops it before anything is sent', () => {
  test('a pulled file that no longer parses: exit 2, the file named with the reason, nothing pushed', async () => {
    const original = await fs.readFile(path.join(w.dir, GOLD), 'utf8');
    const silver = await w.readJson(SILVER);
    await w.writeJson(SILVER, { ...silver, rate: silver.rate + 1 });
    await fs.writeFile(path.join(w.dir, GOLD), '{ "id": "gold-plan", ');
    try {
      const run = await w.svc(['push', '--yes']);
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.match(run.stderr, /svc\/gold-plan\.policy\.json: .*fix it first/);
      assert.match(run.stderr, /nothing was pushed\./);
      assert.equal((await policyOnServer('silver-plan')).rate, silver.rate, 'the other, valid change was not sent either');
    } finally {
      await fs.writeFile(path.join(w.dir, GOLD), original);
      await w.writeJson(SILVER, silver);
    }
  });

  test('the server changed a file whose pulled version is gone: exit 3, says why it cannot merge, the server keeps its change', async () => {
    const policy = await w.readJson(GOLD);
    const state = await w.readJson('.svc/state.json');
    const snapshot = path.join(w.dir, '.svc', 'remote', `${state.files[GOLD].remoteHash}.json`);
    const kept = await fs.readFile(snapshot, 'utf8');
    await w.client.updatePolicy(policy.id, { ...policy, per: policy.per + 5 });
    await w.writeJson(GOLD, { ...policy, rate: policy.rate + 3 });
    await fs.writeFile(snapshot, '{ damaged');
    try {
      const damaged = await w.svc(['push', '--yes', GOLD]);
      assert.equal(damaged.code, 3, damaged.stdout + damaged.stderr);
      assert.match(
        damaged.stderr,
        /\(the pulled version in \.svc\/remote\/ is gone, so it cannot be merged\)/,
        'a damaged pulled version cannot be merged either',
      );
      await fs.rm(snapshot);
      const run = await w.svc(['push', '--yes', GOLD]);
      assert.equal(run.code, 3, run.stdout + run.stderr);
      assert.match(
        run.stderr,
        /svc\/gold-plan\.policy\.json: the policy changed on the server since it was pulled, and the file changed too \(the pulled version in \.svc\/remote\/ is gone, so it cannot be merged\)\./,
      );
      assert.match(run.stdout, /^ {2}both {4}per|^ {2}both {4}rate/m);
      assert.match(run.stderr, /nothing was pushed\. Resolve the conflicts/);
      assert.match(
        run.stderr,
        /or see what changed with svc diff, pull the server's version \(svc pull FILE --force replaces yours\), or push anyway with --force\./,
      );
      const now = await policyOnServer(policy.id);
      assert.deepEqual([now.rate, now.per], [policy.rate, policy.per + 5]);
    } finally {
      await fs.writeFile(snapshot, kept);
      await w.writeJson(GOLD, policy);
      assert.equal((await w.svc(['pull', '--force', GOLD])).code, 0);
    }
  });
});

describe('svc push: more refusals', () => {
  test('a resource deleted on the server: exit 3, and the message does not blame a missing pulled version', async () => {
    const gone = 'svc/deleted-plan.policy.json';
    const doc = { ...(await w.readJson(GOLD)), id: 'deleted-plan', name: 'Deleted plan' };
    await w.writeJson(gone, doc);
    const state = await w.readJson('.svc/state.json');
    const hash = hashDocument('policy', doc);
    state.files[gone] = { ...state.files[GOLD], target: { kind: 'policy', id: 'deleted-plan' }, localHash: hash, remoteHash: hash };
    await w.writeJson('.svc/state.json', state);
    try {
      const run = await w.svc(['push', '--yes', gone]);
      assert.equal(run.code, 3, run.stdout + run.stderr);
      assert.match(
        run.stderr,
        /^.*svc\/deleted-plan\.policy\.json: the policy was deleted on the server since it was pulled; pushing the file would undo that\.$/m,
      );
    } finally {
      delete state.files[gone];
      await w.writeJson('.svc/state.json', state);
      await fs.rm(path.join(w.dir, gone));
    }
  });

  test('without --yes or a terminal, a push the server moved under is merged in the plan only: nothing is sent (exit 2)', async () => {
    const policy = await w.readJson(SILVER);
    const theirs = { ...policy, per: policy.per + 7 };
    await w.client.updatePolicy(policy.id, theirs);
    await w.writeJson(SILVER, { ...policy, rate: policy.rate + 9 });
    try {
      const run = await w.svc(['push', SILVER]);
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.match(run.stderr, /confirm on a terminal, or pass --yes/);
      const now = await policyOnServer(policy.id);
      assert.deepEqual([now.rate, now.per], [policy.rate, theirs.per], 'the server has only its own change');
    } finally {
      await w.writeJson(SILVER, policy);
      assert.equal((await w.svc(['pull', '--force', SILVER])).code, 0);
    }
  });
});

describe('svc push: nothing left to send', () => {
  test('the file and the server made the very same change: nothing to push, nothing sent, exit 0', async () => {
    const policy = await w.readJson(GOLD);
    const same = { ...policy, quota_max: policy.quota_max + 13 };
    await w.client.updatePolicy(policy.id, same);
    await w.writeJson(GOLD, same);
    const run = await w.svc(['push', '--yes']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stderr, /Nothing to push: no file changed since it was pulled/);
    assert.doesNotMatch(run.stdout, /^Push to /m);
    assert.equal((await w.svc(['pull', GOLD])).code, 0);
  });

  test('a pulled file only re-indented is no change: nothing to push, and nothing is recorded as pushed', async () => {
    const text = await fs.readFile(path.join(w.dir, GOLD), 'utf8');
    await w.writeJson(GOLD, JSON.parse(text), 4);
    try {
      const run = await w.svc(['push', '--yes']);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stderr, /Nothing to push: no file changed since it was pulled/);
      assert.doesNotMatch(run.stderr, /recorded as pushed/);
    } finally {
      await fs.writeFile(path.join(w.dir, GOLD), text);
    }
  });

  test('the file made the same change as the server, and the server made another: the merge is written to the file, nothing sent, exit 0', async () => {
    const policy = await w.readJson(GOLD);
    const onServer = { ...policy, rate: policy.rate + 11, per: policy.per + 2 };
    await w.client.updatePolicy(policy.id, onServer);
    await w.writeJson(GOLD, { ...policy, rate: policy.rate + 11 });
    const run = await w.svc(['push', '--yes', GOLD]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^merged {5}svc\/gold-plan\.policy\.json \(from the server: per\); it now equals the server's version, nothing was sent$/m);
    assert.doesNotMatch(run.stdout, /^Push to /m, 'no plan: nothing is sent');
    assert.equal((await w.readJson(GOLD)).per, policy.per + 2, 'the merge was written to the file');
    assert.equal((await w.svc(['diff', GOLD])).code, 0, 'and recorded: no difference left');
  });

  test('files equal to the server are recorded as pushed, named (one) or counted (several); exit 0', async () => {
    const one = await w.svc(['push', '--yes', GOLD]);
    assert.equal(one.code, 0, one.stdout + one.stderr);
    assert.match(one.stderr, new RegExp(`svc/gold-plan\\.policy\\.json: the same as on '${host()}'; nothing to send \\(recorded as pushed\\)\\.`));
    const two = await w.svc(['push', '--yes', GOLD, SILVER]);
    assert.equal(two.code, 0, two.stdout + two.stderr);
    assert.match(two.stderr, new RegExp(`2 files: the same as on '${host()}'; nothing to send`));
    assert.doesNotMatch(two.stdout, /^Push to /m);
  });
});

describe('svc push: the plan', () => {
  test('on a terminal: progress while checking and sending, the plan marks a removed member, a "no" sends nothing and says so', async () => {
    const policy = await w.readJson(GOLD);
    const { quota_max: _dropped, ...without } = policy;
    await w.writeJson(GOLD, without);
    try {
      const declined = await w.svc(['push', GOLD], { tty: true, answer: false, stderrTTY: true });
      assert.equal(declined.code, 2, declined.stdout + declined.stderr);
      assert.match(declined.stdout, /^ {4}- quota_max$/m);
      assert.match(declined.stderr, new RegExp(`\r${String.fromCharCode(27)}\\[2Kchecking 1/1`));
      assert.match(declined.stderr, /Push cancelled; nothing was sent\./);
      assert.equal((await policyOnServer(policy.id)).quota_max, policy.quota_max);
      const rate = policy.rate + 4;
      await w.writeJson(GOLD, { ...policy, rate });
      const sent = await w.svc(['push', '--yes', GOLD], { stderrTTY: true });
      assert.equal(sent.code, 0, sent.stdout + sent.stderr);
      assert.match(sent.stderr, new RegExp(`\r${String.fromCharCode(27)}\\[2Kpushing 1/1`));
      assert.equal((await policyOnServer(policy.id)).rate, rate);
    } finally {
      await w.writeJson(GOLD, policy);
    }
  });

  test('says where each file goes and why, and cuts a long list of paths after 50', async () => {
    const policy = await w.readJson(SILVER);
    const fifty = Array.from({ length: 50 }, (_, i) => `first-${i}`);
    await w.writeJson(SILVER, { ...policy, tags: fifty });
    const whole = await w.svc(['push', '--yes', SILVER]);
    assert.equal(whole.code, 0, whole.stdout + whole.stderr);
    assert.equal(whole.stdout.split('\n').filter((line) => /^ {4}[+~-] /.test(line)).length, 50, whole.stdout);
    assert.doesNotMatch(whole.stdout, /more path\(s\)/, 'fifty paths are shown whole');
    assert.doesNotMatch(whole.stderr, /the same as on/, 'no file was unchanged: no such note');
    const tags = Array.from({ length: 53 }, (_, i) => `tag-${i}`);
    await w.writeJson(SILVER, { ...policy, tags });
    const run = await w.svc(['push', '--yes', SILVER]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, new RegExp(`^Push to '${host()}':$`, 'm'));
    assert.match(run.stdout, /^ {2}svc\/silver-plan\.policy\.json: update policy 'Silver plan' via PUT \/svc\/policies\/\{polID\}$/m);
    assert.match(run.stdout, /^ {4}why: \S/m);
    const paths = run.stdout.split('\n').filter((line) => /^ {4}[+~-] /.test(line));
    assert.equal(paths.length, 50, run.stdout);
    assert.match(run.stdout, /^ {4}… and 3 more path\(s\)$/m);
    assert.deepEqual((await policyOnServer('silver-plan')).tags, tags);
  });
});

describe('svc push: a classic API through the gateway', () => {
  test('with only the gateway secret the push is stored, and says it is live only after a reload; --reload makes it live', async () => {
    const FILE = 'svc/petstore-classic.classic.json';
    const gatewayOnly = { SVC_DASHBOARD_URL: w.env.SVC_DASHBOARD_URL, SVC_GATEWAY_SECRET: w.env.SVC_GATEWAY_SECRET };
    const api = await w.readJson(FILE);
    await w.writeJson(FILE, { ...api, name: `${api.name} (stored)` });
    const stored = await w.svc(['push', '--yes', FILE], { env: gatewayOnly });
    assert.equal(stored.code, 0, stored.stdout + stored.stderr);
    assert.match(stored.stdout, /^pushed {4} svc\/petstore-classic\.classic\.json \(stored; live after a gateway reload: --reload\)$/m);
    await w.writeJson(FILE, { ...(await w.readJson(FILE)), name: `${api.name} (live)` });
    const live = await w.svc(['push', '--yes', '--reload', FILE], { env: gatewayOnly });
    assert.equal(live.code, 0, live.stdout + live.stderr);
    assert.match(live.stdout, /^pushed {4} svc\/petstore-classic\.classic\.json \(gateway reloaded: live\)$/m);
  });
});

describe('svc push: keys', () => {
  test('a changed key with only the gateway secret is refused (exit 1): svc never takes the key id', async () => {
    const file = (await fs.readdir(path.join(w.dir, 'svc'))).find((n) => n.endsWith('.key.json'));
    assert.ok(file, 'pull --all wrote a key file');
    const key = `svc/${file}`;
    const doc = await w.readJson(key);
    await w.writeJson(key, { ...doc, alias: 'renamed by a test' });
    try {
      const gatewayOnly = { SVC_DASHBOARD_URL: w.env.SVC_DASHBOARD_URL, SVC_GATEWAY_SECRET: w.env.SVC_GATEWAY_SECRET };
      const run = await w.svc(['push', '--yes', key], { env: gatewayOnly });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stderr, /pushing a key through the gateway needs the key id, a credential svc never takes: set SVC_DASHBOARD_TOKEN/);
      assert.match(run.stderr, /nothing was pushed\./);
      // With the dashboard token it goes through, and the plan names no key by anything but "(key)".
      const sent = await w.svc(['push', '--yes', key]);
      assert.equal(sent.code, 0, sent.stdout + sent.stderr);
      assert.match(sent.stdout, /^ {2}svc\/\S+\.key\.json: update key \(key\) via /m);
    } finally {
      await w.writeJson(key, doc);
    }
  });

  test('a key file never pulled here is skipped with a note when pushing its folder, and refused when named', async () => {
    const stray = 'svc/stray.key.json';
    await w.writeJson(stray, { alias: 'never pulled', org_id: 'x', access_rights: {} });
    const gold = await w.readJson(GOLD);
    await w.writeJson(GOLD, { ...gold, rate: gold.rate + 2 });
    try {
      const all = await w.svc(['push', '--yes', 'svc']);
      assert.equal(all.code, 0, all.stdout + all.stderr);
      assert.match(all.stderr, /svc\/stray\.key\.json: skipped, a key file that was never pulled/);
      assert.equal((await policyOnServer('gold-plan')).rate, gold.rate + 2, 'the rest was pushed');
      const named = await w.svc(['push', '--yes', stray]);
      assert.equal(named.code, 2, named.stdout + named.stderr);
      assert.match(named.stderr, /svc\/stray\.key\.json: a key file that was never pulled/);
    } finally {
      await fs.rm(path.join(w.dir, stray));
    }
  });
});

describe('svc push: a damaged state', () => {
  test('a state file that cannot be read is moved aside, and push says so', async () => {
    const file = path.join(w.dir, '.svc', 'state.json');
    const text = await fs.readFile(file, 'utf8');
    await fs.writeFile(file, '{ broken');
    try {
      const run = await w.svc(['push', '--yes']);
      assert.match(run.stderr, /\.svc\/state\.json could not be read .*it was moved to state\.json\.corrupt-/);
    } finally {
      for (const name of await fs.readdir(path.join(w.dir, '.svc'))) if (name.startsWith('state.json.corrupt-')) await fs.rm(path.join(w.dir, '.svc', name));
      await fs.writeFile(file, text);
    }
  });
});
