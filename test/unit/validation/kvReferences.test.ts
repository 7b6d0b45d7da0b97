// The reference's key-value reference syntax, each boundary just inside and just outside.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { kvSyntaxProblem } from '../../../validation/src/semantic/kvReferences';
import { isKvAwareUriReference } from '../../../validation/src/schemas/formats';

test('well-formed references and plain strings have no problem', () => {
  for (const ok of [
    '$kv{env:API_HOST}',
    'https://$kv{env:API_HOST}/v1',
    '$kv{vault:secret/api#token}',
    'kv://vault/api',
    'kv://vault/api#field',
    'env://HOST',
    'consul://a/b',
    'plain',
    'kv',
  ]) {
    assert.equal(kvSyntaxProblem(ok), undefined, ok);
  }
});

test('malformed references say what to write', () => {
  const cases: Array<[string, RegExp]> = [
    ['$kv{API_HOST}', /missing the store separator/],
    ['$kv{:path}', /empty store name or path/],
    ['$kv{env:}', /empty store name or path/],
    ['$kv{env:#field}', /empty store name or path/],
    ['https://$kv{env:HOST/v1', /without its closing/],
    ['$kv{env:A} and $kv{', /without its closing/],
    ['kv://vault', /missing the path separator/],
    ['kv:///path', /empty store name or path/],
    ['kv://vault/', /empty store name or path/],
    ['env://', /names nothing/],
  ];
  for (const [text, why] of cases) assert.match(kvSyntaxProblem(text) ?? '', why, text);
});

test('the URL format substitutes inline references before the URL check', () => {
  assert.equal(isKvAwareUriReference('https://$kv{env:API_HOST}/v1'), true);
  assert.equal(isKvAwareUriReference('https://$kv{env:API_HOST}:$kv{env:PORT}/v1'), false, 'a port must be digits, after substitution too');
  assert.equal(isKvAwareUriReference('https://$kv{API_HOST}/v1'), false);
  assert.equal(isKvAwareUriReference('kv://vault/upstream#url'), true);
  assert.equal(isKvAwareUriReference('kv://vault'), false);
  assert.equal(isKvAwareUriReference('http://a b/'), false);
});
