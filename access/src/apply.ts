// Applying a key's policies, step for step as the reference gateway does it
// (internal/policy/apply.go: Service.Apply, ClearSession, applyPartitions, applyPerAPI,
// finaliseRights, updateSessionRootVars, applyAPILevelLimits). Written in our words; the peer
// suite under test/fixtures/access/ checks it against the reference's own test table.
//
// One deliberate difference: the gateway walks Go maps, whose order is random; we walk the
// members in the order the JSON files list them, so an answer never changes between runs.
// Beside the effective session we keep the provenance of every decision (which policy granted
// an API, where each limit came from) for the explanations and the editor.
import { emptyAccess, policyIdsOf, type AccessDefinition, type Limit, type Policy, type Session } from './model';
import { appendMissing, cloneAccess, duration, greater, limitIsEmpty, mergeAllowedUrls, mergeEndpointLimits, policyLimit, sessionLimit } from './rules';

/** Where a limit's value came from. `policy` names the policy as the key lists it (its id in `apply_policies`). */
export type LimitSource =
  | { kind: 'key' }
  | { kind: 'key-api' }
  | { kind: 'policy'; policy: string }
  | { kind: 'partition'; policy: string }
  | { kind: 'per-api'; policy: string; fromPolicyFields: boolean }
  | { kind: 'none'; policy?: string };

export interface ApiProvenance {
  /** Policies whose access rights granted the API, in the order applied. */
  grantedBy: string[];
  rate: LimitSource;
  quota: LimitSource;
  complexity: LimitSource;
}

export interface ApplyOptions {
  /** The organisation of the API being called; a policy of another organisation is refused. Undefined: not checked. */
  orgId?: string;
}

export interface ApplyResult {
  session: Session;
  /** The gateway's refusal, when it refuses the key (the request then fails with 403). */
  error?: string;
  /** Per API of the effective access rights. */
  provenance: Map<string, ApiProvenance>;
  /** Policies the key names that do not exist (skipped when the key names more than one). */
  missingPolicies: string[];
  /** Policies applied, in order. */
  applied: string[];
  /** Where the key's top-level rate, quota and complexity came from (used for APIs without a limit of their own). */
  root: { rate: LimitSource; quota: LimitSource; complexity: LimitSource };
}

export type PolicyLookup = (id: string) => Policy | undefined;

interface Applied {
  acl: boolean;
  rateLimit: boolean;
  quota: boolean;
  complexity: boolean;
}

function cloneSession(s: Session): Session {
  const rights = new Map<string, AccessDefinition>();
  for (const [k, v] of s.access_rights) rights.set(k, cloneAccess(v));
  return { ...s, access_rights: rights, apply_policies: [...s.apply_policies], meta_data: { ...s.meta_data }, tags: [...s.tags] };
}

const partitioned = (p: Policy) => p.partitions.quota || p.partitions.rate_limit || p.partitions.acl || p.partitions.complexity;

class Run {
  readonly rights = new Map<string, AccessDefinition>();
  readonly tags = new Set<string>();
  readonly byApi = new Map<string, Applied>();
  readonly prov = new Map<string, ApiProvenance>();
  /** Where the key's top-level rate, quota and complexity came from as policies rewrite them. */
  root: { rate: LimitSource; quota: LimitSource; complexity: LimitSource } = { rate: { kind: 'key' }, quota: { kind: 'key' }, complexity: { kind: 'key' } };
  didPerApi = false;
  didPartition = false;

  constructor(readonly session: Session) {}

  mark(api: string, what: Partial<Applied>): void {
    const p = this.byApi.get(api) ?? { acl: false, rateLimit: false, quota: false, complexity: false };
    this.byApi.set(api, { ...p, ...what });
  }

  provOf(api: string): ApiProvenance {
    let p = this.prov.get(api);
    if (!p) {
      p = { grantedBy: [], rate: { kind: 'none' }, quota: { kind: 'none' }, complexity: { kind: 'none' } };
      this.prov.set(api, p);
    }
    return p;
  }

