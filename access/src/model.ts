// The shapes the access engine works on: a key (session), a policy, an access definition and
// its limit, as the gateway's `user` package holds them (user/session.go, user/policy.go), read
// from our JSON files. Parsing is lenient on purpose: a half-written file in the editor still
// gets an answer, and a member of the wrong type counts as absent (its zero value), as the
// gateway's decoder leaves a field it cannot fill at zero.

export interface AccessSpec {
  url: string;
  methods: string[];
}

export interface EndpointMethod {
  name: string;
  limit: { rate: number; per: number };
}

export interface Endpoint {
  path: string;
  methods: EndpointMethod[];
}

export interface GraphType {
  name: string;
  fields: string[];
}

export interface FieldAccess {
  type_name: string;
  field_name: string;
  limits: { max_query_depth: number };
}

/** An API-level limit (the gateway's APILimit). `setBy` is the gateway's working `SetBy`, never written out. */
export interface Limit {
  rate: number;
  per: number;
  smoothing?: unknown;
  throttle_interval: number;
  throttle_retry_limit: number;
  max_query_depth: number;
  quota_max: number;
  quota_renews: number;
  quota_remaining: number;
  quota_renewal_rate: number;
  setBy: string;
}

export interface AccessDefinition {
  api_name: string;
  api_id: string;
  versions: string[];
  allowed_urls: AccessSpec[];
  restricted_types: GraphType[];
  allowed_types: GraphType[];
  limit: Limit;
  field_access_rights: FieldAccess[];
  disable_introspection: boolean;
  allowance_scope: string;
  endpoints: Endpoint[];
}

export interface Partitions {
  quota: boolean;
  rate_limit: boolean;
  complexity: boolean;
  acl: boolean;
  per_api: boolean;
}

export interface Policy {
  id: string;
  org_id: string;
  name: string;
  rate: number;
  per: number;
  smoothing?: unknown;
  quota_max: number;
  quota_renewal_rate: number;
  throttle_interval: number;
  throttle_retry_limit: number;
  max_query_depth: number;
  access_rights: Map<string, AccessDefinition>;
  hmac_enabled: boolean;
  enable_http_signature_validation: boolean;
  is_inactive: boolean;
  tags: string[];
  meta_data: Record<string, unknown>;
  last_updated: string;
  partitions: Partitions;
  post_expiry_action: string;
  post_expiry_grace_period: number;
}

export interface Session {
  rate: number;
  per: number;
  smoothing?: unknown;
  throttle_interval: number;
  throttle_retry_limit: number;
  max_query_depth: number;
  expires: number;
  quota_max: number;
  quota_renews: number;
  quota_remaining: number;
  quota_renewal_rate: number;
  access_rights: Map<string, AccessDefinition>;
  org_id: string;
  hmac_enabled: boolean;
  enable_http_signature_validation: boolean;
  is_inactive: boolean;
  apply_policy_id: string;
  apply_policies: string[];
  meta_data: Record<string, unknown>;
  tags: string[];
  alias: string;
  last_updated: string;
  post_expiry_action: string;
  post_expiry_grace_period: number;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const bool = (v: unknown): boolean => v === true;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
const objects = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

export function emptyLimit(): Limit {
  return {
    rate: 0,
    per: 0,
    throttle_interval: 0,
    throttle_retry_limit: 0,
    max_query_depth: 0,
    quota_max: 0,
    quota_renews: 0,
    quota_remaining: 0,
    quota_renewal_rate: 0,
    setBy: '',
  };
}

export function emptyAccess(): AccessDefinition {
  return {
    api_name: '',
    api_id: '',
    versions: [],
    allowed_urls: [],
    restricted_types: [],
    allowed_types: [],
    limit: emptyLimit(),
    field_access_rights: [],
    disable_introspection: false,
    allowance_scope: '',
    endpoints: [],
  };
}

export function parseLimit(v: unknown): Limit {
  const o = isObject(v) ? v : {};
  const limit = emptyLimit();
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
    limit[k] = num(o[k]);
  }
  if (isObject(o.smoothing)) limit.smoothing = o.smoothing;
  return limit;
}

function parseEndpoints(v: unknown): Endpoint[] {
  return objects(v).map((e) => ({
    path: str(e.path),
    methods: objects(e.methods).map((m) => {
      const l = isObject(m.limit) ? m.limit : {};
      return { name: str(m.name), limit: { rate: num(l.rate), per: num(l.per) } };
    }),
  }));
}

