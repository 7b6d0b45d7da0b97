// What each client method puts on the wire, as a recording server sees it: method, exact
// path and query string, the family's credential header (and no other family's), media types
// and the JSON body. The expectations are copied from the spec, not from the client.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ManagementClient, STREAMS_MEDIA_TYPE } from '../../../api/src';
import { SECRETS, configFor, json, startServer, type TestServer } from './servers';

let server: TestServer;
let client: ManagementClient;

before(async () => {
  server = await startServer((req, res) => json(res, 200, req.method === 'GET' && /\/(policies|apis|clients\/[^/]+|examples)$/.test(req.url) ? [] : {}));
  client = new ManagementClient(configFor(server.url));
});
after(() => server.close());

type Family = 'gateway' | 'dashboard' | 'admin';
interface Case {
  name: string;
  call: (c: ManagementClient) => Promise<unknown>;
  method: string;
  url: string;
  family: Family;
  body?: unknown;
  contentType?: string;
  accept?: string;
  headers?: Record<string, string>;
}

const session = { rate: 10, per: 60, access_rights: { a1: { api_id: 'a1' } } };
const policy = { id: 'pol 1', name: 'gold', rate: 100 };
const oas = { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: {}, 'x-svc-api-gateway': { info: { name: 'x' } } };
const streams = { ...oas, 'x-svc-streaming': { streams: {} } };

