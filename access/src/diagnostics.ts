// Warnings that follow from how the gateway applies policies, each sentence saying what the
// gateway then does (internal/policy/apply.go). Paths are JSON paths in the document warned on,
// for the language server to place the squiggle.
import type { PolicyLookup } from './apply';
import { policyIdsOf, type Policy, type Session } from './model';

export interface AccessWarning {
  code: 'missing-policy' | 'unreachable-limit' | 'last-policy-wins' | 'per-api-with-partitions';
  message: string;
  path: (string | number)[];
}

const partitioned = (p: Policy) => p.partitions.quota || p.partitions.rate_limit || p.partitions.acl || p.partitions.complexity;

/** Warnings on a key: policies it names that do not exist, and members two of its policies set differently where the last one wins. */
export function keyWarnings(key: Session, lookup: PolicyLookup, keyPaths: { policiesMember: 'apply_policies' | 'apply_policy_id' }): AccessWarning[] {
  const out: AccessWarning[] = [];
  const ids = policyIdsOf(key);
  // The gateway skips a missing policy only when the key names several, and refuses the key when
  // none of them exists (apply.go: "policy not found" alone, "key has no valid policies to be applied").
  const missing = (id: string) => `Policy '${id}' does not exist.`;
  const sentence = (id: string): string => {
    if (ids.length === 1) return `${missing(id)} The gateway refuses this key ("policy not found") on every request.`;
    if (ids.some((other) => other !== id && lookup(other) !== undefined)) return `${missing(id)} The gateway skips it and applies the key's other policies.`;
    return (
      `${missing(id)} No other policy this key names exists either: the gateway refuses this key ` +
      '("key has no valid policies to be applied") on every request.'
    );
  };
  ids.forEach((id, i) => {
    if (lookup(id)) return;
    const path = keyPaths.policiesMember === 'apply_policies' ? ['apply_policies', i] : ['apply_policy_id'];
    out.push({ code: 'missing-policy', message: sentence(id), path });
  });
  const found = ids.map((id, i) => ({ id, i, policy: lookup(id) })).filter((x): x is { id: string; i: number; policy: Policy } => x.policy !== undefined);
  // meta_data: every policy's members are copied onto the key in order, so the last one wins.
  const metaSeen = new Map<string, { id: string; value: string }>();
  for (const { id, i, policy } of found) {
    for (const [member, value] of Object.entries(policy.meta_data)) {
      const text = JSON.stringify(value);
      const earlier = metaSeen.get(member);
      if (earlier && earlier.value !== text)
        out.push({
          code: 'last-policy-wins',
          message:
            `Policies '${earlier.id}' and '${id}' set meta_data.${member} differently. ` +
            `The gateway applies policies in order and keeps '${id}''s value (${text}).`,
          path: ['apply_policies', i],
        });
      metaSeen.set(member, { id, value: text });
    }
  }
  // Policies without access rights set the key's top-level limits outright, so the last such policy wins.
  const master = (which: 'rate' | 'quota', applies: (p: Policy) => boolean, value: (p: Policy) => string) => {
    let earlier: { id: string; value: string } | undefined;
    for (const { id, i, policy } of found) {
      if (policy.access_rights.size > 0 || policy.partitions.per_api || !applies(policy)) continue;
      const v = value(policy);
      if (earlier && earlier.value !== v)
        out.push({
          code: 'last-policy-wins',
          message:
            `Policies '${earlier.id}' and '${id}' both set the key's ${which} without access rights (${earlier.value} vs ${v}). ` +
            `The gateway takes it from the last one, '${id}' (${v}), not the larger.`,
          path: ['apply_policies', i],
        });
      earlier = { id, value: v };
    }
  };
  master(
    'rate',
    (p) => !partitioned(p) || p.partitions.rate_limit,
    (p) => `${p.rate}/${p.per}`,
  );
  master(
    'quota',
    (p) => !partitioned(p) || p.partitions.quota,
    (p) => `${p.quota_max}/${p.quota_renewal_rate}`,
  );
  return out;
}

/** Warnings on a policy: limits its partitions never let apply, and per_api mixed with partitions (refused). */
export function policyWarnings(policy: Policy): AccessWarning[] {
  const out: AccessWarning[] = [];
  const p = policy.partitions;
  if (p.per_api && partitioned(policy)) {
    out.push({
      code: 'per-api-with-partitions',
      message:
        'partitions.per_api is set together with other partitions. The gateway refuses every key with this policy ' +
        `("cannot apply policy ${policy.id || '…'} which has per_api and any of partitions set").`,
      path: ['partitions', 'per_api'],
    });
    return out;
  }
  if (!p.per_api)
    for (const [api, right] of policy.access_rights) {
      const l = right.limit;
      const own = l.rate !== 0 || l.per !== 0 || l.quota_max !== 0 || l.quota_renewal_rate !== 0;
      const same = l.rate === policy.rate && l.per === policy.per && l.quota_max === policy.quota_max && l.quota_renewal_rate === policy.quota_renewal_rate;
      if (own && !same)
        out.push({
          code: 'unreachable-limit',
          message:
            `The limit of '${api}' is never applied: without partitions.per_api the gateway takes limits ` +
            "from the policy's top-level rate and quota, not from access_rights entries.",
          path: ['access_rights', api, 'limit'],
        });
    }
  if (!partitioned(policy)) return out;
  const off = (name: string, members: Array<[string, boolean]>) => {
    for (const [member, set] of members)
      if (set)
        out.push({
          code: 'unreachable-limit',
          message:
            `${member} is never applied: the policy's partitions leave ${name} off, ` +
            "so the gateway ignores it (keys keep their own value or another policy's).",
          path: [member],
        });
  };
  // 0 and -1 are the neutral values the dashboard writes into every policy ("not set",
  // "unlimited"): only a real number the partitions then ignore is worth a warning.
  const real = (n: number) => n !== 0 && n !== -1;
  if (!p.rate_limit)
    off('rate_limit', [
      ['rate', real(policy.rate)],
      ['throttle_interval', real(policy.throttle_interval)],
      ['throttle_retry_limit', real(policy.throttle_retry_limit)],
    ]);
  if (!p.quota) off('quota', [['quota_max', real(policy.quota_max)]]);
  if (!p.complexity) off('complexity', [['max_query_depth', real(policy.max_query_depth)]]);
  if (!p.acl)
    for (const [api, right] of policy.access_rights) {
      if (right.allowed_urls.length || right.versions.length)
        out.push({
          code: 'unreachable-limit',
          message:
            `The allowed_urls and versions of '${api}' are never applied: the policy's partitions leave acl off, ` +
            `so the gateway grants nothing from this entry (only its limits count, and only for keys that have '${api}' from elsewhere).`,
          path: ['access_rights', api],
        });
    }
  return out;
}
