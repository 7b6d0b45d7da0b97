// `svc pull`'s words, counts and exit codes, line by line (engine/src/cli/pullCommand.ts): what a
// person reads on the terminal and what a CI script branches on. Each outcome has its line (pulled,
// kept, merged, conflict, missing, a failed read) and its part of the closing count; a failed read
// is exit 1, a conflict 3, a lost connection 2 with no count at all. Also what is read: a few files
// one by one, many (LISTING_FROM) or --all from the listings. One sandbox behind a proxy that
// records each request and answers chosen ones itself; each test pulls into a folder of its own.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runSvc } from '../../../engine/src/cli/main';
import type { CliIo } from '../../../engine/src/cli/io';
import { pullResource } from '../../../engine/src/sync/pull';
import { LISTING_FROM } from '../../../engine/src/sync/remoteCatalog';
import { SyncStateStore } from '../../../engine/src/sync/stateStore';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { startCliWorld, type CliWorld } from './cliHarness';
import { startCountingProxy, type CountingProxy } from './countingProxy';

/** The name pulled files are recorded under (SVC_ENVIRONMENT), whichever URL reaches the sandbox. */
const ENV_NAME = 'sandbox';
const GOLD = 'svc/gold-plan.policy.json';
const PAYMENTS = 'svc/payments.oas.json';
const ESC = String.fromCharCode(27);
/** What the terminal's progress line is cleared with (io.ts). */
const CLEAR = `\r${ESC}[2K`;
const summary = (parts: string, folder = 'svc') => `Pulled ${parts} ('${ENV_NAME}' into ${folder}/).\n`;
/** Files pulled again stay where they are: the closing line names no folder. */
const again = (parts: string) => `Pulled ${parts} ('${ENV_NAME}').\n`;

let w: CliWorld;
let proxy: CountingProxy;
const folders: string[] = [];

before(async () => {
  w = await startCliWorld();
  proxy = await startCountingProxy(w.url);
});
after(async () => {
  await proxy?.close();
  await w?.close();
  for (const dir of folders) await fs.rm(dir, { recursive: true, force: true });
});

