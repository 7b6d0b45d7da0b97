// migration-mapping.md §5.1 (`info`) and the OAS side of §3 (`info.versioning`).
import type { ClassicApiDefinition, Json } from './types.js';
import { bool, defined, obj, section, str } from './util.js';

/** `x-svc-api-gateway.info` of one split definition. */
export function mapInfo(def: ClassicApiDefinition): Json {
  return defined({
    id: str(def.api_id),
    dbId: str(def.id),
    orgId: str(def.org_id),
    // Stryker disable next-line StringLiteral: an API without a name is refused (info.name must not be empty)
    name: def.name ?? '',
    expiration: str(def.expiration),
    state: defined({ active: def.active === true, internal: bool(def.internal) }),
    versioning: mapVersioning(obj(def.definition)),
  });
}

/**
 * `info.versioning` from the same-named `definition` members (§3); the `versions` map becomes an
 * array of `{name, id}` sorted by name. Omitted when nothing is set (a child, an unversioned API).
 */
export function mapVersioning(d: Json): Json | undefined {
  // Stryker disable next-line MethodExpression: the split adds the children in name order, and a classic definition that lists versions is refused
  const versions = Object.keys(obj(d.versions))
    .sort()
    .map((name) => ({ name, id: String(d.versions[name]) }));
  return section({
    enabled: bool(d.enabled),
    name: str(d.name),
    default: str(d.default),
    location: str(d.location),
    key: str(d.key),
    stripVersioningData: bool(d.strip_versioning_data),
    fallbackToDefault: bool(d.fallback_to_default),
    urlVersioningPattern: str(d.url_versioning_pattern),
    versions: versions.length ? versions : undefined,
  });
}
