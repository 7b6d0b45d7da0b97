// migration-mapping.md §5.7: `versions[""].extended_paths` → `paths` + `middleware.operations`
// (and §6 for the lists that are dropped).
import type { ClassicApiDefinition, ConvertOptions, Json, Report } from './types.js';
import { ensureOperation } from './paths.js';
import { arr, bool, defined, durationOf, isObject, list, nameValues, not, num, obj, str } from './util.js';

/** Lists with no OAS form (§6). */
const DROPPED_LISTS = ['transform_jq', 'transform_jq_response', 'persist_graphql'];

type EntryMapper = (entry: Json, options: ConvertOptions) => Json;

/** Per list: the operation member it fills and how one entry maps (§5.7 table). */
const LIST_MAPPERS: ReadonlyArray<[list: string, member: string, map: EntryMapper]> = [
  ['white_list', 'allow', (e) => defined({ enabled: not(e.disabled), ignoreCase: bool(e.ignore_case) })],
  ['black_list', 'block', (e) => defined({ enabled: not(e.disabled), ignoreCase: bool(e.ignore_case) })],
  ['ignored', 'ignoreAuthentication', (e) => defined({ enabled: not(e.disabled), ignoreCase: bool(e.ignore_case) })],
  ['internal', 'internal', (e) => ({ enabled: not(e.disabled) })],
  ['method_transforms', 'transformRequestMethod', (e) => ({ enabled: not(e.disabled), toMethod: e.to_method ?? '' })],
  ['transform', 'transformRequestBody', bodyTransform],
  ['transform_response', 'transformResponseBody', bodyTransform],
  ['transform_headers', 'transformRequestHeaders', headerTransform],
  ['transform_response_headers', 'transformResponseHeaders', headerTransform],
  ['url_rewrites', 'urlRewrite', urlRewrite],
  [
    'advance_cache_config',
    'cache',
    (e) =>
      defined({
        enabled: not(e.disabled),
        cacheByRegex: str(e.cache_key_regex),
        cacheResponseCodes: list(e.cache_response_codes),
        timeout: num(e.timeout),
      }),
  ],
  ['hard_timeouts', 'enforceTimeout', (e) => defined({ enabled: not(e.disabled), duration: str(e.duration), value: num(e.timeout) })],
  ['validate_json', 'validateRequest', (e) => defined({ enabled: not(e.disabled), errorResponseCode: num(e.error_response_code) })],
  [
    'virtual',
    'virtualEndpoint',
    (e) =>
      defined({
        enabled: not(e.disabled),
        functionName: e.response_function_name ?? '',
        body: e.function_source_type === 'blob' ? str(e.function_source_uri) : undefined,
        path: e.function_source_type === 'file' ? str(e.function_source_uri) : undefined,
        proxyOnError: bool(e.proxy_on_error),
        requireSession: bool(e.use_session),
      }),
  ],
  [
    'circuit_breakers',
    'circuitBreaker',
    (e) =>
      defined({
        enabled: not(e.disabled),
        threshold: num(e.threshold_percent) ?? 0,
        sampleSize: num(e.samples) ?? 0,
        coolDownPeriod: num(e.return_to_service_after) ?? 0,
        halfOpenStateEnabled: not(e.disable_half_open_state),
      }),
  ],
  ['track_endpoints', 'trackEndpoint', (e) => ({ enabled: not(e.disabled) })],
  ['do_not_track_endpoints', 'doNotTrackEndpoint', (e) => ({ enabled: not(e.disabled) })],
  ['size_limits', 'requestSizeLimit', (e) => ({ enabled: not(e.disabled), value: num(e.size_limit) ?? 0 })],
  [
    'rate_limit',
    'rateLimit',
    (e, o) => ({
      enabled: not(e.disabled),
      rate: Math.trunc(num(e.rate) ?? 0),
      per: o.rateLimitPer === 'duration' ? (durationOf(e.per) ?? '0s') : (num(e.per) ?? 0),
    }),
  ],
];

/**
 * Fills `paths` and returns `middleware.operations` for the endpoint lists of version `""`
 * (already normalised by §4). `go_plugin` and `mock_response` have extra effects (below).
 */
