// "Would this request pass, and why?": the checks the gateway makes on a request, in its
// order, after applying the key's policies (apply.ts):
//   1. applying the policies may refuse the key (internal/policy/apply.go: Service.Apply);
//   2. an inactive key is refused, an expired key too (gateway/mw_key_expired_check.go:
//      `is_inactive`; `expires` of 1 or more in the past);
//   3. the API must be in the key's access rights, unless the key has none at all
//      (gateway/mw_access_rights.go: AccessRightsCheck, "Access to this API has been disallowed");
//   4. the version must be listed, unless the API is not versioned (same middleware);
//   5. with `allowed_urls`, some entry's `url` (a regular expression, matched anywhere in the
//      path) must match and list the method (gateway/mw_granular_access.go);
//   6. then rate limit and quota apply: the API's entry's limit when it has one, else the key's
//      own (gateway/session_manager.go: GetAccessDefinitionByAPIIDOrSession). Whether a request
//      is over its limit depends on traffic: we say which limit applies and where it came from.
import { applyPolicies, enforcedLimit, type ApplyOptions, type ApplyResult, type LimitSource, type PolicyLookup } from './apply';
import { formatQuota, formatRate, formatRenewal, formatSource } from './format';
import type { AccessSpec, Session } from './model';

/** What we know of the API called. Without a definition the API counts as not versioned. */
export interface ApiInfo {
  id: string;
  name?: string;
  orgId?: string;
  notVersioned?: boolean;
  defaultVersion?: string;
}

export interface ExplainRequest {
  api: ApiInfo;
  method: string;
  path: string;
  version?: string;
  /** Unix seconds; default: now. */
  now?: number;
}

/** A member that decided a step, for links: the key itself or a policy (by the id the key lists), and the JSON path in it. */
export interface Decider {
  in: 'key' | 'policy';
  policy?: string;
  path: (string | number)[];
}

export interface Step {
  check: 'policies' | 'inactive' | 'expiry' | 'api' | 'version' | 'url' | 'rate' | 'quota' | 'endpoint';
  ok: boolean;
  text: string;
  deciders: Decider[];
}

export interface LimitAnswer {
  rate: number;
  per: number;
  quota_max: number;
  quota_renewal_rate: number;
  perApi: boolean;
  rateSource: LimitSource;
  quotaSource: LimitSource;
  allowanceScope: string;
}

export interface Explanation {
  allowed: boolean;
  /** The HTTP status the gateway answers with when it refuses (403, or 401 for an expired key). */
  status: number;
  /** The gateway's own message when refused. */
  message?: string;
  steps: Step[];
  limit?: LimitAnswer;
  applied: ApplyResult;
}

const sourceDeciders = (s: LimitSource, api: string): Decider[] => {
  if (s.kind === 'key') return [{ in: 'key', path: ['rate'] }];
  if (s.kind === 'key-api') return [{ in: 'key', path: ['access_rights', api, 'limit'] }];
  if (s.kind === 'per-api' && !s.fromPolicyFields) return [{ in: 'policy', policy: s.policy, path: ['access_rights', api, 'limit'] }];
  if (s.kind === 'none') return s.policy ? [{ in: 'policy', policy: s.policy, path: [] }] : [];
  return [{ in: 'policy', policy: s.policy, path: ['rate'] }];
};

/** The gateway compiles each `url` as a regular expression and looks for it anywhere in the path; one that does not compile lets the request through. */
function urlMatches(spec: AccessSpec, path: string): boolean | 'invalid' {
  try {
    return new RegExp(spec.url).test(path);
  } catch {
    return 'invalid';
  }
}

