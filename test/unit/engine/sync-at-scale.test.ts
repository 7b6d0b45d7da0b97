// Issue 32, what the server is asked for: `svc pull --all` and `svc diff` read endpoint 10's
// listing once (`p=-1`, or the server's own pages when it pages anyway) and endpoint 7 once,
// never each API on its own; a push of one changed file among many reads only that resource;
// the files are the same as per-resource reads give; local hashes spare parsing but never hide
// an edit. Against the full sandbox and `--spec-only`, through a proxy that counts requests.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { formatDocument } from '../../../engine/src/sync/canonicalJson';
import { LOCAL_HASHES_FILE } from '../../../engine/src/sync/localHashes';
import { SYNC_CONCURRENCY } from '../../../engine/src/sync/pool';
import { LISTING_FROM } from '../../../engine/src/sync/remoteCatalog';
import { readRemote } from '../../../engine/src/sync/remoteReader';
import { startCliWorld, type CliWorld } from './cliHarness';
import { startCountingProxy, type CountingProxy } from './countingProxy';

const EXTRA = 25;

function oasDocument(i: number) {
  return {
    openapi: '3.0.3',
    info: { title: `Scale API ${i}`, version: '1.0.0' },
    paths: { [`/items/${i}`]: { get: { operationId: `get${i}`, responses: { '200': { description: 'ok' } } } } },
    'x-svc-api-gateway': {
      info: { name: `Scale API ${i}`, state: { active: true } },
      upstream: { url: `http://upstream-${i}.internal` },
      server: { listenPath: { value: `/scale-${i}/`, strip: true } },
    },
  };
}

/** Reads of one API (or its dashboard record) on its own: what the listing makes unnecessary. */
const singleApiReads = (requests: readonly string[]) =>
  requests.filter(
    (r) => /^GET \/svc\/apis\/oas\/[^?/]+/.test(r) || /^GET \/api\/apis\/(?!streams\/)[^/?]+(\?|$)/.test(r) || /^GET \/api\/apis\/streams\//.test(r),
  );
const listings = (requests: readonly string[]) => requests.filter((r) => /^GET \/api\/apis\?/.test(r));

