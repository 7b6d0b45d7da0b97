// Migrating real classic definitions and validating each migrated extension (base and versions) with the
// reference gateway's own schema (oas-extension.json). Used on the carried set
// (test/fixtures/real-definitions/classic, realDefinitions.test.ts) and on the team's whole set (the
// conformance layer, test/conformance/).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { convertClassicToOas, skipReason, unwrapDashboardRecord, type ConvertOptions, type Json } from '../../../migration/src/index.js';

const FIXTURES = join(__dirname, '..', '..', 'fixtures');
/** The carried real classic definitions (MPL-2.0, test/fixtures/real-definitions/README.md). */
export const CARRIED_CLASSIC = join(FIXTURES, 'real-definitions', 'classic');
/** The reference's extension schema, carried (test/fixtures/reference-schemas/README.md). */
export const REFERENCE_EXTENSION_SCHEMA = join(FIXTURES, 'reference-schemas', 'oas-extension.json');

/**
 * The reference's schema as published. It declares draft-04 but uses `const` and `if`/`then`, so it is compiled as
 * draft-07 (ajv's default); its one-item `items` arrays are tuples as in every draft; `method` is a stray annotation
 * and `int` a number format of its own.
 */
function referenceValidator(schemaFile: string) {
  const { $schema: _draft, ...schema } = JSON.parse(readFileSync(schemaFile, 'utf8'));
  const ajv = new Ajv({ allErrors: true, strictTuples: false, strictTypes: false });
  addFormats(ajv);
  ajv.addFormat('int', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addKeyword({ keyword: 'method', schemaType: 'object' });
  return ajv.compile(schema);
}

export interface SpecDecision {
  why: string;
  matches: (error: ErrorObject) => boolean;
}

/** Where the spec decides otherwise than the reference's schema: an error matching one of these is expected. */
export const SPEC_DECISIONS: Readonly<Record<string, SpecDecision>> = {
  'rateLimit.per is an integer': {
    why: 'spec (management-api.md, OasDocument upstream): "In `rateLimit`, `per` is an integer in the OAS-native endpoints"',
    matches: (e) => /^(\/upstream|\/middleware\/operations\/[^/]+)\/rateLimit\/per$/.test(e.instancePath) && e.keyword === 'type',
  },
};

/** The migrated documents that meet a spec decision, `<file> <base|version N>` → decision names. */
export const EXPECTED_DECIDED: Readonly<Record<string, string[]>> = {
  'gw__error-overrides__apps__test-rlt.json base': ['rateLimit.per is an integer'],
};

export interface Outcome {
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

/** Every definition of the folder `classic` migrated and validated with `schemaFile`. */
export function migrateAll(classic: string, schemaFile: string, options: ConvertOptions = {}): Outcome {
  const validate = referenceValidator(schemaFile);
  const out: Outcome = { definitions: 0, skipped: [], refused: [], documents: 0, valid: 0, decided: {}, unexplained: [] };
  for (const file of readdirSync(classic)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const parsed = JSON.parse(readFileSync(join(classic, file), 'utf8'));
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

/**
 * All valid except the listed spec decisions, nothing refused, and the numbers of definitions and of skipped ones
 * (GraphQL and TCP APIs, which the migration leaves alone) pinned so that a lost definition cannot pass unseen.
 */
export function assertOutcome(outcome: Outcome, pinned: { definitions: number; skipped: number }): void {
  assert.deepEqual(outcome.unexplained, []);
  assert.deepEqual(outcome.refused, [], 'a real definition the reference accepts is not refused by our migration');
  assert.deepEqual(outcome.decided, EXPECTED_DECIDED);
  assert.equal(outcome.valid + Object.keys(outcome.decided).length, outcome.documents);
  // Pinned so that a lost definition cannot pass unseen.
  assert.equal(outcome.definitions, pinned.definitions);
  assert.equal(outcome.skipped.length, pinned.skipped, outcome.skipped.join('\n'));
  assert.ok(
    outcome.skipped.every((s) => /: is_(graphql|tcp)$/.test(s)),
    outcome.skipped.join('\n'),
  );
}
