// Migrated documents must come out clean: whatever the classic → OAS converter
// (migration/src, migration-mapping.md) writes is valid gateway output, so the language
// service must report nothing on it, not even a hint. A member the converter emits that the
// extension schema does not declare shows up here as an unknown-member warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertClassicToOas } from '../../../migration/src/index';
import { diagnose } from './validation.helpers';

const FIXTURES = join(__dirname, '..', '..', 'fixtures');
const read = (path: string): any => JSON.parse(readFileSync(join(FIXTURES, path), 'utf8'));

/** `path · severity code message` per diagnostic: a failure names every finding. */
function findings(document: unknown): string[] {
  const { diagnostics } = diagnose(JSON.stringify(document, null, 2), { uri: 'file:///work/migrated.json' });
  return diagnostics.map((d) => `${(d.data as { pointer?: string } | undefined)?.pointer ?? ''} · ${d.severity} ${d.code} ${typeof d.message === 'string' ? d.message : d.message.value}`);
}

test('the migration fixture petstore.expected.json gets no diagnostic at all', () => {
  assert.deepEqual(findings(read('migration/petstore.expected.json')), []);
});

/** Classic definitions whose conversion succeeds, from plain to every mapping row exercised. */
const CLASSIC_SOURCES = [
  'migration/petstore.classic.json',
  'service/migration/every-mapping.classic.json',
  'schemas/classic-api/valid/rich.json',
  'schemas/classic-api/valid/keyless-open.json',
  'realworld/classic-api/orders-jwt-exported.json',
  'realworld/classic-api/pet-clinic-12-versions.json',
  'realworld/dashboard-api/pet-clinic-record.json',
];

for (const source of CLASSIC_SOURCES) {
  test(`the converter's output for ${source} (base and every version) gets no diagnostic at all`, () => {
    let id = 0;
    const result = convertClassicToOas(read(source), { generateId: () => `child${++id}` });
    assert.ok(result.ok, `conversion failed: ${result.ok ? '' : result.errors.join('; ')}`);
    const documents = [result.baseAPI, ...result.versions];
    for (const [index, document] of documents.entries()) {
      assert.ok(document['x-svc-api-gateway'], 'an OAS document with the gateway extension');
      assert.deepEqual(findings(document), [], `document ${index} of ${documents.length}`);
    }
  });
}

test('the every-mapping fixture really reaches the members this test guards', () => {
  const result = convertClassicToOas(read('service/migration/every-mapping.classic.json'), { generateId: () => 'child' });
  assert.ok(result.ok);
  const ext = result.baseAPI['x-svc-api-gateway'];
  for (const [path, value] of [
    ['errorOverrides.enabled', true],
    ['server.ipAccessControl.enabled', true],
    ['server.batchProcessing.enabled', true],
    ['upstream.preserveTrailingSlash.enabled', true],
    ['upstream.preserveHostHeader.enabled', true],
    ['upstream.enforceTimeout.duration', '30s'],
    ['upstream.authentication.oauth.clientCredentials.header.name', 'Authorization'],
    ['server.authentication.custom.config.requireSession', true],
    ['server.authentication.securitySchemes.jwt.idpClientIdMappingDisabled', true],
    ['server.authentication.securitySchemes.externalOAuth.providers.0.introspection.cache.timeout', 60],
  ] as const) {
    const actual = path.split('.').reduce<any>((node, step) => node?.[step], ext);
    assert.equal(actual, value, path);
  }
});
