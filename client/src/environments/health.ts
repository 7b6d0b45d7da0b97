// The health of an environment as the status bar and the Test Connection command show it.

export type HealthState = 'unknown' | 'checking' | 'ok' | 'auth' | 'unreachable' | 'error' | 'blocked';

export interface Health {
  state: HealthState;
  /** One sentence for the user: what happened. */
  message: string;
  /** What the user can do about it, when known. */
  hint?: string;
}

export const HEALTH_ICONS: Record<HealthState, string> = {
  unknown: 'circle-outline',
  checking: 'sync~spin',
  ok: 'pass',
  auth: 'key',
  unreachable: 'debug-disconnect',
  error: 'warning',
  blocked: 'shield',
};

export const HEALTH_WORDS: Record<HealthState, string> = {
  unknown: 'not checked yet',
  checking: 'checking…',
  ok: 'connected',
  auth: 'credentials refused',
  unreachable: 'unreachable',
  error: 'error',
  blocked: 'no requests sent',
};
