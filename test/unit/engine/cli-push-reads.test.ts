// Issue 32: what a one-file `svc push` asks the server for, and that asking less keeps every
// guarantee. Against the full sandbox and `--spec-only` (where an API's dashboard record is only
// in endpoint 10's listing), through a proxy that records each request: the push reads its own
// API, and the listing at most once; a change made on the server between the plan and the send
// (made here while the terminal's question waits) is still merged, or stops the push with exit 3;
// the base recorded after the push is the server's version (a following `svc diff` exits 0).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { DashApi } from '../../../api/src/types';
import { startCliWorld, type CliWorld } from './cliHarness';
import { startCountingProxy, type CountingProxy } from './countingProxy';

const EXTRA = 12;
const FILE = 'svc/reads-api-3.oas.json';

function oasDocument(i: number) {
  return {
    openapi: '3.0.3',
    info: { title: `Reads API ${i}`, version: '1.0.0' },
    paths: { [`/items/${i}`]: { get: { operationId: `get${i}`, responses: { '200': { description: 'ok' } } } } },
    'x-svc-api-gateway': {
      info: { name: `Reads API ${i}`, state: { active: true } },
      upstream: { url: `http://upstream-${i}.internal` },
      server: { listenPath: { value: `/reads-${i}/`, strip: true } },
    },
  };
}

const listings = (requests: readonly string[]) => requests.filter((r) => /^GET \/api\/apis\?/.test(r));
const sends = (requests: readonly string[]) => requests.filter((r) => /^(PUT|POST|PATCH) /.test(r));

