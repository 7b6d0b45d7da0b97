// The migration's TLS version mapping, pinned value by value: 769 → "1.0", 770 → "1.1",
// 771 → "1.2", 772 → "1.3"; 768 and 773 (just outside) are dropped with a warning.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { classic, ext, migrate } from '../migration/helpers';

function tls(transport: Record<string, unknown>) {
  const result = migrate(classic({ proxy: { listen_path: '/pets/', target_url: 'http://upstream.test', strip_listen_path: true, transport } }));
  const upstream = ext(result.baseAPI).upstream as Record<string, unknown>;
  return { tlsTransport: upstream.tlsTransport, warnings: result.warnings };
}

const PINNED: Array<[number, string]> = [
  [769, '1.0'],
  [770, '1.1'],
  [771, '1.2'],
  [772, '1.3'],
];

for (const [code, version] of PINNED) {
  test(`migration TLS boundary: ssl_min_version ${code} becomes minVersion "${version}", ssl_max_version ${code} becomes maxVersion "${version}"`, () => {
    assert.deepEqual(tls({ ssl_min_version: code }).tlsTransport, { minVersion: version });
    assert.deepEqual(tls({ ssl_max_version: code }).tlsTransport, { maxVersion: version });
    assert.deepEqual(
      tls({ ssl_min_version: code }).warnings.filter((w) => w.includes('TLS')),
      [],
    );
  });
}

test('migration TLS boundary: 768 and 773 are not TLS versions: dropped, each with a warning naming the member', () => {
  for (const code of [768, 773]) {
    const { tlsTransport, warnings } = tls({ ssl_min_version: code, ssl_max_version: code });
    assert.equal(tlsTransport, undefined, String(code));
    assert.ok(warnings.includes(`proxy.transport.ssl_min_version ${code} dropped: not a TLS version (769–772)`), warnings.join('\n'));
    assert.ok(warnings.includes(`proxy.transport.ssl_max_version ${code} dropped: not a TLS version (769–772)`), warnings.join('\n'));
  }
});

test('migration TLS: 0 or a missing version means "not set" (no member, no warning)', () => {
  const { tlsTransport, warnings } = tls({ ssl_min_version: 0, ssl_insecure_skip_verify: true });
  assert.deepEqual(tlsTransport, { insecureSkipVerify: true });
  assert.deepEqual(
    warnings.filter((w) => w.includes('TLS')),
    [],
  );
});

test('migration load balancing: empty and non-string entries of target_list are dropped, repeats become weights', () => {
  const result = migrate(
    classic({
      proxy: {
        listen_path: '/pets/',
        target_url: 'http://upstream.test',
        enable_load_balancing: true,
        target_list: ['http://a.test', '', 5, null, 'http://a.test', 'http://b.test'],
      },
    }),
  );
  const upstream = ext(result.baseAPI).upstream as Record<string, unknown>;
  assert.deepEqual(upstream.loadBalancing, {
    enabled: true,
    targets: [
      { url: 'http://a.test', weight: 2 },
      { url: 'http://b.test', weight: 1 },
    ],
  });
});
