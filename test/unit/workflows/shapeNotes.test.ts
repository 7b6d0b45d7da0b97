// Shape changes for a server's migration: read from each classic definition beside the server's documents,
// the same sentences as the local preview; best effort and bounded.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { previewMigration } from '../../../migration/src/index';
import { buildReport } from '../../../client/src/workflows/migrate/migrateReport';
import { addServerShapeChanges, carryShapeChanges } from '../../../client/src/workflows/migrate/shapeNotes';

const petstore = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'migration', 'petstore.classic.json'), 'utf8'));

test("a server's dry run gets the preview's shape changes, read from the classic definition (a dashboard record too)", async () => {
  const preview = previewMigration(petstore);
  assert.ok(preview.changes.length > 5);
  const report = buildReport('dryRun', preview.response, [petstore.api_id]);
  const asked: string[] = [];
  const filled = await addServerShapeChanges(report, async (id) => {
    asked.push(id);
    return { api_definition: petstore };
  });
  assert.equal(filled, 1);
  assert.deepEqual(asked, [petstore.api_id]);
  assert.deepEqual(report.rows[0]?.changes, preview.changes);
  // A stage run afterwards keeps them for the same API.
  const staged = buildReport('stage', preview.response, [petstore.api_id]);
  carryShapeChanges(report, staged);
  assert.deepEqual(staged.rows[0]?.changes, preview.changes);
});

test('an unreadable definition leaves the row as is; only successful rows are read, at most the limit', async () => {
  const first = previewMigration({ ...petstore, api_id: 'a' }).response;
  const second = previewMigration({ ...petstore, api_id: 'b' }).response;
  const definitions = [...first.success.definitions, ...second.success.definitions];
  const response = { ...first, success: { ...first.success, count: 2, apiIDs: ['a', 'b'], definitions } };
  const report = buildReport('dryRun', { ...response, failure: { count: 1, errors: [{ apiID: 'c', message: ['x'] }] } }, ['a', 'b', 'c']);
  const asked: string[] = [];
  const filled = await addServerShapeChanges(report, async (id) => {
    asked.push(id);
    throw new Error('404');
  });
  assert.equal(filled, 0);
  assert.deepEqual(asked, ['a', 'b'], 'the failed API is not read');
  assert.ok(report.rows.every((r) => r.changes.length === 0));
  const limited: string[] = [];
  await addServerShapeChanges(report, async (id) => (limited.push(id), petstore), 1);
  assert.deepEqual(limited, ['a']);
  assert.ok(report.rows[0]!.changes.length > 0 && report.rows[1]!.changes.length === 0);
});
