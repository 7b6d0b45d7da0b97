// How error answers become errors a user can act on: both body styles, the family-specific
// meaning of 401/403, missing resources versus missing endpoints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManagementClient, ManagementApiError, type ErrorKind } from '../../../api/src';
import { configFor, json, startServer } from './servers';

interface Case {
  name: string;
  status: number;
  body: unknown;
  call: (c: ManagementClient) => Promise<unknown>;
  kind: ErrorKind;
  serverMessage?: string;
  hint?: RegExp;
}

const cases: Case[] = [
  {
    name: 'gateway wrong secret (403)',
    status: 403,
    body: { status: 'error', message: 'Attempted administrative access with invalid or missing key!' },
    call: (c) => c.listPolicies(),
    kind: 'auth',
    serverMessage: 'Attempted administrative access with invalid or missing key!',
    hint: /^Check the gateway secret of environment 'prod' \(Svc: Set Credentials\)\.$/,
  },
  {
    name: 'dashboard wrong token (401)',
    status: 401,
    body: { Status: 'Error', Message: 'Not authorised', Meta: null },
    call: (c) => c.listApis(),
    kind: 'auth',
    serverMessage: 'Not authorised',
    hint: /^Check the dashboard token of environment 'prod' \(Svc: Set Credentials\)\.$/,
  },
  {
    name: 'admin wrong secret (401)',
    status: 401,
    body: { Status: 'Error', Message: 'Not authorised' },
    call: (c) => c.updateOrgKeyAdmin('o', {}),
    kind: 'auth',
    hint: /admin secret/,
  },
  {
    name: 'dashboard no permission (403)',
    status: 403,
    body: { Status: 'Error', Message: 'access denied: You do not have permission to access /api/users' },
    call: (c) => c.addUser({ email_address: 'a', first_name: 'a', last_name: 'b', user_permissions: {} }),
    kind: 'forbidden',
  },
  {
    name: 'dashboard malformed body (403)',
    status: 403,
    body: { Status: 'Error', Message: 'Request body malformed.' },
    call: (c) => c.createDashboardKey('k', {}),
    kind: 'bad-request',
  },
  {
    name: 'dashboard duplicate listen path (403)',
    status: 403,
    body: { Status: 'Error', Message: 'Found API with same url.' },
    call: (c) => c.updateApi('a', {}),
    kind: 'conflict',
  },
  {
    name: 'gateway not found',
    status: 404,
    body: { status: 'error', message: 'OAuth Client ID not found' },
    call: (c) => c.getOAuthClient('a', 'x'),
    kind: 'not-found',
    serverMessage: 'OAuth Client ID not found',
  },
  {
    name: 'dashboard not found',
    status: 404,
    body: { Status: 'Error', Message: 'Could not retrieve key detail.', Meta: null },
    call: (c) => c.getKey('a', 'k'),
    kind: 'not-found',
    serverMessage: 'Could not retrieve key detail.',
  },
  {
    name: 'dashboard read of an unknown record (400 "Could not retrieve")',
    status: 400,
    body: { Status: 'Error', Message: 'Could not retrieve API detail', Meta: null },
    call: (c) => c.getDashboardApi('a'),
    kind: 'not-found',
  },
  {
    name: 'duplicate (409)',
    status: 409,
    body: { Status: 'Error', Message: 'Found API with the same ID.' },
    call: (c) => c.migrateApis({ mode: 'direct', all: true }),
    kind: 'conflict',
  },
  {
    name: 'bad request (400)',
    status: 400,
    body: { status: 'error', message: 'Request APIID does not match that in Definition! For Update operations these must match.' },
    call: (c) => c.replaceClassicApi('a', { api_id: 'b' }),
    kind: 'bad-request',
    serverMessage: 'Request APIID does not match that in Definition! For Update operations these must match.',
  },
  {
    name: 'unprocessable (422)',
    status: 422,
    body: { status: 'error', message: 'The new version name is required' },
    call: (c) => c.createOasApi({}, { baseApiId: 'b' }),
    kind: 'bad-request',
  },
  { name: 'too large (413)', status: 413, body: 'Request Entity Too Large', call: (c) => c.replaceStreamsApi('s', {}), kind: 'too-large' },
  {
    name: 'server failure (500)',
    status: 500,
    body: { Status: 'Error', Message: 'Error while validating schema.' },
    call: (c) => c.updateApi('a', {}),
    kind: 'server',
    serverMessage: 'Error while validating schema.',
  },
  {
    name: 'method not supported (405)',
    status: 405,
    body: { status: 'error', message: 'Method not supported' },
    call: (c) => c.getOasApi('o'),
    kind: 'missing-endpoint',
  },
  {
    name: 'listing without route (404 text)',
    status: 404,
    body: '404 page not found',
    call: (c) => c.listKeys(),
    kind: 'missing-endpoint',
    hint: /^This server does not offer GET \/api\/keys; open a key by id instead\.$/,
  },
  { name: 'listing by id without route (404 text)', status: 404, body: '404 page not found', call: (c) => c.listOAuthClients('a'), kind: 'missing-endpoint' },
  {
    name: 'listing by id, resource missing (404 JSON)',
    status: 404,
    body: { status: 'error', message: 'API not found' },
    call: (c) => c.getClassicApi('a'),
    kind: 'not-found',
  },
];

