// How one stored API looks through each family: the classic definition (gateway), the DashApi
// record (dashboard list and detail), the OAS or streams document.
import type { ApiRecord, Json } from '../types.js';

export const EXT = 'x-svc-api-gateway';
export const STREAMING = 'x-svc-streaming';
export const STREAMS_MEDIA_TYPE = 'application/vnd.svc.streams.oas';

export const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
export const clone = <T>(value: T): T => structuredClone(value);

/** The classic definition of a classic API, or a classic-shaped summary of an OAS/streams API (`is_oas: true`). */
export function classicView(record: ApiRecord, state: 'stored' | 'live' = 'stored'): Json {
  if (record.kind === 'classic') return clone((state === 'live' ? record.live : record.classic) ?? record.classic ?? {});
  const doc = obj(record.oas);
  const ext = obj(doc[EXT]);
  const info = obj(ext.info);
  const stateInfo = obj(info.state);
  const view: Json = {
    api_id: record.id,
    id: record.dbId,
    name: info.name ?? obj(doc.info).title ?? record.id,
    org_id: info.orgId ?? '',
    active: stateInfo.active !== false,
    internal: stateInfo.internal === true,
    is_oas: true,
    proxy: {
      listen_path: obj(obj(ext.server).listenPath).value ?? '',
      target_url: obj(ext.upstream).url ?? '',
      strip_listen_path: obj(obj(ext.server).listenPath).strip === true,
    },
    version_data: { not_versioned: true, default_version: '', versions: { '': { name: '' } } },
  };
  return view;
}

/** The dashboard record (spec "DashApi"). OAS and streams APIs carry their document in `oas`. */
export function dashApi(record: ApiRecord): Json {
  const result: Json = {
    api_definition: classicView(record),
    api_model: {},
    categories: record.categories ?? [],
    created_at: record.createdAt,
    hook_references: [],
    is_site: false,
    sort_by: 0,
    updated_at: record.updatedAt,
    user_group_owners: [],
    user_owners: [],
  };
  if (record.kind !== 'classic') result.oas = clone(record.oas);
  return result;
}

export function apiName(record: ApiRecord): string {
  const name = classicView(record).name;
  return typeof name === 'string' || typeof name === 'number' ? String(name) : record.id;
}

export function listenPathOf(record: ApiRecord): string {
  const listenPath = obj(classicView(record).proxy).listen_path;
  return typeof listenPath === 'string' ? listenPath : '';
}

/** Finds an API by its API id or its database id ("internal or external id", spec endpoint 17). */
export function findApi(
  apis: { get(id: string): ApiRecord | undefined; find(p: (a: ApiRecord) => boolean): ApiRecord | undefined },
  id: string,
): ApiRecord | undefined {
  return apis.get(id) ?? apis.find((a) => a.dbId === id);
}

export function nowIso(): string {
  return new Date().toISOString();
}
