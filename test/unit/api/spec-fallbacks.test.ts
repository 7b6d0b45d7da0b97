// The client's fallbacks for servers built to the spec alone (issue 11), against fake loopback
// servers: one answers every route beyond the spec with a Go router's plain-text 404 and pages
// endpoint 10 by 2; one ignores `p` (and announces more pages than it has); one has the
// extensions and answers an unknown id with a JSON error body, which is "not found", not "missing".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { ManagementClient, isManagementApiError } from '../../../api/src';
import { collectPages, endsPaging } from '../../../api/src/paging';
import { findDashboardApi, grantedApiOfKey, listAllApis, readClassicApi, NO_RELOAD_MESSAGE } from '../../../api/src/specFallbacks';
import { readRemote, KEY_API_UNKNOWN } from '../../../client/src/workflows/sync/remoteReader';
import { fetchAllPages } from '../../../client/src/workflows/analytics/fetchAll';
import { SECRETS, configFor, json, startServer, type TestServer } from './servers';

const classic = (n: number) => ({ api_definition: { api_id: `c${n}`, id: `db${n}`, name: `Classic ${n}`, proxy: { listen_path: `/c${n}/` } } });
const oas = {
  api_definition: { api_id: 'o1', is_oas: true },
  oas: { openapi: '3.0.3', info: { title: 'O', version: '1' }, 'x-svc-api-gateway': { info: { id: 'o1', dbId: 'dbo1', name: 'O' } } },
};
const RECORDS = [classic(1), classic(2), oas, classic(4), classic(5)];

const plain404 = (res: ServerResponse) => {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('404 page not found\n');
};

let strict: TestServer;
let ignoresP: TestServer;
let withExtensions: TestServer;

before(async () => {
  strict = await startServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (req.method === 'GET' && url.pathname === '/api/apis') {
      const p = Number(url.searchParams.get('p') ?? '0');
      const items = p >= 1 ? RECORDS.slice((p - 1) * 2, p * 2) : RECORDS;
      return json(res, 200, { apis: items, pages: 3 });
    }
    if (req.method === 'GET' && url.pathname === '/api/apis/o1/keys/k1') {
      return json(res, 200, { data: { access_rights: { o1: {} } }, key_hash: 'h1', key_id: 'k1' });
    }
    return plain404(res);
  });
  ignoresP = await startServer((req, res) => {
    if (req.method === 'GET' && req.url.startsWith('/api/apis?')) return json(res, 200, { apis: RECORDS.slice(0, 3), pages: 7 });
    if (req.method === 'GET' && req.url.startsWith('/api/apis/')) return json(res, 405, {});
    return plain404(res);
  });
  withExtensions = await startServer((req, res) => {
    if (req.url === '/api/apis/c2') return json(res, 200, classic(2));
    if (req.url.startsWith('/api/apis/')) return json(res, 400, { Status: 'Error', Message: 'Could not retrieve API detail', Meta: null });
    if (req.url.startsWith('/svc/apis/')) return json(res, 404, { status: 'error', message: 'API not found' });
    return plain404(res);
  });
});
after(async () => {
  await Promise.all([strict.close(), ignoresP.close(), withExtensions.close()]);
});

const countOf = (server: TestServer, pattern: RegExp) => server.requests.filter((r) => pattern.test(`${r.method} ${r.url}`)).length;

test('paging stops at an empty page, a repeated page, the announced last page, or the item looked for', async () => {
  assert.equal(endsPaging(undefined, []), true);
  assert.equal(endsPaging(undefined, [1]), false);
  assert.equal(endsPaging([1, 2], [1, 2]), true);
  assert.equal(endsPaging([1, 2], [3]), false);
  const asked: number[] = [];
  const pages = [[1, 2], [3, 4], [5]];
  const fetchPage = async (p: number) => {
    asked.push(p);
    return { items: pages[p - 1] ?? [] };
  };
  assert.deepEqual(await collectPages(fetchPage), [1, 2, 3, 4, 5]);
  assert.deepEqual(asked, [1, 2, 3, 4], 'no `pages`: reads until the empty page');
  asked.length = 0;
  assert.deepEqual(await collectPages(async (p) => ({ ...(await fetchPage(p)), pages: 2 })), [1, 2, 3, 4]);
  assert.deepEqual(asked, [1, 2], 'stops at the announced last page');
  asked.length = 0;
  assert.deepEqual(await collectPages(fetchPage, { until: (n) => n === 3 }), [1, 2, 3, 4]);
  assert.deepEqual(asked, [1, 2], 'a lookup stops at the page that has the item');
});

