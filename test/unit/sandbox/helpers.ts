// Shared set-up for the sandbox tests: a sandbox on 127.0.0.1 and a request helper that sends
// the right credential for each family (or a chosen wrong one).
import { request } from 'node:http';
import { startSandbox, type SandboxOptions } from '../../../sandbox/src/index.js';
import type { SandboxCredentials } from '../../../sandbox/src/types.js';

export interface Harness {
  url: string;
  credentials: SandboxCredentials;
  close(): Promise<void>;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
}

export interface CallOptions {
  body?: unknown;
  /** Raw body text (sent as is). */
  raw?: string;
  headers?: Record<string, string>;
  /** false: send no credential; a string: send this wrong value. */
  auth?: false | string;
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({ memory: true, ...options });
  const call = async (method: string, path: string, o: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...authHeader(path, sandbox.credentials, o.auth), ...o.headers };
    let body: string | undefined = o.raw;
    if (o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
    const response = await fetch(sandbox.url + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
  return { url: sandbox.url, credentials: sandbox.credentials, close: () => sandbox.close(), call };
}

export function authHeader(path: string, c: SandboxCredentials, auth: false | string | undefined): Record<string, string> {
  if (auth === false) return {};
  if (path.startsWith('/svc/')) return { 'X-Svc-Authorization': auth ?? c.gatewaySecret };
  if (path.startsWith('/api/')) return { Authorization: `Bearer ${auth ?? c.dashboardToken}` };
  if (path.startsWith('/admin/')) return { 'Admin-Auth': auth ?? c.adminSecret };
  return {};
}

export const STREAMS = 'application/vnd.svc.streams.oas';

/** A GET with the path sent byte for byte (fetch would normalise `..` segments away). */
export function rawGet(url: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}
