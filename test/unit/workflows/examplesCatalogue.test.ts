// The examples catalogue as the quick pick shows it, which definition an example carries, and
// a classic example made ready to create as OAS (the API has no classic create).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REFUSAL_NOT_VERSIONED_MANY } from '../../../migration/src/index';
import { classicAsOas } from '../../../client/src/workflows/examples/classicAsOas';
import { categoryOf, definitionFileName, exampleDefinition, pickRows, readmeText, toEntry } from '../../../client/src/workflows/examples/exampleCatalogue';

test('entries: category from the location, features and minimum version from the details', () => {
  const entry = toEntry(
    { location: 'udg/vat-checker', name: 'VAT', shortDescription: 'short' },
    { name: 'VAT checker', description: 'long', features: ['UDG', '', 'REST'], min_version: '4.3' },
  );
  assert.deepEqual(entry, {
    location: 'udg/vat-checker',
    name: 'VAT checker',
    description: 'long',
    category: 'udg',
    features: ['UDG', 'REST'],
    minVersion: '4.3',
  });
  assert.deepEqual(toEntry({ location: 'flat' }), {
    location: 'flat',
    name: 'flat',
    description: undefined,
    category: 'other',
    features: [],
    minVersion: undefined,
  });
  assert.equal(categoryOf('oas/petstore'), 'oas');
});

test('pick rows: a separator per category in first-seen order, facts in the description', () => {
  const rows = pickRows([
    toEntry({ location: 'oas/a', name: 'A' }, { features: ['OAS', 'Mock'], min_version: '5.3' }),
    toEntry({ location: 'classic/b', name: 'B', shortDescription: 'bee' }),
    toEntry({ location: 'oas/c', name: 'C' }, { min_version: '5.0' }),
  ]);
  assert.deepEqual(rows, [
    { separator: true, label: 'oas' },
    { label: 'A', description: 'OAS, Mock · min version 5.3', detail: undefined, location: 'oas/a' },
    { label: 'C', description: 'min version 5.0', detail: undefined, location: 'oas/c' },
    { separator: true, label: 'classic' },
    { label: 'B', description: undefined, detail: 'bee', location: 'classic/b' },
  ]);
});

test('definition: OAS (or streams) when present, wrapped OAS unwrapped, else classic; empty objects are absent', () => {
  assert.deepEqual(exampleDefinition({ api_definition: { name: 'c' }, oas: {} }), { kind: 'classic', document: { name: 'c' } });
  assert.deepEqual(exampleDefinition({ api_definition: {}, oas: { openapi: '3.0.3' } }), { kind: 'oas', document: { openapi: '3.0.3' } });
  assert.deepEqual(exampleDefinition({ oas: { oas: { openapi: '3.0.3' } } as never }), { kind: 'oas', document: { openapi: '3.0.3' } });
  assert.equal(exampleDefinition({ oas: { openapi: '3.0.3', 'x-svc-streaming': {} } })?.kind, 'streams');
  assert.equal(exampleDefinition({ api_definition: {}, oas: {} }), undefined);
  assert.equal(definitionFileName('classic/keyless proxy', 'classic'), 'keyless-proxy.classic.json');
  assert.match(readmeText({ name: 'X', description: 'd' }, 'a/x'), /^# X\n\nd\n\n_This example has no readme._/);
  assert.equal(readmeText({ readme: '# R' }, 'a/x'), '# R');
});

test('classic example as OAS: the shipped versioned example gives a base without fake ids and one child version', () => {
  const folder = join(__dirname, '..', '..', '..', 'sandbox', 'examples', 'classic', 'token-auth-versioned');
  const file = readFileSync(join(folder, 'api-5911de0d593dcb01d33a434aa774af00.json'), 'utf8');
  const result = classicAsOas(JSON.parse(file));
  assert.ok(result.ok, JSON.stringify(result));
  const { plan } = result;
  const info = (plan.base['x-svc-api-gateway'] as { info: Record<string, unknown> }).info;
  assert.equal(info.id, undefined, 'the server gives the id');
  assert.deepEqual((info.versioning as { versions: unknown[] }).versions, [], 'links are written by the server as versions are created');
  assert.equal(plan.baseVersionName, 'Default');
  assert.deepEqual(
    plan.children.map((c) => c.versionName),
    ['v2'],
  );
  assert.equal((plan.children[0].document['x-svc-api-gateway'] as { info: { id?: string } }).info.id, undefined);
});

test('classic example as OAS: a definition the converter refuses gives its errors', () => {
  const result = classicAsOas({
    name: 'Broken',
    api_id: 'b',
    use_keyless: true,
    proxy: { listen_path: '/b/', target_url: 'http://x' },
    version_data: { not_versioned: true, versions: { a: { name: 'a' }, b: { name: 'b' } } },
  });
  assert.equal(result.ok, false);
  assert.deepEqual(!result.ok && result.errors, [REFUSAL_NOT_VERSIONED_MANY]);
});
