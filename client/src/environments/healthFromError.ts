// Turns a failure into the health the status bar shows. Free of `vscode`.
import type { ConnectionReport } from '../../../api/src/client';
import { ManagementApiError } from '../../../api/src/errors';
import { RequestsBlockedError } from './blocked';
import type { Health } from './health';

export function healthFromError(err: unknown): Health {
  if (err instanceof RequestsBlockedError) return { state: 'blocked', message: err.message, hint: err.hint };
  if (err instanceof ManagementApiError) {
    const message = err.serverMessage ? `${err.endpoint}: ${err.serverMessage}` : err.message;
    switch (err.kind) {
      case 'auth':
      case 'forbidden':
      case 'missing-credential':
        return { state: 'auth', message, hint: err.hint };
      case 'unreachable':
      case 'timeout':
      case 'tls':
        return { state: 'unreachable', message, hint: err.hint };
      default:
        return { state: 'error', message, hint: err.hint };
    }
  }
  return { state: 'error', message: err instanceof Error ? err.message : String(err) };
}

export const HEALTH_OK: Health = { state: 'ok', message: 'Connected.' };

/** The health a connection test reports: the first failing family decides. */
export function healthFromReport(report: ConnectionReport): Health {
  if (report.ok) {
    const checked = report.families
      .filter((f) => f.state === 'ok')
      .map((f) => f.endpoint)
      .join(', ');
    return { state: 'ok', message: `Connected (${checked}).` };
  }
  const failed = report.families.find((f) => f.state === 'error' && f.error);
  if (failed?.error) return healthFromError(failed.error);
  return {
    state: 'auth',
    message: 'No gateway secret or dashboard token is set, so nothing could be checked.',
    hint: 'Run "Svc: Set Credentials" for this environment.',
  };
}
