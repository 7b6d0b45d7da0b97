// A small router: patterns like `/svc/apis/:apiID` or `/api/examples/*location`. Every `:param`
// is URL-decoded and must be one safe path segment (400 otherwise). A path that matches a
// route with another method answers 405; a path that matches nothing answers 404.
import type { IncomingMessage } from 'node:http';
import { HttpError, type Family, type Reply } from './results.js';
import { unsafeSegmentReason } from './ids.js';

export interface RequestContext {
  req: IncomingMessage;
  method: string;
  family: Family;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Reads the body (size-limited) and parses it as JSON (400 naming the problem). */
  json(): Promise<unknown>;
  text(): Promise<string>;
}

export type Handler = (ctx: RequestContext) => Promise<Reply> | Reply;

interface Route {
  method: string;
  /** As given to `add`, e.g. `/svc/apis/:apiID`. */
  pattern: string;
  segments: string[];
  handler: Handler;
  /** Message of the 400 for an unsafe id, when the reference has its own (e.g. "Invalid API ID"). */
  idError?: string;
}

export type RouteMatch = { kind: 'found'; handler: Handler; params: Record<string, string> } | { kind: 'method'; allowed: string[] } | { kind: 'none' };

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler, options: { idError?: string } = {}): this {
    this.routes.push({ method, pattern, segments: pattern.split('/').filter(Boolean), handler, idError: options.idError });
    return this;
  }

  /** Keeps only the routes named `METHOD pattern` (spec-only mode); returns the names it did not have. */
  restrictTo(allowed: readonly string[]): string[] {
    const wanted = new Set(allowed);
    const kept = this.routes.filter((r) => wanted.has(`${r.method} ${r.pattern}`));
    this.routes.splice(0, this.routes.length, ...kept);
    const have = new Set(kept.map((r) => `${r.method} ${r.pattern}`));
    return allowed.filter((name) => !have.has(name));
  }

  /** `METHOD pattern` of every route, in the order they were added. */
  names(): string[] {
    return this.routes.map((r) => `${r.method} ${r.pattern}`);
  }

  /** Throws HttpError 400 for a parameter that is not one safe segment. */
  match(method: string, pathname: string): RouteMatch {
    const raw = pathname.split('/').slice(1);
    if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop(); // one trailing slash is tolerated
    let best: Route[] = [];
    let bestScore = -1;
    for (const route of this.routes) {
      const score = literalScore(route.segments, raw);
      if (score < 0) continue;
      if (score > bestScore) {
        best = [route];
        bestScore = score;
      } else if (score === bestScore) best.push(route);
    }
    if (best.length === 0) return { kind: 'none' };
    const route = best.find((r) => r.method === method) ?? (method === 'HEAD' ? best.find((r) => r.method === 'GET') : undefined);
    if (!route) return { kind: 'method', allowed: [...new Set(best.map((r) => r.method))] };
    return { kind: 'found', handler: route.handler, params: extractParams(route, raw) };
  }
}

/** Number of literal segments when the pattern matches, -1 otherwise. */
function literalScore(pattern: string[], raw: string[]): number {
  const wildcard = pattern.length > 0 && pattern[pattern.length - 1].startsWith('*');
  if (wildcard ? raw.length < pattern.length : raw.length !== pattern.length) return -1;
  let score = 0;
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.startsWith(':') || p.startsWith('*')) continue;
    if (p !== raw[i]) return -1;
    score++;
  }
  return score;
}

function extractParams(route: Route, raw: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  route.segments.forEach((p, i) => {
    if (p.startsWith('*')) {
      // A wildcard keeps its slashes (example locations like `oas/petstore`); each part is checked.
      // `%2F` inside a part is the same location as a literal slash, so split after decoding.
      const parts = raw.slice(i).flatMap((part) => decode(part).split('/'));
      for (const part of parts) {
        if (unsafeSegmentReason(part)) throw new HttpError(400, `Invalid ${p.slice(1)}: "${parts.join('/')}" is not a safe relative path.`);
      }
      params[p.slice(1)] = parts.join('/');
    } else if (p.startsWith(':')) {
      const value = decode(raw[i]);
      const reason = unsafeSegmentReason(value);
      if (reason) throw new HttpError(400, route.idError ?? `Invalid ${p.slice(1)}: it must be one path segment, but ${reason}.`);
      params[p.slice(1)] = value;
    }
  });
  return params;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, `Invalid path segment "${segment}": bad percent-encoding.`);
  }
}