  /** The gateway's ApplyRateLimits: the policy's rate replaces the API's and the key's when they are unset or less generous. */
  applyRateLimits(policy: Policy, limit: Limit, source: LimitSource): boolean {
    const pl = policyLimit(policy);
    if (pl.rate === 0 || pl.per === 0) return false;
    let changed = false;
    if (limit.rate === 0 || limit.per === 0 || duration(limit.rate, limit.per) > duration(pl.rate, pl.per)) {
      limit.rate = pl.rate;
      limit.per = pl.per;
      limit.smoothing = pl.smoothing;
      changed = true;
    }
    const s = this.session;
    if (s.rate === 0 || s.per === 0 || duration(s.rate, s.per) > duration(pl.rate, pl.per)) {
      s.rate = pl.rate;
      s.per = pl.per;
      s.smoothing = pl.smoothing;
      this.root.rate = source;
    }
    return changed;
  }

  applyPerApi(policy: Policy, name: string): string | undefined {
    if (this.didPartition) return MIXED;
    const s = this.session;
    for (const [api, def] of policy.access_rights) {
      let ar = cloneAccess(def);
      let scope = api;
      const fromPolicyFields = limitIsEmpty(ar.limit);
      if (fromPolicyFields) {
        scope = policy.id;
        ar.limit = policyLimit(policy);
      }
      ar.allowance_scope = scope;
      ar.limit.setBy = scope;
      const own = s.access_rights.get(api);
      if (own && !limitIsEmpty(own.limit)) ar.limit.quota_renews = own.limit.quota_renews;
      if (own?.disable_introspection) ar.disable_introspection = true;
      const p = this.provOf(api);
      const source: LimitSource = { kind: 'per-api', policy: name, fromPolicyFields };
      const current = this.rights.get(api);
      if (current) {
        const before = { rate: p.rate, quota: p.quota };
        const kept = this.apiLevelLimits(ar, current);
        ar = kept.def;
        p.rate = kept.rateFromCurrent ? before.rate : source;
        p.quota = kept.quotaFromCurrent ? before.quota : source;
      } else {
        p.rate = source;
        p.quota = source;
      }
      p.complexity = source;
      p.grantedBy.push(name);
      this.rights.set(api, ar);
      this.mark(api, { acl: true, quota: true, rateLimit: true, complexity: true });
    }
    if (policy.access_rights.size > 0) this.didPerApi = true;
    return undefined;
  }

  /** The gateway's applyAPILevelLimits: two per-API limits for one API keep the more generous rate and the larger quota. */
  apiLevelLimits(fromPolicy: AccessDefinition, current: AccessDefinition): { def: AccessDefinition; rateFromCurrent: boolean; quotaFromCurrent: boolean } {
    const out = cloneAccess(fromPolicy);
    let updated = false;
    let rateFromCurrent = false;
    let quotaFromCurrent = false;
    if (duration(out.limit.rate, out.limit.per) > duration(current.limit.rate, current.limit.per)) {
      out.limit.per = current.limit.per;
      out.limit.rate = current.limit.rate;
      out.limit.smoothing = current.limit.smoothing;
      updated = rateFromCurrent = true;
    }
    if (current.limit.quota_max !== out.limit.quota_max && greater(current.limit.quota_max, out.limit.quota_max)) {
      out.limit.quota_max = current.limit.quota_max;
      updated = quotaFromCurrent = true;
    }
    if (greater(current.limit.quota_renewal_rate, out.limit.quota_renewal_rate)) out.limit.quota_renewal_rate = current.limit.quota_renewal_rate;
    if (out.limit.quota_max === -1) out.limit.quota_renewal_rate = 0;
    if (updated) {
      out.limit.setBy = current.limit.setBy;
      out.allowance_scope = current.allowance_scope;
    }
    out.endpoints = mergeEndpointLimits(out.endpoints, current.endpoints);
    return { def: out, rateFromCurrent, quotaFromCurrent };
  }

