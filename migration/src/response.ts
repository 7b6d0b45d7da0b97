// migration-mapping.md §8.1–8.2: request validation and the response body of
// `POST /api/apis/migrate`, as pure helpers the sandbox endpoint and the preview share.
import type { MigratedApi } from './modes.js';
import type { MigrateMode, SkipReason } from './skip.js';
import type { OasDocument } from './types.js';
import { isObject } from './util.js';

export const MIGRATE_MODES: readonly MigrateMode[] = ['dryRun', 'stage', 'promote', 'direct'];

export interface MigrateRequest {
  mode: MigrateMode;
  apiIDs?: string[];
  all?: boolean;
  abortOnFailure: boolean;
  overrideStaged: boolean;
}

export interface MigrateResponse {
  success: {
    count: number;
    apiIDs: string[];
    stagedAPIs: Array<{ classicAPIID: string; oasAPIID: string }>;
    definitions: Array<{ apiID: string; baseAPI: OasDocument; versions: OasDocument[] }>;
  };
  failure: { count: number; errors: Array<{ apiID: string; message: string[] }> };
  skipped: { count: number; apis: Array<{ apiID: string; message: string; key: string | null }> };
  abortedOnFailure: boolean;
}

/**
 * §8.1: the request body, or the message of the 400 answer (malformed body, missing or unknown
 * `mode`, both or neither of `apiIDs` and `all`, wrongly typed members).
 */
export function parseMigrateRequest(body: unknown): { ok: true; request: MigrateRequest } | { ok: false; message: string } {
  if (!isObject(body)) return { ok: false, message: 'request body must be a JSON object' };
  const { mode, apiIDs, all, abortOnFailure, overrideStaged } = body;
  if (mode === undefined) return { ok: false, message: 'mode is required' };
  if (!MIGRATE_MODES.includes(mode)) return { ok: false, message: `mode must be one of ${MIGRATE_MODES.join(', ')}` };
  if (apiIDs !== undefined && !(Array.isArray(apiIDs) && apiIDs.every((id) => typeof id === 'string'))) {
    return { ok: false, message: 'apiIDs must be a list of strings' };
  }
  for (const [name, v] of [
    ['all', all],
    ['abortOnFailure', abortOnFailure],
    ['overrideStaged', overrideStaged],
  ] as const) {
    if (v !== undefined && typeof v !== 'boolean') return { ok: false, message: `${name} must be a boolean` };
  }
  const hasIds = Array.isArray(apiIDs);
  if (hasIds && all === true) return { ok: false, message: 'apiIDs and all cannot be combined' };
  if (!hasIds && all !== true) return { ok: false, message: 'either apiIDs or all is required' };
  return {
    ok: true,
    request: {
      mode,
      ...(hasIds ? { apiIDs: apiIDs as string[] } : { all: true }),
      abortOnFailure: abortOnFailure === true,
      overrideStaged: overrideStaged === true,
    },
  };
}

export function emptyMigrateResponse(): MigrateResponse {
  return {
    success: { count: 0, apiIDs: [], stagedAPIs: [], definitions: [] },
    failure: { count: 0, errors: [] },
    skipped: { count: 0, apis: [] },
    abortedOnFailure: false,
  };
}

/** A migrated API: counted once with its children (§8.4); `stagedId` only in `stage` mode. */
export function addSuccess(response: MigrateResponse, apiID: string, migrated: MigratedApi, stagedId?: string): void {
  response.success.count += 1;
  response.success.apiIDs.push(apiID);
  if (stagedId !== undefined) response.success.stagedAPIs.push({ classicAPIID: apiID, oasAPIID: stagedId });
  response.success.definitions.push({ apiID, baseAPI: migrated.baseAPI, versions: migrated.versions });
}

/** A failed API: one message per problem (refusals of §3, validation lines of §7). */
export function addFailure(response: MigrateResponse, apiID: string, messages: string[]): void {
  response.failure.count += 1;
  response.failure.errors.push({ apiID, message: messages });
}

export function addSkipped(response: MigrateResponse, apiID: string, reason: SkipReason): void {
  response.skipped.count += 1;
  response.skipped.apis.push({ apiID, message: reason.message, key: reason.key });
}
