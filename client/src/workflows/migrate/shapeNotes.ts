// What changed shape, for APIs a server migrated: the server's answer carries documents only, so the
// converter's `shapeChanges` reads each classic definition beside its generated documents (the same
// sentences as the local preview). Best effort: a definition that cannot be read leaves its row as is.
import type { OasDocument } from '../../../../migration/src/index';
import { converter } from './converter';
import type { MigrationReport } from './migrateReport';

/** APIs looked at per report: one request each, so a large "Migrate All" stays quick. */
export const SHAPE_NOTES_LIMIT = 50;

/** Fills `changes` of the successful rows (at most `limit`); returns how many rows got them. */
export async function addServerShapeChanges(
  report: MigrationReport,
  loadClassic: (apiId: string) => Promise<unknown>,
  limit = SHAPE_NOTES_LIMIT,
): Promise<number> {
  const rows = report.rows.filter((r) => r.outcome === 'success' && r.documents.length > 0).slice(0, limit);
  const filled = await Promise.all(
    rows.map(async (row) => {
      try {
        const classic = await loadClassic(row.apiID);
        if (!classic || typeof classic !== 'object') return false;
        const [base, ...versions] = row.documents.map((d) => d.document as OasDocument);
        const { shapeChanges, unwrapDashboardRecord } = converter();
        row.changes = shapeChanges(unwrapDashboardRecord(classic), base, versions);
        return true;
      } catch {
        return false;
      }
    }),
  );
  return filled.filter(Boolean).length;
}

/** A later run's rows keep what the dry run found for the same API. */
export function carryShapeChanges(from: MigrationReport, to: MigrationReport): void {
  for (const row of to.rows) {
    if (row.changes.length) continue;
    row.changes = [...(from.rows.find((r) => r.apiID === row.apiID)?.changes ?? [])];
  }
}