  applyPartitions(policy: Policy, name: string): string | undefined {
    const usePartitions = partitioned(policy);
    if (usePartitions && this.didPerApi) return MIXED;
    const s = this.session;
    const source: LimitSource = usePartitions ? { kind: 'partition', policy: name } : { kind: 'policy', policy: name };
    for (const api of policy.access_rights.keys()) if (!this.rights.has(api)) this.rights.set(api, emptyAccess());

    for (const [api, v] of policy.access_rights) {
      const previous = this.rights.get(api) ?? emptyAccess();
      let ar = cloneAccess(previous);
      const p = this.provOf(api);

      if (!usePartitions || policy.partitions.acl) {
        this.mark(api, { acl: true });
        const r = cloneAccess(previous);
        if (v.disable_introspection) r.disable_introspection = true;
        r.versions = appendMissing(r.versions, v.versions);
        r.allowed_urls = mergeAllowedUrls(r.allowed_urls, v.allowed_urls);
        r.restricted_types = mergeTypes(r.restricted_types, v.restricted_types);
        r.allowed_types = mergeTypes(r.allowed_types, v.allowed_types);
        if (r.field_access_rights.length === 0) r.field_access_rights = v.field_access_rights.map((f) => ({ ...f, limits: { ...f.limits } }));
        else
          for (const far of v.field_access_rights) {
            const same = r.field_access_rights.filter((x) => x.type_name === far.type_name && x.field_name === far.field_name);
            for (const x of same) if (greater(far.limits.max_query_depth, x.limits.max_query_depth)) x.limits.max_query_depth = far.limits.max_query_depth;
            if (same.length === 0) r.field_access_rights.push({ ...far, limits: { ...far.limits } });
          }
        ar = r;
        ar.limit.setBy = policy.id;
        p.grantedBy.push(name);
      }

      if (!usePartitions || policy.partitions.quota) {
        this.mark(api, { quota: true });
        if (greater(policy.quota_max, ar.limit.quota_max)) {
          ar.limit.quota_max = policy.quota_max;
          p.quota = source;
          if (greater(policy.quota_max, s.quota_max)) {
            s.quota_max = policy.quota_max;
            this.root.quota = source;
          }
        } else if (p.quota.kind === 'none') p.quota = { kind: 'none', policy: name };
        if (policy.quota_renewal_rate > ar.limit.quota_renewal_rate) {
          ar.limit.quota_renewal_rate = policy.quota_renewal_rate;
          if (policy.quota_renewal_rate > s.quota_renewal_rate) s.quota_renewal_rate = policy.quota_renewal_rate;
        }
      }

      if (!usePartitions || policy.partitions.rate_limit) {
        this.mark(api, { rateLimit: true });
        if (this.applyRateLimits(policy, ar.limit, source)) p.rate = source;
        else if (p.rate.kind === 'none') p.rate = { kind: 'none', policy: name };
        ar.endpoints = mergeEndpointLimits(v.endpoints, previous.endpoints);
        if (policy.throttle_retry_limit > ar.limit.throttle_retry_limit) {
          ar.limit.throttle_retry_limit = policy.throttle_retry_limit;
          if (policy.throttle_retry_limit > s.throttle_retry_limit) s.throttle_retry_limit = policy.throttle_retry_limit;
        }
        if (policy.throttle_interval > ar.limit.throttle_interval) {
          ar.limit.throttle_interval = policy.throttle_interval;
          if (policy.throttle_interval > s.throttle_interval) s.throttle_interval = policy.throttle_interval;
        }
      }

      if (!usePartitions || policy.partitions.complexity) {
        this.mark(api, { complexity: true });
        if (greater(policy.max_query_depth, ar.limit.max_query_depth)) {
          ar.limit.max_query_depth = policy.max_query_depth;
          p.complexity = source;
          if (greater(policy.max_query_depth, s.max_query_depth)) {
            s.max_query_depth = policy.max_query_depth;
            this.root.complexity = source;
          }
        }
      }

      const own = s.access_rights.get(api);
      if (own && !limitIsEmpty(own.limit)) ar.limit.quota_renews = own.limit.quota_renews;
      this.rights.set(api, ar);
    }

    // A policy without access rights sets the key's top-level limits outright (the "master policy").
    if (policy.access_rights.size === 0) {
      if (!usePartitions || policy.partitions.rate_limit) {
        s.rate = policy.rate;
        s.per = policy.per;
        s.smoothing = policy.smoothing;
        s.throttle_interval = policy.throttle_interval;
        s.throttle_retry_limit = policy.throttle_retry_limit;
        this.root.rate = source;
      }
      if (!usePartitions || policy.partitions.complexity) {
        s.max_query_depth = policy.max_query_depth;
        this.root.complexity = source;
      }
      if (!usePartitions || policy.partitions.quota) {
        s.quota_max = policy.quota_max;
        s.quota_renewal_rate = policy.quota_renewal_rate;
        this.root.quota = source;
      }
    }
    if (!s.hmac_enabled) s.hmac_enabled = policy.hmac_enabled;
    if (!s.enable_http_signature_validation) s.enable_http_signature_validation = policy.enable_http_signature_validation;
    this.didPartition = usePartitions;
    return undefined;
  }

