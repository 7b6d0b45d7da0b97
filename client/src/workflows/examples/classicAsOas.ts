// A classic example as OAS-native documents ready to create: the management API has no
// endpoint that creates a classic definition (only replace), so "Create API from Example" on a
// classic example converts it with the same converter the migrate endpoint uses and creates the
// base API, then each version through endpoint 4's base_api_id/new_version_name. Pure.
import { converter } from '../migrate/converter';
import type { JsonMap } from '../../../../api/src/types';

export interface OasPlan {
  base: JsonMap;
  /** The base's own version name (base_api_version_name), when it is versioned. */
  baseVersionName?: string;
  children: Array<{ versionName: string; document: JsonMap }>;
  /** What the converter dropped or changed (migration-mapping.md §6). */
  warnings: string[];
}

export function classicAsOas(classic: JsonMap): { ok: true; plan: OasPlan } | { ok: false; errors: string[] } {
  const result = converter().convertClassicToOas(structuredClone(classic));
  if (!result.ok) return { ok: false, errors: result.errors };
  const base = structuredClone(result.baseAPI) as JsonMap;
  const info = extInfo(base);
  // The server writes the links as it creates each version; the converter's ids are not real ones.
  const versioning = info?.versioning as JsonMap | undefined;
  if (versioning && Array.isArray(versioning.versions)) versioning.versions = [];
  dropIds(base);
  const children = result.versions.map((doc, i) => {
    const copy = structuredClone(doc) as JsonMap;
    dropIds(copy);
    const version = (copy.info as { version?: string } | undefined)?.version;
    return { versionName: version || `v${i + 2}`, document: copy };
  });
  return { ok: true, plan: { base, baseVersionName: typeof versioning?.name === 'string' ? versioning.name : undefined, children, warnings: result.warnings } };
}

function extInfo(doc: JsonMap): JsonMap | undefined {
  const ext = doc['x-svc-api-gateway'] as JsonMap | undefined;
  return ext?.info as JsonMap | undefined;
}

/** Examples carry empty or placeholder ids: let the server give new ones. */
function dropIds(doc: JsonMap): void {
  const info = extInfo(doc);
  if (!info) return;
  delete info.id;
  delete info.dbId;
  if (info.orgId === '') delete info.orgId;
}
