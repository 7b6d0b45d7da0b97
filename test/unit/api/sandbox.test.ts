// Every client method against the real sandbox over HTTP on 127.0.0.1: the happy path of each
// endpoint as a round trip (write, then read back what was written), and the errors a user
// meets (wrong credential, missing credential, unknown id).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox } from '../../../sandbox/src/index';
import { ManagementClient, ManagementApiError, type ConnectionConfig, type ClassicApiDefinition } from '../../../api/src';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let config: ConnectionConfig;
let client: ManagementClient;
const log: string[] = [];

before(async () => {
  sandbox = await startSandbox({ port: 0, memory: true });
  config = { name: 'sandbox', dashboardUrl: sandbox.url, credentials: { ...sandbox.credentials }, logger: (line) => log.push(line) };
  client = new ManagementClient(config);
});
after(() => sandbox.close());

function expectError(kind: string, check?: (error: ManagementApiError) => void) {
  return (error: unknown) => {
    assert.ok(error instanceof ManagementApiError, String(error));
    assert.equal(error.kind, kind, `${error.kind}: ${error.message}`);
    check?.(error);
    return true;
  };
}

async function classicApi(): Promise<ClassicApiDefinition> {
  const apis = await client.listGatewayApis();
  const classic = apis.find((a) => !a.is_oas && typeof a.api_id === 'string');
  assert.ok(classic, 'the sandbox seeds at least one classic API');
  return classic;
}

test('testConnection: gateway and dashboard answer, admin is not probed', async () => {
  const report = await client.testConnection();
  assert.equal(report.ok, true);
  assert.deepEqual(
    report.families.map((f) => [f.family, f.state]),
    [
      ['gateway', 'ok'],
      ['dashboard', 'ok'],
      ['admin', 'not-checked'],
    ],
  );
});

test('policies: create (8), list (7), update (9)', async () => {
  const created = await client.createPolicy({ id: 'client-test-policy', name: 'Client test', rate: 5, per: 1, active: true, access_rights: {} });
  assert.equal(created.status, 'ok');
  assert.equal(created.action, 'added');
  const listed = (await client.listPolicies()).find((p) => p.id === 'client-test-policy' || p._id === 'client-test-policy');
  assert.equal(listed?.name, 'Client test');
  const updated = await client.updatePolicy('client-test-policy', { ...listed, name: 'Client test 2' });
  assert.equal(updated.action, 'modified');
  const again = (await client.listPolicies()).find((p) => p.id === 'client-test-policy' || p._id === 'client-test-policy');
  assert.equal(again?.name, 'Client test 2');
});

test('classic API: list and get (extensions), replace (2), reload makes it live', async () => {
  const api = await classicApi();
  const id = api.api_id as string;
  const stored = await client.getClassicApi(id);
  assert.equal(stored.api_id, id);
  const replaced = await client.replaceClassicApi(id, { ...stored, name: 'Renamed by client test' });
  assert.equal(replaced.status, 'ok');
  assert.equal(replaced.action, 'modified');
  await client.reloadGateway();
  assert.equal((await client.getClassicApi(id)).name, 'Renamed by client test');
});

test('OAS API: create (4), get with and without the extension (3), dashboard record (extension)', async () => {
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Client test OAS', version: '1.0.0' },
    paths: {},
    servers: [{ url: 'http://upstream.example' }],
    'x-svc-api-gateway': {
      info: { name: 'Client test OAS', state: { active: true } },
      server: { listenPath: { value: '/client-test-oas/', strip: true }, authentication: { enabled: false } },
      upstream: { url: 'http://upstream.example' },
    },
  };
  const created = await client.createOasApi(doc);
  assert.equal(created.status, 'ok');
  const id = created.key as string;
  assert.ok(id, 'the create answer carries the new id');
  const full = await client.getOasApi(id);
  assert.equal(full.info?.title, 'Client test OAS');
  assert.equal(full['x-svc-api-gateway']?.server?.listenPath?.value, '/client-test-oas/');
  const pub = await client.getOasApi(id, { mode: 'public' });
  assert.equal(pub['x-svc-api-gateway'], undefined);
  const record = await client.getDashboardApi(id);
  assert.equal(record.oas?.info?.title ?? record.api_definition?.name, 'Client test OAS');
});

