// The Add/Edit Environment connection test sends credentials only under the same trust and
// approval decision as every other request: none in an untrusted workspace, none to an
// unapproved workspace-defined host; a trusted user-defined one is tested as before.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientProvider } from '../../../client/src/environments/clientProvider';
import { HostApproval } from '../../../client/src/environments/hostApproval';
import type { EnvironmentService } from '../../../client/src/environments/environmentService';

let server: Server;
let url: string;
const seen: Array<string | undefined> = [];

before(async () => {
  server = createServer((req, res) => {
    seen.push((req.headers['x-svc-authorization'] as string | undefined) ?? (req.headers.authorization as string | undefined));
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

function provider(trusted: boolean, allow: boolean) {
  const data: Record<string, unknown> = {};
  const approval = new HostApproval({
    state: { get: <T>(k: string, d: T) => (k in data ? (data[k] as T) : d), update: async (k, v) => void (data[k] = v) },
    isTrusted: () => trusted,
    confirm: async () => allow,
  });
  const quiet = () => undefined;
  const environments = { approval, onDidChange: () => ({ dispose: quiet }) } as unknown as EnvironmentService;
  return new ClientProvider(environments, { info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet });
}

const settings = () => ({ name: 'New', dashboardUrl: url });
const credentials = { gatewaySecret: 'GW-SECRET', dashboardToken: 'DASH-TOKEN' };

test('untrusted workspace: the connection test sends nothing and says why', async () => {
  seen.length = 0;
  const health = await provider(false, true).testUnsaved(settings(), credentials);
  assert.equal(health.state, 'blocked');
  assert.deepEqual(seen, [], 'no request reached the server');
});

test('editing a workspace-defined environment: an unapproved host gets no credentials; once allowed it is tested', async () => {
  seen.length = 0;
  const refused = await provider(true, false).testUnsaved(settings(), credentials, 'workspace');
  assert.equal(refused.state, 'blocked');
  assert.deepEqual(seen, []);
  const allowed = await provider(true, true).testUnsaved(settings(), credentials, 'workspace');
  assert.notEqual(allowed.state, 'blocked');
  assert.ok(seen.length > 0, 'the approved host was tested');
});

test('a trusted workspace and a host the user typed: tested as before', async () => {
  seen.length = 0;
  const health = await provider(true, false).testUnsaved(settings(), credentials);
  assert.notEqual(health.state, 'blocked');
  assert.ok(seen.some((h) => h?.includes('GW-SECRET') || h?.includes('DASH-TOKEN')));
});
