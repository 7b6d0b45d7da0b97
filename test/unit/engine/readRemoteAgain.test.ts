// readRemoteAgain (issue 32): push's check right before sending. Where the server has no read of
// one dashboard record (`--spec-only`), an OAS API whose document did not move is proven by its
// document alone (endpoint 3) and keeps the record read for the plan; a document that moved is read
// whole, with its record as it is now. Where the server reads a record alone, it is read fresh.
// Over real HTTP, through a proxy that records each request.
import { strict as assert } from 'node:assert';
import { after, before, describe, test } from 'node:test';
import { ManagementClient } from '../../../api/src';
import type { DashApi } from '../../../api/src/types';
import { readRemote, readRemoteAgain } from '../../../engine/src/sync/remoteReader';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { startSandbox } from '../../../sandbox/src/index';
import { startCountingProxy, type CountingProxy } from './countingProxy';

const id = SEED_API_IDS.paymentsOas;
const target = { kind: 'oas' as const, id };

for (const specOnly of [false, true]) {
  describe(`readRemoteAgain (${specOnly ? 'spec-only' : 'full'} sandbox)`, () => {
    let sandbox: Awaited<ReturnType<typeof startSandbox>>;
    let proxy: CountingProxy;
    let client: ManagementClient;
    let direct: ManagementClient;
    const record = async () => (await direct.listApis({ p: -1 })).apis!.find((a) => a.oas?.['x-svc-api-gateway']?.info?.id === id)!;
    before(async () => {
      sandbox = await startSandbox({ port: 0, memory: true, specOnly });
      proxy = await startCountingProxy(sandbox.url);
      client = new ManagementClient({ name: 'unit', dashboardUrl: proxy.url, credentials: sandbox.credentials, retries: 0 });
      direct = new ManagementClient({ name: 'direct', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
    });
    after(async () => {
      client?.dispose();
      direct?.dispose();
      await proxy?.close();
      await sandbox?.close();
    });

    test('the document did not move: proven by the cheapest read; the record as the server reads it', async () => {
      const known = await readRemote(client, target);
      assert.ok(known.exists && known.dashboardRecord);
      proxy.reset();
      const again = await readRemoteAgain(client, target, known);
      assert.deepEqual(again.document, known.document);
      if (specOnly) {
        assert.deepEqual(proxy.requests, [`GET /svc/apis/oas/${id}`], 'the document alone, not the listing');
        assert.equal(again.dashboardRecord, known.dashboardRecord, 'the record read for the plan');
      } else {
        assert.deepEqual(proxy.requests, [`GET /svc/apis/oas/${id}`, `GET /api/apis/${id}`], 'the record alone, fresh');
        assert.deepEqual(again.dashboardRecord, known.dashboardRecord);
      }
    });

    test('the document moved: read whole, the record as it is now', async () => {
      const known = await readRemote(client, target);
      const now = await record();
      const oas = structuredClone(now.oas!);
      oas.info!.title = `${oas.info!.title} (moved)`;
      await direct.updateApi(id, { ...now, oas } as DashApi);
      proxy.reset();
      const again = await readRemoteAgain(client, target, known);
      assert.equal((again.document as any).info.title, oas.info!.title);
      assert.equal(again.dashboardRecord?.oas?.info?.title, oas.info!.title, 'a fresh record, not the one read before');
      if (specOnly) assert.deepEqual(proxy.requests.filter((r) => r.startsWith('GET /api/apis?')).length, 1);
    });

    test('nothing known to prove (no record, or it did not exist): read as readRemote reads', async () => {
      proxy.reset();
      const again = await readRemoteAgain(client, target, { exists: false });
      assert.equal(again.exists, true);
      assert.ok(again.dashboardRecord);
      const gone = await readRemoteAgain(client, { kind: 'oas', id: 'no-such-api' }, { exists: true, document: {}, dashboardRecord: {} as DashApi });
      assert.equal(gone.exists, false);
    });

    test('after a push, the document alone (withoutRecord) is enough for the base', async () => {
      proxy.reset();
      const base = await readRemote(client, target, { withoutRecord: true });
      assert.equal(base.exists, true);
      assert.equal(base.dashboardRecord, undefined);
      assert.deepEqual(proxy.requests, [`GET /svc/apis/oas/${id}`]);
    });
  });
}