test('a server that ignores p: the listing yields each API once', async () => {
  const client = new ManagementClient(configFor(ignoresP.url));
  const all = await listAllApis(client);
  assert.deepEqual(
    all.map((r) => r.api_definition?.api_id),
    ['c1', 'c2', 'o1'],
  );
  assert.equal(countOf(ignoresP, /^GET \/api\/apis\?p=/), 2, 'page 2 repeats page 1, so the walk stops there');
  // A record the listing does not have: found nowhere, after the same two pages, and the 405 read is remembered as missing.
  assert.equal(await findDashboardApi(client, 'c9'), undefined);
  assert.equal(client.availability.isMissing('GET /api/apis/{apiId}'), true, 'a 405 means the endpoint is missing');
});

test('a spec-only server: the dashboard record and the classic definition come from the listing, the missing read is asked once', async () => {
  const client = new ManagementClient(configFor(strict.url));
  const record = await findDashboardApi(client, 'c5');
  assert.equal(record?.api_definition?.name, 'Classic 5');
  assert.equal(countOf(strict, /^GET \/api\/apis\/c5$/), 1);
  // Issue 32: the listing is asked for whole first (`p=-1`, the spec); it holds c5, so no page follows.
  assert.equal(countOf(strict, /^GET \/api\/apis\?p=-1$/), 1, 'the whole listing, once');
  assert.equal(countOf(strict, /^GET \/api\/apis\?p=\d$/), 0, 'no page after the one that holds the record');
  assert.deepEqual(client.availability.missingEndpoints(), ['GET /api/apis/{apiId}']);

  const byDbId = await readClassicApi(client, 'db4');
  assert.equal(byDbId?.definition.api_id, 'c4', 'found by database id too');
  assert.equal(byDbId?.record?.api_definition?.api_id, 'c4', 'with its record, which an update needs');
  assert.equal(countOf(strict, /^GET \/api\/apis\/(c5|db4)$/), 1, 'the missing read is not asked again in this session');

  assert.equal(await readClassicApi(client, 'o1'), undefined, 'an OAS API is not a classic definition');
  assert.equal((await findDashboardApi(client, 'o1'))?.oas?.info?.title, 'O', 'the OAS record an update needs, by API id');
  assert.equal(await findDashboardApi(client, 'nope'), undefined);
});

test('a spec-only server without a dashboard token: reading a classic definition says why it cannot', async () => {
  const client = new ManagementClient({ ...configFor(strict.url), credentials: { gatewaySecret: SECRETS.gatewaySecret } });
  await assert.rejects(readClassicApi(client, 'c1'), (err: unknown) => {
    assert.ok(isManagementApiError(err, 'missing-endpoint'));
    assert.equal(err.endpoint, 'GET /svc/apis/{apiID}');
    assert.match(err.hint, /does not offer GET \/svc\/apis\/\{apiID\}.*dashboard listing \(GET \/api\/apis\).*dashboard token/);
    return true;
  });
});

