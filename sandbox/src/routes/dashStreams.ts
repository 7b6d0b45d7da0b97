// Dashboard family, streams APIs (endpoints 12–14): the streams media type on the way in and
// out, PATCH with the import-style query parameters of gateway-facts §8.3/§8.4.
import type { Router, RequestContext } from '../http/router.js';
import { HttpError, statusResult } from '../http/results.js';
import { asObject } from '../http/body.js';
import { refuseInvalid } from './refusals.js';
import { EXT, nowIso, obj, STREAMING, STREAMS_MEDIA_TYPE } from '../model/apis.js';
import type { ApiRecord, Json } from '../types.js';
import type { RouteDeps } from './deps.js';

/** 415 when the body is not declared as the streams media type (the spec makes it required). */
function requireStreamsBody(ctx: RequestContext): void {
  const type = String(ctx.req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type !== STREAMS_MEDIA_TYPE) throw new HttpError(415, `Content-Type must be ${STREAMS_MEDIA_TYPE}`);
}

export function registerDashboardStreams(router: Router, { state }: RouteDeps): void {
  const apis = state.apis;
  const streamsApi = (id: string): ApiRecord | undefined => {
    const record = apis.get(id);
    return record?.kind === 'streams' ? record : undefined;
  };

  router.add('GET', '/api/apis/streams/:apiId', (ctx) => {
    const accept = String(ctx.req.headers.accept ?? '');
    if (!accept.toLowerCase().includes(STREAMS_MEDIA_TYPE)) throw new HttpError(406, `Accept must be ${STREAMS_MEDIA_TYPE}`);
    const record = streamsApi(ctx.params.apiId);
    if (!record) throw new HttpError(400, 'Could not retrieve API detail.');
    return { status: 200, body: record.oas, contentType: STREAMS_MEDIA_TYPE };
  });

  router.add('PUT', '/api/apis/streams/:apiId', async (ctx) => {
    requireStreamsBody(ctx);
    const doc = asObject(await ctx.json(), 'the streams API document');
    if (!doc[EXT] && !doc[STREAMING]) throw new HttpError(400, 'The payload should contain x-svc-api-gateway and/or x-svc-streaming.');
    const record = streamsApi(ctx.params.apiId);
    if (!record) throw new HttpError(404, 'API definition does not exist');
    await refuseInvalid('streams', doc, (reason) => reason);
    keepIdentity(doc, record);
    await apis.set(record.id, { ...record, oas: doc, updatedAt: nowIso() });
    return statusResult('API updated.', record.id);
  });

  // PATCH replaces the OAS part; extension members the body leaves out are kept.
  router.add('PATCH', '/api/apis/streams/:apiId', async (ctx) => {
    requireStreamsBody(ctx);
    const doc = asObject(await ctx.json(), 'the streams API document');
    const record = streamsApi(ctx.params.apiId);
    if (!record) throw new HttpError(404, 'API not found.');
    const stored = obj(record.oas);
    // Member by member: a body whose extension holds only `info` keeps the stored `server`,
    // `upstream` and `middleware` (a wholesale replace would wipe the listen path and upstream).
    doc[EXT] = { ...structuredClone(obj(stored[EXT])), ...obj(doc[EXT]) };
    if (!doc[STREAMING]) doc[STREAMING] = structuredClone(stored[STREAMING]);
    keepIdentity(doc, record);
    applyPatchParameters(doc, ctx.query);
    await apis.set(record.id, { ...record, oas: doc, updatedAt: nowIso() });
    return statusResult('API updated.', record.id);
  });
}

/** The API keeps its ids whatever the body says. */
function keepIdentity(doc: Json, record: ApiRecord): void {
  const ext = (doc[EXT] = obj(doc[EXT]));
  const info = (ext.info = obj(ext.info));
  info.id = record.id;
  info.dbId = record.dbId;
}

const BOOL = /^(1|t|true|0|f|false)$/i;
const truthy = (v: string) => /^(1|t|true)$/i.test(v);

/** gateway-facts §8.4 for streams: listenPath, customDomain, allowList, validateRequest, mockResponse, authentication. */
export function applyPatchParameters(doc: Json, query: URLSearchParams): void {
  const ext = (doc[EXT] = obj(doc[EXT]));
  const server = (ext.server = obj(ext.server));
  const listenPath = query.get('listenPath');
  if (listenPath) server.listenPath = { ...obj(server.listenPath), value: listenPath };
  const customDomain = query.get('customDomain');
  if (customDomain) server.customDomain = { enabled: true, name: customDomain };
  const auth = query.get('authentication');
  if (auth !== null && BOOL.test(auth)) server.authentication = { ...obj(server.authentication), enabled: truthy(auth) };
  const operations = Object.values(obj(doc.paths))
    .flatMap((item) => Object.values(obj(item)).map(obj))
    .filter((op) => typeof op.operationId === 'string');
  const setOnOperations = (param: string, build: (enabled: boolean, op: Json) => Json | undefined) => {
    const value = query.get(param);
    if (value === null || !BOOL.test(value) || operations.length === 0) return;
    const middleware = (ext.middleware = obj(ext.middleware));
    const ops = (middleware.operations = obj(middleware.operations));
    for (const op of operations) {
      const member = build(truthy(value), op);
      if (member) ops[op.operationId as string] = { ...obj(ops[op.operationId as string]), ...member };
    }
  };
  setOnOperations('allowList', (enabled) => (enabled ? { allow: { enabled }, block: { enabled: false } } : { allow: { enabled } }));
  setOnOperations('validateRequest', (enabled, op) =>
    (Array.isArray(op.parameters) && op.parameters.length > 0) || obj(obj(op.requestBody).content)['application/json'] !== undefined
      ? { validateRequest: { enabled, errorResponseCode: 422 } }
      : undefined,
  );
  setOnOperations('mockResponse', (enabled, op) => (op.responses ? { mockResponse: { enabled, fromOASExamples: { enabled } } } : undefined));
}
