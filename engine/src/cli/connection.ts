// Where `svc` connects and with what. URLs and TLS come from flags or environment variables;
// credentials come ONLY from environment variables (never flags, files or logs), and nothing in
// the working folder (workspace settings, .svc/) chooses where they are sent.
import { ManagementClient } from '../../../api/src/client';
import { DEFAULT_TIMEOUT_MS, type ConnectionConfig } from '../../../api/src/connection';
import { isManagementApiError } from '../../../api/src/errors';
import { CliError, EXIT } from './exitCodes';

export const ENV = {
  dashboardUrl: 'SVC_DASHBOARD_URL',
  gatewayUrl: 'SVC_GATEWAY_URL',
  gatewaySecret: 'SVC_GATEWAY_SECRET',
  dashboardToken: 'SVC_DASHBOARD_TOKEN',
  adminSecret: 'SVC_ADMIN_SECRET',
  caFile: 'SVC_CA_FILE',
  insecure: 'SVC_INSECURE',
  environment: 'SVC_ENVIRONMENT',
} as const;

export interface ConnectionFlags {
  dashboard?: string;
  gateway?: string;
  caFile?: string;
  insecure?: boolean;
  environment?: string;
}

export interface Connection {
  config: ConnectionConfig;
  /** The name records in `.svc/state.json` carry; `explicit` when the user chose it. */
  environment: string;
  explicitEnvironment: boolean;
  /** The variables this connection's credentials came from (a declared environment's SVC_<NAME>_…); default the unprefixed ones. */
  variables?: { dashboardToken: string; gatewaySecret: string; adminSecret: string };
}

export function checkUrl(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`${what} '${value}' is not a URL: write it like https://dashboard.example:3000.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`${what} '${value}' must start with http:// or https://.`);
  if (url.username || url.password) {
    const variables = `${ENV.dashboardToken}, ${ENV.gatewaySecret} and ${ENV.adminSecret}`;
    throw new CliError(`${what} must not contain a user name or password: credentials come only from ${variables}.`);
  }
  return value.replace(/\/+$/, '');
}

export function connectionFrom(flags: ConnectionFlags, env: NodeJS.ProcessEnv): Connection {
  const dashboard = flags.dashboard ?? env[ENV.dashboardUrl];
  if (!dashboard) throw new CliError(`Where is the server? Pass --dashboard URL or set ${ENV.dashboardUrl}.`);
  const dashboardUrl = checkUrl(dashboard, '--dashboard');
  const gateway = flags.gateway ?? env[ENV.gatewayUrl];
  const gatewayUrl = gateway ? checkUrl(gateway, '--gateway') : undefined;
  const credentials = {
    gatewaySecret: env[ENV.gatewaySecret] || undefined,
    dashboardToken: env[ENV.dashboardToken] || undefined,
    adminSecret: env[ENV.adminSecret] || undefined,
  };
  if (!credentials.gatewaySecret && !credentials.dashboardToken) {
    throw new CliError(
      `No credential: set ${ENV.dashboardToken} (dashboard endpoints, /api/...) and/or ${ENV.gatewaySecret} (gateway endpoints, /svc/...) in the environment.`,
    );
  }
  const insecure = flags.insecure === true || /^(1|true|yes)$/i.test(env[ENV.insecure] ?? '');
  const caFile = flags.caFile ?? (env[ENV.caFile] || undefined);
  const named = flags.environment ?? (env[ENV.environment] || undefined);
  const environment = named ?? new URL(dashboardUrl).host;
  return {
    environment,
    explicitEnvironment: !!named,
    config: { name: environment, dashboardUrl, gatewayUrl, credentials, tls: { caFile, allowSelfSigned: insecure } },
  };
}

export const clientFor = (connection: Connection) => new ManagementClient(connection.config);

/**
 * A failure talking to the server, in words for a terminal: what happened and which flag or
 * variable to check (the client's own hints name the editor's commands).
 */
export function describeFailure(err: unknown, connection?: Connection): string {
  if (err instanceof CliError) return err.message;
  if (isStackOverflow(err)) {
    return (
      "A JSON document (a file or the server's answer) is nested too deeply for svc to process (thousands of levels; " +
      'the JavaScript stack ran out). Check the file or the resource on the server; real definitions are a few dozen levels deep.'
    );
  }
  if (!isManagementApiError(err)) return err instanceof Error ? err.message : String(err);
  const family = /^\w+ \/svc\//.test(err.endpoint) ? 'gateway' : /^\w+ \/admin\//.test(err.endpoint) ? 'admin' : 'dashboard';
  const vars = connection?.variables ?? ENV;
  const variable = family === 'gateway' ? vars.gatewaySecret : family === 'admin' ? vars.adminSecret : vars.dashboardToken;
  const where = family === 'gateway' ? (connection?.config.gatewayUrl ?? connection?.config.dashboardUrl) : connection?.config.dashboardUrl;
  const status = err.status !== undefined ? ` (HTTP ${err.status})` : '';
  const server = err.serverMessage ? `: ${shortened(err.serverMessage).replace(/[.!]+$/, '')}` : '';
  const head = `${err.endpoint} failed${status}${server}.`;
  switch (err.kind) {
    case 'auth':
      return `${head} The server refused the credential: check ${variable}.`;
    case 'forbidden':
      return `${head} The credential in ${variable} is valid but lacks permission for this: use one that has it.`;
    case 'missing-credential':
      return `${head} Set ${variable} in the environment.`;
    case 'unreachable': {
      const [flag, urlVariable] = family === 'gateway' ? ['gateway', ENV.gatewayUrl] : ['dashboard', ENV.dashboardUrl];
      return `${head} Cannot reach ${where ?? 'the server'}: check --${flag} (or ${urlVariable}) and that the server is running.`;
    }
    case 'timeout': {
      const seconds = (connection?.config.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000;
      return (
        `${head} Timed out after ${seconds} s: ${where ?? 'the server'} gave no answer in that time. ` +
        'The server may be overloaded, or a proxy may hold the request; try again, or ask for less (one file, one page).'
      );
    }
    case 'tls':
      return (
        `${head} The server's certificate is not trusted: pass --ca-file PATH (${ENV.caFile}) for a private CA, ` +
        `or --insecure (${ENV.insecure}=1) for a self-signed test server.`
      );
    case 'server':
      return `${head} The server failed; its message may say why. Try again later or check the server's log.`;
    default:
      return `${head} ${err.hint}`;
  }
}

/** The longest server message shown; longer ones are cut, saying how long they were. */
export const MAX_SERVER_MESSAGE = 500;

function shortened(message: string): string {
  if (message.length <= MAX_SERVER_MESSAGE) return message;
  return `${message.slice(0, MAX_SERVER_MESSAGE)}… (cut: the server's message has ${message.length.toLocaleString('en')} characters)`;
}

function isStackOverflow(err: unknown): boolean {
  return err instanceof RangeError && /call stack/i.test(err.message);
}

/** Said on every run with --insecure (or SVC_INSECURE), on stderr, even with --quiet. */
export const INSECURE_WARNING =
  'warning: TLS certificates are not checked (--insecure): anyone on the network path can read the credentials ' +
  'and change what is pulled or pushed. Use --ca-file PATH for a private CA.';

/** Connection-level failures end the run with exit 2; a per-resource failure does not. */
export const isConnectionFailure = (err: unknown) =>
  isManagementApiError(err) && ['auth', 'forbidden', 'unreachable', 'timeout', 'tls', 'missing-credential', 'cancelled'].includes(err.kind);

export { EXIT };