test('a spec-only server: reload is missing (said once, then without a request); keys are never read through a guessed API', async () => {
  const client = new ManagementClient(configFor(strict.url));
  for (let i = 0; i < 2; i++) {
    await assert.rejects(client.reloadGateway(), (err: unknown) => isManagementApiError(err, 'missing-endpoint') && /next reload/.test(err.hint));
  }
  assert.equal(countOf(strict, /^GET \/svc\/reload\/group$/), 1);
  assert.match(NO_RELOAD_MESSAGE, /becomes live at the gateway's next reload/);

  const before = strict.requests.length;
  await assert.rejects(readRemote(client, { kind: 'key', id: 'h1' }), (err: Error) => err.message === KEY_API_UNKNOWN);
  const keyReads = strict.requests.slice(before).filter((r) => /\/keys\//.test(r.url));
  assert.deepEqual(
    keyReads.map((r) => r.url),
    ['/svc/keys/h1?hashed=true'],
    'only the gateway read that tells the API; no endpoint 18 through a guess',
  );
  const known = await readRemote(client, { kind: 'key', id: 'k1', apiId: 'o1' });
  assert.equal(known.exists, true, 'through the API the key grants, the read works');
});

test('a server with the extensions: a JSON error body on an unknown id is "not found", never "missing"', async () => {
  const client = new ManagementClient(configFor(withExtensions.url));
  assert.equal((await findDashboardApi(client, 'c2'))?.api_definition?.name, 'Classic 2');
  assert.equal(await findDashboardApi(client, 'nope'), undefined);
  const gatewayOnly = new ManagementClient({ ...configFor(withExtensions.url), credentials: { gatewaySecret: SECRETS.gatewaySecret } });
  assert.equal(await readClassicApi(gatewayOnly, 'nope'), undefined);
  assert.deepEqual(client.availability.missingEndpoints(), []);
  assert.equal(countOf(withExtensions, /^GET \/api\/apis\?/), 0, 'no listing walk when the read exists');
});

test('analytics paging: a server that ignores p (announcing 4 pages) yields its records once', async () => {
  const records = [{ hits: 1 }, { hits: 2 }];
  const asked: number[] = [];
  const all = await fetchAllPages(async (p) => {
    asked.push(p);
    return { data: records, pages: 4 };
  });
  assert.equal(all.length, 2);
  assert.deepEqual(asked, [1, 2]);
});

test('reading a classic definition the listing lacks: without the gateway secret nothing more is asked; with it, the gateway read is asked once', async () => {
  const dashboardOnly = new ManagementClient({ ...configFor(strict.url), credentials: { dashboardToken: SECRETS.dashboardToken } });
  const before = strict.requests.length;
  assert.equal(await readClassicApi(dashboardOnly, 'nope'), undefined, 'not found, not a failure for a missing credential');
  assert.equal(strict.requests.slice(before).filter((r) => r.url.startsWith('/svc/')).length, 0, 'the gateway family is never called without its secret');

  const both = new ManagementClient(configFor(strict.url));
  const start = strict.requests.length;
  // The first read learns that the gateway read is missing (and says so); later ones do not ask again.
  await assert.rejects(readClassicApi(both, 'nope'), (err: unknown) => isManagementApiError(err, 'missing-endpoint'));
  assert.equal(await readClassicApi(both, 'nope-either'), undefined);
  const gatewayReads = strict.requests.slice(start).filter((r) => /^\/svc\/apis\//.test(r.url));
  assert.equal(gatewayReads.length, 1, 'the gateway read is asked once, then known missing for the session');
});

test('the API a key addresses: its first granted API; a key granting none is addressed through the first API listed', async () => {
  const sessions: Record<string, unknown> = {
    granted: { access_rights: { o1: {}, c2: {} } },
    single: { access_rights: { c2: {} } },
    none: { access_rights: {} },
    bare: {},
  };
  const server = await startServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (req.method === 'GET' && url.pathname === '/api/apis') return json(res, 200, { apis: RECORDS, pages: 1 });
    const key = /^\/svc\/keys\/([^/]+)$/.exec(url.pathname)?.[1];
    if (req.method === 'GET' && key && sessions[key]) return json(res, 200, sessions[key]);
    if (key) return json(res, 404, { status: 'error', message: 'Key not found' });
    return plain404(res);
  });
  try {
    const client = new ManagementClient(configFor(server.url));
    assert.equal(await grantedApiOfKey(client, 'granted'), 'o1');
    assert.equal(await grantedApiOfKey(client, 'single'), 'c2', 'one granted API is enough');
    assert.equal(await grantedApiOfKey(client, 'none'), 'c1', 'the first listed API, by its API id (not its database id)');
    assert.equal(await grantedApiOfKey(client, 'bare'), 'c1');
    assert.equal(await grantedApiOfKey(client, 'unknown'), undefined);
    const noSecret = new ManagementClient({ ...configFor(server.url), credentials: { dashboardToken: SECRETS.dashboardToken } });
    assert.equal(await grantedApiOfKey(noSecret, 'granted'), undefined, 'without the gateway secret the key read is not tried');
  } finally {
    await server.close();
  }
});