/** A working folder of its own (the current directory of the runs in it). */
async function workspace(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-pull-out-'));
  folders.push(dir);
  return dir;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `svc ARGS` in `dir`, through the proxy; stderr a terminal when `tty`. */
async function svc(dir: string, args: string[], options: { tty?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    cwd: dir,
    env: { ...w.env, SVC_DASHBOARD_URL: proxy.url, SVC_ENVIRONMENT: ENV_NAME, ...options.env },
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    stderrIsTTY: options.tty ?? false,
    stdinIsTTY: false,
    ask: () => Promise.resolve(false),
  };
  const code = await runSvc(args, io);
  return { code, stdout, stderr };
}

/** A folder with everything pulled (`svc pull --all`), the proxy's record cleared. */
async function pulledWorkspace(): Promise<string> {
  const dir = await workspace();
  const run = await svc(dir, ['pull', '--all']);
  assert.equal(run.code, 0, run.stderr);
  proxy.reset();
  return dir;
}

const read = (dir: string, file: string) => fs.readFile(path.join(dir, file), 'utf8');
const readJson = async (dir: string, file: string) => JSON.parse(await read(dir, file));
const writeJson = (dir: string, file: string, value: unknown) => fs.writeFile(path.join(dir, file), JSON.stringify(value, null, 2) + '\n');
const stateOf = (dir: string) => readJson(dir, '.svc/state.json');
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** A policy of this test's own on the server, so that changing it disturbs no other test. */
async function ownPolicy(id: string): Promise<void> {
  const [gold] = (await w.client.listPolicies()).filter((p) => p.id === 'gold-plan');
  const { _id: _ignored, ...rest } = gold as typeof gold & { _id?: string };
  await w.client.createPolicy({ ...rest, id, name: `Policy ${id}`, rate: 10, per: 60 });
}
const serverPolicy = async (id: string) => (await w.client.listPolicies()).find((p) => p.id === id)!;

/** Reads of one API on its own (its document or its dashboard record): what a listing spares. */
const singleApiReads = (requests: readonly string[]) =>
  requests.filter((r) => /^GET \/svc\/apis\/oas\/[^?/]+/.test(r) || /^GET \/api\/apis\/(?!streams\/)[^/?]+(\?|$)/.test(r));
const listings = (requests: readonly string[]) => requests.filter((r) => /^GET \/api\/apis\?/.test(r));

describe('svc pull refuses before reading anything', () => {
  test('--format other than json or yaml: exit 2, names the value; nothing asked or written', async () => {
    const dir = await workspace();
    proxy.reset();
    const run = await svc(dir, ['pull', '--all', '--format', 'xml']);
    assert.equal(run.code, 2);
    assert.equal(run.stderr, "svc: --format must be json or yaml, not 'xml'.\n");
    assert.equal(run.stdout, '');
    assert.deepEqual(proxy.requests, []);
    assert.deepEqual(await fs.readdir(dir), []);
  });

  test('--dir outside the current directory: exit 2, the flag named', async () => {
    const dir = await workspace();
    const run = await svc(dir, ['pull', '--all', '--dir', '../elsewhere']);
    assert.equal(run.code, 2);
    assert.equal(run.stderr, "svc: --dir '../elsewhere' is outside the current directory: run svc from the folder that holds .svc/ and the pulled files.\n");
    assert.deepEqual(await fs.readdir(dir), []);
  });

  test('files never pulled: exit 2, each named (the pulled one beside them is not), nothing written', async () => {
    const dir = await pulledWorkspace();
    await writeJson(dir, 'svc/extra.policy.json', { id: 'extra' });
    await writeJson(dir, 'svc/other.policy.json', { id: 'other' });
    const gold = await read(dir, GOLD);
    const run = await svc(dir, ['pull', 'svc/other.policy.json', GOLD, 'svc/extra.policy.json']);
    assert.equal(run.code, 2);
    assert.equal(run.stderr, 'svc: Never pulled, so svc does not know what to pull into: svc/extra.policy.json, svc/other.policy.json. Use svc pull --all.\n');
    assert.equal(run.stdout, '');
    assert.deepEqual(proxy.requests, []);
    assert.equal(await read(dir, GOLD), gold);
  });

  test('a damaged .svc/state.json: the note says it was moved aside, and the files count as never pulled', async () => {
    const dir = await pulledWorkspace();
    await fs.writeFile(path.join(dir, '.svc/state.json'), '{ "version": 1, "files": ');
    const run = await svc(dir, ['pull', GOLD]);
    assert.equal(run.code, 2);
    const [note, error, ...rest] = run.stderr.split('\n');
    assert.match(note, /^\.svc\/state\.json could not be read \(.+\); it was moved to state\.json\.corrupt-\S+ and pull\/push start afresh/);
    assert.equal(error, `svc: Never pulled, so svc does not know what to pull into: ${GOLD}. Use svc pull --all.`);
    assert.deepEqual(rest, ['']);
  });
});

describe('svc pull --all: its lines and its count', () => {
  test('every resource pulled: one line each, the count on stderr and nothing else; exit 0', async () => {
    const dir = await workspace();
    const run = await svc(dir, ['pull', '--all']);
    assert.equal(run.code, 0, run.stderr);
    const files = Object.keys((await stateOf(dir)).files);
    assert.ok(files.length >= LISTING_FROM, `${files.length} resources`);
    assert.deepEqual(run.stdout.split('\n').slice(0, -1).sort(), files.map((f) => `pulled     ${f}`).sort());
    assert.equal(run.stderr, summary(`${files.length}, unchanged 0`));
  });

  test('on a terminal: the listing, then "pulling i/n" for each resource, cleared before the count', async () => {
    const dir = await workspace();
    const run = await svc(dir, ['pull', '--all'], { tty: true });
    assert.equal(run.code, 0, run.stderr);
    const n = Object.keys((await stateOf(dir)).files).length;
    let expected = `${CLEAR}listing what '${ENV_NAME}' has…`;
    for (let i = 1; i <= n; i++) expected += `${CLEAR}pulling ${i}/${n}${CLEAR}`;
    expected += `${CLEAR}${summary(`${n}, unchanged 0`)}`;
    assert.equal(run.stderr, expected);
  });

  test('--dir . pulls into the current directory, and the count says ./', async () => {
    const dir = await workspace();
    const run = await svc(dir, ['pull', '--all', '--dir', '.']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^pulled {5}gold-plan\.policy\.json$/m);
    assert.ok(await exists(path.join(dir, 'gold-plan.policy.json')));
    const n = Object.keys((await stateOf(dir)).files).length;
    assert.equal(run.stderr, summary(`${n}, unchanged 0`, '.'));
  });

  test('--format yaml writes new OAS and streams files as YAML, policies as JSON; --format json as JSON', async () => {
    const yaml = await workspace();
    const run = await svc(yaml, ['pull', '--all', '--format', 'yaml']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^pulled {5}svc\/payments\.oas\.yaml$/m);
    assert.match(run.stdout, /^pulled {5}svc\/order-events\.streams\.yaml$/m);
    assert.match(run.stdout, /^pulled {5}svc\/gold-plan\.policy\.json$/m);
    assert.doesNotMatch(run.stdout, /\.oas\.json$/m);
    assert.match(await read(yaml, 'svc/payments.oas.yaml'), /^openapi: /m);

    const json = await workspace();
    const asJson = await svc(json, ['pull', '--all', '--format', 'json']);
    assert.equal(asJson.code, 0, asJson.stderr);
    assert.match(asJson.stdout, /^pulled {5}svc\/payments\.oas\.json$/m);
    assert.doesNotMatch(asJson.stdout, /\.yaml$/m);
    assert.ok((await readJson(json, PAYMENTS))['x-svc-api-gateway'], 'an OAS document in JSON');
  });

  test('reads every API from one listing, none on its own', async () => {
    const dir = await workspace();
    proxy.reset();
    const run = await svc(dir, ['pull', '--all']);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(listings(proxy.requests), ['GET /api/apis?p=-1']);
    assert.deepEqual(singleApiReads(proxy.requests), []);
  });

  test(`a server that cannot list keys (fewer than ${LISTING_FROM} resources): still one listing, and the note before the count`, async () => {
    const dir = await workspace();
    proxy.reset();
    proxy.answer = (r) => (r.startsWith('GET /api/keys') ? { status: 404, body: '404 page not found' } : undefined);
    try {
      const run = await svc(dir, ['pull', '--all']);
      assert.equal(run.code, 0, run.stderr);
      const n = Object.keys((await stateOf(dir)).files).length;
      assert.ok(n < LISTING_FROM, `${n} resources`);
      assert.deepEqual(listings(proxy.requests), ['GET /api/apis?p=-1']);
      assert.deepEqual(singleApiReads(proxy.requests), []);
      const [note, count, ...rest] = run.stderr.split('\n');
      assert.match(note, /^note: keys not pulled: this server does not list keys \(GET \/api\/keys is beyond the spec\)\./);
      assert.equal(`${count}\n`, summary(`${n}, unchanged 0`));
      assert.deepEqual(rest, ['']);
    } finally {
      proxy.answer = undefined;
    }
  });

  test('a damaged .svc/state.json is moved aside with a note, and everything is pulled again', async () => {
    const dir = await pulledWorkspace();
    await fs.writeFile(path.join(dir, '.svc/state.json'), 'not json');
    const run = await svc(dir, ['pull', '--all']);
    assert.equal(run.code, 0, run.stderr);
    const notes = run.stderr.split('\n').filter((l) => l.startsWith('.svc/state.json could not be read'));
    assert.equal(notes.length, 1, run.stderr);
    assert.match(notes[0], /it was moved to state\.json\.corrupt-\S+ and pull\/push start afresh/);
    assert.ok((await fs.readdir(path.join(dir, '.svc'))).some((f) => f.startsWith('state.json.corrupt-')));
  });
});

describe('svc pull FILE: what is read', () => {
  test(`${LISTING_FROM - 1} files are read one by one; ${LISTING_FROM}, from one listing`, async () => {
    const dir = await pulledWorkspace();
    // The APIs first (the files that differ in how they are read), then what else there is.
    const files = Object.entries<any>((await stateOf(dir)).files)
      .sort(([, a], [, b]) => Number(b.target.kind === 'classic' || b.target.kind === 'oas') - Number(a.target.kind === 'classic' || a.target.kind === 'oas'))
      .map(([file]) => file);
    const few = await svc(dir, ['pull', ...files.slice(0, LISTING_FROM - 1)]);
    assert.equal(few.code, 0, few.stderr);
    assert.equal(few.stdout, '');
    assert.equal(few.stderr, again(`0, unchanged ${LISTING_FROM - 1}`));
    assert.deepEqual(listings(proxy.requests), []);
    assert.ok(singleApiReads(proxy.requests).length >= 10, proxy.requests.join('\n'));

    proxy.reset();
    const many = await svc(dir, ['pull', ...files.slice(0, LISTING_FROM)]);
    assert.equal(many.code, 0, many.stderr);
    assert.equal(many.stderr, again(`0, unchanged ${LISTING_FROM}`));
    assert.deepEqual(listings(proxy.requests), ['GET /api/apis?p=-1']);
    assert.deepEqual(singleApiReads(proxy.requests), []);
  });

  test('one OAS file is read on its own (its document and record), not from the listing', async () => {
    const dir = await pulledWorkspace();
    const run = await svc(dir, ['pull', PAYMENTS]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, again('0, unchanged 1'));
    assert.deepEqual(listings(proxy.requests), []);
    assert.deepEqual(singleApiReads(proxy.requests), [`GET /svc/apis/oas/${SEED_API_IDS.paymentsOas}`, `GET /api/apis/${SEED_API_IDS.paymentsOas}`]);
  });

  test('a file pulled in public form is read again in public form: unchanged, still without x-svc-api-gateway', async () => {
    const dir = await workspace();
    const store = new SyncStateStore();
    const pulled = await pullResource(
      { client: w.client, store, unsavedText: () => undefined, decideOverwrite: () => Promise.resolve('skip') },
      { environment: ENV_NAME, target: { kind: 'oas', id: SEED_API_IDS.inventoryOas }, root: dir, folder: 'svc', mode: 'public' },
    );
    assert.equal(pulled.status, 'pulled');
    const file = path.relative(dir, pulled.file!).split(path.sep).join('/');
    const text = await read(dir, file);
    proxy.reset();
    const run = await svc(dir, ['pull', file]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '');
    assert.equal(run.stderr, again('0, unchanged 1'));
    const documentReads = proxy.requests.filter((r) => r.startsWith('GET /svc/apis/oas/'));
    assert.deepEqual(documentReads, [`GET /svc/apis/oas/${SEED_API_IDS.inventoryOas}?mode=public`]);
    assert.equal(await read(dir, file), text);
    assert.deepEqual(Object.keys((await stateOf(dir)).files), [file]);
  });
});

describe('svc pull FILE: each outcome, its line and its count', () => {
  test('local changes, the server unchanged: kept, exit 0; --force replaces them', async () => {
    const dir = await pulledWorkspace();
    const gold = await readJson(dir, GOLD);
    await writeJson(dir, GOLD, { ...gold, rate: gold.rate + 1 });
    const mine = await read(dir, GOLD);
    const run = await svc(dir, ['pull', GOLD, 'svc/silver-plan.policy.json']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `kept       ${GOLD} (local changes; --force replaces them)\n`);
    assert.equal(run.stderr, again('0, unchanged 1, kept 1 with local changes'));
    assert.equal(await read(dir, GOLD), mine, 'the file is as I left it');

    const forced = await svc(dir, ['pull', GOLD, '--force']);
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(forced.stdout, `pulled     ${GOLD}\n`);
    assert.equal(forced.stderr, again('1, unchanged 0'));
    assert.deepEqual(await readJson(dir, GOLD), gold);
  });

  test('the server changed other members: merged, naming each that came from the server; exit 0', async () => {
    await ownPolicy('pull-out-merged');
    const dir = await pulledWorkspace();
    const file = 'svc/policy-pull-out-merged.policy.json';
    const mine = await readJson(dir, file);
    await writeJson(dir, file, { ...mine, rate: 11 });
    await w.client.updatePolicy('pull-out-merged', { ...(await serverPolicy('pull-out-merged')), per: 61, quota_max: 99 });
    const run = await svc(dir, ['pull', file]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `merged     ${file} (from the server: per, quota_max; your changes kept)\n`);
    assert.equal(run.stderr, again('0, unchanged 0, merged 1'));
    assert.deepEqual(await readJson(dir, file), { ...mine, rate: 11, per: 61, quota_max: 99 });
  });

  test('both sides made the same change: merged, and "nothing" came from the server', async () => {
    await ownPolicy('pull-out-same');
    const dir = await pulledWorkspace();
    const file = 'svc/policy-pull-out-same.policy.json';
    // Indented otherwise than pull writes it: the file is not the server's text, so it is merged.
    await fs.writeFile(path.join(dir, file), JSON.stringify({ ...(await readJson(dir, file)), rate: 12 }, null, 4));
    await w.client.updatePolicy('pull-out-same', { ...(await serverPolicy('pull-out-same')), rate: 12 });
    const run = await svc(dir, ['pull', file]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `merged     ${file} (from the server: nothing; your changes kept)\n`);
    assert.equal(run.stderr, again('0, unchanged 0, merged 1'));
  });

  test('the same member changed on both sides: a conflict per path with base, mine and theirs; exit 3, the file kept', async () => {
    await ownPolicy('pull-out-conflict');
    const dir = await pulledWorkspace();
    const file = 'svc/policy-pull-out-conflict.policy.json';
    await writeJson(dir, file, { ...(await readJson(dir, file)), rate: 13, per: 62 });
    const mine = await read(dir, file);
    await w.client.updatePolicy('pull-out-conflict', { ...(await serverPolicy('pull-out-conflict')), rate: 14, per: 63 });
    const run = await svc(dir, ['pull', file, GOLD]);
    assert.equal(run.code, 3, run.stderr);
    assert.equal(
      run.stdout,
      `conflict   ${file} (left as it is)\n` +
        '  conflict /rate  (rate)\n    base:   10\n    mine:   13\n    theirs: 14\n' +
        '  conflict /per  (per)\n    base:   60\n    mine:   62\n    theirs: 63\n',
    );
    assert.equal(
      run.stderr,
      again("0, unchanged 1, 1 with conflicts left as they are (resolve with --ours/--theirs, or --force to take the server's version)"),
    );
    assert.equal(await read(dir, file), mine);
  });

  test('a file that is no longer a JSON object, the server changed: a conflict over the whole document', async () => {
    await ownPolicy('pull-out-document');
    const dir = await pulledWorkspace();
    const file = 'svc/policy-pull-out-document.policy.json';
    await fs.writeFile(path.join(dir, file), '[1]\n');
    await w.client.updatePolicy('pull-out-document', { ...(await serverPolicy('pull-out-document')), rate: 15 });
    const run = await svc(dir, ['pull', file]);
    assert.equal(run.code, 3, run.stderr);
    const lines = run.stdout.split('\n');
    assert.deepEqual(lines.slice(0, 2), [`conflict   ${file} (left as it is)`, '  conflict (document)  ((document))']);
    assert.equal(lines[3], '    mine:   [1]');
    assert.equal(await read(dir, file), '[1]\n');
  });

  test('resources gone from the server: "missing" per file (a key by no id), counted, exit 0; the files stay', async () => {
    const dir = await pulledWorkspace();
    const state = await stateOf(dir);
    const key = Object.keys(state.files).find((f) => state.files[f].target.kind === 'key')!;
    // What a deletion on the server leaves: records of resources the server does not have.
    state.files[GOLD].target.id = 'deleted-policy';
    state.files[key].target.id = '0123456789abcdef0123456789abcdef';
    await writeJson(dir, '.svc/state.json', state);
    const run = await svc(dir, ['pull', GOLD, key]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n').sort(), [
      '',
      `missing    key '(key)' is no longer on '${ENV_NAME}'`,
      `missing    policy 'deleted-policy' is no longer on '${ENV_NAME}'`,
    ]);
    assert.equal(run.stderr, again('0, unchanged 0, 2 gone from the server'));
    assert.ok(await exists(path.join(dir, GOLD)));
  });

  test('a read the server fails: an error per resource (a key by no id), counted; exit 1, the others pulled', async () => {
    const dir = await pulledWorkspace();
    const state = await stateOf(dir);
    const key = Object.keys(state.files).find((f) => state.files[f].target.kind === 'key')!;
    const { id: hash, apiId } = state.files[key].target;
    const down = { status: 500, body: { Status: 'Error', Message: 'database is down' } };
    proxy.answer = (r) => (r === 'GET /svc/policies' || r.includes(`/keys/${hash}`) ? down : undefined);
    try {
      const run = await svc(dir, ['pull', GOLD, key, PAYMENTS]);
      assert.equal(run.code, 1, run.stderr);
      assert.equal(run.stdout, '');
      const failed = "The server failed; its message may say why. Try again later or check the server's log.";
      assert.deepEqual(run.stderr.split('\n').sort(), [
        '',
        again('0, unchanged 1, 2 failed').trimEnd(),
        `svc: key (key): GET /api/apis/{apiID}/keys/{keyID} failed (HTTP 500): database is down. ${failed}`,
        `svc: policy 'gold-plan': GET /svc/policies failed (HTTP 500): database is down. ${failed}`,
      ]);
      assert.ok(!run.stderr.includes(hash) && !run.stderr.includes(apiId));
    } finally {
      proxy.answer = undefined;
    }
  });

  test('a refused credential is no failed read: exit 2 with what to check, and no count', async () => {
    const dir = await pulledWorkspace();
    proxy.answer = (r) =>
      r === 'GET /svc/policies'
        ? { status: 403, body: { Status: 'Error', Message: 'Attempted administrative access with invalid or missing key!' } }
        : undefined;
    try {
      const run = await svc(dir, ['pull', GOLD]);
      assert.equal(run.code, 2, run.stderr);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /^svc: GET \/svc\/policies failed \(HTTP 403\)/);
      assert.match(run.stderr, /check SVC_GATEWAY_SECRET\.\n$/);
      assert.equal(run.stderr.split('\n').length, 2, run.stderr);
    } finally {
      proxy.answer = undefined;
    }
  });
});

