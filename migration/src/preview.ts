// migration-mapping.md §8.5: the local preview — §2–§7 on one classic document, presented as a
// single-API `dryRun` response plus the §6 notes, so sandbox and preview share one implementation.
import { convertClassicToOas, unwrapDashboardRecord } from './convert.js';
import { addFailure, addSkipped, addSuccess, emptyMigrateResponse, type MigrateResponse } from './response.js';
import { skipReason, type SkipContext } from './skip.js';
import type { ClassicApiDefinition, ConvertOptions } from './types.js';

export interface MigrationPreview {
  response: MigrateResponse;
  /** Dropped items (§6) and interpretation notes, one sentence each. */
  warnings: string[];
  /** What changed shape on the way (changes.ts), one sentence each. */
  changes: string[];
}

export function previewMigration(input: ClassicApiDefinition, options: ConvertOptions = {}, context: SkipContext = {}): MigrationPreview {
  const def = unwrapDashboardRecord(input);
  const apiID = String(def.api_id ?? '');
  const response = emptyMigrateResponse();
  const skip = skipReason(def, { ...context, mode: 'dryRun' });
  if (skip) {
    addSkipped(response, apiID, skip);
    return { response, warnings: [], changes: [] };
  }
  const result = convertClassicToOas(def, options);
  if (result.ok) addSuccess(response, apiID, result);
  else addFailure(response, apiID, result.errors);
  return { response, warnings: result.warnings, changes: result.changes };
}
