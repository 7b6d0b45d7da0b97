// Tiny purpose-built HTTP(S) servers on 127.0.0.1 for the client tests: they record what
// arrives and answer as each test scripts them.
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { ConnectionConfig } from '../../../api/src';

export interface RecordedRequest {
  method: string;
  /** Path and query exactly as sent (still URL-encoded). */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: RecordedRequest, res: http.ServerResponse, index: number) => void;

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export const SECRETS = {
  gatewaySecret: 'gw-secret-4f1a9c',
  dashboardToken: 'dash-token-7b2e0d',
  adminSecret: 'admin-secret-93cc51',
};

/** Answers with a JSON body and status. */
export function json(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startServer(handler: Handler, tls?: { key: string; cert: string }): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      handler(recorded, res, requests.length - 1);
    });
  };
  const server = tls ? https.createServer(tls, listener) : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A connection to `url` with all three credentials and fast retries. */
export function configFor(url: string, overrides: Partial<ConnectionConfig> = {}): ConnectionConfig {
  return { name: 'test-env', dashboardUrl: url, credentials: { ...SECRETS }, retryDelayMs: 5, timeoutMs: 5000, ...overrides };
}
