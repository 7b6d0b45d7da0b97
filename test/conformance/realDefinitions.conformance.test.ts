// The checks of the carried real definitions (test/unit/realDefinitions/checks.ts, the migration of
// classic definitions), run on the team's whole set: 179 documents, of which those whose source states
// no licence cannot be carried into the repository (test/fixtures/real-definitions/README.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mutationsCaught, oneMistakeOneMessage, oneTruth, unknownMembers, zeroErrors, type RealSet } from '../unit/realDefinitions/checks';
import { assertOutcome, migrateAll } from '../unit/migration/realDefinitions.helpers';
import { migratedFindings } from '../unit/service/migrated.helpers';
import { SHARED } from './shared.conformance';

const WHOLE: RealSet = { label: 'whole set', dir: join(SHARED, 'real-definitions'), files: 179, oneMistakeMutations: 5000, refused: 100 };

zeroErrors(WHOLE);
mutationsCaught(WHOLE);
oneMistakeOneMessage(WHOLE);
oneTruth(WHOLE);
unknownMembers(WHOLE);

test('every migrated real classic definition of the whole set passes the reference schema, except the listed spec decisions', () => {
  const outcome = migrateAll(join(WHOLE.dir, 'classic'), join(SHARED, 'reference-schemas', 'oas-extension.json'));
  assertOutcome(outcome, { definitions: 94, skipped: 15 });
});

test('every real classic definition of the whole set migrates to documents with no diagnostic at all', () => {
  const { documents, problems } = migratedFindings(join(WHOLE.dir, 'classic'));
  assert.deepEqual(problems, []);
  assert.equal(documents, 81, 'every convertible definition was looked at');
});