test('dashboard APIs: list pages (10), update (11)', async () => {
  const all = await client.listApis({ p: -1 });
  assert.ok((all.apis ?? []).length > 0);
  const page1 = await client.listApis({ p: 1 });
  assert.ok((page1.apis ?? []).length <= (all.apis ?? []).length);
  assert.ok((page1.pages ?? 0) >= 1);
  const classic = await classicApi();
  const record = await client.getDashboardApi(classic.api_id as string);
  const definition = { ...record.api_definition, name: 'Updated through the dashboard' };
  const result = await client.updateApi(classic.api_id as string, { ...record, api_definition: definition });
  assert.equal(result.Status, 'OK');
  assert.equal((await client.getDashboardApi(classic.api_id as string)).api_definition?.name, 'Updated through the dashboard');
});

test('streams API: get (14), replace (13), patch with query parameters (12)', async () => {
  const all = await client.listApis({ p: -1 });
  const streams = (all.apis ?? []).find((a) => a.oas && (a.oas as Record<string, unknown>)['x-svc-streaming']);
  assert.ok(streams, 'the sandbox seeds a streams API');
  const id = (streams.oas?.['x-svc-api-gateway']?.info?.id ?? streams.api_definition?.api_id) as string;
  const doc = await client.getStreamsApi(id);
  assert.ok(doc['x-svc-streaming']);
  const replaced = await client.replaceStreamsApi(id, { ...doc, info: { ...doc.info, title: 'Streams renamed' } });
  assert.equal(replaced.Status, 'OK');
  assert.equal((await client.getStreamsApi(id)).info?.title, 'Streams renamed');
  const patched = await client.patchStreamsApi(id, await client.getStreamsApi(id), { listenPath: '/patched-streams/' });
  assert.equal(patched.Status, 'OK');
  assert.equal((await client.getStreamsApi(id))['x-svc-api-gateway']?.server?.listenPath?.value, '/patched-streams/');
});

test('migrate a classic API in dry-run mode (15)', async () => {
  const classic = await classicApi();
  const result = await client.migrateApis({ mode: 'dryRun', apiIDs: [classic.api_id as string] });
  const handled = (result.success?.count ?? 0) + (result.failure?.count ?? 0) + (result.skipped?.count ?? 0);
  assert.equal(handled, 1);
});

test('examples: catalogue (extension) and one example with readme and definition (16)', async () => {
  const index = await client.listExamples();
  assert.ok(index.length > 0);
  const example = await client.getExample(index[0].location, { readme: true, apiDef: true });
  assert.equal(example.location, index[0].location);
  assert.ok(example.api_definition || example.oas, 'the definition is included');
  const plain = await client.getExample(index[0].location);
  assert.equal(plain.api_definition, undefined);
  assert.equal(plain.oas, undefined);
});

test('keys: custom key (5), read (18), update (17), dashboard key (19), key listing (extension)', async () => {
  const classic = await classicApi();
  const apiId = classic.api_id as string;
  const session = {
    rate: 10,
    per: 60,
    quota_max: -1,
    access_rights: { [apiId]: { api_id: apiId, api_name: classic.name, versions: ['Default'] } },
    org_id: classic.org_id,
  };
  const created = await client.createCustomKey('client-test-key', session);
  assert.equal(created.action, 'added');
  const read = await client.getKey(apiId, 'client-test-key');
  assert.equal(read.data?.rate, 10);
  const updated = await client.updateKey(apiId, 'client-test-key', { ...read.data, rate: 20 }, { suppressReset: true });
  assert.equal(updated.data?.rate, 20);
  assert.equal((await client.getKey(apiId, 'client-test-key')).data?.rate, 20);
  const dash = await client.createDashboardKey('client-test-key-2', session);
  assert.ok(dash.key_id || dash.key_hash);
  const listing = await client.listKeys({ p: -1 });
  assert.ok((listing.data?.keys ?? []).length >= 2);
});

test('organisation keys: create (6), update through the admin family (24)', async () => {
  const classic = await classicApi();
  const orgId = classic.org_id as string;
  assert.ok(orgId);
  const created = await client.createOrgKey(orgId, { quota_max: 1000, org_id: orgId }, { resetQuota: true });
  assert.equal(created.status, 'ok');
  const updated = await client.updateOrgKeyAdmin(orgId, { quota_max: 2000, org_id: orgId });
  assert.equal(updated.Status, 'OK');
});

