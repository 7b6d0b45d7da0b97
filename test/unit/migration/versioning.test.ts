// migration-mapping.md §3: refusals, base version, child APIs, info.versioning.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { convertClassicToOas, REFUSAL_ALREADY_VERSIONED, REFUSAL_NOT_VERSIONED_MANY } from '../../../migration/src/index.js';
import { classic, ext, migrate } from './helpers.js';

const threeVersions = {
  not_versioned: false,
  default_version: 'v1',
  versions: {
    v1: { name: 'v1' },
    'v2 beta': { name: 'v2 beta', expires: '2030-01-02 03:04', override_target: 'http://v2.test' },
    v0: { name: 'v0' },
  },
};

test('refusal: new versioning already enabled', () => {
  for (const definition of [{ enabled: true }, { versions: { v2: 'someid' } }]) {
    const r = convertClassicToOas(classic({ definition }));
    assert.deepEqual(r.ok ? [] : r.errors, [REFUSAL_ALREADY_VERSIONED]);
  }
  assert.equal(REFUSAL_ALREADY_VERSIONED, 'not migratable - new versioning is already enabled');
});

test('refusal: not versioned with more than one version', () => {
  const r = convertClassicToOas(classic({ version_data: { not_versioned: true, versions: { a: {}, b: {} } } }));
  assert.equal(r.ok, false);
  assert.deepEqual(!r.ok && r.errors, ['not migratable - if not versioned, there should be just one version info in versions map']);
  assert.equal(REFUSAL_NOT_VERSIONED_MANY, 'not migratable - if not versioned, there should be just one version info in versions map');
});

test('both refusals are reported together', () => {
  const r = convertClassicToOas(classic({ definition: { enabled: true }, version_data: { not_versioned: true, versions: { a: {}, b: {} } } }));
  assert.deepEqual(!r.ok && r.errors, [REFUSAL_ALREADY_VERSIONED, REFUSAL_NOT_VERSIONED_MANY]);
});

test('not versioned: no children, versioning stays disabled, info.version is the version name', () => {
  const { baseAPI, versions } = migrate(classic({ definition: { location: 'header', key: 'x-api-version' } }));
  assert.deepEqual(versions, []);
  assert.equal(baseAPI.info.version, 'Default');
  assert.deepEqual(ext(baseAPI).info.versioning, { location: 'header', key: 'x-api-version' });
});

test('base version: default_version, else Default, else the alphabetically first key', () => {
  const pick = (version_data: object) => migrate(classic({ version_data })).baseAPI.info.version;
  assert.equal(pick({ default_version: 'b', versions: { a: {}, b: {}, Default: {} } }), 'b');
  assert.equal(pick({ default_version: 'missing', versions: { a: {}, Default: {} } }), 'Default');
  assert.equal(pick({ versions: { zeta: {}, alpha: {} } }), 'alpha');
});

test('versioned: the base gets definition enabled, default self, name and the children sorted by name', () => {
  const { baseAPI, versions } = migrate(classic({ definition: { location: 'url-param', key: 'ver' }, version_data: threeVersions }));
  assert.equal(baseAPI.info.version, 'v1');
  assert.deepEqual(ext(baseAPI).info.versioning, {
    enabled: true,
    name: 'v1',
    default: 'self',
    location: 'url-param',
    key: 'ver',
    versions: [
      { name: 'v0', id: 'child1' },
      { name: 'v2 beta', id: 'child2' },
    ],
  });
  assert.equal(versions.length, 2);
});

test('child API: new id, encoded name, internal, listen path, expiration, override target, one version', () => {
  const { versions } = migrate(classic({ id: 'db1', version_data: threeVersions }));
  const child = versions[1]!;
  assert.equal(child.info.title, 'Pets-v2%20beta');
  assert.equal(child.info.version, 'v2 beta');
  const x = ext(child);
  assert.deepEqual(x.info, {
    id: 'child2',
    name: 'Pets-v2%20beta',
    expiration: '2030-01-02 03:04',
    state: { active: true, internal: true },
  });
  assert.deepEqual(x.server.listenPath, { value: '/pets-v2%20beta/', strip: true });
  assert.equal(x.upstream.url, 'http://v2.test');
  // The other child keeps the base target.
  assert.equal(ext(versions[0]!).upstream.url, 'http://upstream.test');
});

test('child listen path is /<version>/ when the base listen path is / (empty once trimmed)', () => {
  const { versions } = migrate(classic({ proxy: { listen_path: '/', target_url: 'http://u' }, version_data: { versions: { Default: {}, v2: {} } } }));
  assert.equal(ext(versions[0]!).server.listenPath.value, '/v2/');
});

