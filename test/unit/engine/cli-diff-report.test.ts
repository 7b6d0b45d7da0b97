// `svc diff` as a CI job sees it, against a sandbox through a proxy that counts requests: what
// each file's entry in the JSON report says (unchanged, changed, gone, deleted under an edit,
// not a Svc document), which reads the quick check and the listing-or-one-by-one choice leave
// (LISTING_FROM - 1 files against LISTING_FROM), a file pulled in public form, a connection that
// fails (exit 2, the connection's message, no per-file lines), progress on a terminal, and a
// damaged state file's note. The JSON is checked against docs/svc-diff.schema.json.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Ajv from 'ajv';
import { hashDocument } from '../../../engine/src/sync/canonicalJson';
import { pullResource } from '../../../engine/src/sync/pull';
import { LISTING_FROM } from '../../../engine/src/sync/remoteCatalog';
import { SyncStateStore } from '../../../engine/src/sync/stateStore';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { apiListings, env, keeping, policyReads, proxy, pulled, singleReads, useProxiedWorld, w } from './proxiedWorld';

useProxiedWorld();

const GOLD = 'svc/gold-plan.policy.json';
const host = () => new URL(proxy.url).host;
const validate = new Ajv({ strict: true, allErrors: true }).compile<any>(
  JSON.parse(readFileSync(path.join(__dirname, '../../../docs/svc-diff.schema.json'), 'utf8')),
);

/** `svc diff --format json` through the proxy: the report, checked against its schema, and the requests it made. */
async function diffJson(files: string[], options: { env?: NodeJS.ProcessEnv } = {}) {
  proxy.reset();
  const run = await w.svc(['diff', '--format', 'json', ...files], { env: options.env ?? env });
  const report = JSON.parse(run.stdout);
  assert.ok(validate(report), JSON.stringify(validate.errors));
  assert.equal(report.exitCode, run.code);
  return { run, report, requests: [...proxy.requests] };
}

