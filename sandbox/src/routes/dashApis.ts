// Dashboard family, API records: list (endpoint 10, paged like the reference), read one
// (reference extension) and update a classic API (endpoint 11). Dashboard writes are live at
// once: the reference dashboard tells its gateways to reload after saving. OAS-native records are
// updated through their `oas` member.
import type { Router } from '../http/router.js';
import { HttpError, ok, statusResult } from '../http/results.js';
import { asObject } from '../http/body.js';
import { refuseInvalid } from './refusals.js';
import { unsafeSegmentReason } from '../http/ids.js';
import { classicView, clone, dashApi, EXT, findApi, listenPathOf, nowIso, obj } from '../model/apis.js';
import type { ApiRecord } from '../types.js';
import { paginate } from '../model/paging.js';
import type { RouteDeps } from './deps.js';

/** The classic name as the listing's `q` filter reads it ('' when there is none). */
const nameOf = (r: ApiRecord): string => {
  const name = classicView(r).name;
  return typeof name === 'string' ? name : '';
};

export function registerDashboardApis(router: Router, { state }: RouteDeps): void {
  const apis = state.apis;

  router.add('GET', '/api/apis', (ctx) => {
    const q = (ctx.query.get('q') ?? '').toLowerCase();
    const all = apis.values().filter((r) => !q || nameOf(r).toLowerCase().includes(q));
    const page = paginate(all, ctx.query.get('p'));
    return ok({ apis: page.items.map(dashApi), pages: page.pages });
  });

  router.add('GET', '/api/apis/:apiId', (ctx) => {
    const record = findApi(apis, ctx.params.apiId);
    if (!record) throw new HttpError(400, 'Could not retrieve API detail');
    return ok(dashApi(record));
  });

  router.add('PUT', '/api/apis/:apiId', async (ctx) => {
    const body = asObject(await ctx.json(), 'the API record');
    const record = findApi(apis, ctx.params.apiId);
    if (record?.kind === 'oas' && body.oas !== undefined) return updateOasRecord(record, body.oas);
    const def = asObject(body.api_definition, 'api_definition');
    if (!record) throw new HttpError(404, 'API definition does not exist');
    if (record.kind !== 'classic') {
      throw new HttpError(400, 'this API endpoint only supports Svc Classic APIs; please use the appropriate Svc OAS or streams API endpoint');
    }
    if (def.id !== undefined && def.id !== '' && def.id !== record.dbId) throw new HttpError(400, 'Invalid `ID` value');
    await refuseInvalid('classic', def, (reason) => `Validation of API Definition failed. Reason: ${reason}.`);
    // Self-hosted rule of the spec: the api_id may change (the sandbox is self-hosted).
    const newId = def.api_id === undefined || def.api_id === '' ? record.id : def.api_id;
    if (typeof newId !== 'string' || unsafeSegmentReason(newId)) throw new HttpError(400, 'Invalid API ID');
    if (newId !== record.id && apis.has(newId)) throw new HttpError(409, 'Found API with the same ID.');
    const rawListenPath = obj(def.proxy).listen_path;
    const listenPath = typeof rawListenPath === 'string' ? rawListenPath : '';
    if (listenPath && apis.values().some((a) => a.id !== record.id && listenPathOf(a) === listenPath)) {
      throw new HttpError(403, 'Found API with same url.');
    }
    def.id = record.dbId;
    def.api_id = newId;
    const categories = Array.isArray(body.categories) ? body.categories.map(String) : record.categories;
    const updated = { ...record, id: newId, classic: def, live: clone(def), categories, updatedAt: nowIso() };
    // A rename removes one file and writes another: one journaled write, so a crash leaves one of them.
    await Promise.all(state.atomically(() => [newId !== record.id ? apis.delete(record.id) : Promise.resolve(), apis.set(newId, updated)]));
    return statusResult('API modified', newId);
  });

  /**
   * An OAS-native API's record carries its document in `oas` (spec DashApi): the dashboard
   * replaces the document, keeping the API's ids whatever the body says (gateway-facts §8.3:
   * "The payload should contain x-svc-api-gateway.").
   */
  const updateOasRecord = async (record: ApiRecord, value: unknown) => {
    const doc = asObject(value, 'oas');
    if (!doc[EXT] || typeof doc[EXT] !== 'object') throw new HttpError(400, 'The payload should contain x-svc-api-gateway.');
    await refuseInvalid('oas', doc, (reason) => reason);
    const ext = obj(doc[EXT]);
    ext.info = { ...obj(ext.info), id: record.id, dbId: record.dbId };
    doc[EXT] = ext;
    await apis.set(record.id, { ...record, oas: doc, updatedAt: nowIso() });
    return statusResult('API modified', record.id);
  };
}