const cases: Case[] = [
  {
    name: '1 getOAuthClient',
    call: (c) => c.getOAuthClient('api/1', 'client 9'),
    method: 'GET',
    url: '/svc/oauth/clients/api%2F1/client%209',
    family: 'gateway',
  },
  {
    name: '2 replaceClassicApi',
    call: (c) => c.replaceClassicApi('a1', { api_id: 'a1', name: 'A' }),
    method: 'PUT',
    url: '/svc/apis/a1',
    family: 'gateway',
    body: { api_id: 'a1', name: 'A' },
    contentType: 'application/json',
  },
  { name: '3 getOasApi', call: (c) => c.getOasApi('o1'), method: 'GET', url: '/svc/apis/oas/o1', family: 'gateway' },
  { name: '3 getOasApi public', call: (c) => c.getOasApi('o1', { mode: 'public' }), method: 'GET', url: '/svc/apis/oas/o1?mode=public', family: 'gateway' },
  {
    name: '4 createOasApi',
    call: (c) => c.createOasApi(oas),
    method: 'POST',
    url: '/svc/apis/oas',
    family: 'gateway',
    body: oas,
    contentType: 'application/json',
  },
  {
    name: '4 createOasApi versioned',
    call: (c) => c.createOasApi(oas, { baseApiId: 'b1', baseApiVersionName: 'v1', newVersionName: 'v2', setDefault: true }),
    method: 'POST',
    url: '/svc/apis/oas?base_api_id=b1&base_api_version_name=v1&new_version_name=v2&set_default=true',
    family: 'gateway',
    body: oas,
  },
  { name: '5 createCustomKey', call: (c) => c.createCustomKey('my key', session), method: 'POST', url: '/svc/keys/my%20key', family: 'gateway', body: session },
  {
    name: '5 createCustomKey flags',
    call: (c) => c.createCustomKey('k1', session, { suppressReset: true, hashed: true }),
    method: 'POST',
    url: '/svc/keys/k1?suppress_reset=1&hashed=true',
    family: 'gateway',
    body: session,
  },
  {
    name: '6 createOrgKey',
    call: (c) => c.createOrgKey('org1', session, { resetQuota: true }),
    method: 'POST',
    url: '/svc/org/keys/org1?reset_quota=1',
    family: 'gateway',
    body: session,
  },
  { name: '6 createOrgKey plain', call: (c) => c.createOrgKey('org1', session), method: 'POST', url: '/svc/org/keys/org1', family: 'gateway', body: session },
  { name: '7 listPolicies', call: (c) => c.listPolicies(), method: 'GET', url: '/svc/policies', family: 'gateway' },
  { name: '8 createPolicy', call: (c) => c.createPolicy(policy), method: 'POST', url: '/svc/policies', family: 'gateway', body: policy },
  { name: '9 updatePolicy', call: (c) => c.updatePolicy('pol 1', policy), method: 'PUT', url: '/svc/policies/pol%201', family: 'gateway', body: policy },
  { name: '10 listApis', call: (c) => c.listApis(), method: 'GET', url: '/api/apis', family: 'dashboard' },
  { name: '10 listApis paged', call: (c) => c.listApis({ p: 2 }), method: 'GET', url: '/api/apis?p=2', family: 'dashboard' },
  {
    name: '11 updateApi',
    call: (c) => c.updateApi('a1', { api_definition: { api_id: 'a1' } }),
    method: 'PUT',
    url: '/api/apis/a1',
    family: 'dashboard',
    body: { api_definition: { api_id: 'a1' } },
    contentType: 'application/json',
  },
  {
    name: '12 patchStreamsApi',
    call: (c) =>
      c.patchStreamsApi('s1', streams, {
        listenPath: '/s/',
        customDomain: 'a.example',
        allowList: true,
        validateRequest: false,
        mockResponse: true,
        authentication: false,
      }),
    method: 'PATCH',
    url: '/api/apis/streams/s1?listenPath=%2Fs%2F&customDomain=a.example&allowList=true&validateRequest=false&mockResponse=true&authentication=false',
    family: 'dashboard',
    body: streams,
    contentType: STREAMS_MEDIA_TYPE,
  },
  {
    name: '12 patchStreamsApi plain',
    call: (c) => c.patchStreamsApi('s1', streams),
    method: 'PATCH',
    url: '/api/apis/streams/s1',
    family: 'dashboard',
    body: streams,
    contentType: STREAMS_MEDIA_TYPE,
  },
  {
    name: '13 replaceStreamsApi',
    call: (c) => c.replaceStreamsApi('s1', streams),
    method: 'PUT',
    url: '/api/apis/streams/s1',
    family: 'dashboard',
    body: streams,
    contentType: STREAMS_MEDIA_TYPE,
  },
  { name: '14 getStreamsApi', call: (c) => c.getStreamsApi('s1'), method: 'GET', url: '/api/apis/streams/s1', family: 'dashboard', accept: STREAMS_MEDIA_TYPE },
  {
    name: '15 migrateApis',
    call: (c) => c.migrateApis({ mode: 'dryRun', apiIDs: ['a1'] }),
    method: 'POST',
    url: '/api/apis/migrate',
    family: 'dashboard',
    body: { mode: 'dryRun', apiIDs: ['a1'] },
    contentType: 'application/json',
  },
  {
    name: '16 getExample',
    call: (c) =>
      c.getExample('udg/vat checker', { readme: true, apiDef: true, examplesIndex: 'http://idx.example/index.json', repoUrl: 'http://repo.example' }),
    method: 'GET',
    url: '/api/examples/udg/vat%20checker?readme=true&apiDef=true',
    family: 'dashboard',
    headers: { 'x-svc-examples-index': 'http://idx.example/index.json', 'x-svc-repo-url': 'http://repo.example' },
  },
  {
    name: '17 updateKey',
    call: (c) => c.updateKey('a1', 'k1', session, { autoGuess: true, hashed: true, username: false, suppressReset: true }),
    method: 'PUT',
    url: '/api/apis/a1/keys/k1?auto_guess=true&hashed=true&username=false&suppress_reset=1',
    family: 'dashboard',
    body: session,
  },
  { name: '18 getKey', call: (c) => c.getKey('a1', 'k1'), method: 'GET', url: '/api/apis/a1/keys/k1', family: 'dashboard' },
  {
    name: '18 getKey by username',
    call: (c) => c.getKey('a1', 'bob', { username: true }),
    method: 'GET',
    url: '/api/apis/a1/keys/bob?username=true',
    family: 'dashboard',
  },
  { name: '19 createDashboardKey', call: (c) => c.createDashboardKey('k2', session), method: 'POST', url: '/api/keys/k2', family: 'dashboard', body: session },
  {
    name: '20 addUser',
    call: (c) => c.addUser({ email_address: 'a@b.c', first_name: 'A', last_name: 'B', user_permissions: { apis: 'read' } }),
    method: 'POST',
    url: '/api/users',
    family: 'dashboard',
    body: { email_address: 'a@b.c', first_name: 'A', last_name: 'B', user_permissions: { apis: 'read' } },
  },
  {
    name: '21 getOAuthClientAnalytics',
    call: (c) => c.getOAuthClientAnalytics('cl1', { start: { day: 1, month: 2, year: 2024 }, end: { day: 28, month: 2, year: 2024 } }),
    method: 'GET',
    url: '/api/activity/oauthid/cl1/1/2/2024/28/2/2024',
    family: 'dashboard',
  },
  { name: '22 getWebhook', call: (c) => c.getWebhook('h1'), method: 'GET', url: '/api/hooks/h1', family: 'dashboard' },
  { name: '23 listWebhooks', call: (c) => c.listWebhooks({ p: -1 }), method: 'GET', url: '/api/hooks?p=-1', family: 'dashboard' },
  {
    name: '24 updateOrgKeyAdmin',
    call: (c) => c.updateOrgKeyAdmin('org1', session),
    method: 'PUT',
    url: '/admin/org/keys/org1',
    family: 'admin',
    body: session,
    contentType: 'application/json',
  },
  // Listing extensions.
  { name: 'x listGatewayApis', call: (c) => c.listGatewayApis(), method: 'GET', url: '/svc/apis', family: 'gateway' },
  { name: 'x getClassicApi', call: (c) => c.getClassicApi('a1'), method: 'GET', url: '/svc/apis/a1', family: 'gateway' },
  { name: 'x listOAuthClients', call: (c) => c.listOAuthClients('a1'), method: 'GET', url: '/svc/oauth/clients/a1', family: 'gateway' },
  { name: 'x getDashboardApi', call: (c) => c.getDashboardApi('a1'), method: 'GET', url: '/api/apis/a1', family: 'dashboard' },
  { name: 'x listKeys', call: (c) => c.listKeys({ p: 1 }), method: 'GET', url: '/api/keys?p=1', family: 'dashboard' },
  { name: 'x listUsers', call: (c) => c.listUsers({ p: 3 }), method: 'GET', url: '/api/users?p=3', family: 'dashboard' },
  { name: 'x listExamples', call: (c) => c.listExamples(), method: 'GET', url: '/api/examples', family: 'dashboard' },
];