for (const mode of ['full', 'spec-only'] as const) {
  describe(`sync at scale (${mode} sandbox)`, () => {
    let w: CliWorld;
    let proxy: CountingProxy;
    let env: NodeJS.ProcessEnv;
    before(async () => {
      w = await startCliWorld({ specOnly: mode === 'spec-only' });
      for (let i = 0; i < EXTRA; i++) await w.client.createOasApi(oasDocument(i) as never);
      proxy = await startCountingProxy(w.url);
      env = { ...w.env, SVC_DASHBOARD_URL: proxy.url };
    });
    after(async () => {
      await proxy?.close();
      await w?.close();
    });

    test('pull --all asks for the listing once (p=-1) and reads no API on its own, over a few kept-alive connections', async () => {
      proxy.reset();
      const run = await w.svc(['pull', '--all'], { env });
      assert.equal(run.code, 0, run.stderr);
      const files = await fs.readdir(path.join(w.dir, 'svc'));
      assert.equal(files.filter((f) => f.startsWith('scale-api-')).length, EXTRA);
      assert.deepEqual(listings(proxy.requests), ['GET /api/apis?p=-1']);
      assert.deepEqual(singleApiReads(proxy.requests), []);
      assert.equal(proxy.requests.filter((r) => r === 'GET /svc/policies').length, 1);
      // Keep-alive: far fewer connections than requests (keys are still read one by one on the full sandbox).
      assert.ok(proxy.connections <= 9, `${proxy.connections} connections for ${proxy.requests.length} requests`);
    });

    test('each pulled file is what a read of that resource alone gives', async () => {
      const state = await w.readJson('.svc/state.json');
      const checked = new Set<string>();
      for (const [file, record] of Object.entries<any>(state.files)) {
        if (checked.has(record.target.kind)) continue;
        checked.add(record.target.kind);
        const alone = await readRemote(w.client, record.target);
        assert.equal(await fs.readFile(path.join(w.dir, file), 'utf8'), formatDocument(alone.document), file);
      }
      const expected = mode === 'full' ? ['classic', 'key', 'oas', 'policy', 'streams'] : ['classic', 'oas', 'policy', 'streams'];
      assert.deepEqual([...checked].sort(), expected);
    });

    test('diff with nothing changed: exit 0, one listing, no API read on its own; the local hashes are kept', async () => {
      proxy.reset();
      const run = await w.svc(['diff'], { env });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.deepEqual(listings(proxy.requests), ['GET /api/apis?p=-1']);
      assert.deepEqual(singleApiReads(proxy.requests), []);
      const cache = await w.readJson(`.svc/${LOCAL_HASHES_FILE}`);
      const state = await w.readJson('.svc/state.json');
      assert.deepEqual(Object.keys(cache.files).sort(), Object.keys(state.files).sort());
    });

    test(`diff of ${LISTING_FROM - 1} files reads each resource; of ${LISTING_FROM}, the listing once`, async () => {
      const names = (await fs.readdir(path.join(w.dir, 'svc'))).filter((f) => f.startsWith('scale-api-')).sort();
      proxy.reset();
      let run = await w.svc(['diff', ...names.slice(0, LISTING_FROM - 1).map((n) => `svc/${n}`)], { env });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      if (mode === 'full') {
        assert.deepEqual(listings(proxy.requests), []);
        assert.equal(singleApiReads(proxy.requests).filter((r) => r.startsWith('GET /svc/apis/oas/')).length, LISTING_FROM - 1);
      } else {
        // The spec has no read of one dashboard record: once its absence is known (the first reads in
        // flight learn it together, each reading the listing), the others share one whole listing.
        const asked = listings(proxy.requests);
        assert.ok(asked.length >= 1 && asked.length <= SYNC_CONCURRENCY + 1, asked.join(', '));
        assert.ok(
          asked.every((r) => r === 'GET /api/apis?p=-1'),
          asked.join(', '),
        );
      }
      proxy.reset();
      run = await w.svc(['diff', ...names.slice(0, LISTING_FROM).map((n) => `svc/${n}`)], { env });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.deepEqual(listings(proxy.requests), ['GET /api/apis?p=-1']);
      assert.deepEqual(singleApiReads(proxy.requests), []);
    });

    test('a file reformatted (same JSON) stays unchanged; an edit is seen, also when the local hashes are damaged', async () => {
      const file = 'svc/scale-api-3.oas.json';
      const doc = await w.readJson(file);
      await w.writeJson(file, doc, 4);
      assert.equal((await w.svc(['diff'], { env })).code, 0);
      doc.info.title = 'Scale API 3 (edited)';
      await w.writeJson(file, doc, 4);
      let run = await w.svc(['diff'], { env });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /scale-api-3\.oas\.json: changed locally/);
      await fs.writeFile(path.join(w.dir, '.svc', LOCAL_HASHES_FILE), '{"version":1,"files":{"svc/scale-api-3.oas.json":{}}');
      run = await w.svc(['diff'], { env });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /scale-api-3\.oas\.json: changed locally/);
    });

    test('a change on the server is seen through the listing', async () => {
      const id = (await w.readJson('svc/scale-api-4.oas.json'))['x-svc-api-gateway'].info.id as string;
      const record = (await w.client.listApis({ p: -1 })).apis!.find((a) => a.oas?.['x-svc-api-gateway']?.info?.id === id)!;
      const oas = { ...record.oas!, info: { ...record.oas!.info, title: 'Scale API 4 (on the server)' } };
      await w.client.updateApi(id, { ...record, oas } as never);
      proxy.reset();
      const run = await w.svc(['diff'], { env });
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.match(run.stdout, /scale-api-4\.oas\.json: changed on the server/);
      assert.deepEqual(singleApiReads(proxy.requests), []);
      assert.equal((await w.svc(['pull', 'svc/scale-api-4.oas.json'], { env })).code, 0);
    });

    test('svc push FILE of one changed file among many reads only that resource (no listing on the full sandbox)', async () => {
      const file = 'svc/scale-api-3.oas.json';
      const id = (await w.readJson(file))['x-svc-api-gateway'].info.id as string;
      proxy.reset();
      const run = await w.svc(['push', file, '--yes'], { env });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const reads = singleApiReads(proxy.requests);
      assert.ok(reads.length > 0);
      for (const r of reads) assert.ok(r.includes(id), r);
      // The spec has no read of one dashboard record: there the record is found in the listing, read
      // once for the checks (the plan takes it; the check before sending and the new base read the
      // document alone: cli-push-reads.test.ts).
      if (mode === 'full') assert.deepEqual(listings(proxy.requests), []);
      else assert.deepEqual(listings(proxy.requests), ['GET /api/apis?p=-1']);
      assert.equal((await w.svc(['diff'], { env })).code, 0);
    });

    test('svc push (no FILE) with one changed file reads only that resource', async () => {
      const file = 'svc/scale-api-5.oas.json';
      const doc = await w.readJson(file);
      const id = doc['x-svc-api-gateway'].info.id as string;
      doc.info.title = 'Scale API 5 (edited)';
      await w.writeJson(file, doc);
      proxy.reset();
      const run = await w.svc(['push', '--yes'], { env });
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /pushed {5}svc\/scale-api-5\.oas\.json/);
      for (const r of singleApiReads(proxy.requests)) assert.ok(r.includes(id), r);
      if (mode === 'full') assert.deepEqual(listings(proxy.requests), []);
    });
  });
}

describe('sync at scale: a server that pages the listing whatever it is asked', () => {
  let w: CliWorld;
  let proxy: CountingProxy;
  before(async () => {
    w = await startCliWorld({ specOnly: true });
    for (let i = 0; i < EXTRA; i++) await w.client.createOasApi(oasDocument(i) as never);
    proxy = await startCountingProxy(w.url, { pageAnyway: true });
  });
  after(async () => {
    await proxy?.close();
    await w?.close();
  });

  test('pull --all walks the server’s pages (10 a page) and pulls every API once; diff then exits 0', async () => {
    const env = { ...w.env, SVC_DASHBOARD_URL: proxy.url };
    const run = await w.svc(['pull', '--all'], { env });
    assert.equal(run.code, 0, run.stderr);
    const apis = (await w.client.listApis({ p: -1 })).apis!.length;
    const pages = Math.ceil(apis / 10);
    const asked = listings(proxy.requests).sort();
    assert.deepEqual(asked, ['GET /api/apis?p=-1', ...Array.from({ length: pages - 1 }, (_, i) => `GET /api/apis?p=${i + 2}`)].sort());
    const files = await fs.readdir(path.join(w.dir, 'svc'));
    assert.equal(files.filter((f) => /\.(oas|classic|streams)\.json$/.test(f)).length, apis);
    assert.deepEqual(singleApiReads(proxy.requests), []);
    assert.equal((await w.svc(['diff'], { env })).code, 0);
  });
});
