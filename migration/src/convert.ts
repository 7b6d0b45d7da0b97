// migration-mapping.md §1 pipeline: §2 pre-processing (with §3 version split and §4 endpoint
// normalisation) → §5 one OAS document per resulting definition → §7 finish and validate.
import type { ClassicApiDefinition, ConvertOptions, ConvertResult, Json, OasDocument, Report } from './types.js';
import { normaliseEndpoints } from './endpoints.js';
import { mapAuthentication } from './mapAuth.js';
import { mapInfo } from './mapInfo.js';
import { mapErrorOverrides, mapGlobalMiddleware } from './mapMiddleware.js';
import { mapOperations } from './mapOperations.js';
import { mapServer } from './mapServer.js';
import { mapUpstream } from './mapUpstream.js';
import { preprocess } from './preprocess.js';
import { shapeChanges } from './changes.js';
import { clone, defined, isObject } from './util.js';
import { validateOas } from './validate.js';
import { splitVersions, versioningRefusals, type SplitDefinition } from './versioning.js';

/** §7: the OpenAPI version every migrated document gets. */
export const MIGRATED_OPENAPI_VERSION = '3.0.6';

/** Converts one classic definition (bare, or a dashboard record with `api_definition`). */
export function convertClassicToOas(input: ClassicApiDefinition, options: ConvertOptions = {}): ConvertResult {
  const report: Report = { warnings: [] };
  const def = clone(unwrapDashboardRecord(input));
  const refusals = versioningRefusals(def);
  if (refusals.length) return { ok: false, errors: refusals, warnings: report.warnings, changes: [] };

  preprocess(def, report);
  const splits = splitVersions(def, options.generateId ?? randomApiId, report);
  const documents = splits.map((split) => {
    const own: Report = split.isBase ? report : { warnings: [] };
    normaliseEndpoints(split.def, own);
    const doc = buildDocument(split, options, own);
    if (own !== report) report.warnings.push(...own.warnings.map((w) => `version ${split.versionName}: ${w}`));
    return doc;
  });

  const errors = splits.flatMap((split, i) => {
    const doc = documents[i];
    const problems = [...validateOas(doc), ...(options.validate?.(doc) ?? [])];
    const kind = split.isBase ? 'base' : 'version';
    return problems.map((p) => `${kind} API ${split.def.name ?? ''} migrated OAS is not valid: ${p}`);
  });
  if (errors.length) return { ok: false, errors, warnings: report.warnings, changes: [] };
  const [baseAPI, ...versions] = documents as [OasDocument, ...OasDocument[]];
  return { ok: true, baseAPI, versions, warnings: report.warnings, changes: shapeChanges(unwrapDashboardRecord(input), baseAPI, versions) };
}

/** §5 + §7 first point: the OAS document of one split definition. */
function buildDocument(split: SplitDefinition, options: ConvertOptions, report: Report): OasDocument {
  const { def, versionName } = split;
  const paths: Json = {};
  const auth = mapAuthentication(def, report);
  const operations = mapOperations(def, paths, options, report);
  const global = mapGlobalMiddleware(def);
  const extension = defined({
    info: mapInfo(def),
    upstream: mapUpstream(def, options, report),
    server: mapServer(def, auth.authentication, report),
    middleware: global || Object.keys(operations).length ? defined({ global, operations: Object.keys(operations).length ? operations : undefined }) : undefined,
    errorOverrides: mapErrorOverrides(def),
  });
  return defined({
    openapi: MIGRATED_OPENAPI_VERSION,
    info: { title: def.name ?? '', version: versionName },
    paths,
    components: Object.keys(auth.securitySchemes).length ? { securitySchemes: auth.securitySchemes } : undefined,
    security: auth.security.length ? auth.security : undefined,
    'x-svc-api-gateway': extension,
  });
}

/** Dashboard records carry the classic definition in `api_definition` (gateway-facts §2.1). */
export function unwrapDashboardRecord(input: ClassicApiDefinition): ClassicApiDefinition {
  return isObject(input.api_definition) && input.proxy === undefined ? input.api_definition : input;
}

/** 32 hex characters, the shape of the gateway's generated API ids. */
export function randomApiId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '');
}
