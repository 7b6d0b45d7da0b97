// Malformed key-value references anywhere in an API definition: found in strings at any depth,
// each at its own pointer, with our sentence and the resolver's words for the sandbox; strings
// without a reference and documents whose text held none are left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { Codes } from '../../../validation/src/codes';
import { noteNumberLiterals } from '../../../validation/src/numberLiterals';
import { holdsKvReference, kvReferenceProblems, substituteInlineKv } from '../../../validation/src/semantic/kvReferences';

const pointers = (value: unknown, base = '') => kvReferenceProblems(value, base).map((p) => p.pointer);

test('a malformed reference is found in members, array items and nested objects, each at its own pointer below the base', () => {
  const doc = {
    name: 'plain',
    proxy: { target_url: 'kv://vault', listen_path: '/a/' },
    list: ['ok', '$kv{API_HOST}', ['env://']],
    'a/b': { deeper: [{ x: 'https://$kv{env:HOST/v1' }] },
    n: 5,
    nothing: null,
    flag: true,
  };
  assert.deepEqual(pointers(doc), ['/proxy/target_url', '/list/1', '/list/2/0', '/a~1b/deeper/0/x']);
  assert.deepEqual(pointers(doc, '/oas'), ['/oas/proxy/target_url', '/oas/list/1', '/oas/list/2/0', '/oas/a~1b/deeper/0/x']);
  assert.deepEqual(pointers('kv://vault'), [''], 'the document itself');
  assert.deepEqual(pointers(['ok', 'kv://vault/', 'x']), ['/1'], 'one item past the first');
});

test('well-formed references and strings that only look alike are not findings', () => {
  const doc = {
    a: 'kv://vault/api#token',
    b: '$kv{env:API_HOST}',
    c: 'env://HOST',
    d: 'https://up.test/',
    e: 'kv',
    f: 'something://',
    g: ['$kv', 'kv:/', 'xkv://'],
  };
  assert.deepEqual(pointers(doc), []);
});

test('legacy prefixes and inline tokens without `://` or without `kv` are both checked', () => {
  assert.deepEqual(pointers({ a: 'env://' }), ['/a'], 'no "kv" in it');
  assert.deepEqual(pointers({ a: '$kv{HOST}' }), ['/a'], 'no "://" in it');
  assert.deepEqual(pointers({ a: 'vault:// ' }), ['/a']);
});

test("the finding's sentence says what to write and why the gateway refuses; the sandbox answers with the resolver's words", () => {
  const [p] = kvReferenceProblems({ proxy: { target_url: 'kv://vault' } }, '');
  assert.equal(p.code, Codes.kvReference);
  assert.equal(p.severity, DiagnosticSeverity.Error);
  assert.equal(p.target, 'value');
  assert.equal(
    p.message,
    '`kv://vault` is missing the path separator: write `kv://store/path` (for example `kv://vault/api/secret#token`). ' +
      'The gateway cannot resolve this key-value reference and refuses the definition.',
  );
  assert.equal(p.data?.gatewayMessage, 'malformed reference: `kv://vault` is missing the path separator');
  const [inline] = kvReferenceProblems({ a: '$kv{:path}' }, '');
  assert.equal(inline.data?.gatewayMessage, 'malformed reference: `$kv{:path}` has an empty store name or path');
});

test('a document whose text was noted without any reference is not walked', () => {
  const text = '{"proxy": {"target_url": "http://up.test"}}';
  const value = JSON.parse(text) as { proxy: { target_url: string } };
  noteNumberLiterals(text, value);
  // Changed after its text was read: the note still says the text held no reference.
  value.proxy.target_url = 'kv://vault';
  assert.deepEqual(pointers(value), []);
  const withReference = '{"proxy": {"target_url": "kv://vault"}}';
  const noted = JSON.parse(withReference) as unknown;
  noteNumberLiterals(withReference, noted);
  assert.deepEqual(pointers(noted), ['/proxy/target_url']);
});

test('holdsKvReference: either family, whole or inline, a legacy prefix only at the start (spaces around allowed)', () => {
  for (const yes of ['kv://vault/a', 'kv://', 'https://$kv{env:HOST}/', ' env://HOST ', 'secrets://x', 'consul://a', 'vault://a']) {
    assert.equal(holdsKvReference(yes), true, yes);
  }
  for (const no of ['a kv://', 'xenv://HOST', 'http://a', 'kv', '$kv', 'envs://x', '']) assert.equal(holdsKvReference(no), false, no);
});

test('substituteInlineKv: each inline token becomes `kvref`; text without one is returned as it is', () => {
  assert.equal(substituteInlineKv('https://$kv{env:HOST}:$kv{env:PORT}/v1'), 'https://kvref:kvref/v1');
  assert.equal(substituteInlineKv('https://up.test/$kv'), 'https://up.test/$kv');
});
