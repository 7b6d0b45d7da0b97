// The gateway's rule set on classic definitions (gateway facts §9.1), reporting every
// violation rather than the first.

import { childPointer } from '../jsonPointer';
import { Codes } from '../codes';
import type { Problem } from '../problem';
import { classicAuthSources } from './auth';
import { apiIdProblem, classicLoadBalancing, classicLoadSkips, ipListProblems, listenPathProblem, timeoutProblem } from './network';
import { arr, error, obj, type Json } from './util';
import { UPSTREAM_AUTH_MODES } from './oas';

export function classicProblems(value: unknown, pointer: string): Problem[] {
  const api = obj(value);
  if (!api) return [];
  const out: Problem[] = [];
  const at = (...segments: Array<string | number>): string => segments.reduce<string>((p, s) => childPointer(p, s), pointer);

  classicAuthSources(api, pointer, out);
  ipListProblems(api.allowed_ips, at('allowed_ips'), api.enable_ip_whitelisting === true, out);
  ipListProblems(api.blacklisted_ips, at('blacklisted_ips'), api.enable_ip_blacklisting === true, out);
  const proxy = obj(api.proxy);
  if (proxy) {
    listenPathProblem(proxy.listen_path, at('proxy', 'listen_path'), out);
    classicLoadBalancing(proxy, at('proxy'), out);
  }
  apiIdProblem(api.api_id, at('api_id'), 'api_id', out);
  classicUpstreamAuth(obj(api.upstream_auth), at('upstream_auth'), out);
  classicLoadSkips(api, pointer, out);

  const versions = obj(obj(api.version_data)?.versions);
  for (const [name, version] of Object.entries(versions ?? {})) {
    const v = obj(version);
    if (!v) continue;
    timeoutProblem(v.global_enforce_timeout, at('version_data', 'versions', name, 'global_enforce_timeout'), 'global_enforce_timeout', out, false);
    arr(obj(v.extended_paths)?.hard_timeouts)?.forEach((entry, i) => {
      timeoutProblem(obj(entry)?.timeout, at('version_data', 'versions', name, 'extended_paths', 'hard_timeouts', i, 'timeout'), 'timeout', out);
    });
  }

  // Rule 1: GraphQL data-source names unique (case-insensitive, trimmed).
  const seen = new Map<string, number>();
  arr(obj(obj(api.graphql)?.engine)?.data_sources)?.forEach((source, i) => {
    const name = obj(source)?.name;
    if (typeof name !== 'string') return;
    const key = name.trim().toLowerCase();
    if (seen.has(key)) {
      out.push(
        error(
          at('graphql', 'engine', 'data_sources', i, 'name'),
          'value',
          Codes.dataSourceNames,
          `The data source name \`${name}\` is already used by item ${seen.get(key)}: names must be unique.`,
        ),
      );
    } else seen.set(key, i);
  });
  return out;
}

const OAUTH_TYPES = ['clientCredentials', 'password'];

/**
 * Rule 5 on classic `upstream_auth` (apidef/validator.go, RuleUpstreamAuth.Validate): only when
 * `enabled` and one mode is on; one mode at a time; OAuth with exactly one known authorization type.
 */
function classicUpstreamAuth(auth: Json | undefined, pointer: string, out: Problem[]): void {
  const basic = obj(auth?.basic_auth);
  const oauth = obj(auth?.oauth);
  // With neither mode on, neither check below can find anything.
  if (!auth || auth.enabled !== true) return;
  if (basic?.enabled === true && oauth?.enabled === true) out.push(error(pointer, 'key', Codes.upstreamAuth, UPSTREAM_AUTH_MODES));
  if (oauth?.enabled !== true) return;
  const where = childPointer(pointer, 'oauth');
  const types = arr(oauth.allowed_authorize_types) ?? [];
  if (types.length === 0) {
    out.push(
      error(
        where,
        'key',
        Codes.upstreamAuth,
        'Upstream OAuth needs its authorization type ("upstream OAuth authorization type is required"): ' +
          'set `allowed_authorize_types` to `["clientCredentials"]` or `["password"]`.',
      ),
    );
    return;
  }
  if (types.length > 1) {
    out.push(
      error(
        childPointer(where, 'allowed_authorize_types'),
        'value',
        Codes.upstreamAuth,
        'Upstream OAuth takes one authorization type ("multiple upstream OAuth authorization type not allowed"): keep only `clientCredentials` or `password`.',
      ),
    );
  }
  if (!OAUTH_TYPES.includes(types[0] as string)) {
    out.push(
      error(
        childPointer(childPointer(where, 'allowed_authorize_types'), 0),
        'value',
        Codes.upstreamAuth,
        `\`${String(types[0])}\` is not an upstream OAuth authorization type ("invalid OAuth authorization type"): ` +
          `write \`clientCredentials\` or \`password\`.`,
      ),
    );
  }
}
