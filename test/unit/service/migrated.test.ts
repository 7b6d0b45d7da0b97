// Migrated documents must come out clean: whatever the classic → OAS converter
// (migration/src, migration-mapping.md) writes is valid gateway output, so the language
// service must report nothing on it, not even a hint. A member the converter emits that the
// extension schema does not declare shows up here as an unknown-member warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertClassicToOas } from '../../../migration/src/index';
import { allClassicCases, migratable } from '../migration/referenceFixtures.helpers';
import { findings, migratedFindings } from './migrated.helpers';

const FIXTURES = join(__dirname, '..', '..', 'fixtures');
const read = (path: string): any => JSON.parse(readFileSync(join(FIXTURES, path), 'utf8'));

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

test('uptime checks come out in the reference form our schema accepts; the old list-of-headers form is refused', () => {
  const result = convertClassicToOas(
    {
      ...read('migration/petstore.classic.json'),
      uptime_tests: {
        check_list: [
          { url: 'http://pets.internal/health', protocol: 'https', timeout: 20_000, method: 'GET', headers: { 'Content-Type': 'application/json' } },
        ],
      },
    },
    { generateId: () => 'child' },
  );
  assert.ok(result.ok);
  const ext = result.baseAPI['x-svc-api-gateway'];
  assert.deepEqual(ext.upstream.uptimeTests.tests, [
    { url: 'https://pets.internal/health', timeout: '20µs', method: 'GET', headers: { 'Content-Type': 'application/json' } },
  ]);
  assert.deepEqual(findings(result.baseAPI), []);
  // What the migration wrote before: a list of {name, value} and a protocol member beside an http:// URL.
  ext.upstream.uptimeTests.tests[0].headers = [{ name: 'Content-Type', value: 'application/json' }];
  ext.upstream.uptimeTests.tests[0].protocol = 'https';
  assert.deepEqual(findings(result.baseAPI), [
    '/x-svc-api-gateway/upstream/uptimeTests/tests/0/headers · 1 svc.schema.type `headers` must be an object.',
    '/x-svc-api-gateway/upstream/uptimeTests/tests/0/protocol · 2 svc.unknown-member Unknown member `protocol`.',
  ]);
});

test('every carried real classic definition (test/fixtures/real-definitions/classic) migrates to documents with no diagnostic at all', () => {
  const { documents, problems } = migratedFindings(join(FIXTURES, 'real-definitions', 'classic'));
  assert.deepEqual(problems, []);
  assert.equal(documents, 53, 'every convertible definition was looked at');
});

test("every reference fixture case's migrated document, and a custom auth with only an id extractor, gets no diagnostic", () => {
  const cases = allClassicCases();
  const sources = [
    ...cases.map((c) => [c.name, migratable(c.input)] as const),
    [
      'custom auth: id extractor only',
      migratable({ custom_plugin_auth_enabled: true, custom_middleware: { id_extractor: { extract_from: 'header', extract_with: 'value' } } }),
    ] as const,
  ];
  assert.equal(sources.length, 26);
  for (const [name, source] of sources) {
    const result = convertClassicToOas(source);
    assert.ok(result.ok, name);
    assert.deepEqual(findings(result.baseAPI), [], name);
  }
});
