// Gateway family: custom/imported keys (endpoint 5), organisation keys (6), policies (7–9),
// OAuth clients (1), plus the reference's reads of a key, an org key, a policy and an API's clients.
import type { Router } from '../http/router.js';
import { actionResult, HttpError, ok } from '../http/results.js';
import { asObject } from '../http/body.js';
import { refuseInvalid } from './refusals.js';
import { hashKey, unsafeSegmentReason } from '../http/ids.js';
import { sessionTypeError } from '../model/sessionShape.js';
import { rawNumbers } from '../model/rawNumbers.js';
import { keepQuota, keyQuotaId, orgQuotaId, resetQuota, withLiveQuota } from '../model/quota.js';
import { findKey } from '../model/keys.js';
import { classicView } from '../model/apis.js';
import type { Json } from '../types.js';
import { flag, type RouteDeps } from './deps.js';

const POLICY_ID = /^[a-zA-Z0-9.\-_~]+$/;

export function registerGatewayKeys(router: Router, { state }: RouteDeps): void {
  const { keys, orgKeys, quotas, policies, oauthClients, apis } = state;
  const nowSeconds = () => String(Math.floor(Date.now() / 1000));

  // Endpoint 5: the path names the key. hashed=true: the name given is already the key's hash.
  router.add('POST', '/svc/keys/:keyID', async (ctx) => {
    const keyId = ctx.params.keyID;
    const session = typedSession(asObject(await ctx.json(), 'the key session'), await ctx.text());
    await refuseInvalid('session', session, (reason) => `Request malformed. Reason: ${reason}.`);
    const hash = flag(ctx.query.get('hashed')) ? keyId : hashKey(keyId);
    session.date_created ??= new Date().toISOString();
    session.last_updated = nowSeconds();
    const quotaId = keyQuotaId(keyId);
    await Promise.all(
      state.atomically(() => [
        keys.set(keyId, { keyId, hash, session }),
        ctx.query.get('suppress_reset') === '1' ? keepQuota(quotas, quotaId, session) : resetQuota(quotas, quotaId, session),
      ]),
    );
    return actionResult(keyId, 'added', hash);
  });

  // Reference read of one key (the session with the live quota); hashed=true looks up by hash.
  router.add('GET', '/svc/keys/:keyID', (ctx) => {
    const record = findKey(keys, ctx.params.keyID, { hashed: flag(ctx.query.get('hashed')) });
    if (!record) throw new HttpError(404, 'Key not found');
    return ok(withLiveQuota(quotas, keyQuotaId(record.keyId), record.session));
  });

  // Endpoint 6: the key id is the organisation id, which must own a loaded API.
  router.add('POST', '/svc/org/keys/:keyID', async (ctx) => {
    const orgId = ctx.params.keyID;
    const session = typedSession(asObject(await ctx.json(), 'the organisation key session'), await ctx.text());
    await refuseInvalid('session', session, (reason) => `Request malformed. Reason: ${reason}.`);
    if (!apis.values().some((a) => classicView(a).org_id === orgId)) throw new HttpError(404, 'No such organisation found in Active API list');
    session.org_id = orgId;
    session.last_updated = nowSeconds();
    const quotaId = orgQuotaId(orgId);
    await Promise.all([
      orgKeys.set(orgId, { orgId, session }),
      ctx.query.get('reset_quota') === '1' ? resetQuota(quotas, quotaId, session) : keepQuota(quotas, quotaId, session),
    ]);
    return actionResult(orgId, 'added');
  });

  router.add('GET', '/svc/org/keys/:keyID', (ctx) => {
    const record = orgKeys.get(ctx.params.keyID);
    if (!record) throw new HttpError(404, 'Org not found');
    return ok(withLiveQuota(quotas, orgQuotaId(record.orgId), record.session));
  });

  // Endpoints 7–9 and the reference's read of one policy. Lists are bare arrays, never paged.
  router.add('GET', '/svc/policies', () => ok(policies.values()));
  router.add('GET', '/svc/policies/:polID', (ctx) => {
    const policy = policies.get(ctx.params.polID);
    if (!policy) throw new HttpError(404, 'Policy not found');
    return ok(policy);
  });
  router.add('POST', '/svc/policies', async (ctx) => {
    const policy = asObject(await ctx.json(), 'the policy');
    const id = checkPolicyId(policy.id ?? policy._id);
    await refuseInvalid('policy', policy, (reason) => `Request malformed. Reason: ${reason}.`);
    policy.id = id;
    policy.last_updated = nowSeconds();
    await policies.set(id, policy);
    return actionResult(id, 'added');
  });
  router.add('PUT', '/svc/policies/:polID', async (ctx) => {
    const id = ctx.params.polID;
    const policy = asObject(await ctx.json(), 'the policy');
    if (policy.id !== undefined && policy.id !== id)
      throw new HttpError(400, 'Request ID does not match that in policy! For Update operations these must match.');
    if (!policies.has(id)) throw new HttpError(404, 'Policy not found');
    await refuseInvalid('policy', policy, (reason) => `Request malformed. Reason: ${reason}.`);
    policy.id = id;
    policy.last_updated = nowSeconds();
    await policies.set(id, policy);
    return actionResult(id, 'modified');
  });

  // Endpoint 1 and the reference's list of an API's clients (a bare array).
  router.add('GET', '/svc/oauth/clients/:apiID/:keyName', (ctx) => {
    const client = oauthClients.get(`${ctx.params.apiID}/${ctx.params.keyName}`);
    if (!client) throw new HttpError(404, 'OAuth Client ID not found');
    return ok(client);
  });
  router.add('GET', '/svc/oauth/clients/:apiID', (ctx) => {
    const apiId = ctx.params.apiID;
    if (!apis.has(apiId)) throw new HttpError(404, 'API not found');
    return ok(oauthClients.values().filter((c: Json) => c.api_id === apiId));
  });
}

function checkPolicyId(id: unknown): string {
  if (typeof id !== 'string' || id === '') throw new HttpError(400, 'Unable to create policy without id.');
  if (!POLICY_ID.test(id)) throw new HttpError(400, 'Invalid Policy ID: Allowed characters: a-z, A-Z, 0-9, ., _, -, ~');
  // `.`, `..` and ids over 255 characters fit the characters but can never be addressed by a path.
  const reason = unsafeSegmentReason(id);
  if (reason) throw new HttpError(400, `Invalid Policy ID: ${reason}, so it could never be read, updated or deleted.`);
  return id;
}

/** The reference decodes the body into its session struct: a member of the wrong JSON type is a 400. */
function typedSession(session: Json, text: string): Json {
  const problem = sessionTypeError(session, rawNumbers(text));
  if (problem) throw new HttpError(400, `Request malformed: ${problem}.`);
  return session;
}
