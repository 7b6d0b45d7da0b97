// What an environment is, how it is validated, and which origin each credential belongs to.
// Free of `vscode`: the settings store, the add flow and the unit tests all build on it.

/** The non-secret part of an environment, stored in the `svc.environments` setting. */
export interface EnvironmentSettings {
  name: string;
  /** Base URL of the dashboard-style (`/api/...`) and admin (`/admin/...`) endpoints. */
  dashboardUrl: string;
  /** Base URL of the gateway-style (`/svc/...`) endpoints when the gateway is a separate host. */
  gatewayUrl?: string;
  tls?: TlsSettings;
}

export interface TlsSettings {
  /** A PEM file with the certificate authority that signed the server's certificate. */
  caFile?: string;
  /** Accept any certificate. Off unless the user switches it on for this environment. */
  allowSelfSigned?: boolean;
}

/** Where an environment was defined: workspace-defined ones need the user's approval. */
export type EnvironmentSource = 'user' | 'workspace' | 'builtin';

export interface Environment extends EnvironmentSettings {
  source: EnvironmentSource;
  /** Set for an environment of the repository's `svc.environments.json` (source 'workspace'): edit that file, not the settings. */
  definedIn?: string;
  /** The workspace folder whose `svc.environments.json` declares it. */
  folder?: string;
}

/** The three credential families of the spec's Authentication table. */
export const CREDENTIAL_FAMILIES = ['gatewaySecret', 'dashboardToken', 'adminSecret'] as const;
export type CredentialFamily = (typeof CREDENTIAL_FAMILIES)[number];

export type Credentials = Partial<Record<CredentialFamily, string>>;

export const CREDENTIAL_LABELS: Record<CredentialFamily, string> = {
  gatewaySecret: 'Gateway secret (X-Svc-Authorization, /svc/...)',
  dashboardToken: 'Dashboard token (Authorization, /api/...)',
  adminSecret: 'Admin secret (Admin-Auth, /admin/...)',
};

export const LOCAL_SANDBOX_NAME = 'Local sandbox';

/**
 * The base URL each credential is sent to: the gateway secret goes to the gateway URL (or the
 * dashboard URL when there is no separate gateway); the other two to the dashboard URL.
 */
export function targetUrlOf(env: EnvironmentSettings, family: CredentialFamily): string {
  return family === 'gatewaySecret' ? env.gatewayUrl || env.dashboardUrl : env.dashboardUrl;
}

/**
 * The origin (scheme, host and port) of a URL, normalised by the URL parser: default ports
 * vanish and host names are lower-cased, so `https://H:443/` and `https://h` are one origin.
 */
export function originOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/**
 * The SecretStorage key of one credential. It names the origin the credential is sent to,
 * so a credential saved for one host is never looked up for another, and moving an
 * environment to a new URL leaves its old credentials behind instead of carrying them along.
 * The environment name keeps two environments on one host (two users, two organisations)
 * from overwriting each other's credentials.
 */
export function secretKeyOf(env: EnvironmentSettings, family: CredentialFamily): string {
  return `svc.credential/${family}/${originOf(targetUrlOf(env, family))}/${encodeURIComponent(env.name)}`;
}

/** Returns an error message, or undefined when the name is acceptable. */
export function validateName(name: string, existing: readonly string[], current?: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name for the environment.';
  if (trimmed.length > 60) return 'Use at most 60 characters.';
  if (trimmed === LOCAL_SANDBOX_NAME) return `"${LOCAL_SANDBOX_NAME}" is the built-in environment; choose another name.`;
  if (trimmed !== current && existing.includes(trimmed)) return `An environment named "${trimmed}" already exists.`;
  return undefined;
}

/** Returns an error message, or undefined when the URL is an http(s) base URL. */
export function validateBaseUrl(value: string, optional = false): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return optional ? undefined : 'Enter the base URL, for example https://dashboard.example.com.';
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return 'This is not a URL. Include the scheme, for example https://dashboard.example.com.';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'Use an http:// or https:// URL.';
  if (parsed.username || parsed.password) return 'Do not put credentials in the URL; the extension asks for them separately.';
  if (parsed.search || parsed.hash) return 'Give the base URL without a query or fragment.';
  return undefined;
}

/** Trims, drops a trailing slash and empty optional members, so settings stay tidy. */
export function normaliseSettings(input: EnvironmentSettings): EnvironmentSettings {
  const out: EnvironmentSettings = { name: input.name.trim(), dashboardUrl: stripSlash(input.dashboardUrl.trim()) };
  const gateway = input.gatewayUrl?.trim();
  if (gateway) out.gatewayUrl = stripSlash(gateway);
  const caFile = input.tls?.caFile?.trim();
  if (caFile || input.tls?.allowSelfSigned) {
    out.tls = {};
    if (caFile) out.tls.caFile = caFile;
    if (input.tls?.allowSelfSigned) out.tls.allowSelfSigned = true;
  }
  return out;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * Reads the raw setting value defensively: anything that is not an object with a string
 * name and a valid dashboard URL is skipped (and reported), never thrown.
 */
export function parseEnvironmentList(raw: unknown, source: EnvironmentSource): { environments: Environment[]; problems: string[] } {
  const environments: Environment[] = [];
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { environments, problems };
  if (!Array.isArray(raw)) return { environments, problems: ['svc.environments must be an array.'] };
  raw.forEach((item, index) => {
    if (!item || typeof item !== 'object') {
      problems.push(`svc.environments[${index}] is not an object.`);
      return;
    }
    const r = item as Record<string, unknown>;
    const name = typeof r.name === 'string' ? r.name.trim() : '';
    const dashboardUrl = typeof r.dashboardUrl === 'string' ? r.dashboardUrl : '';
    const problem = !name ? 'has no name' : validateBaseUrl(dashboardUrl);
    if (problem) {
      problems.push(`svc.environments[${index}] ${problem}`);
      return;
    }
    const gatewayUrl = typeof r.gatewayUrl === 'string' && !validateBaseUrl(r.gatewayUrl, true) ? r.gatewayUrl : undefined;
    const tlsRaw = r.tls && typeof r.tls === 'object' ? (r.tls as Record<string, unknown>) : {};
    const settings = normaliseSettings({
      name,
      dashboardUrl,
      gatewayUrl,
      tls: {
        caFile: typeof tlsRaw.caFile === 'string' ? tlsRaw.caFile : undefined,
        allowSelfSigned: tlsRaw.allowSelfSigned === true,
      },
    });
    environments.push({ ...settings, source });
  });
  return { environments, problems };
}

/** The origins an environment sends requests to (one or two). */
export function originsOf(env: EnvironmentSettings): string[] {
  return [...new Set([originOf(env.dashboardUrl), originOf(env.gatewayUrl || env.dashboardUrl)])];
}
