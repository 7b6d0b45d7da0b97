// The message and hint an error node shows. Free of `vscode`.
import { ManagementApiError } from '../../../api/src/errors';

export interface ErrorInfo {
  /** Short: what the server said (or what failed), with the HTTP status. */
  message: string;
  /** What the user can do about it. */
  hint?: string;
  /** Where it happened, e.g. `GET /api/apis`. */
  detail?: string;
}

export function errorInfoOf(err: unknown): ErrorInfo {
  if (err instanceof ManagementApiError) {
    const status = err.status !== undefined ? ` (HTTP ${err.status})` : '';
    const what = err.serverMessage || `${err.endpoint} failed (${err.kind})`;
    return { message: `${what}${status}`, hint: err.hint, detail: err.endpoint };
  }
  if (err instanceof Error) {
    const hint = (err as { hint?: unknown }).hint;
    return { message: err.message, hint: typeof hint === 'string' ? hint : undefined };
  }
  return { message: String(err) };
}

/** True when a listing the spec does not define is absent on this server. */
export function isMissingEndpoint(err: unknown): boolean {
  return err instanceof ManagementApiError && err.kind === 'missing-endpoint';
}