  finalise(): void {
    const s = this.session;
    const setters = new Set([...this.rights.values()].map((v) => v.limit.setBy).filter((x) => x !== ''));
    const multipleAcl = setters.size > 1;
    for (const [api, v] of [...this.rights]) {
      const applied = this.byApi.get(api) ?? { acl: false, rateLimit: false, quota: false, complexity: false };
      if (!applied.acl) {
        this.updateOwnRight(api, v, applied);
        this.rights.delete(api);
        continue;
      }
      const p = this.provOf(api);
      if (!applied.rateLimit) {
        v.limit.rate = s.rate;
        v.limit.per = s.per;
        v.limit.smoothing = s.smoothing;
        v.limit.throttle_interval = s.throttle_interval;
        v.limit.throttle_retry_limit = s.throttle_retry_limit;
        v.endpoints = [];
        p.rate = this.root.rate;
      }
      if (!applied.complexity) {
        v.limit.max_query_depth = s.max_query_depth;
        p.complexity = this.root.complexity;
      }
      if (!applied.quota) {
        v.limit.quota_max = s.quota_max;
        v.limit.quota_renewal_rate = s.quota_renewal_rate;
        v.limit.quota_renews = s.quota_renews;
        p.quota = this.root.quota;
      }
      if (multipleAcl && v.allowance_scope === '' && v.limit.setBy !== '') v.allowance_scope = v.limit.setBy;
      v.limit.setBy = '';
    }
    const counts = { acl: 0, rateLimit: 0, quota: 0, complexity: 0 };
    for (const a of this.byApi.values()) {
      if (a.acl) counts.acl++;
      if (a.rateLimit) counts.rateLimit++;
      if (a.quota) counts.quota++;
      if (a.complexity) counts.complexity++;
    }
    // Legacy: when exactly one API got every limit partition, its limits become the key's top level too.
    if (counts.quota === 1 && counts.rateLimit === 1 && counts.complexity === 1) {
      for (const [api, v] of this.rights) {
        s.rate = v.limit.rate;
        s.per = v.limit.per;
        s.smoothing = v.limit.smoothing;
        s.quota_max = v.limit.quota_max;
        s.quota_renews = v.limit.quota_renews;
        s.quota_renewal_rate = v.limit.quota_renewal_rate;
        s.max_query_depth = v.limit.max_query_depth;
        const p = this.provOf(api);
        this.root = { rate: p.rate, quota: p.quota, complexity: p.complexity };
      }
    }
    if (counts.acl > 0) s.access_rights = this.rights;
  }

  /** A policy that set limits for an API without granting it writes them into the key's own entry, if the key has one. */
  updateOwnRight(api: string, computed: AccessDefinition, applied: Applied): void {
    const existing = this.session.access_rights.get(api);
    if (!existing) return;
    if (applied.rateLimit) {
      existing.limit.rate = computed.limit.rate;
      existing.limit.per = computed.limit.per;
      existing.limit.smoothing = computed.limit.smoothing;
      existing.limit.throttle_interval = computed.limit.throttle_interval;
      existing.limit.throttle_retry_limit = computed.limit.throttle_retry_limit;
      existing.endpoints = computed.endpoints;
    }
    if (applied.quota) {
      existing.limit.quota_max = computed.limit.quota_max;
      existing.limit.quota_renewal_rate = computed.limit.quota_renewal_rate;
      existing.limit.quota_renews = computed.limit.quota_renews;
    }
    if (applied.complexity) existing.limit.max_query_depth = computed.limit.max_query_depth;
  }
}

function mergeTypes(into: { name: string; fields: string[] }[], from: { name: string; fields: string[] }[]) {
  if (into.length === 0) return from.map((t) => ({ name: t.name, fields: [...t.fields] }));
  const out = into.map((t) => ({ name: t.name, fields: [...t.fields] }));
  for (const t of from) {
    const same = out.find((x) => x.name === t.name);
    if (same) same.fields = appendMissing(same.fields, t.fields);
    else out.push({ name: t.name, fields: [...t.fields] });
  }
  return out;
}

export const MIXED = 'cannot apply multiple policies when some have per_api set and some are partitioned';

