// Dashboard family, keys (endpoints 17–19 plus the reference's key list) and the admin family's
// org key update (24). Dashboard key writes answer KeyResult and reset the live quota unless
// `suppress_reset=1`.
import type { Router } from '../http/router.js';
import { HttpError, ok, statusResult } from '../http/results.js';
import { hashKey } from '../http/ids.js';
import { sessionTypeError } from '../model/sessionShape.js';
import { rawNumbers } from '../model/rawNumbers.js';
import { findApi } from '../model/apis.js';
import { findKey } from '../model/keys.js';
import { paginate } from '../model/paging.js';
import { keepQuota, keyQuotaId, resetQuota, withLiveQuota } from '../model/quota.js';
import type { Json, KeyRecord } from '../types.js';
import { flag, type RouteDeps } from './deps.js';
import { refuseInvalid } from './refusals.js';

const MALFORMED_KEY = 'User/Key object validation failed, most likely malformed input.';
const KEY_NOT_FOUND = 'Could not retrieve key detail.';

async function sessionBody(value: unknown, text: string): Promise<Json> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new HttpError(400, MALFORMED_KEY);
  const problem = sessionTypeError(value as Json, rawNumbers(text));
  if (problem) throw new HttpError(400, `${MALFORMED_KEY} ${problem}.`);
  const session = { ...(value as Json) };
  delete session.key_id; // response-only (D) member; the path names the key
  await refuseInvalid('session', session, (reason) => `${MALFORMED_KEY} ${reason}`);
  return session;
}

export function registerDashboardKeys(router: Router, { state, specOnly }: RouteDeps): void {
  const { keys, quotas, apis, orgKeys } = state;

  const keyResult = (record: KeyRecord) =>
    ok({
      api_model: {},
      data: { ...withLiveQuota(quotas, keyQuotaId(record.keyId), record.session), key_id: record.keyId },
      key_hash: record.hash,
      key_id: record.keyId,
    });

  /** `-` (sandbox extension) means "whichever API": the key list gives ids without an API. */
  const requireApi = (apiId: string) => {
    if ((specOnly || apiId !== '-') && !findApi(apis, apiId)) throw new HttpError(404, 'API not found');
  };
  /** Spec-only: `apiID` is "the API the key grants access to" (spec 17/18), so check that it does. */
  const requireGrant = (apiId: string, record: KeyRecord) => {
    if (!specOnly) return;
    const api = findApi(apis, apiId);
    const rights = Object.keys(record.session.access_rights && typeof record.session.access_rights === 'object' ? record.session.access_rights : {});
    if (rights.length > 0 && !(api && (rights.includes(api.id) || rights.includes(api.dbId)))) throw new HttpError(404, KEY_NOT_FOUND);
  };
  const lookup = (query: URLSearchParams, keyId: string) =>
    findKey(keys, keyId, {
      hashed: (query.get('hashed') ?? '') !== '',
      autoGuess: flag(query.get('auto_guess')),
      username: flag(query.get('username')),
    });

  router.add('GET', '/api/apis/:apiID/keys/:keyID', (ctx) => {
    requireApi(ctx.params.apiID);
    const record = lookup(ctx.query, ctx.params.keyID);
    if (!record) throw new HttpError(404, KEY_NOT_FOUND);
    requireGrant(ctx.params.apiID, record);
    return keyResult(record);
  });

  router.add('PUT', '/api/apis/:apiID/keys/:keyID', async (ctx) => {
    const session = await sessionBody(await ctx.json(), await ctx.text());
    requireApi(ctx.params.apiID);
    const record = lookup(ctx.query, ctx.params.keyID);
    if (!record) throw new HttpError(404, KEY_NOT_FOUND);
    requireGrant(ctx.params.apiID, record);
    session.last_updated = String(Math.floor(Date.now() / 1000));
    const updated = { ...record, session };
    const quotaId = keyQuotaId(record.keyId);
    await Promise.all(
      state.atomically(() => [
        keys.set(record.keyId, updated),
        ctx.query.get('suppress_reset') === '1' ? keepQuota(quotas, quotaId, session) : resetQuota(quotas, quotaId, session),
      ]),
    );
    return keyResult(updated);
  });

  router.add('POST', '/api/keys/:keyId', async (ctx) => {
    const keyId = ctx.params.keyId;
    const session = await sessionBody(await ctx.json(), await ctx.text());
    if (keys.has(keyId)) throw new HttpError(409, 'Key already exists.');
    session.date_created ??= new Date().toISOString();
    const record: KeyRecord = { keyId, hash: hashKey(keyId), session };
    await Promise.all(state.atomically(() => [keys.set(keyId, record), resetQuota(quotas, keyQuotaId(keyId), session)]));
    return keyResult(record);
  });

  // Extension: every key id, paged like the other dashboard lists.
  router.add('GET', '/api/keys', (ctx) => {
    const page = paginate(
      keys.values().map((k) => k.keyId),
      ctx.query.get('p'),
    );
    return ok({ data: { keys: page.items }, pages: page.pages });
  });

  // Endpoint 24 (admin family).
  router.add('PUT', '/admin/org/keys/:keyId', async (ctx) => {
    const orgId = ctx.params.keyId;
    const session = await sessionBody(await ctx.json(), await ctx.text());
    const existing = orgKeys.get(orgId);
    if (!existing) throw new HttpError(404, "Org key doesn't exist");
    if (session.org_id !== undefined && session.org_id !== existing.orgId) throw new HttpError(500, 'Updating orgID of org key is not allowed');
    session.org_id = existing.orgId;
    await orgKeys.set(orgId, { orgId, session });
    return statusResult('Key updated', orgId);
  });
}
