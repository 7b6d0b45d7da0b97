// The message and hint an error node shows. Free of `vscode`.
import { ManagementApiError } from '../api/errors';

export interface ErrorInfo {
  message: string;
  hint?: string;
}

export function errorInfoOf(err: unknown): ErrorInfo {
  if (err instanceof ManagementApiError) {
    const status = err.status !== undefined ? ` (HTTP ${err.status})` : '';
    const server = err.serverMessage ? `: ${err.serverMessage}` : '';
    return { message: `${err.endpoint} failed${status}${server}`, hint: err.hint };
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
