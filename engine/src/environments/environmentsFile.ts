// `svc.environments.json` at the repository root: the environments a team deploys to, committed
// and free of secrets (an array of the same objects as the editor's `svc.environments` setting).
// Credentials come only from variables named after the environment (credentialVariables).
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

export const ENVIRONMENTS_FILE = 'svc.environments.json';

export interface DeclaredEnvironment {
  name: string;
  dashboardUrl: string;
  gatewayUrl?: string;
  tls?: { caFile?: string; allowSelfSigned?: boolean };
}

/** Names become folder names (`environments/<name>/`, `.svc-deploy/<name>/`): one safe path segment. */
export const ENVIRONMENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export class EnvironmentsFileError extends Error {}

/** `SVC_<NAME>_…`: the name upper-cased, every character other than A–Z and 0–9 turned into `_`. */
export function credentialPrefix(name: string): string {
  return `SVC_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export function credentialVariables(name: string): { dashboardToken: string; gatewaySecret: string; adminSecret: string } {
  const prefix = credentialPrefix(name);
  return { dashboardToken: `${prefix}_DASHBOARD_TOKEN`, gatewaySecret: `${prefix}_GATEWAY_SECRET`, adminSecret: `${prefix}_ADMIN_SECRET` };
}

/** The declared environments, or undefined when the root has no `svc.environments.json`. */
export async function readEnvironmentsFile(root: string): Promise<DeclaredEnvironment[] | undefined> {
  let text: string;
  try {
    text = await fs.readFile(path.join(root, ENVIRONMENTS_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new EnvironmentsFileError(`${ENVIRONMENTS_FILE} is not valid JSON (${err instanceof Error ? err.message : String(err)}): fix it.`);
  }
  return parseEnvironments(value);
}

/** Checks the file's content; every problem names the entry and what to write instead. */
export function parseEnvironments(value: unknown): DeclaredEnvironment[] {
  const fail = (what: string) => new EnvironmentsFileError(`${ENVIRONMENTS_FILE}: ${what}`);
  if (!Array.isArray(value)) throw fail('must be an array of {"name", "dashboardUrl", "gatewayUrl"?, "tls"?} objects.');
  const result: DeclaredEnvironment[] = [];
  const prefixes = new Map<string, string>();
  for (const [index, entry] of value.entries()) {
    const e = entry as Record<string, unknown>;
    const where = `entry ${index + 1}`;
    if (!e || typeof e !== 'object' || Array.isArray(e)) throw fail(`${where} is not an object.`);
    const unknown = Object.keys(e).filter((k) => !['name', 'dashboardUrl', 'gatewayUrl', 'tls'].includes(k));
    if (unknown.length) throw fail(`${where} has unknown member(s) ${unknown.join(', ')} (credentials never go in this file: see SVC_<NAME>_DASHBOARD_TOKEN).`);
    if (typeof e.name !== 'string' || !ENVIRONMENT_NAME.test(e.name)) {
      throw fail(`${where}: "name" must be letters, digits, '.', '_' or '-' (it names the folders environments/<name>/ and .svc-deploy/<name>/).`);
    }
    const name = e.name;
    const prefix = credentialPrefix(name);
    if (prefixes.has(prefix)) throw fail(`'${name}' and '${prefixes.get(prefix)}' would share the variables ${prefix}_*: rename one.`);
    prefixes.set(prefix, name);
    const url = (member: string, required: boolean) => {
      const v = e[member];
      if (v === undefined && !required) return undefined;
      if (typeof v !== 'string' || !/^https?:\/\//.test(v)) throw fail(`'${name}': "${member}" must be an http:// or https:// URL.`);
      return v;
    };
    const declared: DeclaredEnvironment = { name, dashboardUrl: url('dashboardUrl', true)! };
    const gatewayUrl = url('gatewayUrl', false);
    if (gatewayUrl) declared.gatewayUrl = gatewayUrl;
    if (e.tls !== undefined) {
      const tls = e.tls as Record<string, unknown>;
      if (
        !tls ||
        typeof tls !== 'object' ||
        (tls.caFile !== undefined && typeof tls.caFile !== 'string') ||
        (tls.allowSelfSigned !== undefined && typeof tls.allowSelfSigned !== 'boolean')
      ) {
        throw fail(`'${name}': "tls" is {"caFile"?: path relative to the repository, "allowSelfSigned"?: boolean}.`);
      }
      declared.tls = { caFile: tls.caFile, allowSelfSigned: tls.allowSelfSigned };
    }
    result.push(declared);
  }
  return result;
}
