// Classic → OAS-native migration converter. The rules are the shared migration-mapping.md
// (kept outside this repository); each stage file cites the section it implements. Pure functions: no I/O,
// no dependency beyond node. Used by the sandbox's `POST /api/apis/migrate` and the extension's
// local migration preview.
//
// Interface for the migrate endpoint:
//
//   const parsed = parseMigrateRequest(body);            // §8.1 → 400 with parsed.message
//   const response = emptyMigrateResponse();             // §8.2 body
//   for each API id (classic definition `def`, bare or a DashApi record):
//     const skip = skipReason(def, { mode, hasStagedCopy, overrideStaged, alreadyPromoted, isStreams, isOas });
//     if (skip) { addSkipped(response, id, skip); continue; }
//     if (mode === 'promote') { stored = promote(storedStagedCopy, def); addSuccess(response, id, stored); continue; }
//     const r = convertClassicToOas(def, { validate?: extra schema check, generateId?: id factory });
//     if (!r.ok) { addFailure(response, id, r.errors); if (abortOnFailure) {response.abortedOnFailure = true; break;} continue; }
//     dryRun:  addSuccess(response, id, r)                              — store nothing
//     stage:   const s = toStaged(r, def); store s under stagedApiId(id) (children under their own ids);
//              addSuccess(response, id, s, stagedApiId(id))
//     direct:  store r.baseAPI under id (it keeps the classic api_id), children under their ids;
//              addSuccess(response, id, r)
//
// `convertClassicToOas` returns `{ ok: true, baseAPI, versions, warnings, changes }` or
// `{ ok: false, errors, warnings, changes: [] }`; `errors` are the §3 refusals or the §7 lines
// `base API <name> migrated OAS is not valid: <path>: <message>`. `warnings` are the §6 notes
// (what was dropped) and `changes` what changed shape (a map that became a list, seconds that became
// a duration, versions that became child APIs …), both for the preview and the report;
// `shapeChanges(classic, baseAPI, versions)` gives the same sentences for documents a server migrated.
// Child ids come from `generateId` (random hex by default): the only non-deterministic part. `rateLimit.per` is integer seconds, as the spec
// decides (gateway-facts §3.4); pass `rateLimitPer: 'duration'` for the reference's `"1m"` form.
// `previewMigration(def)` runs the whole thing as a single-API dryRun response (§8.5).

export type { ClassicApiDefinition, ConvertOptions, ConvertResult, Json, OasDocument, VersionInfo } from './types.js';
export { convertClassicToOas, MIGRATED_OPENAPI_VERSION, randomApiId, unwrapDashboardRecord } from './convert.js';
export { skipReason, SKIP_MESSAGES, type MigrateMode, type SkipContext, type SkipKey, type SkipReason } from './skip.js';
export { classicIdOfStaged, promote, stagedApiId, stagedApiName, toStaged, type MigratedApi } from './modes.js';
export {
  addFailure,
  addSkipped,
  addSuccess,
  emptyMigrateResponse,
  MIGRATE_MODES,
  parseMigrateRequest,
  type MigrateRequest,
  type MigrateResponse,
} from './response.js';
export { previewMigration, type MigrationPreview } from './preview.js';
export { shapeChanges } from './changes.js';
export { validateOas } from './validate.js';
export { REFUSAL_ALREADY_VERSIONED, REFUSAL_NOT_VERSIONED_MANY } from './versioning.js';
export { duration } from './util.js';