for (const c of cases) {
  test(`${c.name} → kind ${c.kind}`, async () => {
    const server = await startServer((_req, res) => {
      if (typeof c.body === 'string') {
        res.writeHead(c.status, { 'Content-Type': 'text/plain' });
        res.end(c.body);
      } else json(res, c.status, c.body);
    });
    try {
      const client = new ManagementClient(configFor(server.url, { name: 'prod', retries: 0 }));
      await assert.rejects(c.call(client), (error: unknown) => {
        assert.ok(error instanceof ManagementApiError);
        assert.equal(error.kind, c.kind);
        assert.equal(error.status, c.status);
        if (c.serverMessage) assert.equal(error.serverMessage, c.serverMessage);
        if (c.hint) assert.match(error.hint, c.hint);
        assert.ok(error.hint.length > 10, 'every error has a hint');
        assert.ok(error.message.includes(error.hint), 'the message carries the hint for plain displays');
        return true;
      });
    } finally {
      await server.close();
    }
  });
}

test('the endpoint of an error is the method and path template, not the ids', async () => {
  const server = await startServer((_req, res) => json(res, 404, { Status: 'Error', Message: 'not there' }));
  try {
    await assert.rejects(new ManagementClient(configFor(server.url)).getKey('api-1', 'secret-key'), (error: ManagementApiError) => {
      assert.equal(error.endpoint, 'GET /api/apis/{apiID}/keys/{keyID}');
      assert.ok(!error.message.includes('secret-key'));
      return true;
    });
  } finally {
    await server.close();
  }
});

test('testConnection reports each family: ok, error, not configured, not checked', async () => {
  const server = await startServer((req, res) =>
    req.url.startsWith('/svc/') ? json(res, 200, []) : json(res, 401, { Status: 'Error', Message: 'Not authorised', Meta: null }),
  );
  try {
    const client = new ManagementClient(configFor(server.url));
    const report = await client.testConnection();
    assert.equal(report.ok, false);
    const byFamily = Object.fromEntries(report.families.map((f) => [f.family, f]));
    assert.equal(byFamily.gateway.state, 'ok');
    assert.equal(byFamily.dashboard.state, 'error');
    assert.equal(byFamily.dashboard.error?.kind, 'auth');
    assert.equal(byFamily.admin.state, 'not-checked');
    assert.deepEqual(server.requests.map((r) => r.url).sort(), ['/api/hooks?p=1', '/svc/policies']);

    const gatewayOnly = await new ManagementClient(configFor(server.url, { credentials: { gatewaySecret: 'g' } })).testConnection();
    assert.equal(gatewayOnly.ok, true);
    assert.deepEqual(
      gatewayOnly.families.map((f) => f.state),
      ['ok', 'not-configured', 'not-configured'],
    );
  } finally {
    await server.close();
  }
});