const parseTypes = (v: unknown): GraphType[] => objects(v).map((t) => ({ name: str(t.name), fields: strings(t.fields) }));

export function parseAccess(v: unknown): AccessDefinition {
  const o = isObject(v) ? v : {};
  return {
    api_name: str(o.api_name),
    api_id: str(o.api_id),
    versions: strings(o.versions),
    allowed_urls: objects(o.allowed_urls).map((u) => ({ url: str(u.url), methods: strings(u.methods) })),
    restricted_types: parseTypes(o.restricted_types),
    allowed_types: parseTypes(o.allowed_types),
    limit: parseLimit(o.limit),
    field_access_rights: objects(o.field_access_rights).map((f) => ({
      type_name: str(f.type_name),
      field_name: str(f.field_name),
      limits: { max_query_depth: num(isObject(f.limits) ? f.limits.max_query_depth : 0) },
    })),
    disable_introspection: bool(o.disable_introspection),
    allowance_scope: str(o.allowance_scope),
    endpoints: parseEndpoints(o.endpoints),
  };
}

function parseRights(v: unknown): Map<string, AccessDefinition> {
  const rights = new Map<string, AccessDefinition>();
  if (isObject(v)) for (const [api, def] of Object.entries(v)) rights.set(api, parseAccess(def));
  return rights;
}

export function parsePolicy(v: unknown): Policy {
  const o = isObject(v) ? v : {};
  const p = isObject(o.partitions) ? o.partitions : {};
  return {
    id: str(o.id),
    org_id: str(o.org_id),
    name: str(o.name),
    rate: num(o.rate),
    per: num(o.per),
    ...(isObject(o.smoothing) ? { smoothing: o.smoothing } : {}),
    quota_max: num(o.quota_max),
    quota_renewal_rate: num(o.quota_renewal_rate),
    throttle_interval: num(o.throttle_interval),
    throttle_retry_limit: num(o.throttle_retry_limit),
    max_query_depth: num(o.max_query_depth),
    access_rights: parseRights(o.access_rights),
    hmac_enabled: bool(o.hmac_enabled),
    enable_http_signature_validation: bool(o.enable_http_signature_validation),
    is_inactive: bool(o.is_inactive),
    tags: strings(o.tags),
    meta_data: isObject(o.meta_data) ? { ...o.meta_data } : {},
    last_updated: str(o.last_updated),
    partitions: { quota: bool(p.quota), rate_limit: bool(p.rate_limit), complexity: bool(p.complexity), acl: bool(p.acl), per_api: bool(p.per_api) },
    post_expiry_action: str(o.post_expiry_action),
    post_expiry_grace_period: num(o.post_expiry_grace_period),
  };
}

export function parseSession(v: unknown): Session {
  const o = isObject(v) ? v : {};
  return {
    rate: num(o.rate),
    per: num(o.per),
    ...(isObject(o.smoothing) ? { smoothing: o.smoothing } : {}),
    throttle_interval: num(o.throttle_interval),
    throttle_retry_limit: num(o.throttle_retry_limit),
    max_query_depth: num(o.max_query_depth),
    expires: num(o.expires),
    quota_max: num(o.quota_max),
    quota_renews: num(o.quota_renews),
    quota_remaining: num(o.quota_remaining),
    quota_renewal_rate: num(o.quota_renewal_rate),
    access_rights: parseRights(o.access_rights),
    org_id: str(o.org_id),
    hmac_enabled: bool(o.hmac_enabled),
    enable_http_signature_validation: bool(o.enable_http_signature_validation),
    is_inactive: bool(o.is_inactive),
    apply_policy_id: str(o.apply_policy_id),
    apply_policies: strings(o.apply_policies),
    meta_data: isObject(o.meta_data) ? { ...o.meta_data } : {},
    tags: strings(o.tags),
    alias: str(o.alias),
    last_updated: str(o.last_updated),
    post_expiry_action: str(o.post_expiry_action),
    post_expiry_grace_period: num(o.post_expiry_grace_period),
  };
}

/** The policy ids a key names, as the gateway's SessionState.PolicyIDs: `apply_policies`, else the deprecated `apply_policy_id`. */
export function policyIdsOf(session: Session): string[] {
  if (session.apply_policies.length > 0) return [...session.apply_policies];
  return session.apply_policy_id ? [session.apply_policy_id] : [];
}
