// Limits in words, the same everywhere (code lens, hover, explanation, CLI):
// "100 req / 60 s", "quota 10,000 / month", "unlimited". The gateway reads a rate or per of 0
// or less as "no rate limit", a quota_max of -1 as unlimited and 0 or less as "no quota", and a
// quota_renewal_rate of 0 or less as "never renews" (schemas/session.schema.json).
import type { Limit } from './model';
import type { LimitSource } from './apply';

const count = (n: number) => n.toLocaleString('en-US');

const PERIODS: ReadonlyArray<[number, string]> = [
  [60, 'minute'],
  [3600, 'hour'],
  [86400, 'day'],
  [604800, 'week'],
  [2592000, 'month'],
  [2678400, 'month'],
  [31536000, 'year'],
];

export function formatRate(rate: number, per: number): string {
  if (rate === -1) return 'unlimited rate';
  if (rate <= 0 || per <= 0) return 'no rate limit';
  return `${count(rate)} req / ${count(per)} s`;
}

export function formatRenewal(seconds: number): string {
  if (seconds <= 0) return 'never renews';
  const named = PERIODS.find(([s]) => s === seconds);
  return named ? named[1] : `${count(seconds)} s`;
}

export function formatQuota(max: number, renewal: number): string {
  if (max === -1) return 'quota unlimited';
  if (max <= 0) return 'no quota';
  return renewal > 0 ? `quota ${count(max)} / ${formatRenewal(renewal)}` : `quota ${count(max)} (never renews)`;
}

export function formatLimit(l: Limit): string {
  return `${formatRate(l.rate, l.per)} · ${formatQuota(l.quota_max, l.quota_renewal_rate)}`;
}

/** Where a value came from, for a sentence: "policy 'gold' (rate_limit partition)". */
export function formatSource(s: LimitSource, nameOf: (policyId: string) => string = (id) => id): string {
  switch (s.kind) {
    case 'key':
      return "the key's own limits";
    case 'key-api':
      return "the key's per-API limit";
    case 'policy':
      return `policy '${nameOf(s.policy)}'`;
    case 'partition':
      return `policy '${nameOf(s.policy)}' (partition)`;
    case 'per-api':
      return s.fromPolicyFields ? `policy '${nameOf(s.policy)}' (per-API, from the policy's own limits)` : `policy '${nameOf(s.policy)}' (per-API limit)`;
    case 'none':
      return s.policy ? `no limit (policy '${nameOf(s.policy)}' sets none)` : 'no limit set';
  }
}
