// Which environment a `svc` run talks to. With a `svc.environments.json` at the root, `--env NAME`
// picks a declared environment: its URLs and TLS come from the file, its credentials only from
// SVC_<NAME>_DASHBOARD_TOKEN / _GATEWAY_SECRET / _ADMIN_SECRET. Without the file, or with
// `--dashboard URL` (or SVC_DASHBOARD_URL and an undeclared name), the flags and the unprefixed
// variables work as before, for that one environment, with the per-machine `.svc/` state.
import * as path from 'node:path';
import { checkUrl, connectionFrom, ENV, type Connection, type ConnectionFlags } from '../../cli/connection';
import { CliError } from '../../cli/exitCodes';
import { credentialVariables, ENVIRONMENTS_FILE, type DeclaredEnvironment } from '../environmentsFile';

export type CliMode = { mode: 'legacy' } | { mode: 'environments'; declared: DeclaredEnvironment[]; environment: DeclaredEnvironment };

const listed = (declared: readonly DeclaredEnvironment[]) => declared.map((d) => `'${d.name}'`).join(', ');

export function chooseMode(declared: DeclaredEnvironment[] | undefined, flags: ConnectionFlags, env: NodeJS.ProcessEnv): CliMode {
  if (!declared || flags.dashboard) return { mode: 'legacy' };
  const name = flags.environment ?? (env[ENV.environment] || undefined);
  if (name === undefined) {
    if (declared.length === 1) return { mode: 'environments', declared, environment: declared[0] };
    if (env[ENV.dashboardUrl]) return { mode: 'legacy' };
    throw new CliError(`Which environment? Pass --env NAME (${ENVIRONMENTS_FILE} declares ${listed(declared)}).`);
  }
  const found = declared.find((d) => d.name === name);
  if (found) return { mode: 'environments', declared, environment: found };
  if (env[ENV.dashboardUrl]) return { mode: 'legacy' };
  throw new CliError(
    `'${name}' is not declared in ${ENVIRONMENTS_FILE} (it declares ${listed(declared)}): add it there, or pass --dashboard URL for a one-off server.`,
  );
}

export function findDeclared(declared: readonly DeclaredEnvironment[] | undefined, name: string, option: string): DeclaredEnvironment {
  const found = declared?.find((d) => d.name === name);
  if (found) return found;
  if (!declared) throw new CliError(`${option} ${name}: there is no ${ENVIRONMENTS_FILE} in the current directory: declare the environments there first.`);
  throw new CliError(`${option} ${name}: not declared in ${ENVIRONMENTS_FILE} (it declares ${listed(declared)}).`);
}

/** The connection of a declared environment; --ca-file/--insecure (or SVC_CA_FILE/SVC_INSECURE) add to its tls. */
export function connectionForDeclared(root: string, declared: DeclaredEnvironment, flags: ConnectionFlags, env: NodeJS.ProcessEnv): Connection {
  const variables = credentialVariables(declared.name);
  const credentials = {
    dashboardToken: env[variables.dashboardToken] || undefined,
    gatewaySecret: env[variables.gatewaySecret] || undefined,
    adminSecret: env[variables.adminSecret] || undefined,
  };
  if (!credentials.dashboardToken && !credentials.gatewaySecret) {
    throw new CliError(
      `No credential for '${declared.name}': set ${variables.dashboardToken} (dashboard endpoints, /api/...) ` +
        `and/or ${variables.gatewaySecret} (gateway endpoints, /svc/...) in the environment.`,
    );
  }
  const where = `${ENVIRONMENTS_FILE} ('${declared.name}')`;
  const dashboardUrl = checkUrl(declared.dashboardUrl, `${where} dashboardUrl`);
  const gatewayUrl = declared.gatewayUrl ? checkUrl(declared.gatewayUrl, `${where} gatewayUrl`) : undefined;
  const caFile = flags.caFile ?? (env[ENV.caFile] || (declared.tls?.caFile ? path.resolve(root, declared.tls.caFile) : undefined));
  const insecure = flags.insecure === true || /^(1|true|yes)$/i.test(env[ENV.insecure] ?? '') || declared.tls?.allowSelfSigned === true;
  return {
    environment: declared.name,
    explicitEnvironment: true,
    variables,
    config: { name: declared.name, dashboardUrl, gatewayUrl, credentials, tls: { caFile, allowSelfSigned: insecure } },
  };
}

export { connectionFrom };
