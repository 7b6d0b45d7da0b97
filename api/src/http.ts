// The request core: one HTTP exchange with a time limit, caller cancellation, per-environment
// TLS, retries for idempotent requests and a redacted log line per request and response.
//
// Why node:http/node:https and not the global fetch: Node 20's fetch is the bundled undici,
// which offers no public way to set a CA or switch off certificate checks per request (the
// `dispatcher` option needs an Agent from the *npm* undici, whose version must match the
// bundled one or requests fail in obscure ways, and the extension host's Node differs per VS
// Code release). node:https takes `ca` and `rejectUnauthorized` per request on every Node
// version, reports socket and TLS failures with stable `code`s (ECONNRESET,
// DEPTH_ZERO_SELF_SIGNED_CERT, ...) that we map to actionable errors, and adds no dependency.
import * as http from 'node:http';
import * as https from 'node:https';
import { rootCertificates } from 'node:tls';
import { readFileSync } from 'node:fs';
import {
  DEFAULT_RETRIES,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_TIMEOUT_MS,
  FAMILIES,
  SECRET_HEADERS,
  baseUrlFor,
  credentialHeaderValue,
  familyOfPath,
  type ConnectionConfig,
  type Family,
  type RequestLogLevel,
} from './connection';
import { EndpointAvailability } from './availability';
import {
  ManagementApiError,
  caFileError,
  cancelledError,
  errorFromNetwork,
  errorFromResponse,
  invalidResponseError,
  isConnectionReset,
  missingCredentialError,
  timeoutError,
  type ErrorContext,
} from './errors';

export type HttpMethod = 'GET' | 'HEAD' | 'PUT' | 'DELETE' | 'POST' | 'PATCH';

/** Methods that may be sent twice without a second effect: the only ones we retry. */
const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);
const RETRY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
/**
 * Connections kept open per environment and scheme (issue 32): a pull of thousands of resources
 * reuses a few sockets instead of opening one per request. Eight is what `svc` keeps in flight
 * (engine/src/sync/pool.ts); more requests wait for a free socket.
 */
export const MAX_SOCKETS = 8;
/** Refuse answers beyond this size instead of exhausting the extension host's memory. */
const MAX_RESPONSE_BYTES = 128 * 1024 * 1024;

export type QueryValue = string | number | boolean | undefined;

export interface ApiRequest {
  method: HttpMethod;
  /** Path with `{name}` placeholders, as in the spec; also the `endpoint` of errors. */
  pathTemplate: string;
  /** Values of the placeholders; each is URL-encoded as one path segment. */
  params?: Record<string, string>;
  /** Placeholders whose values are secrets in their own right (custom key ids): never logged. */
  secretParams?: readonly string[];
  /** Placeholders holding a path of several segments (an example's location): `/` is kept. */
  slashParams?: readonly string[];
  /** Absent (undefined) values are left out; booleans become `true`/`false`. */
  query?: Record<string, QueryValue>;
  /** JSON-serialised when present. */
  body?: unknown;
  contentType?: string;
  accept?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A listing beyond the spec: 404/405 become kind 'missing-endpoint'. */
  extension?: boolean;
  /** Added to the missing-endpoint hint, e.g. "open a key by id instead". */
  missingHint?: string;
}

export interface ApiResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

interface RawResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Replaces `{name}` with the encoded value; `shown` decides what the log may see. */
function expandPath(template: string, params: Record<string, string>, slashParams: ReadonlySet<string>, shown: (name: string) => boolean): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    if (!shown(name)) return `{${name}}`;
    if (slashParams.has(name)) return value.split('/').map(encodeURIComponent).join('/');
    return encodeURIComponent(value);
  });
}

function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Sends requests for one environment. One instance per ConnectionConfig. */
export class HttpTransport {
  private caCache?: { file: string; pem: string };
  /** Endpoints beyond the spec this server has shown it lacks (asked once per transport). */
  readonly availability = new EndpointAvailability();

  /** The kept-alive connections of this environment, made on the first request of each scheme. */
  private agents: { http?: http.Agent; https?: https.Agent } = {};

  constructor(private readonly config: ConnectionConfig) {}

  /** Closes the kept-alive connections (idle ones never hold a process open: Node unrefs them). */
  dispose(): void {
    this.agents.http?.destroy();
    this.agents.https?.destroy();
    this.agents = {};
  }

