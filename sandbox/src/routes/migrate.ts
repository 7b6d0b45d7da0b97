// POST /api/apis/migrate (endpoint 15, migration-mapping.md §8): the converter in
// ../migration does the pure work; this file looks APIs up, picks skip reasons, and stores what
// each mode asks for. All store changes of one request are made synchronously, then awaited
// together, so concurrent requests never see half a migration.
import type { Router } from '../http/router.js';
import { HttpError, ok } from '../http/results.js';
import { newDbId } from '../http/ids.js';
import { classicView, EXT, nowIso, obj } from '../model/apis.js';
import {
  addFailure,
  addSkipped,
  addSuccess,
  convertClassicToOas,
  emptyMigrateResponse,
  parseMigrateRequest,
  promote,
  skipReason,
  stagedApiId,
  toStaged,
  type MigratedApi,
  type MigrateResponse,
  type OasDocument,
} from '../../../migration/src/index.js';
import type { ApiRecord } from '../types.js';
import type { RouteDeps } from './deps.js';

export function registerMigrate(router: Router, { state }: RouteDeps): void {
  const apis = state.apis;

  router.add('POST', '/api/apis/migrate', async (ctx) => {
    const parsed = parseMigrateRequest(await ctx.json());
    if (!parsed.ok) throw new HttpError(400, parsed.message);
    const request = parsed.request;
    const response: MigrateResponse = emptyMigrateResponse();
    const writes: Array<Promise<void>> = [];
    // `all`: every API except staged copies, which belong to their classic API.
    const ids =
      request.apiIDs ??
      apis
        .values()
        .filter((r) => r.stagedFrom === undefined)
        .map((r) => r.id);

    /** Stores base and children as OAS APIs; `extra` marks staged copies. */
    const storeMigrated = (baseId: string, dbId: string, migrated: MigratedApi, extra: Partial<ApiRecord>) => {
      const now = nowIso();
      const childIds = migrated.versions.map((doc) => idOf(doc));
      const base = migrated.baseAPI;
      infoOf(base).id = baseId;
      infoOf(base).dbId = dbId;
      const previous = apis.get(baseId);
      writes.push(
        apis.set(baseId, {
          id: baseId,
          dbId,
          kind: 'oas',
          oas: base,
          createdAt: previous?.createdAt ?? now,
          updatedAt: now,
          categories: previous?.categories,
          ...extra,
          ...(extra.stagedFrom ? { stagedChildren: childIds } : {}),
        }),
      );
      for (const doc of migrated.versions) {
        const childDb = newDbId();
        infoOf(doc).dbId = childDb;
        writes.push(apis.set(idOf(doc), { id: idOf(doc), dbId: childDb, kind: 'oas', oas: doc, createdAt: now, updatedAt: now, stagedFrom: extra.stagedFrom }));
      }
    };
    /** Removes a staged copy and its children (before overriding or after promoting it). */
    const dropStaged = (staged: ApiRecord, keepChildren: boolean) => {
      writes.push(apis.delete(staged.id));
      if (!keepChildren) for (const child of staged.stagedChildren ?? []) writes.push(apis.delete(child));
    };

    // Every record a migration writes or removes: one journaled, all-or-nothing write.
    state.atomically(() => {
      for (const id of ids) {
        const record = apis.get(id);
        if (!record) {
          addFailure(response, id, ['API not found']);
          if (request.abortOnFailure) {
            response.abortedOnFailure = true;
            break;
          }
          continue;
        }
        const def = record.kind === 'classic' ? structuredClone(record.classic ?? {}) : classicView(record);
        const staged = apis.get(stagedApiId(id));
        const skip = skipReason(def, {
          mode: request.mode,
          hasStagedCopy: staged !== undefined,
          overrideStaged: request.overrideStaged,
          alreadyPromoted: record.migrated !== undefined,
          isStreams: record.kind === 'streams',
          isOas: record.kind === 'oas',
        });
        if (skip) {
          addSkipped(response, id, skip);
          continue;
        }
        if (request.mode === 'promote' && staged) {
          const children = (staged.stagedChildren ?? []).map((c) => apis.get(c)?.oas).filter((d) => d !== undefined) as OasDocument[];
          const promoted = promote({ baseAPI: staged.oas as OasDocument, versions: children }, def);
          dropStaged(staged, true);
          storeMigrated(id, record.dbId, promoted, { migrated: 'promote' });
          addSuccess(response, id, promoted);
          continue;
        }
        const result = convertClassicToOas(def);
        if (!result.ok) {
          addFailure(response, id, result.errors);
          if (request.abortOnFailure) {
            response.abortedOnFailure = true;
            break;
          }
          continue;
        }
        const migrated: MigratedApi = { baseAPI: result.baseAPI, versions: result.versions };
        if (request.mode === 'dryRun') {
          addSuccess(response, id, migrated);
        } else if (request.mode === 'stage') {
          if (staged) dropStaged(staged, false);
          const copy = toStaged(migrated, def);
          storeMigrated(stagedApiId(id), newDbId(), copy, { stagedFrom: id });
          addSuccess(response, id, copy, stagedApiId(id));
        } else {
          storeMigrated(id, record.dbId, migrated, { migrated: 'direct' });
          addSuccess(response, id, migrated);
        }
      }
    });
    await Promise.all(writes);
    return ok(response);
  });
}

function infoOf(doc: OasDocument) {
  const ext = (doc[EXT] = obj(doc[EXT]));
  return (ext.info = obj(ext.info));
}

function idOf(doc: OasDocument): string {
  return String(infoOf(doc).id);
}
