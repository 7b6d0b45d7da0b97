// migration-mapping.md §4 (§2 step 8): endpoint lists of `version_data.versions[""]` rewritten
// into the per-path-and-method form that §5.7 (mapOperations.ts) maps to OAS operations.
import type { ClassicApiDefinition, Json, Report, VersionInfo } from './types.js';
import { arr, isObject, obj } from './util.js';

/** Lists whose entries carry `method_actions` in classic definitions. */
const METHOD_ACTION_LISTS = ['ignored', 'black_list', 'white_list'] as const;
const CACHE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
/** Generated endpoint caches use 60 s when `cache_options.cache_timeout` is 0 (gateway-facts §2.4). */
const DEFAULT_ENDPOINT_CACHE_TIMEOUT = 60;

/** Normalises the endpoint lists of the single version `""` of `def` (mutated). */
export function normaliseEndpoints(def: ClassicApiDefinition, report: Report): void {
  const version: VersionInfo = obj(obj(def.version_data).versions)[''] ?? {};
  const paths = (version.extended_paths = obj(version.extended_paths));
  for (const listName of METHOD_ACTION_LISTS) expandMethodActions(paths, listName, report);
  expandPlainCache(paths, obj(def.cache_options));
  // A remove-only header transform must survive, so "empty" means no additions and no removals.
  for (const prefix of ['global_headers', 'global_response_headers'] as const) {
    if (isEmptyMap(version[prefix]) && arr(version[`${prefix}_remove`]).length === 0) version[`${prefix}_disabled`] = true;
  }
}

/**
 * One entry per `method_actions` key; an action other than `no_action` also yields a
 * `mock_response` entry, disabled unless the action is `reply` and the entry itself is not disabled. An entry without
 * `method_actions` yields nothing, as the reference does; the preview says so.
 */
function expandMethodActions(paths: Json, listName: string, report: Report): void {
  if (!Array.isArray(paths[listName])) return;
  const expanded: Json[] = [];
  const mocks: Json[] = [];
  for (const entry of arr<Json>(paths[listName])) {
    const { method_actions: actions, ...rest } = obj(entry);
    if (!isObject(actions) || Object.keys(actions).length === 0) {
      const where = [listName, rest.method, rest.path].filter((x) => typeof x === 'string' && x !== '').join(' ');
      report.warnings.push(`endpoint dropped: no method_actions (${where})`);
      continue;
    }
    for (const [method, actionValue] of Object.entries(actions)) {
      const action = obj(actionValue);
      expanded.push({ ...rest, method });
      if ((action.action ?? 'no_action') === 'no_action') continue;
      mocks.push({
        path: rest.path,
        method,
        code: action.code,
        body: action.data,
        headers: action.headers,
        // The entry's own `disabled` wins over a `reply` action (the reference's conversion fixtures).
        disabled: action.action !== 'reply' || rest.disabled === true,
      });
    }
  }
  paths[listName] = expanded;
  if (mocks.length) paths.mock_response = [...arr(paths.mock_response), ...mocks];
}

/** Plain `cache` path strings → `advance_cache_config` for GET, HEAD and OPTIONS. */
function expandPlainCache(paths: Json, cacheOptions: Json): void {
  const plain = arr<unknown>(paths.cache).filter((p): p is string => typeof p === 'string');
  if (plain.length === 0) return;
  const timeout =
    typeof cacheOptions.cache_timeout === 'number' && cacheOptions.cache_timeout > 0 ? cacheOptions.cache_timeout : DEFAULT_ENDPOINT_CACHE_TIMEOUT;
  const generated = plain.flatMap((path) =>
    CACHE_METHODS.map((method) => ({
      path,
      method,
      timeout,
      cache_response_codes: arr(cacheOptions.cache_response_codes),
      disabled: cacheOptions.enable_cache !== true,
    })),
  );
  paths.advance_cache_config = [...arr(paths.advance_cache_config), ...generated];
  delete paths.cache;
}

function isEmptyMap(v: unknown): boolean {
  return !isObject(v) || Object.keys(v).length === 0;
}
