// The sandbox's POST /api/apis/migrate, over real HTTP, gives the same documents as the converter tests and
// the editor's local preview: every classic→OAS case of the reference's own conversion fixtures
// (test/fixtures/reference-fixtures/migration, see test/unit/migration/referenceFixtures.test.ts) is stored in the
// sandbox, migrated in one dry run, and compared with the fixture's members and with previewMigration.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { previewMigration, type Json } from '../../../migration/src/index.js';
import { allClassicCases, disagreements, migratable, type FixtureCase } from '../migration/referenceFixtures.helpers.js';
import { startHarness, type Harness } from './helpers.js';

/** The README's named exception (checked in referenceFixtures.test.ts): plain cache paths are normalised first. */
const NORMALISED_FIRST = 'cache.yml #0 basic cache - classic';

const cases: FixtureCase[] = allClassicCases();

let h: Harness;
let answer: Json;
const stored = new Map<string, Json>();

before(async () => {
  h = await startHarness();
  for (const [i, fixture] of cases.entries()) {
    const def = { ...migratable(fixture.input), api_id: `fixture${i}` };
    const created = await h.call('POST', '/svc/apis', { body: def });
    assert.equal(created.status, 200, `${fixture.name}: ${JSON.stringify(created.body)}`);
    stored.set(fixture.name, (await h.call('GET', `/svc/apis/fixture${i}`)).body);
  }
  const r = await h.call('POST', '/api/apis/migrate', { body: { mode: 'dryRun', apiIDs: cases.map((_, i) => `fixture${i}`) } });
  assert.equal(r.status, 200);
  answer = r.body;
});
after(() => h.close());

test('one dry run over HTTP migrates all 25 fixture APIs, none failed or skipped', () => {
  assert.equal(cases.length, 25);
  assert.equal(answer.success.count, 25);
  assert.deepEqual(answer.failure.errors, []);
  assert.deepEqual(answer.skipped.apis, []);
});

for (const [i, fixture] of cases.entries()) {
  test(`${fixture.name}: the sandbox's document agrees with the reference and equals the editor preview's`, () => {
    const definition = answer.success.definitions.find((d: Json) => d.apiID === `fixture${i}`);
    assert.ok(definition, 'in success.definitions');
    const problems = disagreements(fixture.output, definition.baseAPI);
    if (fixture.name === NORMALISED_FIRST) assert.notDeepEqual(problems, []);
    else assert.deepEqual(problems, []);
    const preview = previewMigration(stored.get(fixture.name) as Json).response.success.definitions[0];
    assert.deepEqual(definition.baseAPI, preview?.baseAPI);
    assert.deepEqual(definition.versions, preview?.versions);
  });
}
