// The response shapes of the spec ("Common response shapes") and the error bodies the
// reference uses per endpoint family (gateway-facts §8.1–§8.3).

export type Family = 'gateway' | 'dashboard' | 'admin' | 'other';

/** A reply a handler returns; the server serialises `body` as JSON unless `raw` is set. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Content type other than application/json (the streams media type). */
  contentType?: string;
}

/** Thrown anywhere in a handler: becomes the family's error body with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const ok = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({ status, body, headers });

/** Gateway-style write result: `{key, status: "ok", action}` (+ key_hash for keys). Always 200. */
export function actionResult(key: string, action: 'added' | 'modified' | 'deleted', keyHash?: string): Reply {
  const body: Record<string, string> = { key, status: 'ok', action };
  if (keyHash !== undefined) body.key_hash = keyHash;
  return ok(body);
}

/** Dashboard/admin write result. */
export function statusResult(message: string, id?: string, meta: unknown = null): Reply {
  const body: Record<string, unknown> = { Status: 'OK', Message: message, Meta: meta };
  if (id !== undefined) body.ID = id;
  return ok(body);
}

export function errorBody(family: Family, message: string): unknown {
  if (family === 'gateway' || family === 'other') return { status: 'error', message };
  return { Status: 'Error', Message: message, Meta: null };
}
