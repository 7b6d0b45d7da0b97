// Client of the runner's loopback endpoint (test/e2e/workbench-endpoint.mjs): the suite runs in
// the extension host and reaches the browser page only through it.
import * as http from 'node:http';

/** True under test/e2e/run.mjs; false under @vscode/test-electron, which has no page to drive. */
export function hasDriver(): boolean {
  return !!process.env.SVC_E2E_DRIVER_URL;
}

/** POSTs to a route of the endpoint and returns the body of its 200 answer. */
export function callDriver(route: string, params: Record<string, string>): Promise<string> {
  const base = process.env.SVC_E2E_DRIVER_URL;
  if (!base) return Promise.reject(new Error('SVC_E2E_DRIVER_URL is not set: this runner cannot drive the workbench page'));
  const url = new URL(route, base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        body += d;
      });
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${route} failed: ${res.statusCode} ${body}`))));
    });
    req.on('error', reject);
    req.end();
  });
}