describe('svc diff: nothing changed', () => {
  test('every pulled file is unchanged, neither side changed, with its id and name; exit 0 and the summary on stderr', async () => {
    const state = await w.readJson('.svc/state.json');
    const { run, report } = await diffJson([]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(report.environment, host());
    assert.deepEqual(report.summary, { files: pulled.length, unchanged: pulled.length, differences: 0, conflicts: 0, errors: 0 });
    assert.deepEqual(
      report.files.map((f: any) => f.file),
      pulled,
    );
    for (const f of report.files) {
      const { target } = state.files[f.file];
      assert.deepEqual(
        { ...f, name: typeof f.name },
        {
          file: f.file,
          kind: target.kind,
          id: target.id,
          name: 'string',
          status: 'unchanged',
          mode: 'three-way',
          localChanged: false,
          remoteChanged: false,
          changes: [],
        },
      );
    }
    assert.equal(report.files.find((f: any) => f.file === GOLD).name, 'Gold plan');
    const text = await w.svc(['diff'], { env });
    assert.equal(text.code, 0);
    assert.equal(text.stdout, '');
    assert.equal(text.stderr, `${pulled.length} file(s) compared with '${host()}': ${pulled.length} unchanged, 0 with differences.\n`);
  });

  test(`${LISTING_FROM - 1} files: each resource read on its own; ${LISTING_FROM} files: each listing once, no resource on its own`, async () => {
    const keys = pulled.filter((f) => f.endsWith('.key.json'));
    const others = pulled.filter((f) => !f.endsWith('.key.json'));
    assert.ok(others.some((f) => f.endsWith('.policy.json')) && others.some((f) => f.endsWith('.classic.json')));
    const pick = (n: number) => [...others, ...keys].slice(0, n);
    assert.equal(pick(LISTING_FROM).length, LISTING_FROM, 'the seed has enough resources');

    const few = await diffJson(pick(LISTING_FROM - 1));
    assert.equal(few.run.code, 0, few.run.stdout);
    assert.equal(few.report.summary.unchanged, LISTING_FROM - 1);
    assert.deepEqual(apiListings(few.requests), [], 'no listing for a few files');
    assert.ok(singleReads(few.requests).length >= others.filter((f) => !f.endsWith('.policy.json')).length);
    assert.equal(policyReads(few.requests).length, others.filter((f) => f.endsWith('.policy.json')).length);

    const many = await diffJson(pick(LISTING_FROM));
    assert.equal(many.run.code, 0, many.run.stdout);
    assert.equal(many.report.summary.unchanged, LISTING_FROM);
    assert.deepEqual(apiListings(many.requests), ['GET /api/apis?p=-1']);
    assert.deepEqual(policyReads(many.requests), ['GET /svc/policies']);
    assert.deepEqual(singleReads(many.requests), [], 'every API from the listing');
  });

  test('every pulled file: the listings once, no API or policy read on its own', async () => {
    const { run, requests } = await diffJson([]);
    assert.equal(run.code, 0);
    assert.deepEqual(apiListings(requests), ['GET /api/apis?p=-1']);
    assert.deepEqual(policyReads(requests), ['GET /svc/policies']);
    assert.deepEqual(singleReads(requests), []);
  });

  test('an OAS API pulled in public form is read in public form: unchanged, exit 0', async () => {
    const store = new SyncStateStore();
    const ports = { client: w.client, store, unsavedText: () => undefined, decideOverwrite: async () => 'skip' as const };
    const target = { kind: 'oas' as const, id: SEED_API_IDS.inventoryOas };
    // The state as it was before this pull is put back afterwards; the public file is removed.
    await keeping([], async () => {
      const outcome = await pullResource(ports, { environment: host(), target, root: w.dir, folder: 'svc', mode: 'public' });
      const file = path.relative(w.dir, outcome.file!).split(path.sep).join('/');
      try {
        assert.equal((await w.readJson(file))['x-svc-api-gateway'], undefined, 'the public form');
        const { run, report, requests } = await diffJson([file]);
        assert.equal(run.code, 0, run.stdout);
        assert.equal(report.files[0].status, 'unchanged');
        const documentReads = requests.filter((r) => r.startsWith(`GET /svc/apis/oas/${SEED_API_IDS.inventoryOas}`));
        assert.deepEqual(documentReads, [`GET /svc/apis/oas/${SEED_API_IDS.inventoryOas}?mode=public`]);
      } finally {
        await fs.rm(outcome.file!, { force: true });
      }
    });
  });
});

describe('svc diff: what each file entry says', () => {
  test('a changed file names its kind, id and name, and which side changed', async () => {
    await keeping([GOLD], async () => {
      const gold = await w.readJson(GOLD);
      await w.writeJson(GOLD, { ...gold, rate: gold.rate + 5 });
      const { run, report } = await diffJson([GOLD]);
      assert.equal(run.code, 1);
      const { changes, ...entry } = report.files[0];
      assert.deepEqual(entry, {
        file: GOLD,
        kind: 'policy',
        id: 'gold-plan',
        name: 'Gold plan',
        status: 'changed-locally',
        mode: 'three-way',
        localChanged: true,
        remoteChanged: false,
      });
      assert.deepEqual(
        changes.map((c: any) => c.pointer),
        ['/rate'],
      );
    });
  });

  test('a pulled file that is gone: an error with its record kind and id, no side changed, and nothing asked of the server', async () => {
    await keeping([GOLD], async () => {
      await fs.rm(path.join(w.dir, GOLD));
      const { run, report, requests } = await diffJson([GOLD]);
      assert.equal(run.code, 2);
      assert.deepEqual(report.files, [
        {
          file: GOLD,
          kind: 'policy',
          id: 'gold-plan',
          name: null,
          status: 'error',
          mode: null,
          localChanged: false,
          remoteChanged: false,
          changes: [],
          message: 'the file is gone: pull it again (svc pull --all) or remove its record by pulling into another folder.',
        },
      ]);
      assert.deepEqual(report.summary, { files: 1, unchanged: 0, differences: 0, conflicts: 0, errors: 1 });
      assert.deepEqual(requests, [], 'a file that cannot be read is not compared with anything');
    });
  });

  test('a pulled file that is no longer JSON: an error, nothing asked of the server', async () => {
    await keeping([GOLD], async () => {
      await fs.writeFile(path.join(w.dir, GOLD), '{ "rate": ');
      const { run, report, requests } = await diffJson([GOLD]);
      assert.equal(run.code, 2);
      assert.equal(report.files[0].status, 'error');
      assert.equal(report.files[0].id, 'gold-plan');
      assert.match(report.files[0].message, /^not valid JSON .*: fix it first/);
      assert.deepEqual(requests, []);
    });
  });

  test('a file never pulled that is not a Svc document: an error without kind or id, beside a file that compares', async () => {
    await keeping(['notes.json'], async () => {
      await w.writeJson('notes.json', { hello: 'world' });
      const { run, report } = await diffJson(['notes.json', GOLD]);
      assert.equal(run.code, 2);
      assert.deepEqual(report.files[0], {
        file: 'notes.json',
        kind: null,
        id: null,
        name: null,
        status: 'error',
        mode: null,
        localChanged: false,
        remoteChanged: false,
        changes: [],
        message: 'not a document svc knows (classic, OAS or streams API, policy, key).',
      });
      assert.equal(report.files[1].status, 'unchanged');
      const text = await w.svc(['diff', 'notes.json'], { env });
      assert.equal(text.stdout, 'notes.json: cannot compare — not a document svc knows (classic, OAS or streams API, policy, key).\n');
    });
  });

  test('deleted on the server: since the pull (exit 1), and under a local edit (a conflict, exit 3)', async () => {
    const gone = 'svc/retired.policy.json';
    await keeping([gone], async () => {
      const state = await w.readJson('.svc/state.json');
      const doc = { ...(await w.readJson(GOLD)), id: 'retired-plan', name: 'Retired plan' };
      await w.writeJson(gone, doc);
      const hash = hashDocument('policy', doc);
      state.files[gone] = { ...state.files[GOLD], target: { kind: 'policy', id: 'retired-plan' }, localHash: hash, remoteHash: hash };
      await w.writeJson('.svc/state.json', state);

      let { run, report } = await diffJson([gone]);
      assert.equal(run.code, 1);
      assert.deepEqual(
        [report.files[0].status, report.files[0].localChanged, report.files[0].message],
        ['deleted-remotely', false, 'deleted on the server since the pull'],
      );
      assert.equal(report.summary.conflicts, 0);

      await w.writeJson(gone, { ...doc, rate: 1 });
      ({ run, report } = await diffJson([gone]));
      assert.equal(run.code, 3);
      assert.deepEqual(
        [report.files[0].status, report.files[0].localChanged, report.files[0].message],
        ['deleted-remotely', true, 'deleted on the server, and changed in the file since the pull (a conflict)'],
      );
      assert.deepEqual(report.summary, { files: 1, unchanged: 0, differences: 1, conflicts: 1, errors: 0 });
    });
  });
});

describe('svc diff: reading stays inside the workspace, also for a file nobody changed', () => {
  let outside: string;
  before(async () => {
    outside = await fs.mkdtemp(path.join(path.dirname(w.dir), 'svc-outside-'));
  });
  after(async () => {
    if (outside) await fs.rm(outside, { recursive: true, force: true });
  });

  test('a pulled file replaced by a symlink leading out to the same bytes is refused, not called unchanged; a symlink inside is compared', async () => {
    await keeping([GOLD], async () => {
      const file = path.join(w.dir, GOLD);
      await fs.copyFile(file, path.join(outside, 'gold.json'));
      await fs.rm(file);
      await fs.symlink(path.join(outside, 'gold.json'), file);
      const { run, report, requests } = await diffJson([GOLD]);
      assert.equal(run.code, 2);
      assert.equal(report.files[0].status, 'error');
      assert.match(
        report.files[0].message,
        /^Refused to read '.*gold-plan\.policy\.json' \(named by \.svc\/state\.json\): it resolves through a symbolic link to '.*gold\.json', outside/,
      );
      assert.deepEqual(requests, [], 'nothing asked of the server');
      // svc push of every changed file: not skipped as unchanged either, but refused with the reason.
      const push = await w.svc(['push', '--yes'], { env });
      assert.equal(push.code, 2, push.stdout + push.stderr);
      assert.match(push.stderr, /svc\/gold-plan\.policy\.json: Refused to read .* outside the workspace folder/);

      await fs.mkdir(path.join(w.dir, 'kept'), { recursive: true });
      await fs.copyFile(path.join(outside, 'gold.json'), path.join(w.dir, 'kept/gold.json'));
      await fs.rm(file);
      await fs.symlink(path.join(w.dir, 'kept/gold.json'), file);
      const inside = await diffJson([GOLD]);
      assert.equal(inside.run.code, 0, inside.run.stdout);
      assert.equal(inside.report.files[0].status, 'unchanged');
    });
    await fs.rm(path.join(w.dir, 'kept'), { recursive: true, force: true });
  });

  test('state entries leading out (../ and through a linked folder) with the recorded hashes are refused', async () => {
    const gold = await fs.readFile(path.join(w.dir, GOLD), 'utf8');
    await fs.writeFile(path.join(outside, 'config.json'), gold);
    await fs.symlink(outside, path.join(w.dir, 'linked'));
    try {
      await keeping([], async () => {
        const state = await w.readJson('.svc/state.json');
        const traversing = `../${path.basename(outside)}/config.json`;
        for (const key of [traversing, 'linked/config.json']) state.files[key] = { ...state.files[GOLD] };
        await w.writeJson('.svc/state.json', state);
        const { run, report } = await diffJson([]);
        assert.equal(run.code, 2);
        const byFile = new Map(report.files.map((f: any) => [f.file, f]));
        for (const key of [traversing, 'linked/config.json']) {
          const entry: any = byFile.get(key);
          assert.equal(entry.status, 'error', key);
          assert.match(entry.message, /^Refused to read .* outside the workspace folder/, key);
        }
        assert.equal(report.summary.errors, 2);
        assert.equal(report.summary.unchanged, pulled.length);
      });
    } finally {
      await fs.rm(path.join(w.dir, 'linked'));
    }
  });
});

describe('svc diff: the run as a whole', () => {
  test('a connection failure ends the run with exit 2 and the connection message, not a line per file', async () => {
    const wrong = { ...env, SVC_GATEWAY_SECRET: 'wrong-secret' };
    for (const format of ['text', 'json']) {
      const run = await w.svc(['diff', '--format', format, GOLD, 'svc/silver-plan.policy.json'], { env: wrong });
      assert.equal(run.code, 2);
      assert.equal(run.stdout, '', `${format}: no report`);
      assert.match(run.stderr, /^svc: GET \/svc\/policies failed \(HTTP 40[13]\).*The server refused the credential: check SVC_GATEWAY_SECRET\.$/m);
    }
  });

  test('progress on a terminal counts the files compared, one by one up to all of them', async () => {
    const files = [GOLD, 'svc/silver-plan.policy.json', 'svc/free-tier.policy.json'];
    const run = await w.svc(['diff', ...files], { env, stderrTTY: true });
    assert.equal(run.code, 0);
    // eslint-disable-next-line no-control-regex
    const shown = [...run.stderr.matchAll(/\r\x1b\[2K([^\r\n]*)/g)].map((m) => m[1]);
    assert.deepEqual(shown, ['comparing 1/3', 'comparing 2/3', 'comparing 3/3', `3 file(s) compared with '${host()}': 3 unchanged, 0 with differences.`]);
    const plain = await w.svc(['diff', ...files], { env });
    assert.doesNotMatch(plain.stderr, /comparing/);
  });

  test('a damaged state file is noted (moved aside) and the run goes on with no pulled file', async () => {
    await keeping([], async () => {
      await fs.writeFile(path.join(w.dir, '.svc/state.json'), '{ "files": ');
      const run = await w.svc(['diff'], { env });
      assert.equal(run.code, 0, run.stderr);
      const [note, summary] = run.stderr.split('\n');
      assert.match(note, /^\.svc\/state\.json could not be read \(.+\); it was moved to state\.json\.corrupt-\S+ and pull\/push start afresh/);
      assert.equal(summary, `0 file(s) compared with '${host()}': 0 unchanged, 0 with differences.`);
      for (const f of await fs.readdir(path.join(w.dir, '.svc'))) if (f.startsWith('state.json.corrupt-')) await fs.rm(path.join(w.dir, '.svc', f));
    });
  });
});
