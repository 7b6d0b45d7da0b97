// "Which keys does this policy change?": a key is affected when its effective access with
// the policy differs from its effective access without it (the same key with the policy taken
// out of `apply_policies`). A key that names the policy but gets the same answer either way
// (another policy grants more) is listed as naming it, not as changed.
import { applyPolicies, type PolicyLookup } from './apply';
import { policyIdsOf, type Session } from './model';
import { sessionJson } from './serialize';

export interface AffectedKey<K> {
  key: K;
  /** The effective access differs with and without the policy. */
  changed: boolean;
}

function effective(session: Session, lookup: PolicyLookup): string {
  const r = applyPolicies(session, lookup);
  return JSON.stringify({ error: r.error ?? null, ...sessionJson(r.session), tags: [...r.session.tags].sort() });
}

export function keysNamingPolicy<K>(policyId: string, keys: ReadonlyArray<{ key: K; session: Session }>, lookup: PolicyLookup): AffectedKey<K>[] {
  const out: AffectedKey<K>[] = [];
  for (const { key, session } of keys) {
    const ids = policyIdsOf(session);
    if (!ids.includes(policyId)) continue;
    const without: Session = { ...session, apply_policies: ids.filter((id) => id !== policyId), apply_policy_id: '' };
    out.push({ key, changed: effective(session, lookup) !== effective(without, lookup) });
  }
  return out;
}