for (const mode of ['full', 'spec-only'] as const) {
  describe(`svc push FILE: what it reads (${mode} sandbox)`, () => {
    let w: CliWorld;
    let proxy: CountingProxy;
    let env: NodeJS.ProcessEnv;
    let id: string;
    const read = (file: string) => fs.readFile(path.join(w.dir, file), 'utf8');
    /** Somebody else edits the API's document on the server (through its dashboard record, as the spec allows). */
    const changeOnServer = async (edit: (oas: any) => void) => {
      const record = (await w.client.listApis({ p: -1 })).apis!.find((a) => a.oas?.['x-svc-api-gateway']?.info?.id === id)!;
      const oas = structuredClone(record.oas!);
      edit(oas);
      await w.client.updateApi(id, { ...record, oas } as DashApi);
    };
    const onServer = async () => (await w.client.getOasApi(id)) as any;

    before(async () => {
      w = await startCliWorld({ specOnly: mode === 'spec-only' });
      for (let i = 0; i < EXTRA; i++) await w.client.createOasApi(oasDocument(i) as never);
      proxy = await startCountingProxy(w.url);
      env = { ...w.env, SVC_DASHBOARD_URL: proxy.url };
      assert.equal((await w.svc(['pull', '--all'], { env })).code, 0);
      id = (await w.readJson(FILE))['x-svc-api-gateway'].info.id as string;
    });
    after(async () => {
      await proxy?.close();
      await w?.close();
    });

    test(`one changed file: its own API only; the listing ${mode === 'full' ? 'never' : 'once'}; the new base is right`, async () => {
      const doc = await w.readJson(FILE);
      doc.info.title = 'Reads API 3 (edited)';
      await w.writeJson(FILE, doc);
      proxy.reset();
      const run = await w.svc(['push', FILE, '--yes'], { env });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const asked = proxy.requests;
      for (const r of asked.filter((r) => !r.startsWith('GET /api/apis?'))) assert.ok(r.includes(id), `${r} is about another resource`);
      assert.deepEqual(listings(asked), mode === 'full' ? [] : ['GET /api/apis?p=-1']);
      assert.deepEqual(sends(asked), [`PUT /api/apis/${id}`]);
      // The inspection reads the document and the record; the check before sending, the document
      // (and where the server has it, the record alone); the new base, the document alone.
      const oas = `GET /svc/apis/oas/${id}`;
      const record = `GET /api/apis/${id}`;
      assert.deepEqual(
        asked,
        mode === 'full' ? [oas, record, oas, record, `PUT /api/apis/${id}`, oas] : [oas, record, 'GET /api/apis?p=-1', oas, `PUT /api/apis/${id}`, oas],
      );
      assert.equal((await onServer()).info.title, 'Reads API 3 (edited)');
      assert.equal((await w.svc(['diff', FILE], { env })).code, 0, 'the recorded base is the server’s version');
    });

    test('the server changes the same member between the plan and the send: exit 3, nothing sent, the file unchanged', async () => {
      const doc = await w.readJson(FILE);
      doc['x-svc-api-gateway'].upstream.url = 'http://mine.internal';
      await w.writeJson(FILE, doc);
      const text = await read(FILE);
      proxy.reset();
      const run = await w.svc(['push', FILE], {
        env,
        tty: true,
        // The plan is printed and the question asked: somebody changes the server now.
        ask: async () => {
          await changeOnServer((oas) => (oas['x-svc-api-gateway'].upstream.url = 'http://theirs.internal'));
          return true;
        },
      });
      assert.equal(run.code, 3, run.stdout + run.stderr);
      assert.match(run.stdout, /^Push to /m, 'the plan was made before the change');
      assert.match(run.stderr, /both changed x-svc-api-gateway\.upstream\.url since you pulled it; nothing was sent and the file is unchanged/);
      assert.deepEqual(sends(proxy.requests), []);
      assert.equal((await onServer())['x-svc-api-gateway'].upstream.url, 'http://theirs.internal');
      assert.equal(await read(FILE), text);
      assert.equal((await w.svc(['diff', FILE], { env })).code, 3, 'still changed on both sides');
      // Back to the server's version for the next test.
      assert.equal((await w.svc(['pull', FILE, '--force'], { env })).code, 0);
    });

    test('the server changes another member between the plan and the send: merged into the file and pushed; exit 0; diff 0', async () => {
      const doc = await w.readJson(FILE);
      doc.info.title = 'Reads API 3 (mine)';
      await w.writeJson(FILE, doc);
      proxy.reset();
      const run = await w.svc(['push', FILE], {
        env,
        tty: true,
        ask: async () => {
          await changeOnServer((oas) => (oas['x-svc-api-gateway'].upstream.url = 'http://theirs-2.internal'));
          return true;
        },
      });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /^merged and pushed svc\/reads-api-3\.oas\.json$/m);
      const now = await onServer();
      assert.equal(now.info.title, 'Reads API 3 (mine)');
      assert.equal(now['x-svc-api-gateway'].upstream.url, 'http://theirs-2.internal', 'the server’s change was kept');
      assert.equal((await w.readJson(FILE))['x-svc-api-gateway'].upstream.url, 'http://theirs-2.internal', 'and written into the file');
      // Only a server that moved costs the whole read again (its record, for the update).
      assert.ok(listings(proxy.requests).length <= (mode === 'full' ? 0 : 2), proxy.requests.join(', '));
      assert.equal((await w.svc(['diff', FILE], { env })).code, 0, 'the recorded base is the server’s version');
    });

    test('after the question, the send reads the whole record afresh (a change made to it while the person read is not written over)', async () => {
      // The sandbox keeps an OAS record's other members on update, so what is pinned is the read:
      // the record again before the PUT (on a spec-only server, through the listing a second time).
      const doc = await w.readJson(FILE);
      doc.info.title = 'Reads API 3 (asked)';
      await w.writeJson(FILE, doc);
      proxy.reset();
      let askedAt = -1;
      const run = await w.svc(['push', FILE], {
        env,
        tty: true,
        ask: () => {
          askedAt = proxy.requests.length;
          return Promise.resolve(true);
        },
      });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const afterQuestion = proxy.requests.slice(askedAt);
      const put = afterQuestion.indexOf(`PUT /api/apis/${id}`);
      assert.ok(put > 0, afterQuestion.join(', '));
      const recordRead = mode === 'full' ? `GET /api/apis/${id}` : 'GET /api/apis?p=-1';
      assert.ok(afterQuestion.slice(0, put).includes(recordRead), `the record read again before the send: ${afterQuestion.join(', ')}`);
      assert.equal((await onServer()).info.title, 'Reads API 3 (asked)');
    });

    test('the record’s other members, read for the plan, go back with the update', async () => {
      const before = (await w.client.listApis({ p: -1 })).apis!.find((a) => a.oas?.['x-svc-api-gateway']?.info?.id === id)!;
      const doc = await w.readJson(FILE);
      doc.info.title = 'Reads API 3 (again)';
      await w.writeJson(FILE, doc);
      const run = await w.svc(['push', FILE, '--yes'], { env });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const afterPush = (await w.client.listApis({ p: -1 })).apis!.find((a) => a.oas?.['x-svc-api-gateway']?.info?.id === id)!;
      assert.equal(afterPush.oas!.info!.title, 'Reads API 3 (again)');
      for (const member of ['categories', 'user_owners', 'user_group_owners', 'is_site', 'sort_by'] as const) {
        assert.deepEqual(afterPush[member], before[member], member);
      }
    });
  });
}
