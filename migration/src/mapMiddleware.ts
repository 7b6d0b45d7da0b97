// migration-mapping.md §5.6 (`middleware.global`) and §5.8 (`errorOverrides`).
import type { ClassicApiDefinition, Json } from './types.js';
import { arr, bool, camelDeep, defined, durationOf, isObject, list, nameValues, not, num, obj, section, str } from './util.js';

export function mapGlobalMiddleware(def: ClassicApiDefinition): Json | undefined {
  const mw = obj(def.custom_middleware);
  const cors = obj(def.CORS);
  const cache = obj(def.cache_options);
  const version = obj(obj(obj(def.version_data).versions)['']);
  return section({
    pluginConfig: section({
      driver: str(mw.driver),
      bundle: section({ enabled: not(def.custom_middleware_bundle_disabled), path: str(def.custom_middleware_bundle) }),
      data: section({
        enabled: not(def.config_data_disabled),
        value: isObject(def.config_data) && Object.keys(def.config_data).length ? def.config_data : undefined,
      }),
    }),
    prePlugins: plugins(mw.pre),
    postAuthenticationPlugins: plugins(mw.post_key_auth),
    postPlugins: plugins(mw.post),
    responsePlugins: plugins(mw.response),
    cors: isObject(def.CORS)
      ? section({
          enabled: bool(cors.enable),
          maxAge: num(cors.max_age),
          allowCredentials: bool(cors.allow_credentials),
          exposedHeaders: list(cors.exposed_headers),
          allowedHeaders: list(cors.allowed_headers),
          optionsPassthrough: bool(cors.options_passthrough),
          debug: bool(cors.debug),
          allowedOrigins: list(cors.allowed_origins),
          allowedMethods: list(cors.allowed_methods),
        })
      : undefined,
    cache: isObject(def.cache_options)
      ? section({
          enabled: bool(cache.enable_cache),
          timeout: num(cache.cache_timeout),
          cacheAllSafeRequests: bool(cache.cache_all_safe_requests),
          cacheResponseCodes: list(cache.cache_response_codes),
          cacheByHeaders: list(cache.cache_by_headers),
          enableUpstreamCacheControl: bool(cache.enable_upstream_cache_control),
          controlTTLHeaderName: str(cache.cache_control_ttl_header),
        })
      : undefined,
    transformRequestHeaders: headerTransform(version, 'global_headers'),
    transformResponseHeaders: headerTransform(version, 'global_response_headers'),
    contextVariables: section({ enabled: bool(def.enable_context_vars) }),
    trafficLogs: mapTrafficLogs(def),
    requestSizeLimit:
      (num(version.global_size_limit) ?? 0) > 0 ? { enabled: not(version.global_size_limit_disabled), value: version.global_size_limit } : undefined,
    ignoreCase: section({ enabled: bool(version.ignore_endpoint_case) }),
    skipRateLimit: def.disable_rate_limit === true ? true : undefined,
    skipQuota: def.disable_quota === true ? true : undefined,
    skipQuotaReset: def.dont_set_quota_on_create === true ? true : undefined,
  });
}

/** MwEntry[] → Plugin[] (§5.6). */
function plugins(entries: unknown): Json[] | undefined {
  const out = arr<Json>(entries)
    .filter(isObject)
    .map((p) =>
      defined({
        enabled: not(p.disabled),
        functionName: p.name ?? '',
        path: p.path ?? '',
        rawBodyOnly: bool(p.raw_body_only),
        requireSession: bool(p.require_session),
      }),
    );
  return out.length ? out : undefined;
}

/** `global_headers` / `global_response_headers` (+ `_remove`, `_disabled`) of version `""`. */
function headerTransform(version: Json, prefix: 'global_headers' | 'global_response_headers'): Json | undefined {
  return section({
    enabled: not(version[`${prefix}_disabled`]),
    add: nameValues(version[prefix]),
    remove: list(version[`${prefix}_remove`]),
  });
}

/**
 * `trafficLogs`: written whenever traffic is logged, because an absent member means "off" to
 * the reverse conversion (§7) while an absent `do_not_track` means "on" in classic.
 */
function mapTrafficLogs(def: ClassicApiDefinition): Json | undefined {
  return section({
    enabled: not(def.do_not_track),
    tagHeaders: list(def.tag_headers),
    customRetentionPeriod: durationOf(def.expire_analytics_after),
  });
}

/** §5.8: `error_overrides` (map status code → overrides), snake_case → camelCase. */
export function mapErrorOverrides(def: ClassicApiDefinition): Json | undefined {
  const value = isObject(def.error_overrides) && Object.keys(def.error_overrides).length ? def.error_overrides : undefined;
  if (!value) return undefined;
  const out: Json = {};
  // Status codes and response header names are data, not field names: only members are renamed.
  for (const code of Object.keys(value)) out[code] = camelDeep(value[code], new Set(['headers']));
  return { enabled: not(def.error_overrides_disabled), value: out };
}
