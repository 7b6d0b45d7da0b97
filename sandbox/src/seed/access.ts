// Seed policies, keys (more than one page of them), the organisation key, and OAuth clients
// with secrets. Key ids and secrets are minted per data folder.
import { newSecret } from '../http/ids.js';
import { randomBytes } from 'node:crypto';
import type { Json } from '../types.js';
import { SEED_API_IDS as ID, SEED_ORG_ID } from './ids.js';

function accessRight(apiId: string, apiName: string, versions: string[] = ['Default']): Json {
  return { [apiId]: { api_id: apiId, api_name: apiName, versions, allowed_urls: [], limit: null } };
}

export function seedPolicies(): Json[] {
  const base = {
    org_id: SEED_ORG_ID,
    active: true,
    is_inactive: false,
    hmac_enabled: false,
    max_query_depth: -1,
    throttle_interval: -1,
    throttle_retry_limit: -1,
    tags: [],
    meta_data: {},
  };
  return [
    {
      ...base,
      id: 'gold-plan',
      name: 'Gold plan',
      rate: 1000,
      per: 60,
      quota_max: 100000,
      quota_renewal_rate: 2592000,
      key_expires_in: 0,
      access_rights: { ...accessRight(ID.petstoreClassic, 'Petstore Classic', ['Default', 'v2', 'v3']), ...accessRight(ID.paymentsOas, 'Payments') },
      partitions: { quota: false, rate_limit: false, acl: false, complexity: false, per_api: false },
    },
    {
      ...base,
      id: 'silver-plan',
      name: 'Silver plan',
      rate: 100,
      per: 60,
      quota_max: 10000,
      quota_renewal_rate: 2592000,
      key_expires_in: 31536000,
      access_rights: accessRight(ID.petstoreClassic, 'Petstore Classic'),
      partitions: { quota: false, rate_limit: false, acl: false, complexity: false, per_api: false },
    },
    {
      ...base,
      id: 'free-tier',
      name: 'Free tier',
      rate: 10,
      per: 60,
      quota_max: 1000,
      quota_renewal_rate: 86400,
      key_expires_in: 2592000,
      access_rights: accessRight(ID.weatherClassic, 'Weather Classic'),
      // Partitioned, yet whole enough to stand alone: a partition left off would make its members
      // dead (the gateway ignores them; svc.access.unreachable-limit says so).
      partitions: { quota: true, rate_limit: true, acl: true, complexity: false, per_api: false },
    },
    {
      ...base,
      id: 'partner-oauth',
      name: 'Partner OAuth clients',
      rate: 500,
      per: 60,
      quota_max: -1,
      quota_renewal_rate: 0,
      key_expires_in: 0,
      access_rights: accessRight(ID.partnerOauth, 'Partner OAuth'),
      partitions: { quota: false, rate_limit: true, acl: true, complexity: false, per_api: false },
    },
  ];
}

export interface SeedKey {
  keyId: string;
  session: Json;
  /** Live quota already used, so `suppress_reset` shows a difference. */
  used: number;
}

export function seedKeys(): SeedKey[] {
  const keys: SeedKey[] = [];
  const plans = ['gold-plan', 'silver-plan', 'free-tier'];
  for (let i = 1; i <= 13; i++) {
    const plan = plans[i % plans.length];
    const quotaMax = plan === 'gold-plan' ? 100000 : plan === 'silver-plan' ? 10000 : 1000;
    keys.push({
      keyId: `${SEED_ORG_ID}${randomBytes(16).toString('hex')}`,
      used: (i * 37) % quotaMax,
      session: session({
        alias: `customer-${String(i).padStart(2, '0')}`,
        apply_policies: [plan],
        quota_max: quotaMax,
        quota_renewal_rate: 2592000,
        access_rights:
          plan === 'free-tier' ? accessRight(ID.weatherClassic, 'Weather Classic') : accessRight(ID.petstoreClassic, 'Petstore Classic', ['Default', 'v2']),
        meta_data: { customer: `customer-${i}` },
        tags: ['seed', plan],
      }),
    });
  }
  // A basic-auth key: its id is the org id plus the username, as the reference stores them.
  keys.push({
    keyId: `${SEED_ORG_ID}alice`,
    used: 12,
    session: session({
      alias: 'alice (basic auth)',
      basic_auth_data: { user: 'alice', password: '', hash_type: 'bcrypt' },
      quota_max: 500,
      quota_renewal_rate: 3600,
      access_rights: accessRight(ID.ordersClassic, 'Orders Classic', ['v1', 'v2']),
    }),
  });
  return keys;
}

function session(members: Json): Json {
  return {
    allowance: 100,
    rate: 100,
    per: 60,
    throttle_interval: -1,
    throttle_retry_limit: -1,
    max_query_depth: -1,
    expires: 0,
    quota_max: -1,
    quota_renews: 0,
    quota_remaining: -1,
    quota_renewal_rate: 0,
    org_id: SEED_ORG_ID,
    is_inactive: false,
    enable_detailed_recording: false,
    hmac_enabled: false,
    date_created: '2024-01-15T09:30:00Z',
    meta_data: {},
    tags: [],
    apply_policies: [],
    ...members,
  };
}

export function seedOrgKey(): { orgId: string; session: Json; used: number } {
  return { orgId: SEED_ORG_ID, used: 2500, session: session({ quota_max: 1000000, quota_renewal_rate: 2592000, rate: 0, per: 0 }) };
}

export function seedOauthClients(): Json[] {
  const clients = [
    { client_id: 'partner-portal', description: 'Partner portal web app', redirect_uri: 'https://partners.example.com/callback' },
    { client_id: 'mobile-app', description: 'Mobile app (iOS and Android)', redirect_uri: 'com.example.app://oauth' },
    { client_id: 'reporting-batch', description: 'Nightly reporting job', redirect_uri: 'https://reports.example.com/callback' },
  ];
  return clients.map((c) => ({ ...c, api_id: ID.partnerOauth, policy_id: 'partner-oauth', secret: newSecret(), meta_data: { team: 'partners' } }));
}