const credentialHeaders: Record<Family, [string, string]> = {
  gateway: ['x-svc-authorization', SECRETS.gatewaySecret],
  dashboard: ['authorization', `Bearer ${SECRETS.dashboardToken}`],
  admin: ['admin-auth', SECRETS.adminSecret],
};

for (const c of cases) {
  test(`${c.name} sends ${c.method} ${c.url}`, async () => {
    const before = server.requests.length;
    await c.call(client);
    assert.equal(server.requests.length, before + 1, 'exactly one request');
    const seen = server.requests[before];
    assert.equal(seen.method, c.method);
    assert.equal(seen.url, c.url);
    for (const [family, [header, value]] of Object.entries(credentialHeaders)) {
      if (family === c.family) assert.equal(seen.headers[header], value, `${header} carries the ${family} credential`);
      else assert.equal(seen.headers[header], undefined, `no ${header} on a ${c.family} request`);
    }
    assert.equal(seen.headers.accept, c.accept ?? 'application/json');
    if (c.body === undefined) {
      assert.equal(seen.body, '');
      assert.equal(seen.headers['content-type'], undefined);
    } else {
      assert.deepEqual(JSON.parse(seen.body), c.body);
      assert.equal(seen.headers['content-type'], c.contentType ?? 'application/json');
    }
    for (const [name, value] of Object.entries(c.headers ?? {})) assert.equal(seen.headers[name], value);
  });
}

test('the method list covers all 24 spec endpoints', () => {
  const numbers = new Set(cases.map((c) => Number(c.name.split(' ')[0])).filter((n) => !Number.isNaN(n)));
  assert.deepEqual(
    [...numbers].sort((a, b) => a - b),
    Array.from({ length: 24 }, (_, i) => i + 1),
  );
});

test('gateway requests go to gatewayUrl when it is set, the others to dashboardUrl', async () => {
  const gateway = await startServer((_req, res) => json(res, 200, []));
  try {
    const split = new ManagementClient(configFor(server.url, { gatewayUrl: `${gateway.url}/` }));
    const before = server.requests.length;
    await split.listPolicies();
    await split.listWebhooks();
    assert.deepEqual(
      gateway.requests.map((r) => r.url),
      ['/svc/policies'],
    );
    assert.deepEqual(
      server.requests.slice(before).map((r) => r.url),
      ['/api/hooks'],
    );
  } finally {
    await gateway.close();
  }
});

test('a base URL with a path prefix keeps the prefix', async () => {
  const prefixed = new ManagementClient(configFor(`${server.url}/mgmt/`));
  const before = server.requests.length;
  await prefixed.getWebhook('h1');
  assert.equal(server.requests[before].url, '/mgmt/api/hooks/h1');
});

test('a dashboard token pasted with its Bearer scheme is not doubled', async () => {
  const pasted = new ManagementClient(configFor(server.url, { credentials: { dashboardToken: `Bearer ${SECRETS.dashboardToken}` } }));
  const before = server.requests.length;
  await pasted.getWebhook('h1');
  assert.equal(server.requests[before].headers.authorization, `Bearer ${SECRETS.dashboardToken}`);
});
