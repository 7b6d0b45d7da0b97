// Endpoint 4's storage and versioning rules (gateway-facts §8.5): a new OAS-native API, linked
// to a base API when `base_api_id` is given. The link lives in the base's
// `info.versioning.versions` list, which the reference keeps sorted by insertion.
import { HttpError } from '../http/results.js';
import { newApiId, newDbId, unsafeSegmentReason } from '../http/ids.js';
import { EXT, nowIso, obj } from '../model/apis.js';
import type { SandboxState } from '../store/state.js';
import type { ApiRecord, Json } from '../types.js';
import { flag } from './deps.js';

export async function createOasApi(state: SandboxState, doc: Json, query: URLSearchParams): Promise<string> {
  const ext = obj(doc[EXT]);
  const info = (ext.info = obj(ext.info));
  doc[EXT] = ext;
  const id = typeof info.id === 'string' && info.id !== '' ? info.id : newApiId();
  if (unsafeSegmentReason(id)) throw new HttpError(400, 'Invalid API ID');
  if (state.apis.has(id)) throw new HttpError(400, `An API with the ID ${id} already exists.`);

  const baseId = query.get('base_api_id') ?? '';
  const newVersionName = query.get('new_version_name') ?? '';
  let base: ApiRecord | undefined;
  if (baseId !== '') {
    if (newVersionName === '') throw new HttpError(422, 'The new version name is required');
    base = state.apis.get(baseId);
    if (!base || base.kind !== 'oas') throw new HttpError(400, `${baseId} is not a valid Base API version`);
    const baseVersionName = obj(obj(obj(obj(base.oas)[EXT]).info).versioning).name;
    if (!query.get('base_api_version_name') && (typeof baseVersionName !== 'string' || baseVersionName === '')) {
      throw new HttpError(400, `you need to provide a version name for the new Base API: ${base.id}`);
    }
  }

  const dbId = newDbId();
  info.id = id;
  info.dbId = dbId;
  const now = nowIso();
  // The new version and the base that links it: one journaled write.
  const writes = state.atomically(() => {
    const list: Array<Promise<void>> = [state.apis.set(id, { id, dbId, kind: 'oas', oas: doc, createdAt: now, updatedAt: now })];
    if (base) list.push(linkVersion(state, base, id, newVersionName, query));
    return list;
  });
  await Promise.all(writes);
  return id;
}

/** Records the new version in the base's versioning (synchronously, before any await). */
function linkVersion(state: SandboxState, base: ApiRecord, childId: string, versionName: string, query: URLSearchParams): Promise<void> {
  const doc = structuredClone(obj(base.oas));
  const ext = obj(doc[EXT]);
  const info = (ext.info = obj(ext.info));
  const versioning = (info.versioning = obj(info.versioning));
  const baseVersionName = query.get('base_api_version_name') ?? '';
  if (baseVersionName !== '') versioning.name = baseVersionName;
  versioning.enabled = true;
  versioning.location ??= 'header';
  versioning.key ??= 'x-api-version';
  versioning.default ??= 'self';
  const versions = (Array.isArray(versioning.versions) ? versioning.versions : []).filter((v: Json) => obj(v).name !== versionName);
  versions.push({ id: childId, name: versionName });
  versioning.versions = versions;
  if (flag(query.get('set_default'))) versioning.default = versionName;
  doc[EXT] = ext;
  return state.apis.set(base.id, { ...base, oas: doc, updatedAt: nowIso() });
}
