// A rich classic API (versioned, two auth methods, endpoint lists, handlers, overrides) against
// the OAS output derived by hand from migration-mapping.md (test/fixtures/migration/).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { validateOas } from '../../../migration/src/index.js';
import { migrate } from './helpers.js';

const fixtures = join(__dirname, '..', '..', 'fixtures', 'migration');
const load = (name: string) => JSON.parse(readFileSync(join(fixtures, name), 'utf8'));

test('petstore: base API, one child version and the dropped items, as derived by hand', () => {
  const expected = load('petstore.expected.json');
  const result = migrate(load('petstore.classic.json'));
  assert.deepEqual(result.warnings, expected.warnings);
  assert.deepEqual(result.baseAPI, expected.baseAPI);
  assert.deepEqual(result.versions, expected.versions);
});

test('petstore: the expected documents are themselves valid', () => {
  const expected = load('petstore.expected.json');
  for (const doc of [expected.baseAPI, ...expected.versions]) assert.deepEqual(validateOas(doc), []);
});
