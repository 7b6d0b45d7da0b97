// A proxy in front of a sandbox that records each request (method, path and query) and each new
// connection, so a test can say what `svc` asked the server for: one listing, not a read per API.
// `answer` lets a test answer chosen requests itself (a failing read, a listing the server lacks).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The proxy's own answer to a request (`GET /svc/policies`), instead of the sandbox's. */
export interface ProxyAnswer {
  status: number;
  body: unknown;
}

export interface CountingProxy {
  url: string;
  requests: string[];
  connections: number;
  /** Answers a request itself when it returns an answer (recorded all the same); undefined: forwarded. */
  answer: ((request: string) => ProxyAnswer | undefined) | undefined;
  reset(): void;
  close(): Promise<void>;
}

/** `pageAnyway`: the listing's `p=-1` is sent on as `p=1`, as by a server that pages whatever it is asked. */
export async function startCountingProxy(target: string, options: { pageAnyway?: boolean } = {}): Promise<CountingProxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const state = { requests: [] as string[], connections: 0, answer: undefined as CountingProxy['answer'] };
  const server = http.createServer((req, res) => {
    const request = `${req.method} ${req.url}`;
    state.requests.push(request);
    const own = state.answer?.(request);
    if (own) {
      req.resume();
      res.writeHead(own.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(own.body));
      return;
    }
    const url = options.pageAnyway && req.url?.startsWith('/api/apis?') ? req.url.replace(/([?&]p=)-1\b/, (_, name: string) => `${name}1`) : req.url;
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get connections() {
      return state.connections;
    },
    get answer() {
      return state.answer;
    },
    set answer(answer) {
      state.answer = answer;
    },
    reset() {
      state.requests = [];
      state.connections = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
