// Fills an empty store on first start (sandbox.json records that it ran, so a user who deletes
// every seed API does not get them back on restart).
import { hashKey, newDbId } from '../http/ids.js';
import { keyQuotaId, orgQuotaId } from '../model/quota.js';
import type { SandboxState } from '../store/state.js';
import type { ApiRecord, Json } from '../types.js';
import { SEED_ORG_ID } from './ids.js';
import { seedClassicApis } from './classicApis.js';
import { seedOasApis, seedStreamsApis } from './oasApis.js';
import { seedKeys, seedOauthClients, seedOrgKey, seedPolicies } from './access.js';
import { seedAnalytics, seedUsers, seedWebhooks } from './records.js';

export async function seedState(state: SandboxState): Promise<void> {
  const now = new Date().toISOString();
  const writes: Array<Promise<void>> = [];
  const addApi = (record: Omit<ApiRecord, 'createdAt' | 'updatedAt' | 'dbId'>) => {
    const dbId = newDbId();
    if (record.classic) record.classic.id = dbId;
    if (record.live) record.live.id = dbId;
    if (record.oas) ((record.oas['x-svc-api-gateway'] as Json).info as Json).dbId = dbId;
    writes.push(state.apis.set(record.id, { ...record, dbId, createdAt: now, updatedAt: now, categories: ['seed'] }));
  };
  for (const def of seedClassicApis()) addApi({ id: String(def.api_id), kind: 'classic', classic: def, live: structuredClone(def) });
  for (const doc of seedOasApis()) addApi({ id: idOf(doc), kind: 'oas', oas: doc });
  for (const doc of seedStreamsApis()) addApi({ id: idOf(doc), kind: 'streams', oas: doc });
  for (const policy of seedPolicies()) writes.push(state.policies.set(String(policy.id), policy));
  const nowSeconds = Math.floor(Date.now() / 1000);
  for (const key of seedKeys()) {
    writes.push(state.keys.set(key.keyId, { keyId: key.keyId, hash: hashKey(key.keyId), session: key.session }));
    const max = Number(key.session.quota_max);
    writes.push(
      state.quotas.set(keyQuotaId(key.keyId), {
        id: keyQuotaId(key.keyId),
        max,
        remaining: max - key.used,
        renews: nowSeconds + Number(key.session.quota_renewal_rate),
      }),
    );
  }
  const org = seedOrgKey();
  writes.push(state.orgKeys.set(SEED_ORG_ID, { orgId: SEED_ORG_ID, session: org.session }));
  const orgMax = Number(org.session.quota_max);
  writes.push(
    state.quotas.set(orgQuotaId(SEED_ORG_ID), { id: orgQuotaId(SEED_ORG_ID), max: orgMax, remaining: orgMax - org.used, renews: nowSeconds + 2592000 }),
  );
  const clients = seedOauthClients();
  for (const client of clients) writes.push(state.oauthClients.set(`${String(client.api_id)}/${String(client.client_id)}`, client));
  for (const set of seedAnalytics(clients.map((c) => String(c.client_id)))) writes.push(state.analytics.set(set.clientId, set));
  for (const user of seedUsers()) writes.push(state.users.set(String(user.id), user));
  for (const hook of seedWebhooks()) writes.push(state.hooks.set(String(hook.id), hook));
  await Promise.all(writes);
}

function idOf(doc: Json): string {
  return String(((doc['x-svc-api-gateway'] as Json).info as Json).id);
}
