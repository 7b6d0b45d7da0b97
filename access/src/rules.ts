// Small rules the gateway's policy code leans on, in our words. Sources (reference gateway):
// internal/policy/util.go (greaterThanInt64, appendIfMissing, MergeAllowedURLs) and
// user/session.go (RateLimit.Duration, APILimit.IsEmpty, Endpoints.Map / Endpoints()).
import type { AccessDefinition, AccessSpec, Endpoint, Limit, Policy, Session } from './model';

/** `-1` means "unlimited" and beats everything; otherwise the larger number wins. */
export function greater(first: number, second: number): boolean {
  if (first === -1) return true;
  if (second === -1) return false;
  return first > second;
}

/** Time between two allowed requests, in nanoseconds (0 when rate or per is not positive): the smaller, the more generous. */
export function duration(rate: number, per: number): number {
  if (per <= 0 || rate <= 0) return 0;
  return Math.trunc((1e9 * per) / rate);
}

export function limitIsEmpty(l: Limit): boolean {
  return (
    l.rate === 0 &&
    l.per === 0 &&
    l.throttle_interval === 0 &&
    l.throttle_retry_limit === 0 &&
    l.max_query_depth === 0 &&
    l.quota_max === 0 &&
    l.quota_renews === 0 &&
    l.quota_remaining === 0 &&
    l.quota_renewal_rate === 0 &&
    l.setBy === ''
  );
}

/** The policy's own fields as an API limit (the gateway's Policy.APILimit). */
export function policyLimit(p: Policy): Limit {
  return {
    rate: p.rate,
    per: p.per,
    ...(p.smoothing !== undefined ? { smoothing: p.smoothing } : {}),
    throttle_interval: p.throttle_interval,
    throttle_retry_limit: p.throttle_retry_limit,
    max_query_depth: p.max_query_depth,
    quota_max: p.quota_max,
    quota_renews: 0,
    quota_remaining: 0,
    quota_renewal_rate: p.quota_renewal_rate,
    setBy: '',
  };
}

/** The key's own fields as an API limit (the gateway's SessionState.APILimit). */
export function sessionLimit(s: Session): Limit {
  return {
    rate: s.rate,
    per: s.per,
    ...(s.smoothing !== undefined ? { smoothing: s.smoothing } : {}),
    throttle_interval: s.throttle_interval,
    throttle_retry_limit: s.throttle_retry_limit,
    max_query_depth: s.max_query_depth,
    quota_max: s.quota_max,
    quota_renews: s.quota_renews,
    quota_remaining: 0,
    quota_renewal_rate: s.quota_renewal_rate,
    setBy: '',
  };
}

/** dest plus every item of `extra` it lacks, in order; dest's own duplicates stay. */
export function appendMissing(dest: readonly string[], extra: readonly string[]): string[] {
  const seen = new Set(dest);
  const out = [...dest];
  for (const item of extra) {
    if (seen.has(item)) continue;
    seen.add(item);
    out.push(item);
  }
  return out;
}

/** Union of two allowed_urls lists: one entry per URL (first seen order), methods unioned. */
export function mergeAllowedUrls(a: readonly AccessSpec[], b: readonly AccessSpec[]): AccessSpec[] {
  const merged = new Map<string, AccessSpec>();
  for (const spec of [...a, ...b]) {
    const seen = merged.get(spec.url);
    merged.set(spec.url, seen ? { url: seen.url, methods: appendMissing(seen.methods, spec.methods) } : { url: spec.url, methods: [...spec.methods] });
  }
  return [...merged.values()];
}

interface EndpointLimit {
  path: string;
  method: string;
  rate: number;
  per: number;
}

function endpointMap(endpoints: readonly Endpoint[]): Map<string, EndpointLimit> {
  const map = new Map<string, EndpointLimit>();
  for (const e of endpoints)
    for (const m of e.methods) map.set(`${m.name}\u0000${e.path}`, { path: e.path, method: m.name, rate: m.limit.rate, per: m.limit.per });
  return map;
}

function endpointsOf(map: Map<string, EndpointLimit>): Endpoint[] {
  const byPath = new Map<string, Endpoint>();
  for (const l of map.values()) {
    const e = byPath.get(l.path) ?? { path: l.path, methods: [] };
    e.methods.push({ name: l.method, limit: { rate: l.rate, per: l.per } });
    byPath.set(l.path, e);
  }
  const sorted = [...byPath.values()].sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
  for (const e of sorted) e.methods.sort((x, y) => (x.name.toUpperCase() < y.name.toUpperCase() ? -1 : 1));
  return sorted;
}

/** Per-endpoint rate limits of two sources combined: every endpoint of either, the more generous limit where both set one. */
export function mergeEndpointLimits(fromPolicy: readonly Endpoint[], current: readonly Endpoint[]): Endpoint[] {
  const curr = endpointMap(current);
  if (curr.size === 0) return fromPolicy.map((e) => ({ path: e.path, methods: e.methods.map((m) => ({ name: m.name, limit: { ...m.limit } })) }));
  const result = endpointMap(fromPolicy);
  if (result.size === 0) return endpointsOf(curr);
  for (const [key, c] of curr) {
    const p = result.get(key);
    if (!p) {
      result.set(key, c);
      continue;
    }
    const pd = duration(p.rate, p.per);
    const cd = duration(c.rate, c.per);
    if (pd > cd || (pd === cd && c.rate > p.rate)) result.set(key, c);
  }
  return endpointsOf(result);
}

export function cloneAccess(a: AccessDefinition): AccessDefinition {
  return {
    ...a,
    versions: [...a.versions],
    allowed_urls: a.allowed_urls.map((u) => ({ url: u.url, methods: [...u.methods] })),
    restricted_types: a.restricted_types.map((t) => ({ name: t.name, fields: [...t.fields] })),
    allowed_types: a.allowed_types.map((t) => ({ name: t.name, fields: [...t.fields] })),
    limit: { ...a.limit },
    field_access_rights: a.field_access_rights.map((f) => ({ ...f, limits: { ...f.limits } })),
    endpoints: a.endpoints.map((e) => ({ path: e.path, methods: e.methods.map((m) => ({ name: m.name, limit: { ...m.limit } })) })),
  };
}
