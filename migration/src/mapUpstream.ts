// migration-mapping.md §5.2: `x-svc-api-gateway.upstream`.
import type { ClassicApiDefinition, ConvertOptions, Json, Report } from './types.js';
import { arr, bool, camelDeep, defined, durationFromNanoseconds, durationOf, isObject, list, not, num, obj, section, str, stringMap } from './util.js';

/** Classic TLS versions (Go's tls.VersionTLS1x) → OAS strings. */
const TLS_VERSIONS: Readonly<Record<number, string>> = { 769: '1.0', 770: '1.1', 771: '1.2', 772: '1.3' };

export function mapUpstream(def: ClassicApiDefinition, options: ConvertOptions, report: Report): Json {
  const proxy = obj(def.proxy);
  const version = obj(obj(obj(def.version_data).versions)['']);
  return defined({
    url: str(proxy.target_url),
    serviceDiscovery: mapServiceDiscovery(proxy.service_discovery),
    uptimeTests: mapUptimeTests(def),
    mutualTLS: section({
      enabled: not(def.upstream_certificates_disabled),
      domainToCertificateMapping: mapEntries(def.upstream_certificates, (domain, certificate) => ({ domain, certificate })),
    }),
    certificatePinning: section({
      enabled: not(def.certificate_pinning_disabled),
      domainToPublicKeysMapping: mapEntries(def.pinned_public_keys, (domain, keys) => ({
        domain,
        // Classic holds a comma-separated list of key ids per domain.
        publicKeys: String(keys)
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      })),
    }),
    rateLimit: mapGlobalRateLimit(def, options, report),
    authentication: mapUpstreamAuth(def.upstream_auth),
    loadBalancing: mapLoadBalancing(proxy),
    preserveHostHeader: section({ enabled: bool(proxy.preserve_host_header) }),
    preserveTrailingSlash: section({ enabled: bool(proxy.disable_strip_slash) }),
    tlsTransport: mapTlsTransport(obj(proxy.transport), report),
    proxy: str(obj(proxy.transport).proxy_url) ? { enabled: true, url: proxy.transport.proxy_url } : undefined,
    enforceTimeout: mapEnforceTimeout(version),
  });
}

/** `SvcDisc` → `SvcDiscOas`; omitted unless discovery is on or configured. */
export function mapServiceDiscovery(sd: unknown): Json | undefined {
  if (!isObject(sd) || (sd.use_discovery_service !== true && !str(sd.query_endpoint))) return undefined;
  return defined({
    enabled: sd.use_discovery_service === true,
    queryEndpoint: str(sd.query_endpoint),
    dataPath: str(sd.data_path),
    useNestedQuery: bool(sd.use_nested_query),
    parentDataPath: str(sd.parent_data_path),
    portDataPath: str(sd.port_data_path),
    useTargetList: bool(sd.use_target_list),
    targetPath: str(sd.target_path),
    endpointReturnsList: bool(sd.endpoint_returns_list),
    cacheTimeout: num(sd.cache_timeout),
    cache: defined({ enabled: not(sd.cache_disabled), timeout: num(sd.cache_timeout) }),
  });
}

/**
 * `uptime_tests` (+ `proxy.check_host_against_uptime_tests`) → `uptimeTests`, the reference form
 * that gateway-facts §3.4 says to tolerate as a known member (the spec's `upstream.test` has no
 * room for the checks). Enabled only when checks exist and the tests are not disabled. Inside, the
 * reference's conversion fixtures decide: `headers` stays a map of strings, the check's `protocol`
 * becomes the URL's scheme, and Go nanosecond timeouts keep every unit down to `ns`.
 */
function mapUptimeTests(def: ClassicApiDefinition): Json | undefined {
  const ut = obj(def.uptime_tests);
  const config = obj(ut.config);
  const checks = arr<Json>(ut.check_list).filter(isObject);
  return section({
    enabled: checks.length > 0 && not(ut.disabled),
    tests: checks.length
      ? checks.map((c) =>
          defined({
            url: checkUrl(c),
            timeout: uptimeTimeout(c.timeout),
            method: str(c.method),
            headers: stringMap(c.headers),
            body: str(c.body),
            commands: list(c.commands),
            enableProxyProtocol: bool(c.enable_proxy_protocol),
          }),
        )
      : undefined,
    serviceDiscovery: mapServiceDiscovery(config.service_discovery),
    hostDownRetestPeriod: durationOf(config.recheck_wait),
    logRetentionPeriod: durationOf(config.expire_utime_after),
  });
}

const URL_SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//;

