// migration-mapping.md §3: refusals, choice of the base version, and the split of the other
// versions into child APIs (§2 step 7).
import type { ClassicApiDefinition, Json, Report, VersionInfo } from './types.js';
import { clone, isObject, obj, str } from './util.js';

export const REFUSAL_ALREADY_VERSIONED = 'not migratable - new versioning is already enabled';
export const REFUSAL_NOT_VERSIONED_MANY = 'not migratable - if not versioned, there should be just one version info in versions map';

/** Defaults the gateway fills into `definition` (gateway-facts §2.3). */
const DEFAULT_VERSION_KEY = 'x-api-version';
const DEFAULT_VERSION_LOCATION = 'header';

/** One classic definition after the split: the base (first) or a child, with its version name. */
export interface SplitDefinition {
  def: ClassicApiDefinition;
  /** The version name: OAS `info.version`; the base's also becomes `definition.name`. */
  versionName: string;
  isBase: boolean;
}

/** The refusals of §3, one message each (empty when migratable). */
export function versioningRefusals(def: ClassicApiDefinition): string[] {
  const errors: string[] = [];
  const vd = obj(def.definition);
  if (vd.enabled === true || (isObject(vd.versions) && Object.keys(vd.versions).length > 0)) {
    errors.push(REFUSAL_ALREADY_VERSIONED);
  }
  const data = obj(def.version_data);
  if (data.not_versioned === true && Object.keys(obj(data.versions)).length > 1) errors.push(REFUSAL_NOT_VERSIONED_MANY);
  return errors;
}

/** Base version: `default_version` if present in the map, else `Default`, else the first key. */
export function baseVersionName(def: ClassicApiDefinition): string {
  const data = obj(def.version_data);
  const versions = obj(data.versions);
  const preferred = str(data.default_version);
  if (preferred !== undefined && preferred in versions) return preferred;
  if ('Default' in versions) return 'Default';
  return Object.keys(versions).sort()[0] ?? '';
}

/**
 * Splits `def` (already pre-processed, mutated) into the base and its children. Call only after
 * `versioningRefusals` returned nothing. `newId` gives each child its api id.
 */
export function splitVersions(def: ClassicApiDefinition, newId: () => string, report: Report): SplitDefinition[] {
  const data = (def.version_data = obj(def.version_data));
  const versions: Record<string, VersionInfo> = obj(data.versions);
  const baseName = baseVersionName(def);
  const baseInfo: VersionInfo = obj(versions[baseName]);
  const others = Object.keys(versions)
    .filter((name) => name !== baseName)
    .sort();
  const versioned = data.not_versioned !== true && others.length > 0;
  const classicDefinition = obj(def.definition);
  const template = clone(def);

  const children: SplitDefinition[] = [];
  const childIds: Record<string, string> = {};
  // Stryker disable next-line ConditionalExpression: unversioned means no other version here (more than one unversioned is refused before the split)
  if (versioned) {
    for (const name of others) {
      const child = makeChild(template, name, obj(versions[name]), newId());
      childIds[name] = child.api_id as string;
      children.push({ def: child, versionName: name, isBase: false });
    }
  }

  // Stryker disable next-line BooleanLiteral,StringLiteral: nothing after the split reads not_versioned or default_version
  def.version_data = { ...data, not_versioned: !versioned, default_version: '', versions: { '': baseInfo } };
  def.definition = finishBaseDefinition(classicDefinition, baseName, versioned, childIds, report);
  return [{ def, versionName: baseName, isBase: true }, ...children];
}

/** The child table of §3. */
function makeChild(template: ClassicApiDefinition, name: string, info: VersionInfo, id: string): ClassicApiDefinition {
  const child = clone(template);
  const encoded = encodeURIComponent(name);
  child.api_id = id;
  // The child is a new API: the dashboard's database id of the classic one is not its own.
  delete child.id;
  // Stryker disable next-line StringLiteral: an API without a name is refused (its base's info.name is empty), whatever its children are called
  child.name = `${template.name ?? ''}-${encoded}`;
  child.internal = true;
  const proxy = (child.proxy = obj(child.proxy));
  // Stryker disable next-line StringLiteral: a definition without a listen path is refused (its base's is empty), whatever its children get
  const listen = String(proxy.listen_path ?? '').replace(/\/+$/, '');
  proxy.listen_path = listen === '' ? `/${encoded}/` : `${listen}-${encoded}/`;
  child.expiration = info.expires ?? '';
  if (str(info.override_target)) proxy.target_url = info.override_target;
  // Stryker disable next-line BooleanLiteral,StringLiteral: nothing after the split reads not_versioned or default_version
  child.version_data = { not_versioned: true, default_version: '', versions: { '': clone(info) } };
  // A child is not versioned itself; the base points to it through `definition.versions`.
  child.definition = {};
  return child;
}

/** Base `definition` of §3: enabled with `default = self` when versioned; `strip_path` rule. */
function finishBaseDefinition(classic: Json, baseName: string, versioned: boolean, childIds: Record<string, string>, report: Report): Json {
  const out: Json = { ...classic };
  const location = str(out.location);
  if (out.strip_path === true) {
    if (location === 'url') out.strip_versioning_data = true;
    else report.warnings.push('definition.strip_path dropped: it only applies to the url location');
  }
  delete out.strip_path;
  if (!versioned) return out;
  out.enabled = true;
  out.default = 'self';
  out.name = baseName;
  out.versions = childIds;
  out.location = location ?? DEFAULT_VERSION_LOCATION;
  if (!str(out.key) && out.location !== 'url') out.key = DEFAULT_VERSION_KEY;
  return out;
}
