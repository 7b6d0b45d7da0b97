// Gateway family, API definitions: classic (endpoint 2 plus the reference's list, get and create),
// OAS-native (endpoints 3 and 4) and the hot reload that makes stored classic definitions live.
import type { Router } from '../http/router.js';
import { actionResult, HttpError, ok } from '../http/results.js';
import { asObject } from '../http/body.js';
import { newApiId, newDbId, unsafeSegmentReason } from '../http/ids.js';
import { classicView, clone, EXT, nowIso, obj } from '../model/apis.js';
import { refuseInvalid } from './refusals.js';
import type { ApiRecord, Json } from '../types.js';
import type { RouteDeps } from './deps.js';
import { createOasApi } from './oasCreate.js';

const INVALID_API_ID = 'Invalid API ID';
const NOT_FOUND = 'API not found';
const CLASSIC_ONLY = 'this API endpoint only supports Svc Classic APIs; please use the appropriate Svc OAS API endpoint';

export function registerGatewayApis(router: Router, { state }: RouteDeps): void {
  const apis = state.apis;

  /** Header telling a client whether the stored definition still waits for a reload. */
  const pendingHeader = (record: ApiRecord) => ({
    'x-svc-reload-pending': String(record.kind === 'classic' && JSON.stringify(record.classic) !== JSON.stringify(record.live)),
  });
  const view = (record: ApiRecord, live: boolean) => (live && record.kind === 'classic' ? record.live : classicView(record));

  // Extension: every API through the gateway, a bare array (not paged), OAS ones in classic form.
  router.add('GET', '/svc/apis', (ctx) => {
    const live = ctx.query.get('state') === 'live';
    return ok(
      apis
        .values()
        .map((r) => view(r, live))
        .filter((d) => d !== undefined),
    );
  });

  // Extension: one API in classic form; the stored definition, or the loaded one with ?state=live.
  router.add(
    'GET',
    '/svc/apis/:apiID',
    (ctx) => {
      const record = apis.get(ctx.params.apiID);
      const body = record && view(record, ctx.query.get('state') === 'live');
      if (!record || !body) throw new HttpError(404, NOT_FOUND);
      return ok(body, 200, pendingHeader(record));
    },
    { idError: INVALID_API_ID },
  );

  // Extension: create a classic API (the reference's POST /svc/apis). Stored, live after a reload.
  router.add('POST', '/svc/apis', async (ctx) => {
    const def = asObject(await ctx.json(), 'the API definition');
    if (def.api_id === undefined || def.api_id === '') def.api_id = newApiId();
    if (typeof def.api_id !== 'string' || unsafeSegmentReason(def.api_id)) throw new HttpError(400, INVALID_API_ID);
    await checkClassic(def);
    if (apis.has(def.api_id)) throw new HttpError(400, `An API with the ID ${def.api_id} already exists; use PUT to replace it.`);
    const dbId = typeof def.id === 'string' && def.id ? def.id : newDbId();
    def.id = dbId;
    const now = nowIso();
    await apis.set(def.api_id, { id: def.api_id, dbId, kind: 'classic', classic: def, createdAt: now, updatedAt: now });
    return actionResult(def.api_id, 'added');
  });

  // Endpoint 2: replace the stored definition; the loaded one changes only on reload.
  router.add(
    'PUT',
    '/svc/apis/:apiID',
    async (ctx) => {
      const id = ctx.params.apiID;
      const def = asObject(await ctx.json(), 'the API definition');
      if (def.api_id !== id) throw new HttpError(400, 'Request APIID does not match that in Definition! For Update operations these must match.');
      const record = apis.get(id);
      if (!record) throw new HttpError(404, NOT_FOUND);
      if (record.kind !== 'classic') throw new HttpError(400, CLASSIC_ONLY);
      await checkClassic(def);
      await apis.set(id, { ...record, classic: def, updatedAt: nowIso() });
      return actionResult(id, 'modified');
    },
    { idError: INVALID_API_ID },
  );

  // Hot reload (the reference's GET /svc/reload and /svc/reload/group): stored → live.
  const reload = async () => {
    const pending = apis.values().filter((r) => r.kind === 'classic' && JSON.stringify(r.classic) !== JSON.stringify(r.live));
    await Promise.all(pending.map((r) => apis.set(r.id, { ...r, live: clone(r.classic) })));
    return ok({ status: 'ok', message: '' });
  };
  router.add('GET', '/svc/reload', reload);
  router.add('GET', '/svc/reload/group', reload);

  // Endpoint 3: an OAS-native document; mode=public leaves the extension out.
  router.add(
    'GET',
    '/svc/apis/oas/:apiID',
    (ctx) => {
      const record = apis.get(ctx.params.apiID);
      if (!record) throw new HttpError(404, NOT_FOUND);
      if (record.kind === 'classic') throw new HttpError(400, 'the requested API definition is in Svc classic format, please use old api endpoint');
      const doc = clone(obj(record.oas));
      if (ctx.query.get('mode') === 'public') delete doc[EXT];
      return ok(doc);
    },
    { idError: INVALID_API_ID },
  );

  // Endpoint 4: create an OAS-native API, optionally as a new version of a base API.
  router.add('POST', '/svc/apis/oas', async (ctx) => {
    const doc = asObject(await ctx.json(), 'the OAS document');
    if (!doc[EXT] || typeof doc[EXT] !== 'object') throw new HttpError(400, 'the payload should contain x-svc-api-gateway');
    // The editor's validator (errors only): one truth for "the server will probably refuse it".
    await refuseInvalid(doc['x-svc-streaming'] ? 'streams' : 'oas', doc, (reason) => reason);
    const id = await createOasApi(state, doc, ctx.query);
    return actionResult(id, 'added');
  });
}

/**
 * What the gateway refuses in a classic write: an OAS API on the classic route, then what the
 * shared core refuses (the editor's errors: wrong types, closed sets, the rule set of
 * gateway-facts §9.1). It requires no member, not even `name`: its decoder keeps the default.
 */
async function checkClassic(def: Json): Promise<void> {
  if (def.is_oas === true) throw new HttpError(400, CLASSIC_ONLY);
  // Types, closed sets and the rules refuse; a missing member does not (validation/src/severity.ts).
  await refuseInvalid('classic', def, (reason) => `Validation of API Definition failed. Reason: ${reason}.`);
}
