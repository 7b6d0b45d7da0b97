// The request pipeline: family by first path segment → credential check → route → handler →
// JSON answer. Every failure becomes a JSON body in the family's error shape; nothing a client
// sends can crash the process that hosts the sandbox (it may be the VS Code extension host).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxCredentials } from '../types.js';
import { checkAuth } from './auth.js';
import { parseJson, readBody } from './body.js';
import { errorBody, HttpError, type Family, type Reply } from './results.js';
import type { RequestContext, Router } from './router.js';
import { NOT_FOUND_TEXT } from './specRoutes.js';

export interface PipelineOptions {
  router: Router;
  credentials: SandboxCredentials;
  bodyLimit: number;
  log: (line: string) => void;
  /** Serve only the spec's routes; anything else gets a Go router's plain-text 404. */
  specOnly?: boolean;
  /** True once the sandbox is stopping: new requests get 503 and every answer closes its connection. */
  isStopping?: () => boolean;
}

export function familyOf(pathname: string): Family {
  const first = pathname.split('/')[1];
  if (first === 'svc') return 'gateway';
  if (first === 'api') return 'dashboard';
  if (first === 'admin') return 'admin';
  return 'other';
}

export function createListener(options: PipelineOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(req, res, options).catch((error) => {
      options.log(`[http] failed to answer ${req.method} ${req.url}: ${(error as Error).message}`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, options: PipelineOptions): Promise<void> {
  const method = req.method ?? 'GET';
  if (options.isStopping?.()) {
    // Keep-alive clients would otherwise keep a stopping sandbox busy (and acknowledging) forever.
    req.resume();
    res.shouldKeepAlive = false;
    send(res, method, { status: 503, body: errorBody(familyOf(targetPath(req.url ?? '/')), 'The sandbox is stopping.'), headers: { Connection: 'close' } });
    return;
  }
  const target = parseTarget(req);
  if (typeof target === 'string') {
    req.resume();
    send(res, method, { status: 400, body: errorBody(familyOf(targetPath(req.url ?? '/')), target) });
    return;
  }
  // Route on the path as sent: WHATWG URL parsing would resolve `..` and `%2e%2e` segments, and
  // an id like that must be refused, not silently turned into another path.
  const rawPath = target.rawPath;
  const url = target.url;
  const family = familyOf(rawPath);
  if (options.specOnly && !routeExists(options.router, method, rawPath)) {
    // As a strict server built to the spec does: routing comes before credentials, and a route
    // it lacks (or a method it lacks on a path) is a bare 404, not a JSON error of a family.
    req.resume();
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(NOT_FOUND_TEXT) });
    res.end(method === 'HEAD' ? undefined : NOT_FOUND_TEXT);
    return;
  }
  let reply: Reply;
  try {
    if (family === 'other') {
      // Health check outside the families, like the reference gateway's `/hello`.
      if (rawPath === '/hello' && (method === 'GET' || method === 'HEAD')) reply = { status: 200, body: { status: 'pass', description: 'Svc sandbox' } };
      else throw new HttpError(404, `Not found: ${rawPath}`);
    } else {
      checkAuth(family, req, options.credentials);
      reply = await route(req, method, rawPath, url.searchParams, family, options);
    }
  } catch (error) {
    reply = toErrorReply(error, family, options.log, method, rawPath);
  }
  if (options.isStopping?.()) {
    res.shouldKeepAlive = false;
    reply = { ...reply, headers: { ...reply.headers, Connection: 'close' } };
  }
  send(res, method, reply);
}

/**
 * The request target and Host header, checked as Go's server checks them: a target that is not a
 * path (origin form) or an absolute URL, or a malformed Host (`[::1`), answers 400 with the
 * family's error body instead of failing later with an empty 500. An absolute-form target
 * (`GET http://host/svc/policies`) routes on its path, as Go's server does.
 */
function parseTarget(req: IncomingMessage): { rawPath: string; url: URL } | string {
  const raw = req.url ?? '/';
  const host = req.headers.host;
  if (host !== undefined && !validHost(host)) return `Request malformed: malformed Host header ${JSON.stringify(host)}`;
  if (raw.startsWith('/')) {
    try {
      return { rawPath: raw.split('?')[0] || '/', url: new URL(raw, 'http://sandbox.invalid') };
    } catch {
      return 'Request malformed: the request target is not a valid path';
    }
  }
  let absolute: URL;
  try {
    absolute = new URL(raw);
  } catch {
    return 'Request malformed: the request target is not a valid URL';
  }
  if (absolute.protocol !== 'http:' && absolute.protocol !== 'https:') return 'Request malformed: the request target is not an http URL';
  if (!validHost(absolute.host)) return 'Request malformed: malformed host in the request target';
  return { rawPath: targetPath(raw), url: absolute };
}

/** The path of a target as sent (after the authority of an absolute URL), without the query. */
function targetPath(raw: string): string {
  const withoutAuthority = raw.startsWith('/') ? raw : raw.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  return withoutAuthority.split('?')[0] || '/';
}

/** host[:port] with a bracketed IPv6 literal or a name/IPv4 of allowed characters. */
function validHost(host: string): boolean {
  return /^(\[[0-9A-Fa-f:.]+(%[\w.~-]+)?\]|[A-Za-z0-9.\-_~%!$&'()*+,;=]*)(:\d{0,5})?$/.test(host);
}

/** True when the router has this method on this path (a bad id still counts: it answers 400). */
function routeExists(router: Router, method: string, path: string): boolean {
  try {
    return router.match(method, path).kind === 'found';
  } catch (error) {
    if (error instanceof HttpError) return true;
    throw error;
  }
}

async function route(req: IncomingMessage, method: string, path: string, query: URLSearchParams, family: Family, options: PipelineOptions): Promise<Reply> {
  const match = options.router.match(method, path);
  if (match.kind === 'none') throw new HttpError(404, `Not found: no endpoint ${path}`);
  if (match.kind === 'method') {
    const message = family === 'gateway' ? 'Method not supported' : `Method ${method} not allowed on ${path}`;
    throw new HttpError(405, message, { Allow: match.allowed.join(', ') });
  }
  let text: Promise<string> | undefined;
  const readText = () => (text ??= readBody(req, options.bodyLimit));
  const ctx: RequestContext = {
    req,
    method,
    family,
    params: match.params,
    query,
    text: readText,
    json: async () => parseJson(await readText()),
  };
  try {
    return await match.handler(ctx);
  } finally {
    // A handler that answered without reading the body still drains it, so keep-alive works.
    if (!text) req.resume();
  }
}

function toErrorReply(error: unknown, family: Family, log: (line: string) => void, method: string, path: string): Reply {
  if (error instanceof HttpError) return { status: error.status, body: errorBody(family, error.message), headers: error.headers };
  log(`[http] ${method} ${path}: ${(error as Error).stack ?? String(error)}`);
  return { status: 500, body: errorBody(family, `Internal sandbox error: ${(error as Error).message}`) };
}

function send(res: ServerResponse, method: string, reply: Reply): void {
  const payload = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'Content-Type': `${reply.contentType ?? 'application/json'}; charset=utf-8`,
    'Content-Length': Buffer.byteLength(payload),
    ...reply.headers,
  });
  res.end(method === 'HEAD' ? undefined : payload);
}
