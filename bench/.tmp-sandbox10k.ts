import * as fs from 'node:fs';
import { ManagementClient } from '../api/src';
import { startSandbox } from '../sandbox/src/index';
async function main() {
  const specOnly = process.argv[2] === 'spec-only';
  const sandbox = await startSandbox({ port: Number(process.argv[3] ?? 0), memory: true, specOnly });
  const client = new ManagementClient({ name: 'bench', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
  let next = 0;
  const doc = (i: number) => ({ openapi: '3.0.3', info: { title: `Bench API ${i}`, version: '1.0.0' }, paths: { [`/items/${i}`]: { get: { operationId: `get${i}`, responses: { '200': { description: 'ok' } } } } },
    'x-svc-api-gateway': { info: { name: `Bench API ${i}`, state: { active: true } }, upstream: { url: `http://upstream-${i}.internal` }, server: { listenPath: { value: `/bench-${i}/`, strip: true } } } });
  await Promise.all(Array.from({ length: 16 }, async () => { while (next < 10000) await client.createOasApi(doc(next++) as never); }));
  client.dispose();
  const { gatewaySecret, dashboardToken } = sandbox.credentials;
  fs.writeFileSync(process.argv[4], `export SVC_DASHBOARD_URL=${sandbox.url} SVC_GATEWAY_SECRET=${gatewaySecret} SVC_DASHBOARD_TOKEN=${dashboardToken}\n`);
  console.log('ready', sandbox.url);
}
void main();
