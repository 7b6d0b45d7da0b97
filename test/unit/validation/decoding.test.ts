// The Go decoder's rules per member type, each boundary just inside and just outside.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodingProblems, isObjectId, nanosecondsOf } from '../../../validation/src/semantic/decoding';

const hex24 = '5ead7120575961000181867f';

test('object ids: 24 hex digits, {"$oid"}, "" and null decode; anything else does not', () => {
  for (const ok of [hex24, hex24.toUpperCase(), '', null, { $oid: hex24 }, { $oid: '' }]) assert.equal(isObjectId(ok), true, JSON.stringify(ok));
  for (const bad of [hex24.slice(1), hex24 + '0', 'g' + hex24.slice(1), 42, { $oid: 'x' }, { id: hex24 }, [hex24]])
    assert.equal(isObjectId(bad), false, JSON.stringify(bad));
});

test('durations in nanoseconds as Go parses them', () => {
  assert.equal(nanosecondsOf('5s'), 5e9);
  assert.equal(nanosecondsOf('1m30s'), 90e9);
  assert.equal(nanosecondsOf('1.5s'), 1.5e9);
  assert.equal(nanosecondsOf('250ms'), 250e6);
  assert.equal(nanosecondsOf('5'), undefined);
  assert.equal(nanosecondsOf(''), undefined);
});

const classic = (extra: Record<string, unknown>) => ({ name: 'a', proxy: { listen_path: '/a/', target_url: 'http://a' }, ...extra });
const codes = (kind: string, value: unknown) => decodingProblems(kind, value).map((p) => p.pointer);

test('unsigned members: 0 and the maximum decode, -1 and one past do not', () => {
  const tls = (v: number) => classic({ proxy: { listen_path: '/a/', target_url: 'http://a', transport: { ssl_min_version: v } } });
  assert.deepEqual(codes('classic', tls(0)), []);
  assert.deepEqual(codes('classic', tls(65535)), []);
  assert.deepEqual(codes('classic', tls(-1)), ['/proxy/transport/ssl_min_version']);
  assert.deepEqual(codes('classic', tls(65536)), ['/proxy/transport/ssl_min_version']);
  assert.deepEqual(codes('classic', classic({ jwt_not_before_validation_skew: -1 })), ['/jwt_not_before_validation_skew']);
});

test('a Go duration takes an integer or null; a readable duration only a string', () => {
  const uptime = (timeout: unknown) => classic({ uptime_tests: { check_list: [{ timeout }] } });
  assert.deepEqual(codes('classic', uptime(5e9)), []);
  assert.deepEqual(codes('classic', uptime(null)), []);
  assert.deepEqual(codes('classic', uptime('5s')), ['/uptime_tests/check_list/0/timeout']);
  const jwks = (cache_timeout: unknown) => classic({ jwt_jwks_uris: [{ url: 'https://x', cache_timeout }] });
  assert.deepEqual(codes('classic', jwks('')), []);
  assert.deepEqual(codes('classic', jwks(0)), ['/jwt_jwks_uris/0/cache_timeout']);
  assert.deepEqual(codes('classic', jwks(null)), ['/jwt_jwks_uris/0/cache_timeout']);
});

test('the same member in a dashboard record: the readable duration rule holds; the uptime timeout takes both forms (spec and reference)', () => {
  const record = {
    api_definition: classic({ jwt_jwks_uris: [{ url: 'https://x', cache_timeout: 60 }], uptime_tests: { check_list: [{ timeout: '5s' }, { timeout: 5e9 }] } }),
  };
  assert.deepEqual(codes('dashboard-api', record), ['/api_definition/jwt_jwks_uris/0/cache_timeout']);
});

test('policies.json: every policy of the map at its own pointer', () => {
  assert.deepEqual(codes('policies', { gold: { _id: hex24 }, silver: { _id: 'silver' } }), ['/silver/_id']);
});
