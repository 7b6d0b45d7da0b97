// What the client needs to reach one environment: base URLs, credentials and transport
// options. No `vscode` here: the extension fills this from settings + SecretStorage, tests
// fill it by hand.

export interface ConnectionCredentials {
  /** `X-Svc-Authorization` for the gateway family (`/svc/...`). */
  gatewaySecret?: string;
  /** Sent as `Authorization: Bearer <token>` for the dashboard family (`/api/...`). */
  dashboardToken?: string;
  /** `Admin-Auth` for the admin family (`/admin/...`). */
  adminSecret?: string;
}

export interface ConnectionTls {
  /** PEM file of a CA to trust in addition to the system roots. */
  caFile?: string;
  /** Accept any certificate. Off by default; meant for test servers only. */
  allowSelfSigned?: boolean;
}

export interface ConnectionConfig {
  /** Environment name, used in error hints ("Check the dashboard token of environment 'prod'"). */
  name: string;
  dashboardUrl: string;
  /** Base URL of the gateway family; defaults to dashboardUrl. */
  gatewayUrl?: string;
  credentials: ConnectionCredentials;
  tls?: ConnectionTls;
  /** Time limit of one attempt of one request. Default 15000 ms. */
  timeoutMs?: number;
  /** Extra attempts for idempotent requests on 502/503/504 or a reset connection. Default 2. */
  retries?: number;
  /** First back-off delay; doubles per retry. Default 250 ms. */
  retryDelayMs?: number;
  /**
   * Receives one line per request (`debug`) and per outcome: a response or a failure (`info`);
   * credentials are redacted.
   */
  logger?: (line: string, level: RequestLogLevel) => void;
}

/** `debug` for a request sent, `info` for what came of it (a status, a timeout, a network error). */
export type RequestLogLevel = 'debug' | 'info';

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_RETRIES = 2;
export const DEFAULT_RETRY_DELAY_MS = 250;

/** The three endpoint families of the spec, each with its own header and credential. */
export type Family = 'gateway' | 'dashboard' | 'admin';

interface FamilyInfo {
  header: string;
  credential: keyof ConnectionCredentials;
  /** Words for hints: "the <label> of environment 'x'". */
  label: string;
}

export const FAMILIES: Record<Family, FamilyInfo> = {
  gateway: { header: 'X-Svc-Authorization', credential: 'gatewaySecret', label: 'gateway secret' },
  dashboard: { header: 'Authorization', credential: 'dashboardToken', label: 'dashboard token' },
  admin: { header: 'Admin-Auth', credential: 'adminSecret', label: 'admin secret' },
};

/** Header names whose values never reach a log. Lower case. */
export const SECRET_HEADERS: ReadonlySet<string> = new Set(Object.values(FAMILIES).map((f) => f.header.toLowerCase()));

export function familyOfPath(path: string): Family {
  if (path.startsWith('/svc/')) return 'gateway';
  if (path.startsWith('/admin/')) return 'admin';
  return 'dashboard';
}

/** Gateway-family requests go to gatewayUrl when set; everything else to dashboardUrl. */
export function baseUrlFor(config: ConnectionConfig, family: Family): string {
  const base = family === 'gateway' ? config.gatewayUrl || config.dashboardUrl : config.dashboardUrl;
  return base.replace(/\/+$/, '');
}

/** The header value that authenticates `family`, or undefined when the credential is not set. */
export function credentialHeaderValue(config: ConnectionConfig, family: Family): string | undefined {
  const value = config.credentials[FAMILIES[family].credential]?.trim();
  if (!value) return undefined;
  // The spec models a bearer token; accept a token the user already pasted with its scheme.
  if (family === 'dashboard' && !/^bearer\s/i.test(value)) return `Bearer ${value}`;
  return value;
}