  /**
   * The pool for idempotent requests. POST and PATCH get a connection of their own: a kept-alive
   * socket the server has just closed would fail them, and they must not be sent twice.
   */
  private agentFor(protocol: string, method: HttpMethod): http.Agent | false {
    if (!IDEMPOTENT.has(method)) return false;
    const options = { keepAlive: true, maxSockets: MAX_SOCKETS, maxFreeSockets: MAX_SOCKETS };
    if (protocol === 'https:') return (this.agents.https ??= new https.Agent(options));
    return (this.agents.http ??= new http.Agent(options));
  }

  private log(line: string, level: RequestLogLevel = 'info'): void {
    try {
      this.config.logger?.(line, level);
    } catch {
      // A failing logger must not fail the request.
    }
  }

  /** Reads the CA file once per path; the default roots stay trusted beside it. */
  private caBundle(ctx: ErrorContext): string[] | undefined {
    const file = this.config.tls?.caFile;
    if (!file) return undefined;
    if (this.caCache?.file !== file) {
      try {
        this.caCache = { file, pem: readFileSync(file, 'utf8') };
      } catch (error) {
        throw caFileError(ctx, file, error);
      }
    }
    return [...rootCertificates, this.caCache.pem];
  }

  /** Sends the request (with retries when idempotent); throws ManagementApiError unless 2xx. */
  async send(request: ApiRequest): Promise<ApiResponse> {
    const family: Family = familyOfPath(request.pathTemplate);
    const baseUrl = baseUrlFor(this.config, family);
    const ctx: ErrorContext = {
      environment: this.config.name,
      family,
      method: request.method,
      pathTemplate: request.pathTemplate,
      baseUrl,
      extension: request.extension,
      missingHint: request.missingHint,
    };

    const endpoint = `${request.method} ${request.pathTemplate}`;
    const knownMissing = request.extension ? this.availability.knownMissing(endpoint) : undefined;
    if (knownMissing) {
      // Detected once for this environment: say so again without asking the server.
      this.log(`✗ ${endpoint}: not offered by this server (remembered for this session)`);
      const { hint, status, serverMessage } = knownMissing;
      throw new ManagementApiError({ kind: 'missing-endpoint', endpoint, hint, status, serverMessage });
    }
    for (const [name, value] of Object.entries(request.params ?? {})) {
      if (!value) {
        throw new ManagementApiError({
          kind: 'bad-request',
          endpoint: `${request.method} ${request.pathTemplate}`,
          hint: `The ${name} is empty: give a value; nothing was sent.`,
        });
      }
    }
    const credential = credentialHeaderValue(this.config, family);
    if (!credential) throw missingCredentialError(ctx);
    if (request.signal?.aborted) throw cancelledError(ctx);

    const secret = new Set(request.secretParams ?? []);
    const params = request.params ?? {};
    const query = queryString(request.query);
    const slash = new Set(request.slashParams ?? []);
    const path = expandPath(request.pathTemplate, params, slash, () => true) + query;
    const loggedPath = expandPath(request.pathTemplate, params, slash, (name) => !secret.has(name)) + query;
    let url: URL;
    try {
      url = new URL(baseUrl + path);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`unsupported protocol ${url.protocol}`);
    } catch (error) {
      throw new ManagementApiError({
        kind: 'unreachable',
        endpoint: `${request.method} ${request.pathTemplate}`,
        serverMessage: error instanceof Error ? error.message : String(error),
        hint: `'${baseUrl}' is not a valid http(s) URL: fix the URL of environment '${this.config.name}'.`,
      });
    }