describe('svc pull --key', () => {
  const KEY_ID = 'pull-output-key-0001';
  before(async () => {
    await w.client.createCustomKey(KEY_ID, {
      alias: 'pull output key',
      access_rights: { [SEED_API_IDS.petstoreClassic]: { api_id: SEED_API_IDS.petstoreClassic, api_name: 'Petstore', versions: ['Default'] } },
    } as never);
  });

  test('SVC_KEY_ID and --api with spaces around them: the key is pulled', async () => {
    const dir = await workspace();
    const run = await svc(dir, ['pull', '--key', '--api', ` ${SEED_API_IDS.petstoreClassic} `], { env: { SVC_KEY_ID: ` ${KEY_ID} ` } });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'pulled     svc/pull-output-key.key.json\n');
    assert.equal(run.stderr, summary('1, unchanged 0'));
  });

  test('a blank SVC_KEY_ID or --api says what to set; exit 2, nothing asked', async () => {
    const dir = await workspace();
    proxy.reset();
    const blankId = await svc(dir, ['pull', '--key', '--api', SEED_API_IDS.petstoreClassic], { env: { SVC_KEY_ID: '  ' } });
    assert.equal(blankId.code, 2);
    assert.equal(
      blankId.stderr,
      "svc: --key pulls the key whose id is in SVC_KEY_ID (a key id is a credential: never a flag). Set SVC_KEY_ID to the key's id.\n",
    );
    const blankApi = await svc(dir, ['pull', '--key', '--api', '  '], { env: { SVC_KEY_ID: KEY_ID } });
    assert.equal(blankApi.code, 2);
    assert.equal(blankApi.stderr, 'svc: --key needs --api API (a name or an id): a key is read through an API it grants access to.\n');
    assert.deepEqual(proxy.requests, []);
  });

  test('a key the API does not know: exit 2, says SVC_KEY_ID could not be read through that API', async () => {
    const dir = await workspace();
    const run = await svc(dir, ['pull', '--key', '--api', SEED_API_IDS.petstoreClassic], { env: { SVC_KEY_ID: 'no-such-key-0001' } });
    assert.equal(run.code, 2);
    const through = `svc: The key in SVC_KEY_ID could not be read through '${SEED_API_IDS.petstoreClassic}': `;
    assert.ok(run.stderr.startsWith(`${through}GET /api/apis/{apiID}/keys/{keyID} failed (HTTP 404)`), run.stderr);
    assert.ok(!run.stderr.includes('no-such-key-0001'), 'the key id is a credential');
  });

  test('a refused credential while looking the key up is said as such, not as an unreadable key', async () => {
    const dir = await workspace();
    const run = await svc(dir, ['pull', '--key', '--api', SEED_API_IDS.petstoreClassic], { env: { SVC_KEY_ID: KEY_ID, SVC_DASHBOARD_TOKEN: 'wrong-token' } });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^svc: GET \/api\/apis\S* failed \(HTTP 401\).* The server refused the credential: check SVC_DASHBOARD_TOKEN\.\n$/);
  });
});
