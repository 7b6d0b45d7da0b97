// The CLI's answers to two first-time mistakes: a credential given as a flag, and a server that
// cannot list keys (the note says how to pull a key anyway, and `svc pull --key` does it).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { credentialFlagProblem } from '../../../engine/src/cli/main';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { startCliWorld, type CliWorld } from './cliHarness';

describe('a credential given as a flag', () => {
  let w: CliWorld;
  before(async () => (w = await startCliWorld()));
  after(async () => w?.close());

  test('svc pull --all --token x says first and plainly that credentials come from the environment, naming the variable; nothing is sent', async () => {
    const run = await w.svc(['pull', '--all', '--token', 'x']);
    assert.equal(run.code, 2);
    const first = run.stderr.split('\n')[0];
    assert.match(first, /credentials come only from environment variables/);
    assert.match(first, /instead of --token, set SVC_DASHBOARD_TOKEN/);
    assert.doesNotMatch(run.stderr, /Unknown option/, "not Node's argument-parser text");
    assert.ok(!fs.existsSync(path.join(w.dir, 'svc')), 'nothing was pulled');
  });

  test('each credential flag names its own variable, with = too; other flags and what follows -- are left to the parser', () => {
    assert.match(credentialFlagProblem(['--gateway-secret=abc'])!, /instead of --gateway-secret, set SVC_GATEWAY_SECRET/);
    assert.match(credentialFlagProblem(['--all', '--admin-secret', 'x'])!, /set SVC_ADMIN_SECRET/);
    assert.match(credentialFlagProblem(['--secret', 'x'])!, /set SVC_GATEWAY_SECRET/);
    assert.equal(credentialFlagProblem(['--all', '--dir', 'apis']), undefined);
    assert.equal(credentialFlagProblem(['--tokens']), undefined, 'just outside: another word');
    assert.equal(credentialFlagProblem(['--', '--token']), undefined, 'after --, a file name');
  });
});

describe('a server that cannot list keys (--spec-only)', () => {
  let w: CliWorld;
  before(async () => (w = await startCliWorld({ specOnly: true })));
  after(async () => w?.close());

  test('pull --all says how to pull a key anyway, with something the CLI can do', async () => {
    const run = await w.svc(['pull', '--all']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /keys not pulled: this server does not list keys .*svc pull --key --api API/);
    assert.doesNotMatch(run.stderr, /open a key by id instead/);
  });

  test('SVC_KEY_ID=… svc pull --key --api NAME pulls that key (named by hash, no id in the file); diff then exits 0', async () => {
    const keyId = 'friction-cli-key-0001';
    await w.client.createCustomKey(keyId, {
      alias: 'cli friction key',
      access_rights: { [SEED_API_IDS.petstoreClassic]: { api_id: SEED_API_IDS.petstoreClassic, api_name: 'Petstore', versions: ['Default'] } },
    } as never);
    const env = { ...w.env, SVC_KEY_ID: keyId };
    const listed = (await w.client.listApis({ p: -1 })).apis ?? [];
    const petstore = listed.find((r) => r.api_definition?.api_id === SEED_API_IDS.petstoreClassic);
    const name = String(petstore?.api_definition?.name);
    assert.ok(name && name !== 'undefined');
    const byName = await w.svc(['pull', '--key', '--api', name], { env });
    assert.equal(byName.code, 0, byName.stderr);
    const file = /^pulled {5}(\S+\.key\.json)$/m.exec(byName.stdout)?.[1];
    assert.ok(file, byName.stdout);
    const text = fs.readFileSync(path.join(w.dir, file), 'utf8');
    assert.ok(!text.includes(keyId), 'the key id is in no file');
    assert.equal(JSON.parse(text).alias, 'cli friction key');
    assert.equal((await w.svc(['diff', file], { env })).code, 0);
  });

  test('--key without SVC_KEY_ID, or without --api, says what to set; an unknown API is named', async () => {
    const noId = await w.svc(['pull', '--key', '--api', SEED_API_IDS.petstoreClassic]);
    assert.equal(noId.code, 2);
    assert.match(noId.stderr, /Set SVC_KEY_ID/);
    const noApi = await w.svc(['pull', '--key'], { env: { ...w.env, SVC_KEY_ID: 'x' } });
    assert.equal(noApi.code, 2);
    assert.match(noApi.stderr, /--key needs --api/);
    const unknown = await w.svc(['pull', '--key', '--api', 'no-such-api'], { env: { ...w.env, SVC_KEY_ID: 'x' } });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /No API 'no-such-api'/);
  });
});