export function explainRequest(key: Session, lookup: PolicyLookup, request: ExplainRequest, options: ApplyOptions = {}): Explanation {
  const applied = applyPolicies(key, lookup, request.api.orgId !== undefined ? { orgId: request.api.orgId, ...options } : options);
  const steps: Step[] = [];
  const apiLabel = request.api.name ? `'${request.api.name}'` : `'${request.api.id}'`;
  const method = request.method.toUpperCase();
  const refuse = (status: number, message: string): Explanation => ({ allowed: false, status, message, steps, applied });

  const ids = applied.missingPolicies.length + applied.applied.length;
  if (applied.error) {
    steps.push({
      check: 'policies',
      ok: false,
      text: `The gateway refuses the key while applying its policies: ${applied.error}.`,
      deciders: [{ in: 'key', path: ['apply_policies'] }],
    });
    return refuse(403, applied.error);
  }
  if (ids > 0) {
    const missing = applied.missingPolicies.length ? `; skipped (not found): ${applied.missingPolicies.map((p) => `'${p}'`).join(', ')}` : '';
    steps.push({
      check: 'policies',
      ok: true,
      text: `Policies applied in order: ${applied.applied.map((p) => `'${p}'`).join(', ')}${missing}.`,
      deciders: [{ in: 'key', path: ['apply_policies'] }],
    });
  }
  const s = applied.session;
  if (s.is_inactive) {
    const by = applied.applied.filter((id) => lookup(id)?.is_inactive);
    const deciders: Decider[] = by.length
      ? by.map((p) => ({ in: 'policy' as const, policy: p, path: ['is_inactive'] }))
      : [{ in: 'key', path: ['is_inactive'] }];
    const why = by.length ? `policy ${by.map((p) => `'${p}'`).join(', ')} is inactive` : 'the key is inactive (is_inactive)';
    steps.push({ check: 'inactive', ok: false, text: `Refused: ${why}.`, deciders });
    return refuse(403, 'Key is inactive, please renew');
  }
  const now = request.now ?? Math.floor(Date.now() / 1000);
  if (s.expires >= 1 && now > s.expires) {
    steps.push({
      check: 'expiry',
      ok: false,
      text: `Refused: the key expired at ${new Date(s.expires * 1000).toISOString()}.`,
      deciders: [{ in: 'key', path: ['expires'] }],
    });
    return refuse(401, 'Key has expired, please renew');
  }

  const right = s.access_rights.get(request.api.id);
  const prov = applied.provenance.get(request.api.id);
  if (s.access_rights.size === 0) {
    steps.push({
      check: 'api',
      ok: true,
      text: 'The key has no access rights at all: the gateway lets it call any API.',
      deciders: [{ in: 'key', path: ['access_rights'] }],
    });
  } else if (!right) {
    const granted = [...s.access_rights.keys()].map((a) => `'${a}'`).join(', ');
    steps.push({
      check: 'api',
      ok: false,
      text: `Refused: no access right for API ${apiLabel} (the key may call ${granted}).`,
      deciders: [{ in: 'key', path: ['access_rights'] }],
    });
    return refuse(403, 'Access to this API has been disallowed');
  } else {
    const by = prov?.grantedBy ?? [];
    const deciders: Decider[] = by.length
      ? by.map((p) => ({ in: 'policy' as const, policy: p, path: ['access_rights', request.api.id] }))
      : [{ in: 'key', path: ['access_rights', request.api.id] }];
    const from = by.length ? `granted by policy ${by.map((p) => `'${p}'`).join(', ')}` : "in the key's own access rights";
    steps.push({ check: 'api', ok: true, text: `API ${apiLabel} is ${from}.`, deciders });
  }

  if (right) {
    if (request.api.notVersioned !== false && request.version === undefined) {
      steps.push({ check: 'version', ok: true, text: 'The API is not versioned: no version check.', deciders: [] });
    } else {
      const target = request.version || request.api.defaultVersion || '';
      const listed = right.versions.includes(target);
      const at: Decider = {
        in: prov?.grantedBy.length ? 'policy' : 'key',
        ...(prov?.grantedBy.length ? { policy: prov.grantedBy.at(-1) } : {}),
        path: ['access_rights', request.api.id, 'versions'],
      };
      if (!listed) {
        steps.push({
          check: 'version',
          ok: false,
          text: `Refused: version '${target}' is not among the granted versions (${right.versions.map((v) => `'${v}'`).join(', ') || 'none'}).`,
          deciders: [at],
        });
        return refuse(403, 'Access to this API has been disallowed');
      }
      steps.push({ check: 'version', ok: true, text: `Version '${target}' is granted.`, deciders: [at] });
    }

    if (right.allowed_urls.length === 0) {
      steps.push({ check: 'url', ok: true, text: 'No allowed_urls: every path and method of the API is allowed.', deciders: [] });
    } else {
      let verdict: Step | undefined;
      for (const [i, spec] of right.allowed_urls.entries()) {
        const matched = urlMatches(spec, request.path);
        const where = urlDecider(key, lookup, applied, request.api.id, spec.url, method);
        if (matched === 'invalid') {
          verdict = {
            check: 'url',
            ok: true,
            text: `allowed_urls entry ${i + 1} ('${spec.url}') is not a valid regular expression: the gateway then lets the request through.`,
            deciders: where,
          };
          break;
        }
        if (matched && spec.methods.includes(method)) {
          verdict = { check: 'url', ok: true, text: `allowed_urls entry '${spec.url}' matches ${request.path} and lists ${method}.`, deciders: where };
          break;
        }
      }
      if (!verdict) {
        const near = right.allowed_urls.filter((u) => urlMatches(u, request.path) === true);
        const text = near.length
          ? `Refused: allowed_urls ${near.map((u) => `'${u.url}'`).join(', ')} match ${request.path} but do not list ${method} ` +
            `(they list ${[...new Set(near.flatMap((u) => u.methods))].join(', ') || 'no method'}).`
          : `Refused: no allowed_urls entry matches ${request.path} (entries: ${right.allowed_urls.map((u) => `'${u.url}'`).join(', ')}).`;
        steps.push({
          check: 'url',
          ok: false,
          text,
          deciders: near.length
            ? near.flatMap((u) => urlDecider(key, lookup, applied, request.api.id, u.url))
            : [{ in: 'key', path: ['access_rights', request.api.id, 'allowed_urls'] }],
        });
        return refuse(403, 'Access to this resource has been disallowed');
      }
      steps.push(verdict);
    }
  }

  const enforced = enforcedLimit(s, request.api.id);
  const rateSource: LimitSource = enforced.perApi && prov ? prov.rate : applied.root.rate;
  const quotaSource: LimitSource = enforced.perApi && prov ? prov.quota : applied.root.quota;
  const l = enforced.limit;
  const scope = enforced.allowanceScope ? ` (counted under '${enforced.allowanceScope}')` : '';
  steps.push({
    check: 'rate',
    ok: true,
    text: `Rate: ${formatRate(l.rate, l.per)}${scope}, from ${formatSource(rateSource)}.`,
    deciders: sourceDeciders(rateSource, request.api.id),
  });
  steps.push({
    check: 'quota',
    ok: true,
    text:
      `Quota: ${formatQuota(l.quota_max, l.quota_renewal_rate)}` +
      `${l.quota_max > 0 ? `, renews: ${formatRenewal(l.quota_renewal_rate)}` : ''}, from ${formatSource(quotaSource)}.`,
    deciders: sourceDeciders(quotaSource, request.api.id).map((d) => ({
      ...d,
      path: d.path.length && d.path.at(-1) === 'rate' ? [...d.path.slice(0, -1), 'quota_max'] : d.path,
    })),
  });
  const endpoint = right?.endpoints.find((e) => e.path === request.path)?.methods.find((m) => m.name.toUpperCase() === method);
  if (endpoint)
    steps.push({
      check: 'endpoint',
      ok: true,
      text: `Endpoint limit for ${method} ${request.path}: ${formatRate(endpoint.limit.rate, endpoint.limit.per)}.`,
      deciders: [],
    });
  return {
    allowed: true,
    status: 200,
    steps,
    limit: {
      rate: l.rate,
      per: l.per,
      quota_max: l.quota_max,
      quota_renewal_rate: l.quota_renewal_rate,
      perApi: enforced.perApi,
      rateSource,
      quotaSource,
      allowanceScope: enforced.allowanceScope,
    },
    applied,
  };
}

/** Which members granted an allowed_urls entry: every policy (or the key) whose own entry for the API lists that url (and the method, when given). */
function urlDecider(key: Session, lookup: PolicyLookup, applied: ApplyResult, api: string, url: string, method?: string): Decider[] {
  const out: Decider[] = [];
  for (const id of applied.applied) {
    const idx =
      lookup(id)
        ?.access_rights.get(api)
        ?.allowed_urls.findIndex((u) => u.url === url && (!method || u.methods.includes(method))) ?? -1;
    if (idx >= 0) out.push({ in: 'policy', policy: id, path: ['access_rights', api, 'allowed_urls', idx] });
  }
  if (out.length === 0 && method) return urlDecider(key, lookup, applied, api, url);
  if (out.length === 0) {
    const idx = key.access_rights.get(api)?.allowed_urls.findIndex((u) => u.url === url) ?? -1;
    if (idx >= 0) out.push({ in: 'key', path: ['access_rights', api, 'allowed_urls', idx] });
  }
  return out;
}
