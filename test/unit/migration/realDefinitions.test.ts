// Every carried real classic definition (test/fixtures/real-definitions/classic, MPL-2.0) migrated, and each
// migrated extension (base and versions) validated with the reference gateway's own schema
// (test/fixtures/reference-schemas/oas-extension.json). All valid, except where the spec decides otherwise
// (listed in realDefinitions.helpers.ts with the spec's words). The conformance layer runs the same on the
// team's whole set.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ErrorObject } from 'ajv';
import { assertOutcome, CARRIED_CLASSIC, migrateAll, REFERENCE_EXTENSION_SCHEMA, SPEC_DECISIONS, type SpecDecision } from './realDefinitions.helpers.js';

test('every migrated real classic definition passes the reference schema, except the listed spec decisions', (t) => {
  const outcome = migrateAll(CARRIED_CLASSIC, REFERENCE_EXTENSION_SCHEMA);
  t.diagnostic(
    `${outcome.definitions} definitions: ${outcome.skipped.length} skipped, ${outcome.refused.length} refused; ` +
      `${outcome.documents} documents, ${outcome.valid} valid, ${Object.keys(outcome.decided).length} spec decisions`,
  );
  assertOutcome(outcome, { definitions: 54, skipped: 2 });
});

test("with the reference's own rateLimit.per form, every migrated real definition passes its schema without exception", () => {
  const outcome = migrateAll(CARRIED_CLASSIC, REFERENCE_EXTENSION_SCHEMA, { rateLimitPer: 'duration' });
  assert.deepEqual(outcome.unexplained, []);
  assert.deepEqual(outcome.decided, {});
  assert.equal(outcome.valid, outcome.documents);
});

test('the spec decision recognises only rateLimit.per type errors (the exception stays narrow)', () => {
  const decision = SPEC_DECISIONS['rateLimit.per is an integer'] as SpecDecision;
  const error = (instancePath: string, keyword = 'type') => ({ instancePath, keyword }) as ErrorObject;
  assert.ok(decision.matches(error('/upstream/rateLimit/per')));
  assert.ok(decision.matches(error('/middleware/operations/anythingGET/rateLimit/per')));
  assert.ok(!decision.matches(error('/upstream/rateLimit/per', 'pattern')));
  assert.ok(!decision.matches(error('/upstream/rateLimit/rate')));
  assert.ok(!decision.matches(error('/server/authentication/custom/config')));
});
