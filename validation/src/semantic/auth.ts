// Rule 2 of the gateway (gateway facts §9.1): every enabled auth method keeps at least one
// auth source (header, query or cookie), in classic and in OAS documents.

import { childPointer } from '../jsonPointer';
import { Codes } from '../codes';
import type { Problem } from '../problem';
import { error, obj, type Json } from './util';

const message = (name: string): string => `All auth sources are disabled for \`${name}\`: enable at least one of header, query or cookie.`;

/** Classic switch → `auth_configs` key. */
const CLASSIC_METHODS: Array<[flag: string, config: string]> = [
  ['use_standard_auth', 'authToken'],
  ['enable_jwt', 'jwt'],
  ['enable_signature_checking', 'hmac'],
  ['use_oauth2', 'oauth'],
  ['use_openid', 'oidc'],
  ['enable_coprocess_auth', 'coprocess'],
];

export function classicAuthSources(api: Json, pointer: string, out: Problem[]): void {
  const configs = obj(api.auth_configs);
  for (const [flag, name] of CLASSIC_METHODS) {
    if (api[flag] !== true) continue;
    // `auth` is the legacy home of the token method's settings.
    const where =
      configs && obj(configs[name])
        ? childPointer(childPointer(pointer, 'auth_configs'), name)
        : name === 'authToken' && obj(api.auth)
          ? childPointer(pointer, 'auth')
          : undefined;
    if (!where) continue; // no config: the gateway's default reads the header
    const config: Json = (configs && obj(configs[name])) ?? obj(api.auth) ?? {};
    if (config.disable_header === true && config.use_param !== true && config.use_cookie !== true) {
      out.push(error(where, 'key', Codes.authSources, message(name)));
    }
  }
}

/**
 * OAS: each enabled vendor scheme, and hmac/custom/oidc, needs a source the gateway can read a
 * credential from. A source the extension does not mention is not "off": the gateway takes it
 * from the `components.securitySchemes` entry of the same name (an apiKey's `in`/`name`) or
 * falls back to the `Authorization` header. Only sources written as `enabled: false`, with no
 * other source left, leave the gateway nothing to read (its rule on the converted definition).
 */
export function oasAuthSources(authentication: unknown, pointer: string, out: Problem[], components?: Json): void {
  const auth = obj(authentication);
  if (!auth || auth.enabled !== true) return;
  const check = (config: unknown, where: string, name: string, oasScheme: Json | undefined): void => {
    const c = obj(config);
    if (!c || c.enabled !== true) return;
    if (!allSourcesOff(c, oasScheme)) return;
    out.push(error(where, 'key', Codes.authSources, message(name)));
  };
  const schemes = obj(auth.securitySchemes);
  if (schemes) {
    for (const [name, scheme] of Object.entries(schemes)) {
      check(scheme, childPointer(childPointer(pointer, 'securitySchemes'), name), name, obj(components?.[name]));
    }
  }
  for (const name of ['hmac', 'custom', 'oidc']) check(auth[name], childPointer(pointer, name), name, undefined);
}

const SOURCES = ['header', 'query', 'cookie'] as const;

/** True only when the header is explicitly off and no other source is on (written or from the OAS scheme). */
function allSourcesOff(config: Json, oasScheme: Json | undefined): boolean {
  const header = obj(config.header);
  // No `header` object: the gateway reads the default header (or the OAS scheme's `in`).
  if (!header || header.enabled !== false) return false;
  if (SOURCES.some((s) => s !== 'header' && obj(config[s])?.enabled === true)) return false;
  // An apiKey scheme in the query or a cookie gives that source even when the extension is silent about it.
  const place = typeof oasScheme?.in === 'string' ? oasScheme.in : undefined;
  if ((place === 'query' || place === 'cookie') && obj(config[place])?.enabled !== false) return false;
  return true;
}
