// The effective session as JSON, with zero values left out the way the gateway's encoder leaves
// them out (`omitzero`/`omitempty` on AccessDefinition and APILimit), so that `"a": {}` means
// "access to a, nothing else set" in our fixtures and in `svc explain --format json`.
import type { AccessDefinition, Endpoint, Limit, Session } from './model';

type Json = Record<string, unknown>;

function limitJson(l: Limit): Json {
  const out: Json = {};
  for (const k of [
    'rate',
    'per',
    'throttle_interval',
    'throttle_retry_limit',
    'max_query_depth',
    'quota_max',
    'quota_renews',
    'quota_remaining',
    'quota_renewal_rate',
  ] as const) {
    if (l[k] !== 0) out[k] = l[k];
  }
  if (l.smoothing !== undefined && l.smoothing !== null) out.smoothing = l.smoothing;
  return out;
}

/** Per-endpoint limits with zero rate or per left out, as the gateway writes them. */
export function endpointsJson(endpoints: readonly Endpoint[]): Json[] {
  return endpoints.map((e) => ({
    path: e.path,
    methods: e.methods.map((m) => ({
      name: m.name,
      limit: { ...(m.limit.rate !== 0 ? { rate: m.limit.rate } : {}), ...(m.limit.per !== 0 ? { per: m.limit.per } : {}) },
    })),
  }));
}

export function accessJson(a: AccessDefinition): Json {
  const out: Json = {};
  if (a.api_name) out.api_name = a.api_name;
  if (a.api_id) out.api_id = a.api_id;
  if (a.versions.length) out.versions = a.versions;
  if (a.allowed_urls.length) out.allowed_urls = a.allowed_urls;
  if (a.restricted_types.length) out.restricted_types = a.restricted_types;
  if (a.allowed_types.length) out.allowed_types = a.allowed_types;
  const limit = limitJson(a.limit);
  if (Object.keys(limit).length) out.limit = limit;
  if (a.field_access_rights.length) out.field_access_rights = a.field_access_rights;
  if (a.disable_introspection) out.disable_introspection = true;
  if (a.allowance_scope) out.allowance_scope = a.allowance_scope;
  if (a.endpoints.length) out.endpoints = endpointsJson(a.endpoints);
  return out;
}

export function rightsJson(rights: Map<string, AccessDefinition>): Json {
  const out: Json = {};
  for (const [api, def] of rights) out[api] = accessJson(def);
  return out;
}

/** The members of the effective session a reader cares about. */
export function sessionJson(s: Session): Json {
  return {
    access_rights: rightsJson(s.access_rights),
    rate: s.rate,
    per: s.per,
    quota_max: s.quota_max,
    quota_renewal_rate: s.quota_renewal_rate,
    throttle_interval: s.throttle_interval,
    throttle_retry_limit: s.throttle_retry_limit,
    max_query_depth: s.max_query_depth,
    is_inactive: s.is_inactive,
    expires: s.expires,
    tags: s.tags,
    meta_data: s.meta_data,
    hmac_enabled: s.hmac_enabled,
  };
}