    const body = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body), 'utf8');
    const headers: Record<string, string> = {
      Accept: request.accept ?? 'application/json',
      'User-Agent': 'svc-gateway-tools',
      ...request.headers,
      [FAMILIES[family].header]: credential,
    };
    if (body) {
      headers['Content-Type'] = request.contentType ?? 'application/json';
      headers['Content-Length'] = String(body.length);
    }
    const ca = url.protocol === 'https:' ? this.caBundle(ctx) : undefined;

    const retries = IDEMPOTENT.has(request.method) ? Math.max(0, this.config.retries ?? DEFAULT_RETRIES) : 0;
    const timeoutMs = this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const redacted = Object.entries(headers)
      .map(([name, value]) => `${name}: ${SECRET_HEADERS.has(name.toLowerCase()) ? '<redacted>' : value}`)
      .join(', ');

    for (let attempt = 0; ; attempt++) {
      const started = Date.now();
      const tries = retries ? ` (attempt ${attempt + 1}/${retries + 1})` : '';
      this.log(`→ ${request.method} ${baseUrl}${loggedPath}${tries} [${redacted}]${body ? ` body ${body.length} bytes` : ''}`, 'debug');
      let result: RawResult;
      try {
        result = await this.exchange(url, request.method, headers, body, ca, timeoutMs, request.signal);
      } catch (error) {
        const ms = Date.now() - started;
        if (error === TIMEOUT) {
          this.log(`✗ ${request.method} ${loggedPath} timed out after ${ms} ms`);
          throw timeoutError(ctx, timeoutMs);
        }
        if (error === CANCELLED) {
          this.log(`✗ ${request.method} ${loggedPath} cancelled after ${ms} ms`);
          throw cancelledError(ctx);
        }
        if (error === TOO_LARGE) {
          throw new ManagementApiError({
            kind: 'too-large',
            endpoint: `${request.method} ${request.pathTemplate}`,
            hint: `The answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB: request a smaller page.`,
          });
        }
        const code = (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));
        this.log(`✗ ${request.method} ${loggedPath} ${code} after ${ms} ms`);
        if (attempt < retries && isConnectionReset(error)) {
          await this.backoff(attempt, ctx, request.signal);
          continue;
        }
        throw errorFromNetwork(ctx, error);
      }
      const ms = Date.now() - started;
      this.log(`← ${result.status} ${request.method} ${loggedPath} ${ms} ms, ${result.body.length} bytes`);
      if (attempt < retries && RETRY_STATUSES.has(result.status)) {
        await this.backoff(attempt, ctx, request.signal);
        continue;
      }
      const text = result.body.toString('utf8');
      if (result.status < 200 || result.status >= 300) {
        const error = errorFromResponse(ctx, result.status, text);
        if (request.extension) this.availability.record(endpoint, error);
        throw error;
      }
      return { status: result.status, headers: result.headers, text };
    }
  }

  /** Sends and parses the JSON answer; an empty answer is `undefined`. */
  async sendJson<T>(request: ApiRequest): Promise<T> {
    const response = await this.send(request);
    if (!response.text.trim()) return undefined as T;
    try {
      return JSON.parse(response.text) as T;
    } catch (error) {
      const family = familyOfPath(request.pathTemplate);
      throw invalidResponseError(
        {
          environment: this.config.name,
          family,
          method: request.method,
          pathTemplate: request.pathTemplate,
          baseUrl: baseUrlFor(this.config, family),
        },
        response.status,
        error instanceof Error ? error.message : String(error),
      );
    }
  }

  private async backoff(attempt: number, ctx: ErrorContext, signal?: AbortSignal): Promise<void> {
    const base = this.config.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    // Exponential with a little jitter so several views retrying at once do not stampede.
    const delay = base * 2 ** attempt * (0.8 + Math.random() * 0.4);
    try {
      await sleep(delay, signal);
    } catch {
      throw cancelledError(ctx);
    }
  }

  /** One attempt. Rejects with TIMEOUT, CANCELLED, TOO_LARGE or the socket/TLS error. */
  private exchange(
    url: URL,
    method: HttpMethod,
    headers: Record<string, string>,
    body: Buffer | undefined,
    ca: string[] | undefined,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    staleRetry = true,
  ): Promise<RawResult> {
    return new Promise<RawResult>((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        fn();
      };
      const options: https.RequestOptions = { method, headers, agent: this.agentFor(url.protocol, method) };
      if (url.protocol === 'https:') {
        options.rejectUnauthorized = !this.config.tls?.allowSelfSigned;
        if (ca) options.ca = ca;
      }
      const req = (url.protocol === 'https:' ? https : http).request(url, options, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            req.destroy();
            finish(() => reject(TOO_LARGE));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => finish(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) })));
        res.on('error', (error) => finish(() => reject(error)));
        res.on('aborted', () => finish(() => reject(Object.assign(new Error('response aborted'), { code: 'ECONNRESET' }))));
      });
      const onAbort = () => {
        req.destroy();
        finish(() => reject(CANCELLED));
      };
      const timer = setTimeout(() => {
        req.destroy();
        finish(() => reject(TIMEOUT));
      }, timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (error) => {
        // A kept-alive socket the server closed while it sat idle: the request never reached the
        // server, so an idempotent one goes again at once on another socket (once; not an attempt).
        if (staleRetry && req.reusedSocket && isConnectionReset(error) && !signal?.aborted && !settled) {
          finish(() => resolve(this.exchange(url, method, headers, body, ca, timeoutMs, signal, false)));
          return;
        }
        finish(() => reject(error));
      });
      req.end(body);
    });
  }
}

const TIMEOUT = Symbol('timeout');
const CANCELLED = Symbol('cancelled');
const TOO_LARGE = Symbol('too-large');
