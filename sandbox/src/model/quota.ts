// The live quota manager: the counters the gateway enforces, apart from the stored session (the
// reference keeps them in Redis). Writes reset a counter unless told not to (`suppress_reset`,
// `reset_quota`), and reads overlay the live counter on the session, so the flags are visible.
import type { Collection } from '../store/collection.js';
import type { Json, LiveQuota } from '../types.js';

export const keyQuotaId = (keyId: string): string => `key:${keyId}`;
export const orgQuotaId = (orgId: string): string => `org:${orgId}`;

/** Starts a fresh period: `quota_remaining = quota_max`, next reset after `quota_renewal_rate` seconds. */
export function resetQuota(quotas: Collection<LiveQuota>, id: string, session: Json, nowSeconds = Math.floor(Date.now() / 1000)): Promise<void> {
  const max = Number(session.quota_max ?? -1);
  const rate = Number(session.quota_renewal_rate ?? 0);
  return quotas.set(id, { id, max, remaining: max, renews: rate > 0 ? nowSeconds + rate : 0 });
}

/** Keeps the live counter; a key without one starts from what the session says. */
export function keepQuota(quotas: Collection<LiveQuota>, id: string, session: Json): Promise<void> {
  const current = quotas.get(id);
  const max = Number(session.quota_max ?? -1);
  if (current) return current.max === max ? Promise.resolve() : quotas.set(id, { ...current, max });
  const remaining = Number(session.quota_remaining ?? max);
  return quotas.set(id, { id, max, remaining, renews: Number(session.quota_renews ?? 0) });
}

/** The session as a client reads it: stored members with the live counter overlaid. */
export function withLiveQuota(quotas: Collection<LiveQuota>, id: string, session: Json): Json {
  const live = quotas.get(id);
  const view = structuredClone(session);
  if (live) {
    view.quota_remaining = live.remaining;
    view.quota_renews = live.renews;
  }
  return view;
}
