// The tree's source on the real management client, against a small HTTP server on 127.0.0.1
// that answers like a server without the listing extensions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManagementClient } from '../../../api/src';
import { ManagementSource } from '../../../client/src/explorer/managementSource';
import { ExplorerModel } from '../../../client/src/explorer/explorerModel';

async function server(routes: Record<string, (req: http.IncomingMessage) => [number, unknown]>) {
  const seen: string[] = [];
  const srv = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const route = routes[new URL(req.url!, 'http://x').pathname];
    const [status, body] = route ? route(req) : [404, '404 page not found'];
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((r) => srv.close(r)) };
}

test('a server without key listing gets an explanation node; pages of webhooks are requested with p', async (t) => {
  const s = await server({
    '/api/apis': () => [200, { apis: [{ api_definition: { api_id: 'c1', name: 'Pets', active: true, proxy: { listen_path: '/pets/' } } }], pages: 1 }],
    '/api/hooks': (req) => {
      const p = Number(new URL(req.url!, 'http://x').searchParams.get('p'));
      return [200, { hooks: [{ id: `h${p}`, name: `Hook ${p}`, method: 'POST', target_path: '/t' }], pages: 2 }];
    },
    '/svc/policies': (req) =>
      req.headers['x-svc-authorization'] === 'gw'
        ? [200, [{ id: 'p1', name: 'Gold' }]]
        : [403, { status: 'error', message: 'Attempted administrative access with invalid or missing key!' }],
  });
  t.after(s.close);
  const client = new ManagementClient({ name: 'test', dashboardUrl: s.url, credentials: { dashboardToken: 'tok', gatewaySecret: 'gw' }, retries: 0 });
  const model = new ExplorerModel({
    environments: () => [{ name: 'test', builtin: false, active: true, tooltip: '' }],
    sourceFor: async () => new ManagementSource(client),
  });
  const [env] = await model.children();
  const groups = await model.children(env);
  const byLabel = (label: string) => groups.find((g) => g.label === label)!;

  const keys = await model.children(byLabel('Keys'));
  assert.deepEqual(
    keys.map((k) => k.type),
    ['message', 'openKeyById'],
  );

  const [classic] = await model.children(byLabel('APIs'));
  assert.deepEqual(
    (await model.children(classic)).map((a) => `${a.label} ${a.description}`),
    ['Pets /pets/'],
  );

  const hooks = await model.children(byLabel('Webhooks'));
  assert.deepEqual(
    hooks.map((h) => h.label),
    ['Hook 1', 'Load more webhooks…'],
  );
  await model.loadMore(hooks[1]);
  assert.deepEqual(
    (await model.children(byLabel('Webhooks'))).map((h) => h.label),
    ['Hook 1', 'Hook 2'],
  );
  assert.ok(s.seen.includes('GET /api/hooks?p=2'));

  assert.deepEqual(
    (await model.children(byLabel('Policies'))).map((p) => p.label),
    ['Gold'],
  );
  const examples = await model.children(byLabel('Examples'));
  assert.match(examples[0].label, /no examples catalogue/);
});

test('a wrong gateway secret becomes an error node naming the credential to fix', async (t) => {
  const s = await server({ '/svc/policies': () => [403, { status: 'error', message: 'Attempted administrative access with invalid or missing key!' }] });
  t.after(s.close);
  const client = new ManagementClient({ name: 'prod', dashboardUrl: s.url, credentials: { gatewaySecret: 'wrong' }, retries: 0 });
  const model = new ExplorerModel({
    environments: () => [{ name: 'prod', builtin: false, active: true, tooltip: '' }],
    sourceFor: async () => new ManagementSource(client),
  });
  const [env] = await model.children();
  const policies = (await model.children(env)).find((g) => g.label === 'Policies')!;
  const [error] = await model.children(policies);
  assert.equal(error.type, 'error');
  assert.match(error.label, /invalid or missing key.*HTTP 403/);
  const [hint, retry] = await model.children(error);
  assert.match(hint.label, /gateway secret of environment 'prod'/);
  assert.equal(retry.type, 'retry');
});
