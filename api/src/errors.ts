// One error type for everything that can go wrong talking to a management server. Each error
// says what happened (kind, HTTP status, the server's own message) and what the user can do
// about it (hint), so the UI can show it as-is without knowing HTTP.
import { FAMILIES, type Family } from './connection';

export type ErrorKind =
  | 'auth'
  | 'forbidden'
  | 'not-found'
  | 'missing-endpoint'
  | 'conflict'
  | 'bad-request'
  | 'too-large'
  | 'server'
  | 'unreachable'
  | 'timeout'
  | 'tls'
  | 'cancelled'
  | 'missing-credential'
  | 'invalid-response';

export interface ManagementApiErrorInit {
  kind: ErrorKind;
  /** Method and path template, e.g. `GET /api/hooks/{hookId}`. */
  endpoint: string;
  hint: string;
  status?: number;
  serverMessage?: string;
  cause?: unknown;
}

export class ManagementApiError extends Error {
  readonly kind: ErrorKind;
  readonly endpoint: string;
  readonly hint: string;
  readonly status?: number;
  readonly serverMessage?: string;

  constructor(init: ManagementApiErrorInit) {
    const detail = init.serverMessage ? `: ${init.serverMessage.replace(/[.!]+$/, '')}` : '';
    const status = init.status !== undefined ? ` (HTTP ${init.status})` : '';
    super(`${init.endpoint} failed${status}${detail}. ${init.hint}`, { cause: init.cause });
    this.name = 'ManagementApiError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.hint = init.hint;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
  }
}

export function isManagementApiError(error: unknown, kind?: ErrorKind): error is ManagementApiError {
  return error instanceof ManagementApiError && (kind === undefined || error.kind === kind);
}

/** Where a request went, for hints. */
export interface ErrorContext {
  environment: string;
  family: Family;
  method: string;
  pathTemplate: string;
  baseUrl: string;
  /** A listing the spec does not define: a 404/405 means "this server does not offer it". */
  extension?: boolean;
  /** Hint for a missing listing, e.g. "open a key by id instead". */
  missingHint?: string;
}

const endpointOf = (ctx: ErrorContext) => `${ctx.method} ${ctx.pathTemplate}`;
const credentialWords = (ctx: ErrorContext) => `the ${FAMILIES[ctx.family].label} of environment '${ctx.environment}' (Svc: Set Credentials)`;

/**
 * The server's message from either error body style: gateway `{status, message}` or
 * dashboard `{Status, Message, Meta, ID}`; a short plain-text body is used as it is.
 */
export function parseServerMessage(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  try {
    const body = JSON.parse(trimmed) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const record = body as Record<string, unknown>;
      for (const member of ['message', 'Message', 'error', 'Error']) {
        const value = record[member];
        if (typeof value === 'string' && value) return value;
      }
    }
    return undefined;
  } catch {
    // Not JSON: a router's plain "404 page not found" or a proxy's HTML page.
    if (trimmed.startsWith('<')) return undefined;
    return trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed;
  }
}

/** True when the body is a structured error of either style (so a 404 names a resource, not a route). */
function isStructuredErrorBody(text: string): boolean {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return !!body && typeof body === 'object' && ('message' in body || 'Message' in body);
  } catch {
    return false;
  }
}

