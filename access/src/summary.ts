// One line and one entry per API of what a key may do once its policies are applied: the
// code lens ("effective: 2 APIs · 100 req / 60 s · quota 10,000 / month"), the hover on each
// `access_rights` entry and the CLI's text output read from here.
import { applyPolicies, enforcedLimit, type ApplyResult, type LimitSource, type PolicyLookup } from './apply';
import { formatQuota, formatRate } from './format';
import type { Session } from './model';

export interface ApiSummary {
  api: string;
  rate: number;
  per: number;
  quota_max: number;
  quota_renewal_rate: number;
  perApi: boolean;
  grantedBy: string[];
  rateSource: LimitSource;
  quotaSource: LimitSource;
  versions: string[];
  allowedUrls: number;
}

export interface KeySummary {
  /** The gateway's refusal when it refuses the key. */
  error?: string;
  apis: ApiSummary[];
  /** "effective: 2 APIs · 100 req / 60 s · quota 10,000 / month" */
  line: string;
  applied: ApplyResult;
}

export function summarizeKey(key: Session, lookup: PolicyLookup): KeySummary {
  const applied = applyPolicies(key, lookup);
  const s = applied.session;
  const apis: ApiSummary[] = [...s.access_rights].map(([api, right]) => {
    const e = enforcedLimit(s, api);
    const prov = applied.provenance.get(api);
    return {
      api,
      rate: e.limit.rate,
      per: e.limit.per,
      quota_max: e.limit.quota_max,
      quota_renewal_rate: e.limit.quota_renewal_rate,
      perApi: e.perApi,
      grantedBy: prov?.grantedBy ?? [],
      rateSource: e.perApi && prov ? prov.rate : applied.root.rate,
      quotaSource: e.perApi && prov ? prov.quota : applied.root.quota,
      versions: right.versions,
      allowedUrls: right.allowed_urls.length,
    };
  });
  if (applied.error) return { error: applied.error, apis: [], line: `effective: refused by the gateway (${applied.error})`, applied };
  const count = s.access_rights.size === 0 ? 'any API (no access rights)' : `${s.access_rights.size} API${s.access_rights.size === 1 ? '' : 's'}`;
  const limits = new Set(apis.map((a) => `${formatRate(a.rate, a.per)} · ${formatQuota(a.quota_max, a.quota_renewal_rate)}`));
  const root = `${formatRate(s.rate, s.per)} · ${formatQuota(s.quota_max, s.quota_renewal_rate)}`;
  const limitText = limits.size === 0 ? root : limits.size === 1 ? [...limits][0] : 'limits differ per API';
  const flags = [
    s.is_inactive ? 'inactive' : '',
    applied.missingPolicies.length ? `${applied.missingPolicies.length} missing polic${applied.missingPolicies.length === 1 ? 'y' : 'ies'}` : '',
  ]
    .filter(Boolean)
    .map((f) => ` · ${f}`)
    .join('');
  return { apis, line: `effective: ${count} · ${limitText}${flags}`, applied };
}
