// Seed users, webhooks (more than one page) and synthetic analytics per OAuth client over the
// 30 days before the seed ran.
import type { AnalyticsSet, Json } from '../types.js';
import { stableHex } from '../http/ids.js';
import { SEED_API_IDS as ID, SEED_ORG_ID } from './ids.js';

export function seedUsers(): Json[] {
  const people = [
    ['Ada', 'Lovelace', 'ada@example.com', { IsAdmin: 'admin' }],
    ['Grace', 'Hopper', 'grace@example.com', { apis: 'write', keys: 'write', policies: 'write', analytics: 'read' }],
    ['Alan', 'Turing', 'alan@example.com', { apis: 'read', keys: 'read', analytics: 'read' }],
  ] as const;
  return people.map(([first, last, email, permissions]) => ({
    id: stableHex(`seed:user:${email}`, 24),
    first_name: first,
    last_name: last,
    email_address: email,
    user_permissions: permissions,
    org_id: SEED_ORG_ID,
    active: true,
    group_id: '',
    created_at: '2024-01-10T08:00:00Z',
    password_max_days: 0,
  }));
}

export function seedWebhooks(): Json[] {
  const events = [
    'QuotaExceeded',
    'RatelimitExceeded',
    'AuthFailure',
    'KeyExpired',
    'BreakerTripped',
    'BreakerReset',
    'HostDown',
    'HostUp',
    'TokenCreated',
    'TokenUpdated',
    'TokenDeleted',
    'CertificateExpiringSoon',
  ];
  const methods = ['POST', 'POST', 'PUT', 'GET', 'PATCH', 'DELETE'];
  return events.map((event, i) => {
    const id = stableHex(`seed:webhook:${event}`, 24);
    return {
      id,
      webhook_id: id,
      org_id: SEED_ORG_ID,
      name: `Notify on ${event}`,
      method: methods[i % methods.length],
      target_path: `https://hooks.example.com/svc/${event.toLowerCase()}`,
      template_path: '',
      header_map: { 'X-Source': 'svc-sandbox' },
      event_timeout: 60,
      api_model: {},
    };
  });
}

/** Deterministic pseudo-random numbers, so the records look varied but repeat per seed. */
function noise(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

export function seedAnalytics(clientIds: string[], now = new Date()): AnalyticsSet[] {
  return clientIds.map((clientId, c) => {
    const records: Json[] = [];
    for (let back = 29; back >= 0; back--) {
      const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - back, 10 + (back % 8)));
      for (const [path, code] of [
        ['/partner/orders', 200],
        ['/partner/invoices', back % 3 === 0 ? 500 : 200],
      ] as const) {
        if (code === 500 && noise(back + c) < 0.3) continue;
        const hits = 20 + Math.floor(noise(back * 7 + c) * 400);
        const errors = code === 200 ? Math.floor(hits * 0.02) : hits;
        const latency = 40 + noise(back + c * 3) * 160;
        records.push({
          hits,
          success: hits - errors,
          error: errors,
          last_hit: day.toISOString(),
          latency: round(latency),
          max_latency: round(latency * 2.5),
          min_latency: round(latency * 0.3),
          upstream_latency: round(latency * 0.8),
          max_upstream_latency: round(latency * 2.1),
          min_upstream_latency: round(latency * 0.25),
          request_time: round(latency),
          id: {
            alias: clientId,
            api_id: ID.partnerOauth,
            api_name: 'Partner OAuth',
            code,
            key: clientId,
            day: day.getUTCDate(),
            month: day.getUTCMonth() + 1,
            year: day.getUTCFullYear(),
            hour: day.getUTCHours(),
            iso_country: ['GB', 'DE', 'US', 'FR'][(back + c) % 4],
            path,
            queries: {},
            url: `http://localhost:8080${path}`,
          },
        });
      }
    }
    return { clientId, records };
  });
}

const round = (n: number) => Math.round(n * 100) / 100;