test('OAuth clients: list (extension), get (1), analytics (21)', async () => {
  let found: { apiId: string; clientId: string } | undefined;
  for (const api of await client.listGatewayApis()) {
    const clients = await client.listOAuthClients(api.api_id as string).catch(() => []);
    if (clients[0]?.client_id) {
      found = { apiId: api.api_id as string, clientId: clients[0].client_id };
      break;
    }
  }
  assert.ok(found, 'the sandbox seeds an OAuth client');
  const oauthClient = await client.getOAuthClient(found.apiId, found.clientId);
  assert.equal(oauthClient.client_id, found.clientId);
  const analytics = await client.getOAuthClientAnalytics(found.clientId, { start: { day: 1, month: 1, year: 2000 }, end: { day: 31, month: 12, year: 2100 } });
  // The seed gives every OAuth client traffic: an empty or null answer is a broken endpoint, not success.
  assert.ok(Array.isArray(analytics.data) && analytics.data.length > 0, `records for the seeded client: ${JSON.stringify(analytics.data)}`);
  assert.ok((analytics.pages ?? 0) >= 1);
});

test('users: add (20), listing (extension)', async () => {
  const result = await client.addUser({
    email_address: 'client.test@example.com',
    first_name: 'Client',
    last_name: 'Test',
    user_permissions: { apis: 'read' },
  });
  assert.equal(result.Status, 'OK');
  const users = await client.listUsers({ p: -1 });
  assert.ok((users.users ?? []).some((u) => u.email_address === 'client.test@example.com'));
});

test('webhooks: list with p (23), get one (22)', async () => {
  const all = await client.listWebhooks({ p: -1 });
  const hooks = all.hooks ?? [];
  assert.ok(hooks.length > 0, 'the sandbox seeds webhooks');
  const id = (hooks[0].id ?? hooks[0].webhook_id) as string;
  const hook = await client.getWebhook(id);
  assert.equal(hook.target_path, hooks[0].target_path);
  const page1 = await client.listWebhooks({ p: 1 });
  assert.ok((page1.hooks ?? []).length <= hooks.length);
});

test('a wrong credential of each family is kind auth with a hint naming it', async () => {
  const wrong = new ManagementClient({ ...config, credentials: { gatewaySecret: 'wrong', dashboardToken: 'wrong', adminSecret: 'wrong' } });
  await assert.rejects(
    wrong.listPolicies(),
    expectError('auth', (e) => {
      assert.equal(e.status, 403);
      assert.equal(e.hint, "Check the gateway secret of environment 'sandbox' (Svc: Set Credentials).");
    }),
  );
  await assert.rejects(
    wrong.listApis(),
    expectError('auth', (e) => {
      assert.equal(e.status, 401);
      assert.equal(e.hint, "Check the dashboard token of environment 'sandbox' (Svc: Set Credentials).");
    }),
  );
  await assert.rejects(
    wrong.updateOrgKeyAdmin('x', {}),
    expectError('auth', (e) => assert.match(e.hint, /admin secret/)),
  );
});

test('a missing credential fails before sending', async () => {
  const before = log.length;
  const none = new ManagementClient({ ...config, credentials: {}, logger: (line) => log.push(line) });
  await assert.rejects(none.listWebhooks(), expectError('missing-credential'));
  assert.equal(log.length, before, 'nothing was sent, so nothing was logged');
});

test('unknown ids are kind not-found with the server message', async () => {
  await assert.rejects(
    client.getWebhook('no-such-hook'),
    expectError('not-found', (e) => assert.ok(e.serverMessage)),
  );
  await assert.rejects(client.getOAuthClient('no-such-api', 'no-such-client'), expectError('not-found'));
  await assert.rejects(client.getClassicApi('no-such-api'), expectError('not-found'));
});

test('the log of all these calls holds no credential', () => {
  const text = log.join('\n');
  assert.ok(text.length > 0);
  for (const secret of Object.values(sandbox.credentials)) assert.ok(!text.includes(secret));
  assert.ok(!text.includes('client-test-key'), 'custom key ids stay out of the log');
});
