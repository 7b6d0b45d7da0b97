// What `svc pull --all` lists: a listing this server or this credential may not read (missing,
// no credential, forbidden) is a note and the rest is pulled; any other failure stops the run.
import { strict as assert } from 'node:assert';
import { after, before, test } from 'node:test';
import { ManagementClient, isManagementApiError } from '../../../api/src';
import { listTargets } from '../../../engine/src/sync/listing';
import { SECRETS, configFor, json, startServer, type TestServer } from '../api/servers';

const RECORDS = [{ api_definition: { api_id: 'c1', id: 'db1', name: 'Classic 1', proxy: { listen_path: '/c1/' } } }];
let policiesStatus = 200;
let keysStatus = 200;
let server: TestServer;

before(async () => {
  server = await startServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/api/apis') return json(res, 200, { apis: RECORDS, pages: 1 });
    if (url.pathname === '/svc/policies') {
      if (policiesStatus === 200) return json(res, 200, [{ id: 'gold', name: 'Gold' }]);
      return json(res, policiesStatus, { status: 'error', message: `refused with ${policiesStatus}` });
    }
    if (url.pathname === '/api/keys') {
      if (keysStatus === 200) return json(res, 200, { data: { keys: [] }, pages: 1 });
      return json(res, keysStatus, { Status: 'Error', Message: 'Access to this resource has been disallowed', Meta: null });
    }
    return json(res, 404, { status: 'error', message: 'not found' });
  });
});
after(() => server.close());

test('every listing readable: APIs and policies are targets, no note', async () => {
  policiesStatus = 200;
  const listing = await listTargets(new ManagementClient(configFor(server.url)));
  assert.deepEqual(
    listing.targets.map((t) => `${t.kind}:${t.id}`),
    ['classic:c1', 'policy:gold'],
  );
  assert.deepEqual(listing.notes, []);
});

test('a dashboard listing the credential may not read (403): a note naming it, and the rest is still listed', async () => {
  keysStatus = 403;
  const listing = await listTargets(new ManagementClient(configFor(server.url)));
  keysStatus = 200;
  assert.deepEqual(
    listing.targets.map((t) => `${t.kind}:${t.id}`),
    ['classic:c1', 'policy:gold'],
  );
  assert.equal(listing.notes.length, 1);
  assert.match(listing.notes[0], /^keys not pulled: The credential is valid but lacks permission/);
});

test('a listing without its credential is a note too, and nothing is sent for it', async () => {
  policiesStatus = 200;
  const before = server.requests.length;
  const client = new ManagementClient({ ...configFor(server.url), credentials: { dashboardToken: SECRETS.dashboardToken } });
  const listing = await listTargets(client);
  assert.match(listing.notes.join('\n'), /^policies not pulled: /m);
  assert.equal(server.requests.slice(before).filter((r) => r.url.startsWith('/svc/')).length, 0);
});

test('just outside: a wrong credential (401, or 403 from the gateway family) or a server failure (500) stops the run instead of being a note', async () => {
  for (const status of [401, 403, 500]) {
    policiesStatus = status;
    await assert.rejects(
      listTargets(new ManagementClient({ ...configFor(server.url), retries: 0 })),
      (err: unknown) => isManagementApiError(err) && err.status === status,
    );
  }
  policiesStatus = 200;
});