/** The key's top-level values a policy clears before policies apply (the gateway's ClearSession), so that partitions can set them afresh. */
function clearSession(run: Run, ids: readonly string[], lookup: PolicyLookup): void {
  const s = run.session;
  for (const id of ids) {
    const policy = lookup(id);
    if (!policy) return; // the gateway stops clearing at the first policy it cannot find
    const all = !partitioned(policy);
    if (policy.partitions.quota || all) {
      s.quota_max = 0;
      s.quota_remaining = 0;
      run.root.quota = { kind: 'none', policy: id };
    }
    if (policy.partitions.rate_limit || all) {
      s.rate = 0;
      s.per = 0;
      delete s.smoothing;
      s.throttle_retry_limit = 0;
      s.throttle_interval = 0;
      run.root.rate = { kind: 'none', policy: id };
    }
    if (policy.partitions.complexity || all) {
      s.max_query_depth = 0;
      run.root.complexity = { kind: 'none', policy: id };
    }
  }
}

/** Apply the policies a key names to it, as the gateway does on every request. The input is not changed. */
export function applyPolicies(key: Session, lookup: PolicyLookup, options: ApplyOptions = {}): ApplyResult {
  const session = cloneSession(key);
  const ids = policyIdsOf(session);
  const run = new Run(session);
  const missingPolicies: string[] = [];
  const applied: string[] = [];
  const done = (error?: string): ApplyResult => ({ session, ...(error ? { error } : {}), provenance: run.prov, missingPolicies, applied, root: run.root });

  clearSession(run, ids, lookup);
  let inactive = ids.length > 0 ? false : session.is_inactive;

  for (const id of ids) {
    const policy = lookup(id);
    if (!policy) {
      missingPolicies.push(id);
      if (ids.length > 1) continue;
      return done(`policy not found: "${id}"`);
    }
    applied.push(id);
    if (options.orgId !== undefined && policy.org_id !== options.orgId) return done('attempting to apply policy from different organisation to key, skipping');
    if (policy.partitions.per_api && partitioned(policy)) return done(`cannot apply policy ${policy.id} which has per_api and any of partitions set`);
    const refused = policy.partitions.per_api ? run.applyPerApi(policy, id) : run.applyPartitions(policy, id);
    if (refused) return done(refused);
    inactive = inactive || policy.is_inactive;
    for (const tag of policy.tags) run.tags.add(tag);
    Object.assign(session.meta_data, policy.meta_data);
    if (policy.last_updated > session.last_updated) session.last_updated = policy.last_updated;
    if (policy.post_expiry_action !== '') session.post_expiry_action = policy.post_expiry_action;
    if (policy.post_expiry_grace_period !== 0) session.post_expiry_grace_period = policy.post_expiry_grace_period;
  }
  session.is_inactive = inactive;
  for (const tag of session.tags) run.tags.add(tag);
  session.tags = [...run.tags];

  if (ids.length === 0) {
    // A key without policies: an entry with its own limit is counted on its own (per API).
    for (const [api, right] of session.access_rights) {
      const p = run.provOf(api);
      const own = !limitIsEmpty(right.limit);
      if (own) right.allowance_scope = api;
      p.rate = p.quota = p.complexity = own ? { kind: 'key-api' } : { kind: 'key' };
    }
  }
  run.finalise();
  if (ids.length > 0) {
    // APIs the key keeps on its own (no policy granted any): their limits are the key's.
    for (const [api, right] of session.access_rights) {
      if (run.prov.get(api)?.grantedBy.length) continue;
      const own: LimitSource = limitIsEmpty(right.limit) ? { kind: 'key' } : { kind: 'key-api' };
      run.prov.set(api, { grantedBy: [], rate: own, quota: own, complexity: own });
    }
  }
  for (const api of [...run.prov.keys()]) if (!session.access_rights.has(api)) run.prov.delete(api);
  if (applied.length === 0 && ids.length > 0) return done('key has no valid policies to be applied');
  return done();
}

/** The limit the gateway enforces for calls to `api` (gateway/session_manager.go GetAccessDefinitionByAPIIDOrSession). */
export function enforcedLimit(session: Session, api: string): { limit: Limit; perApi: boolean; allowanceScope: string } {
  const right = session.access_rights.get(api);
  if (right && !limitIsEmpty(right.limit)) return { limit: right.limit, perApi: true, allowanceScope: right.allowance_scope };
  return { limit: sessionLimit(session), perApi: false, allowanceScope: right?.allowance_scope ?? '' };
}

/** The gateway's ApplyRateLimits on its own (for its table tests): may raise `limit` and the key's top-level rate to the policy's. */
export function applyPolicyRate(session: Session, policy: Policy, limit: Limit): void {
  new Run(session).applyRateLimits(policy, limit, { kind: 'policy', policy: policy.id });
}
