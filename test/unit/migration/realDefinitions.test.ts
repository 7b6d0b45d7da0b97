// Every real classic definition of ../shared/real-definitions/classic/ migrated, and each migrated extension
// (base and versions) validated with the reference gateway's own schema ../shared/reference-schemas/oas-extension.json.
// All valid, except where the spec decides otherwise (listed below with the spec's words). Read from ../shared, not copied.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { convertClassicToOas, skipReason, unwrapDashboardRecord, type ConvertOptions, type Json } from '../../../migration/src/index.js';

const SHARED = join(__dirname, '..', '..', '..', '..', 'shared');
const CLASSIC = join(SHARED, 'real-definitions', 'classic');

/**
 * The reference's schema as published. It declares draft-04 but uses `const` and `if`/`then`, so it is compiled as
 * draft-07 (ajv's default); its one-item `items` arrays are tuples as in every draft; `method` is a stray annotation
 * and `int` a number format of its own.
 */
function referenceValidator() {
  const { $schema: _draft, ...schema } = JSON.parse(readFileSync(join(SHARED, 'reference-schemas', 'oas-extension.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strictTuples: false, strictTypes: false });
  addFormats(ajv);
  ajv.addFormat('int', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addKeyword({ keyword: 'method', schemaType: 'object' });
  return ajv.compile(schema);
}

interface SpecDecision {
  why: string;
  matches: (error: ErrorObject) => boolean;
}

/** Where the spec decides otherwise than the reference's schema: an error matching one of these is expected. */
const SPEC_DECISIONS: Readonly<Record<string, SpecDecision>> = {
  'rateLimit.per is an integer': {
    why: 'spec (management-api.md, OasDocument upstream): "In `rateLimit`, `per` is an integer in the OAS-native endpoints"',
    matches: (e) => /^(\/upstream|\/middleware\/operations\/[^/]+)\/rateLimit\/per$/.test(e.instancePath) && e.keyword === 'type',
  },
};

/** The migrated documents that meet a spec decision, `<file> <base|version N>` → decision names. */
const EXPECTED_DECIDED: Readonly<Record<string, string[]>> = {
  'gw__error-overrides__apps__test-rlt.json base': ['rateLimit.per is an integer'],
};

interface Outcome {
  definitions: number;
  skipped: string[];
  refused: string[];
  documents: number;
  valid: number;
  /** `<file> <document>` → decision names met. */
  decided: Record<string, string[]>;
  /** Errors no decision explains, one line each. */
  unexplained: string[];
}

function migrateAll(options: ConvertOptions = {}): Outcome {
  const validate = referenceValidator();
  const out: Outcome = { definitions: 0, skipped: [], refused: [], documents: 0, valid: 0, decided: {}, unexplained: [] };
  for (const file of readdirSync(CLASSIC)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const parsed = JSON.parse(readFileSync(join(CLASSIC, file), 'utf8'));
    for (const [i, definition] of (Array.isArray(parsed) ? parsed : [parsed]).entries()) {
      const where = Array.isArray(parsed) ? `${file}[${i}]` : file;
      out.definitions += 1;
      const skip = skipReason(unwrapDashboardRecord(definition as Json), { mode: 'dryRun' });
      if (skip) {
        out.skipped.push(`${where}: ${skip.key}`);
        continue;
      }
      let id = 0;
      const result = convertClassicToOas(definition as Json, { generateId: () => `child${++id}`, ...options });
      if (!result.ok) {
        out.refused.push(`${where}: ${result.errors.join('; ')}`);
        continue;
      }
      for (const [n, doc] of [result.baseAPI, ...result.versions].entries()) {
        const label = `${where} ${n === 0 ? 'base' : `version ${n}`}`;
        out.documents += 1;
        if (validate(doc['x-svc-api-gateway'])) {
          out.valid += 1;
          continue;
        }
        for (const error of validate.errors ?? []) {
          const decision = Object.entries(SPEC_DECISIONS).find(([, d]) => d.matches(error))?.[0];
          if (!decision) out.unexplained.push(`${label}: ${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
          else if (!(out.decided[label] ??= []).includes(decision)) out.decided[label].push(decision);
        }
      }
    }
  }
  return out;
}

test('every migrated real classic definition passes the reference schema, except the listed spec decisions', (t) => {
  const outcome = migrateAll();
  t.diagnostic(
    `${outcome.definitions} definitions: ${outcome.skipped.length} skipped, ${outcome.refused.length} refused; ` +
      `${outcome.documents} documents, ${outcome.valid} valid, ${Object.keys(outcome.decided).length} spec decisions`,
  );
  assert.deepEqual(outcome.unexplained, []);
  assert.deepEqual(outcome.refused, [], 'a real definition the reference accepts is not refused by our migration');
  assert.deepEqual(outcome.decided, EXPECTED_DECIDED);
  assert.equal(outcome.valid + Object.keys(outcome.decided).length, outcome.documents);
  // Pinned so that a lost definition cannot pass unseen.
  assert.equal(outcome.definitions, 94);
  assert.equal(outcome.skipped.length, 15, outcome.skipped.join('\n'));
  assert.ok(
    outcome.skipped.every((s) => /: is_(graphql|tcp)$/.test(s)),
    outcome.skipped.join('\n'),
  );
});

test("with the reference's own rateLimit.per form, every migrated real definition passes its schema without exception", () => {
  const outcome = migrateAll({ rateLimitPer: 'duration' });
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
