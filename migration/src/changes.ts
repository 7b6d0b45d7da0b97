// What changed shape on the way from classic to OAS (migration-mapping.md §3–§5), one sentence per
// reshaping that applies to this API: the preview and the migration report show them beside what was
// dropped (§6), so a user sees where each setting went and in which form. Read from the classic input
// (as written, before pre-processing) and the finished documents; pure.
import type { ClassicApiDefinition, Json, OasDocument } from './types.js';
import { baseVersionName } from './versioning.js';
import { arr, durationFromNanoseconds, durationOf, isObject, obj, str } from './util.js';

type Rule = (input: ClassicApiDefinition, base: OasDocument, versions: OasDocument[]) => string | string[] | undefined;

const EXT = 'x-svc-api-gateway';
const METHOD_ACTION_LISTS = ['ignored', 'white_list', 'black_list'];

/** The extended paths and global settings of the base version, as written in the classic input. */
function baseVersion(input: ClassicApiDefinition): Json {
  return obj(obj(obj(input.version_data).versions)[baseVersionName(input)]);
}
const extendedPaths = (input: ClassicApiDefinition): Json => obj(baseVersion(input).extended_paths);
const nonEmptyMap = (v: unknown): boolean => isObject(v) && Object.keys(v).length > 0;

const RULES: readonly Rule[] = [
  (_input, base, versions) => {
    if (versions.length === 0) return undefined;
    const names = versions.map((v) => `${v.info.version} → ${String(v[EXT]?.info?.name ?? v.info.title)}`).join(', ');
    return `version_data.versions: each non-default version became its own internal child API (${names}), listed in the base's info.versioning`;
  },
  (input) =>
    Object.values(extendedPaths(input)).some((list) => arr(list).length > 0)
      ? 'extended_paths entries (path + method) → OAS operations in paths, their settings in middleware.operations under operationId <path><METHOD>'
      : undefined,
  (input) =>
    METHOD_ACTION_LISTS.some((l) => arr<Json>(extendedPaths(input)[l]).some((e) => nonEmptyMap(obj(e).method_actions)))
      ? 'ignored / white_list / black_list method_actions → one operation per method; reply actions → mockResponse (its code an OAS response)'
      : undefined,
  (input) =>
    arr(extendedPaths(input).cache).some((p) => typeof p === 'string')
      ? 'extended_paths.cache (plain paths) → a per-operation cache for GET, HEAD and OPTIONS, from cache_options'
      : undefined,
  (_input, base) =>
    Object.values(obj(base.paths)).some((item) => arr<Json>(obj(item).parameters).some((p) => /^customRegex\d+$/.test(String(p.name))))
      ? 'regular-expression path segments → path parameters customRegex1, customRegex2, … (pattern kept for bare segments)'
      : undefined,
  (input) => {
    const v = baseVersion(input);
    const out: string[] = [];
    if (nonEmptyMap(v.global_headers)) out.push('global_headers (map) → middleware.global.transformRequestHeaders.add (list of {name, value})');
    if (nonEmptyMap(v.global_response_headers)) {
      out.push('global_response_headers (map) → middleware.global.transformResponseHeaders.add (list of {name, value})');
    }
    const ep = extendedPaths(input);
    if (['transform_headers', 'transform_response_headers'].some((l) => arr<Json>(ep[l]).some((e) => nonEmptyMap(obj(e).add_headers)))) {
      out.push("transform_headers add_headers (map) → the operation's transformRequestHeaders / transformResponseHeaders.add (list of {name, value})");
    }
    return out;
  },
  (input) => (arr(extendedPaths(input).validate_json).length ? "validate_json schemas → the operation's requestBody (application/json)" : undefined),
  (input) => (arr(extendedPaths(input).go_plugin).length ? "go_plugin entries → the operation's postPlugins" : undefined),
  (input) => {
    const seconds: Array<[string, unknown, string]> = [
      ['session_lifetime', input.session_lifetime, 'server.authentication.customKeyLifetime.value'],
      ['expire_analytics_after', input.expire_analytics_after, 'middleware.global.trafficLogs.customRetentionPeriod'],
      ['uptime_tests.config.recheck_wait', obj(obj(input.uptime_tests).config).recheck_wait, 'upstream.uptimeTests.hostDownRetestPeriod'],
      ['uptime_tests.config.expire_utime_after', obj(obj(input.uptime_tests).config).expire_utime_after, 'upstream.uptimeTests.logRetentionPeriod'],
      ['global_enforce_timeout', baseVersion(input).global_enforce_timeout, 'upstream.enforceTimeout.duration'],
    ];
    return seconds.filter(([, v]) => durationOf(v)).map(([from, v, to]) => `${from} ${String(v)} (seconds) → ${to} "${durationOf(v)}"`);
  },
  (input) => {
    const checks = arr<Json>(obj(input.uptime_tests).check_list).filter(isObject);
    const out: string[] = [];
    const timeouts = checks.filter((c) => typeof c.timeout === 'number' && durationFromNanoseconds(c.timeout));
    if (timeouts.length) {
      const examples = timeouts.map((c) => `${c.timeout} → "${durationFromNanoseconds(c.timeout)}"`).join(', ');
      out.push(`uptime_tests.check_list[].timeout (nanoseconds) → readable durations down to µs and ns (${examples})`);
    }
    if (checks.some((c) => str(c.protocol))) out.push('uptime_tests.check_list[].protocol → the scheme of upstream.uptimeTests.tests[].url');
    return out;
  },
  (input) => {
    const per = obj(input.global_rate_limit).per;
    return typeof per === 'number' && per > 0
      ? `global_rate_limit.per ${per} → upstream.rateLimit.per ${per}: integer seconds, as the spec decides ` +
          `(the reference gateway writes "${durationOf(per)}")`
      : undefined;
  },
  (input) => {
    const t = obj(obj(input.proxy).transport);
    const isTls = (v: unknown) => typeof v === 'number' && v >= 769 && v <= 772;
    return isTls(t.ssl_min_version) || isTls(t.ssl_max_version)
      ? 'proxy.transport TLS versions (769–772) → upstream.tlsTransport minVersion / maxVersion strings "1.0"–"1.3"'
      : undefined;
  },
  (input) => [
    ...(nonEmptyMap(input.upstream_certificates) ? ['upstream_certificates (map) → upstream.mutualTLS.domainToCertificateMapping (list)'] : []),
    ...(nonEmptyMap(input.pinned_public_keys)
      ? ['pinned_public_keys (map of comma-separated keys) → upstream.certificatePinning.domainToPublicKeysMapping (list of key lists)']
      : []),
  ],
  (input) => {
    const targets = [...arr(obj(input.proxy).target_list), ...arr(obj(input.proxy).targets)];
    return targets.length ? 'proxy targets → upstream.loadBalancing.targets, a repeated URL becoming one target with a weight' : undefined;
  },
  (input) =>
    arr<Json>(obj(input.openid_options).providers).some((p) => nonEmptyMap(obj(p).client_ids))
      ? 'openid_options.providers[].client_ids (map) → server.authentication.oidc.providers[].clientToPolicyMapping (list)'
      : undefined,
  (input) =>
    str(input.jwt_scope_claim_name) || nonEmptyMap(input.jwt_scope_to_policy_mapping)
      ? 'jwt_scope_claim_name / jwt_scope_to_policy_mapping → the JWT (or OIDC) scopes {claimName, scopeToPolicyMapping}'
      : undefined,
  (_input, base) => {
    const names = Object.keys(obj(obj(base.components).securitySchemes));
    return names.length ? `auth methods and auth_configs → components.securitySchemes and security (${names.join(', ')})` : undefined;
  },
  (input) =>
    nonEmptyMap(obj(input.event_handlers).events) ? 'event_handlers.events (map by event) → server.eventHandlers (list, trigger = the event)' : undefined,
  (input) => (nonEmptyMap(input.error_overrides) ? 'error_overrides (snake_case) → errorOverrides (camelCase)' : undefined),
];

/** The shape changes of one migrated API (its base document and child versions). */
export function shapeChanges(input: ClassicApiDefinition, base: OasDocument, versions: OasDocument[]): string[] {
  return RULES.flatMap((rule) => {
    const r = rule(input, base, versions);
    return r === undefined ? [] : Array.isArray(r) ? r : [r];
  });
}
