// Dashboard family, users (endpoint 20 plus the reference's list), webhooks (22, 23) and
// per-OAuth-client analytics (21).
import type { Router } from '../http/router.js';
import { HttpError, ok, statusResult } from '../http/results.js';
import { asObject } from '../http/body.js';
import { newDbId, newSecret } from '../http/ids.js';
import { paginate } from '../model/paging.js';
import type { Json } from '../types.js';
import type { RouteDeps } from './deps.js';
import { SEED_ORG_ID } from '../seed/ids.js';

const REQUIRED_USER_MEMBERS = ['email_address', 'first_name', 'last_name', 'user_permissions'];

export function registerDashboardRecords(router: Router, { state }: RouteDeps): void {
  const { users, hooks, analytics } = state;

  router.add('POST', '/api/users', async (ctx) => {
    const user = asObject(await ctx.json(), 'the user');
    const missing = REQUIRED_USER_MEMBERS.filter((m) => user[m] === undefined || user[m] === '' || user[m] === null);
    if (missing.length > 0 || typeof user.user_permissions !== 'object' || Array.isArray(user.user_permissions)) {
      throw new HttpError(400, 'User object validation failed.');
    }
    const email = String(user.email_address).toLowerCase();
    if (users.values().some((u) => String(u.email_address).toLowerCase() === email)) throw new HttpError(403, 'User email already exists for this org.');
    const id = newDbId();
    const stored: Json = {
      ...user,
      id,
      org_id: user.org_id ?? SEED_ORG_ID,
      active: user.active ?? true,
      access_key: newSecret(),
      created_at: new Date().toISOString(),
    };
    delete stored.password; // passwords go through a separate endpoint in the reference
    await users.set(id, stored);
    return statusResult('User and session have been created', id, id);
  });

  // Extension: the user list, paged.
  router.add('GET', '/api/users', (ctx) => {
    const page = paginate(users.values(), ctx.query.get('p'));
    return ok({ users: page.items, pages: page.pages });
  });

  router.add('GET', '/api/hooks', (ctx) => {
    const page = paginate(hooks.values(), ctx.query.get('p'));
    return ok({ hooks: page.items, pages: page.pages });
  });

  router.add('GET', '/api/hooks/:hookId', (ctx) => {
    const hook = hooks.get(ctx.params.hookId);
    if (!hook) throw new HttpError(400, 'Could not retrieve webhook detail.');
    return ok(hook);
  });

  router.add('GET', '/api/activity/oauthid/:clientId/:startDay/:startMonth/:startYear/:endDay/:endMonth/:endYear', (ctx) => {
    const p = ctx.params;
    const start = dayNumber(p.startYear, p.startMonth, p.startDay);
    const end = dayNumber(p.endYear, p.endMonth, p.endDay);
    if (start === undefined || end === undefined) throw new HttpError(400, 'Invalid date: day, month and year must be numbers of a calendar date.');
    if (start > end) throw new HttpError(400, 'Invalid date range: the start is after the end.');
    const records = (analytics.get(p.clientId)?.records ?? []).filter((r) => {
      const id = r.id as Json;
      const day = dayNumber(id.year, id.month, id.day);
      return day !== undefined && day >= start && day <= end;
    });
    if (records.length === 0) return ok({ data: null, pages: 0 });
    const page = paginate(records, ctx.query.get('p'));
    return ok({ data: page.items, pages: page.pages });
  });
}

/** Days since the epoch for a valid calendar date, undefined otherwise. */
function dayNumber(year: unknown, month: unknown, day: unknown): number | undefined {
  const [y, m, d] = [year, month, day].map((v) => (/^\d+$/.test(String(v)) ? Number(v) : NaN));
  if ([y, m, d].some(Number.isNaN)) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return date.getTime() / 86_400_000;
}
