// migration-mapping.md §8.4: the pure part of the `stage`, `promote` and `direct` modes. The
// sandbox stores what these return; the preview (§8.5) only ever uses `dryRun`.
import type { ClassicApiDefinition, OasDocument } from './types.js';
import { clone, obj } from './util.js';

const STAGED_SUFFIX = '-staged';
const STAGED_NAME_SUFFIX = ' (staged)';

/** The migrated documents of one API. */
export interface MigratedApi {
  baseAPI: OasDocument;
  versions: OasDocument[];
}

/**
 * The id of the staged copy of a classic API. Deterministic, so a second `stage` finds the copy
 * it would overwrite (`overrideStaged`) and `promote` finds the copy to make live.
 */
export function stagedApiId(classicId: string): string {
  return `${classicId}${STAGED_SUFFIX}`;
}

/** The classic id a staged id was derived from, or undefined for any other id. */
export function classicIdOfStaged(id: string): string | undefined {
  return id.endsWith(STAGED_SUFFIX) && id.length > STAGED_SUFFIX.length ? id.slice(0, -STAGED_SUFFIX.length) : undefined;
}

/** The name of the staged copy, so lists tell it apart from the live classic API. */
export function stagedApiName(name: string): string {
  return `${name}${STAGED_NAME_SUFFIX}`;
}

/**
 * `stage`: the OAS copy stored next to the classic API. The base gets the staged id and name and
 * no database id of its own yet; base and children are inactive, because the classic API stays
 * live on the same listen paths until `promote`.
 */
export function toStaged(migrated: MigratedApi, classic: ClassicApiDefinition): MigratedApi {
  const baseAPI = clone(migrated.baseAPI);
  const info = obj(baseAPI['x-svc-api-gateway'].info);
  const name = stagedApiName(String(classic.name ?? info.name ?? ''));
  info.id = stagedApiId(String(classic.api_id ?? info.id ?? ''));
  delete info.dbId;
  info.name = name;
  baseAPI.info.title = name;
  const versions = migrated.versions.map(clone);
  for (const doc of [baseAPI, ...versions]) setActive(doc, false);
  return { baseAPI, versions };
}

/**
 * `promote`: the staged copy replaces the classic API. The base takes over the classic API's id,
 * database id, name and active state (children follow the active state); everything else is the
 * staged copy as stored, including edits made to it after staging.
 */
export function promote(staged: MigratedApi, classic: ClassicApiDefinition): MigratedApi {
  const baseAPI = clone(staged.baseAPI);
  const info = obj(baseAPI['x-svc-api-gateway'].info);
  if (classic.api_id !== undefined) info.id = classic.api_id;
  if (classic.id !== undefined) info.dbId = classic.id;
  if (classic.name !== undefined) {
    info.name = classic.name;
    baseAPI.info.title = classic.name;
  }
  const versions = staged.versions.map(clone);
  for (const doc of [baseAPI, ...versions]) setActive(doc, classic.active === true);
  return { baseAPI, versions };
}

function setActive(doc: OasDocument, active: boolean): void {
  const info = (doc['x-svc-api-gateway'].info = obj(doc['x-svc-api-gateway'].info));
  info.state = { ...obj(info.state), active };
}