export function mapOperations(def: ClassicApiDefinition, paths: Json, options: ConvertOptions, report: Report): Json {
  const ep = obj(obj(obj(obj(def.version_data).versions)['']).extended_paths);
  const operations: Json = {};
  /** The `middleware.operations` entry and the OAS operation of one classic entry. */
  const operationFor = (entry: Json, listName: string): { ext: Json; oas: Json } | undefined => {
    const path = typeof entry.path === 'string' ? entry.path : '';
    const method = String(entry.method ?? '').toUpperCase();
    const found = method ? ensureOperation(paths, path, method, report) : undefined;
    if (!found) {
      report.warnings.push(`endpoint dropped: ${listName} ${method || '(no method)'} ${path} has no OAS operation`);
      return undefined;
    }
    return { ext: (operations[found.id] = obj(operations[found.id])), oas: found.operation };
  };

  for (const [listName, member, map] of LIST_MAPPERS) {
    for (const entry of arr<Json>(ep[listName]).filter(isObject)) {
      const op = operationFor(entry, listName);
      if (!op) continue;
      op.ext[member] = map(entry, options);
      if (listName === 'validate_json') moveSchema(op.oas, entry);
    }
  }
  for (const entry of arr<Json>(ep.go_plugin).filter(isObject)) {
    const op = operationFor(entry, 'go_plugin');
    if (!op) continue;
    op.ext.postPlugins = [...arr(op.ext.postPlugins), { enabled: not(entry.disabled), functionName: entry.symbol_name ?? '', path: entry.plugin_path ?? '' }];
  }
  for (const entry of arr<Json>(ep.mock_response).filter(isObject)) {
    const op = operationFor(entry, 'mock_response');
    if (op) addMockResponse(op.ext, op.oas, entry, report);
  }
  for (const listName of DROPPED_LISTS) {
    if (arr(ep[listName]).length) report.warnings.push(`extended_paths.${listName} dropped: no OAS equivalent`);
  }
  if (arr(ep.validate_request).length) report.warnings.push('extended_paths.validate_request dropped: not in the mapping');
  return operations;
}

/** `transform` / `transform_response` entry → transform body member. */
function bodyTransform(e: Json): Json {
  const t = obj(e.template_data);
  const source = str(t.template_source);
  return defined({
    enabled: not(e.disabled),
    format: t.input_type ?? 'json',
    body: t.template_mode === 'file' ? undefined : source,
    path: t.template_mode === 'file' ? source : undefined,
  });
}

/** `transform_headers` / `transform_response_headers` entry. */
function headerTransform(e: Json): Json {
  return defined({ enabled: not(e.disabled), add: nameValues(e.add_headers), remove: list(e.delete_headers) });
}

/** Trigger option → rule `in` (§5.7 url_rewrites); the payload option is the body rule. */
const RULE_SOURCES: ReadonlyArray<[option: string, where: string]> = [
  ['header_matches', 'header'],
  ['query_val_matches', 'query'],
  ['path_part_matches', 'path'],
  ['session_meta_matches', 'sessionMetadata'],
  ['request_context_matches', 'requestContext'],
];

function urlRewrite(e: Json): Json {
  const triggers = arr<Json>(e.triggers)
    .filter(isObject)
    .map((t) => {
      const options = obj(t.options);
      const rules: Json[] = [];
      for (const [option, where] of RULE_SOURCES) {
        const byName = obj(options[option]);
        for (const name of Object.keys(byName).sort()) {
          const m = obj(byName[name]);
          rules.push(defined({ in: where, name, pattern: m.match_rx ?? '', negate: bool(m.reverse) }));
        }
      }
      if (isObject(options.payload_matches) && str(options.payload_matches.match_rx)) {
        const m = options.payload_matches;
        rules.push(defined({ in: 'requestBody', pattern: m.match_rx, negate: bool(m.reverse) }));
      }
      return defined({ condition: t.on ?? 'any', rewriteTo: t.rewrite_to ?? '', rules: rules.length ? rules : undefined });
    });
  return defined({
    enabled: not(e.disabled),
    pattern: e.match_pattern ?? '',
    rewriteTo: e.rewrite_to ?? '',
    triggers: triggers.length ? triggers : undefined,
  });
}

/** `validate_json`: the schema moves into the operation's JSON request body. */
function moveSchema(op: Json, entry: Json): void {
  if (!isObject(entry.schema)) return;
  // `$schema` is not a member of an OpenAPI 3.0 schema object.
  const { $schema: _dialect, ...schema } = entry.schema;
  op.requestBody = { content: { 'application/json': { schema } } };
}

/**
 * `mock_response` → `mockResponse`; its code becomes the operation's response instead of
 * `default`. The operation also ignores authentication unless that was configured — also for a
 * disabled mock, as the reference's conversion fixtures do ("disabled mock response - classic");
 * since a classic disabled mock never bypassed authentication, the report says so.
 */
function addMockResponse(op: Json, oasOp: Json, entry: Json, report: Report): void {
  const code = num(entry.code) || 200;
  op.mockResponse = defined({
    enabled: not(entry.disabled),
    code,
    body: typeof entry.body === 'string' ? entry.body : undefined,
    headers: nameValues(entry.headers),
  });
  const responses = (oasOp.responses = obj(oasOp.responses));
  delete responses.default;
  responses[String(code)] = responses[String(code)] ?? { description: '' };
  if (!op.ignoreAuthentication && !op.mockResponse.fromOASExamples) {
    op.ignoreAuthentication = { enabled: true };
    if (!op.mockResponse.enabled) {
      report.warnings.push(
        `operation ${String(oasOp.operationId)}: ignoreAuthentication is on although its mock response is disabled ` +
          '(the reference migrates it so): check that the endpoint may be called without credentials',
      );
    }
  }
}