/** The check's URL with its `protocol` as the scheme (the OAS test has no `protocol` member). */
function checkUrl(check: Json): string {
  const url = typeof check.url === 'string' ? check.url : '';
  const protocol = str(check.protocol)?.replace(/:\/*$/, '');
  if (!protocol) return url;
  return URL_SCHEME.test(url) ? url.replace(URL_SCHEME, `${protocol}://`) : `${protocol}://${url}`;
}

/** Check timeouts: a duration string in dashboard bodies, Go nanoseconds in gateway bodies. */
function uptimeTimeout(v: unknown): string | undefined {
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v !== 'number') return undefined;
  return durationFromNanoseconds(v);
}

/** `global_rate_limit` → `upstream.rateLimit`; `per` in the spec's integer seconds by default. */
function mapGlobalRateLimit(def: ClassicApiDefinition, options: ConvertOptions, report: Report): Json | undefined {
  const rl = def.global_rate_limit;
  if (!isObject(rl)) return undefined;
  const rate = num(rl.rate) ?? 0;
  if (!Number.isInteger(rate)) report.warnings.push(`global_rate_limit.rate ${rate} truncated to ${Math.trunc(rate)}`);
  const per = num(rl.per) ?? 0;
  return section({
    enabled: not(rl.disabled),
    rate: Math.trunc(rate),
    per: options.rateLimitPer === 'duration' ? (durationOf(per) ?? '0s') : per,
  });
}

/** `upstream_auth` → `upstream.authentication` (snake_case → camelCase). */
function mapUpstreamAuth(ua: unknown): Json | undefined {
  if (!isObject(ua)) return undefined;
  const basic = obj(ua.basic_auth);
  // `header_name` (doc) and the `{enabled, name}` form both occur.
  const header = isObject(basic.header)
    ? section({ enabled: bool(basic.header.enabled), name: str(basic.header.name) })
    : str(basic.header_name)
      ? { enabled: true, name: basic.header_name }
      : undefined;
  const oauth = obj(ua.oauth);
  return section({
    enabled: bool(ua.enabled),
    basicAuth: section({
      enabled: bool(basic.enabled),
      username: str(basic.username),
      password: str(basic.password),
      header,
    }),
    oauth: section({
      enabled: bool(oauth.enabled),
      allowedAuthorizeTypes: list(oauth.allowed_authorize_types),
      clientCredentials: isObject(oauth.client_credentials) ? section(camelDeep(oauth.client_credentials, EXTRA)) : undefined,
      password: isObject(oauth.password) ? section(camelDeep(oauth.password, EXTRA)) : undefined,
    }),
  });
}
/** Members whose keys are data, not field names. */
const EXTRA = new Set(['extra_metadata']);

/** `proxy.target_list`: repeated URLs collapse into one target weighted by the repeat count. */
function mapLoadBalancing(proxy: Json): Json | undefined {
  const urls = [...arr<unknown>(proxy.target_list), ...arr<unknown>(proxy.targets)].filter((u): u is string => typeof u === 'string' && u !== '');
  const weights = new Map<string, number>();
  for (const url of urls) weights.set(url, (weights.get(url) ?? 0) + 1);
  return section({
    enabled: bool(proxy.enable_load_balancing),
    targets: weights.size ? [...weights].map(([url, weight]) => ({ url, weight })) : undefined,
  });
}

function mapTlsTransport(t: Json, report: Report): Json | undefined {
  const version = (member: string): string | undefined => {
    const v = num(t[member]);
    if (!v) return undefined;
    if (TLS_VERSIONS[v]) return TLS_VERSIONS[v];
    report.warnings.push(`proxy.transport.${member} ${v} dropped: not a TLS version (769–772)`);
    return undefined;
  };
  return section({
    insecureSkipVerify: bool(t.ssl_insecure_skip_verify),
    ciphers: list(t.ssl_ciphers),
    minVersion: version('ssl_min_version'),
    maxVersion: version('ssl_max_version'),
    forceCommonNameCheck: bool(t.ssl_force_common_name_check),
  });
}

/** `versions[""].global_enforce_timeout`: seconds or an already readable duration. */
function mapEnforceTimeout(version: Json): Json | undefined {
  const v = version.global_enforce_timeout;
  const value = typeof v === 'number' ? durationOf(v) : str(v);
  if (!value) return undefined;
  return { enabled: not(version.global_enforce_timeout_disabled), duration: value };
}

/** A map → array of items built from each key/value pair, sorted by key; undefined when empty. */
export function mapEntries<T>(map: unknown, item: (key: string, value: any) => T): T[] | undefined {
  if (!isObject(map)) return undefined;
  const out = Object.keys(map)
    .sort()
    .map((k) => item(k, map[k]));
  return out.length ? out : undefined;
}