/** Maps an HTTP error answer to an error with a kind and a hint. */
export function errorFromResponse(ctx: ErrorContext, status: number, bodyText: string): ManagementApiError {
  const serverMessage = parseServerMessage(bodyText);
  const base = { endpoint: endpointOf(ctx), status, serverMessage };
  const missing = (): ManagementApiError =>
    new ManagementApiError({
      ...base,
      kind: 'missing-endpoint',
      hint: `This server does not offer ${endpointOf(ctx)}${ctx.missingHint ? `; ${ctx.missingHint}` : ''}.`,
    });
  const notFound = (): ManagementApiError =>
    new ManagementApiError({
      ...base,
      kind: 'not-found',
      hint: 'It does not exist on this server (any more): refresh the view or check the id.',
    });
  const message = serverMessage ?? '';

  if (status === 405) return missing();
  if (status === 404) {
    // A listing extension answered by a router that has no such route; resource lookups
    // on it still say "not found" in a structured body.
    const hasId = ctx.pathTemplate.includes('{');
    if (ctx.extension && (!hasId || !isStructuredErrorBody(bodyText))) return missing();
    return notFound();
  }
  if (status === 400 && ctx.method === 'GET' && /could not retrieve/i.test(message)) {
    // The dashboard answers a read of an unknown record with 400 "Could not retrieve … detail."
    // (gateway-facts §8.3); for the user it is a missing resource.
    return notFound();
  }
  if (status === 401 || (status === 403 && ctx.family !== 'dashboard')) {
    // The gateway family answers a missing or wrong secret with 403 (gateway-facts §8.1).
    return new ManagementApiError({ ...base, kind: 'auth', hint: `Check ${credentialWords(ctx)}.` });
  }
  if (status === 403) {
    // The dashboard family also uses 403 for two non-permission answers (gateway-facts §8.3).
    if (/malformed/i.test(message)) {
      return new ManagementApiError({ ...base, kind: 'bad-request', hint: 'The server could not read the request body: check the JSON.' });
    }
    if (/same url/i.test(message)) {
      return new ManagementApiError({ ...base, kind: 'conflict', hint: 'Another API already uses this listen path: choose a different one.' });
    }
    return new ManagementApiError({
      ...base,
      kind: 'forbidden',
      hint: `The credential is valid but lacks permission for this: ask an administrator, or use another token for environment '${ctx.environment}'.`,
    });
  }
  if (status === 409) {
    return new ManagementApiError({
      ...base,
      kind: 'conflict',
      hint: 'Something with the same id already exists: pick another id or update the existing one.',
    });
  }
  if (status === 413) {
    return new ManagementApiError({ ...base, kind: 'too-large', hint: 'The server refused the size of the request: make the document smaller.' });
  }
  if (status >= 500) {
    return new ManagementApiError({ ...base, kind: 'server', hint: 'The server failed; its message may say why. Try again later or check the server log.' });
  }
  return new ManagementApiError({ ...base, kind: 'bad-request', hint: 'The server refused the request; its message says what to correct.' });
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'EPROTO',
]);

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True for the connection failures worth retrying on an idempotent request. */
export function isConnectionReset(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED';
}

/** Maps a failure below HTTP (socket, DNS, TLS) to an error with a kind and a hint. */
export function errorFromNetwork(ctx: ErrorContext, error: unknown): ManagementApiError {
  const code = errorCode(error);
  const reason = error instanceof Error ? error.message : String(error);
  const endpoint = endpointOf(ctx);
  if ((code && TLS_CODES.has(code)) || code?.startsWith('ERR_SSL') || code?.startsWith('ERR_TLS')) {
    return new ManagementApiError({
      kind: 'tls',
      endpoint,
      serverMessage: reason,
      cause: error,
      hint:
        `The certificate of ${ctx.baseUrl} is not trusted: add its CA file to environment '${ctx.environment}' or, ` +
        `for a test server, allow self-signed certificates.`,
    });
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') {
    return new ManagementApiError({
      kind: 'unreachable',
      endpoint,
      serverMessage: reason,
      cause: error,
      hint: `The connection to ${ctx.baseUrl} was reset: is it the management port, and does a proxy or firewall cut it? Try again.`,
    });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ManagementApiError({
      kind: 'unreachable',
      endpoint,
      serverMessage: reason,
      cause: error,
      hint: `The host of ${ctx.baseUrl} cannot be resolved: check the URL of environment '${ctx.environment}'.`,
    });
  }
  return new ManagementApiError({
    kind: 'unreachable',
    endpoint,
    serverMessage: reason,
    cause: error,
    hint: `Is the server running at ${ctx.baseUrl}? Check the URL of environment '${ctx.environment}'.`,
  });
}

export function timeoutError(ctx: ErrorContext, timeoutMs: number): ManagementApiError {
  return new ManagementApiError({
    kind: 'timeout',
    endpoint: endpointOf(ctx),
    hint: `${ctx.baseUrl} did not answer within ${timeoutMs} ms: check that it is up and reachable, or raise the timeout.`,
  });
}

export function cancelledError(ctx: ErrorContext): ManagementApiError {
  return new ManagementApiError({ kind: 'cancelled', endpoint: endpointOf(ctx), hint: 'The request was cancelled.' });
}

export function missingCredentialError(ctx: ErrorContext): ManagementApiError {
  return new ManagementApiError({
    kind: 'missing-credential',
    endpoint: endpointOf(ctx),
    hint: `Set ${credentialWords(ctx)}; nothing was sent.`,
  });
}

export function invalidResponseError(ctx: ErrorContext, status: number, reason: string): ManagementApiError {
  return new ManagementApiError({
    kind: 'invalid-response',
    endpoint: endpointOf(ctx),
    status,
    serverMessage: reason,
    hint: `The answer of ${ctx.baseUrl} is not the expected JSON: is this URL a management API (not a web page or proxy)?`,
  });
}

export function caFileError(ctx: ErrorContext, caFile: string, error: unknown): ManagementApiError {
  return new ManagementApiError({
    kind: 'tls',
    endpoint: endpointOf(ctx),
    serverMessage: error instanceof Error ? error.message : String(error),
    cause: error,
    hint: `The CA file '${caFile}' of environment '${ctx.environment}' cannot be read: fix its path.`,
  });
}