test('location and key default to header / x-api-version when the classic definition has none', () => {
  const { baseAPI } = migrate(classic({ version_data: { versions: { Default: {}, v2: {} } } }));
  const v = ext(baseAPI).info.versioning;
  assert.equal(v.location, 'header');
  assert.equal(v.key, 'x-api-version');
});

test('strip_path becomes stripVersioningData only with the url location', () => {
  const data = { versions: { Default: {}, v2: {} } };
  const url = migrate(classic({ definition: { location: 'url', key: '', strip_path: true }, version_data: data }));
  assert.equal(ext(url.baseAPI).info.versioning.stripVersioningData, true);
  const header = migrate(classic({ definition: { location: 'header', key: 'x', strip_path: true }, version_data: data }));
  assert.equal(ext(header.baseAPI).info.versioning.stripVersioningData, undefined);
  assert.deepEqual(header.warnings, ['definition.strip_path dropped: it only applies to the url location']);
});

test('fallbackToDefault and urlVersioningPattern are carried from definition', () => {
  const { baseAPI } = migrate(
    classic({
      definition: { location: 'url', key: '', fallback_to_default: true, url_versioning_pattern: '^v\\d+$' },
      version_data: { versions: { Default: {}, v2: {} } },
    }),
  );
  const v = ext(baseAPI).info.versioning;
  assert.equal(v.fallbackToDefault, true);
  assert.equal(v.urlVersioningPattern, '^v\\d+$');
});

test('child ids are random hex by default and differ between children', () => {
  const r = convertClassicToOas(classic({ version_data: { versions: { Default: {}, a: {}, b: {} } } }));
  assert.ok(r.ok);
  const ids = r.versions.map((v) => ext(v).info.id);
  for (const id of ids) assert.match(id, /^[0-9a-f]{32}$/);
  assert.notEqual(ids[0], ids[1]);
});

test('refusal: a definition that already lists versions, even with versioning off; an empty list is no refusal', () => {
  const listed = convertClassicToOas(classic({ definition: { enabled: false, versions: { v2: 'id2' } } }));
  assert.deepEqual(listed.ok ? [] : listed.errors, [REFUSAL_ALREADY_VERSIONED]);
  assert.equal(convertClassicToOas(classic({ definition: { enabled: false, versions: {} } })).ok, true);
});

test('base version: Default wins over names that sort before it; a version named "undefined" is only a name', () => {
  const pick = (version_data: object) => migrate(classic({ version_data })).baseAPI.info.version;
  assert.equal(pick({ versions: { Alpha: {}, Default: {} } }), 'Default');
  assert.equal(pick({ versions: { undefined: {}, Default: {} } }), 'Default');
});

test('one version and not_versioned false: nothing is versioned', () => {
  const { baseAPI, versions } = migrate(classic({ version_data: { not_versioned: false, versions: { Default: {} } } }));
  assert.deepEqual(versions, []);
  assert.equal(ext(baseAPI).info.versioning?.enabled, undefined);
});

test('url location: no version key is added', () => {
  const { baseAPI } = migrate(classic({ definition: { location: 'url' }, version_data: { versions: { Default: {}, v2: {} } } }));
  assert.equal(ext(baseAPI).info.versioning.location, 'url');
  assert.equal(ext(baseAPI).info.versioning.key, undefined);
});

test('each child carries its own version settings; its warnings name the version; no expiration when none is set', () => {
  const r = migrate(
    classic({
      proxy: { listen_path: '/pets//', target_url: 'http://upstream.test' },
      version_data: {
        versions: {
          Default: { global_headers: { 'X-Base': 'b' } },
          v2: { global_headers: { 'X-Two': '2' }, extended_paths: { transform_jq: [{ path: '/a', method: 'GET' }] } },
        },
      },
    }),
  );
  const [child] = r.versions;
  assert.deepEqual(ext(child!).middleware.global.transformRequestHeaders, { enabled: true, add: [{ name: 'X-Two', value: '2' }] });
  assert.deepEqual(ext(r.baseAPI).middleware.global.transformRequestHeaders, { enabled: true, add: [{ name: 'X-Base', value: 'b' }] });
  assert.deepEqual(r.warnings, ['version v2: extended_paths.transform_jq dropped: no OAS equivalent']);
  assert.equal(ext(child!).server.listenPath.value, '/pets-v2/', 'every trailing slash of the base listen path goes');
  assert.equal(ext(child!).info.expiration, undefined);
});

test('no version at all: the base version name is empty', () => {
  assert.equal(migrate(classic({ version_data: { versions: {} } })).baseAPI.info.version, '');
});
