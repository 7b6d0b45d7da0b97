// Secret masking at its boundaries, without a server: OAuth client secrets (16 characters show
// their last 4, 15 show nothing), key ids (9 characters show 4 + 4, 8 show nothing), and the key
// session's secrets replaced by a placeholder on pull and put back on push; secrets told by their
// value (a PEM block, a JWT-like token, a long high-entropy string under a key-ish name).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MASK, maskOAuthClient, maskSecret } from '../../../client/src/shared/masking';
import { maskKeyId, viewableKeyResult } from '../../../client/src/shared/keyIds';
import {
  MissingServerSecretError,
  SETTABLE_SECRETS,
  placeholderPaths,
  redactSecrets,
  secretReason,
  restoreSecrets,
  SECRET_PLACEHOLDER,
  setAt,
  valueAt,
} from '../../../engine/src/sync/keySecrets';

test('OAuth secret masking boundary: 16 characters keep the last 4, 15 characters show only the mask', () => {
  assert.equal(maskSecret('0123456789abcdef'), `${MASK}cdef`);
  assert.equal(maskSecret('0123456789abcde'), MASK);
  assert.equal(maskSecret('x'), MASK);
  assert.equal(maskSecret(''), '');
  assert.equal(maskSecret(undefined), undefined);
  assert.equal(MASK, '••••••••');
});

test('maskOAuthClient masks the secret only, and leaves a client without one as it is (a copy)', () => {
  const client = { client_id: 'c1', secret: '0123456789abcdefXYZW', redirect_uri: 'https://x.test' };
  const masked = maskOAuthClient(client as never) as unknown as Record<string, unknown>;
  assert.deepEqual(masked, { client_id: 'c1', secret: `${MASK}XYZW`, redirect_uri: 'https://x.test' });
  assert.equal(client.secret, '0123456789abcdefXYZW', 'the original is untouched');
  const none = { client_id: 'c2' };
  const copy = maskOAuthClient(none as never);
  assert.deepEqual(copy, none);
  assert.notEqual(copy, none);
  assert.equal('secret' in (copy as object), false);
});

test('key id masking boundary: 9 characters show their last 4 (under half), 8 characters are masked entirely', () => {
  assert.equal(maskKeyId('abcdefghi'), '…fghi');
  assert.equal(maskKeyId('abcdefgh'), '••••');
  assert.equal(maskKeyId(''), '••••');
  assert.equal(maskKeyId('5e9d9544a1dcd60001d0ed20abcdef'), '…cdef');
});

test('a viewable key result: its id and the session key_id masked, the secrets replaced, the rest kept', () => {
  const result = { key_id: 'key-0123456789', data: { key_id: 'key-0123456789', hmac_string: 's3cret', rate: 5 }, status: 'ok' };
  assert.deepEqual(viewableKeyResult(result), {
    key_id: '…6789',
    data: { key_id: '…6789', hmac_string: SECRET_PLACEHOLDER, rate: 5 },
    status: 'ok',
  });
  assert.equal(result.data.hmac_string, 's3cret', 'the original is untouched');
  assert.equal(result.data.key_id, 'key-0123456789', 'the original keeps its id');
  assert.deepEqual(viewableKeyResult({ data: null }), { data: null });
  assert.deepEqual(viewableKeyResult({ data: { rate: 1, key_id: 3 } }), { data: { rate: 1, key_id: 3 } });
  assert.deepEqual(viewableKeyResult({ data: 'text' }), { data: 'text' });
});

test('redaction: every secret member by name (any case, any depth, in arrays), the oauth_keys map; empty and non-string values stay', () => {
  const session = {
    hmac_string: 'h',
    basic_auth_data: { password: 'p', user: 'u' },
    jwt_data: { secret: 'j' },
    items: [{ Token: 't' }, { access_token: '' }, { name: 'visible' }],
    last_token: 'not a secret name',
    oauth_keys: { google: 'g', github: 'gh' },
    nested: { oauth_keys: { keep: 'visible' } },
    refresh_token: 42,
    client_secret: 'cs',
    private_key: 'pk',
    ACCESS_TOKEN: 'at',
    password_hint: 'not a secret',
  };
  const { document, found } = redactSecrets(session);
  assert.deepEqual(document, {
    hmac_string: SECRET_PLACEHOLDER,
    basic_auth_data: { password: SECRET_PLACEHOLDER, user: 'u' },
    jwt_data: { secret: SECRET_PLACEHOLDER },
    items: [{ Token: SECRET_PLACEHOLDER }, { access_token: '' }, { name: 'visible' }],
    last_token: 'not a secret name',
    oauth_keys: { google: SECRET_PLACEHOLDER, github: SECRET_PLACEHOLDER },
    nested: { oauth_keys: { keep: 'visible' } },
    refresh_token: 42,
    client_secret: SECRET_PLACEHOLDER,
    private_key: SECRET_PLACEHOLDER,
    ACCESS_TOKEN: SECRET_PLACEHOLDER,
    password_hint: 'not a secret',
  });
  assert.deepEqual(found, [
    ['hmac_string'],
    ['basic_auth_data', 'password'],
    ['jwt_data', 'secret'],
    ['items', '0', 'Token'],
    ['oauth_keys', 'google'],
    ['oauth_keys', 'github'],
    ['client_secret'],
    ['private_key'],
    ['ACCESS_TOKEN'],
  ]);
  assert.deepEqual(placeholderPaths(document), found);
  assert.equal(JSON.stringify(document).includes('"h"'), false);
});

test('restore: each placeholder gets the server value back (inside arrays too, which stay arrays); a document without placeholders is returned as is', () => {
  const server = { hmac_string: 'srv', basic_auth_data: { password: 'pw' }, items: [{ token: 'tk' }] };
  const mine = { hmac_string: SECRET_PLACEHOLDER, basic_auth_data: { password: SECRET_PLACEHOLDER }, items: [{ token: SECRET_PLACEHOLDER }], rate: 9 };
  assert.deepEqual(restoreSecrets(mine, server), { hmac_string: 'srv', basic_auth_data: { password: 'pw' }, items: [{ token: 'tk' }], rate: 9 });
  assert.equal(mine.hmac_string, SECRET_PLACEHOLDER, 'the document itself is untouched');
  const plain = { rate: 1 };
  assert.equal(restoreSecrets(plain, server), plain);
});

test('restore boundary: a placeholder where the server has no value (missing or empty) is refused, naming the member', () => {
  for (const server of [{}, { jwt_data: { secret: '' } }, { jwt_data: { secret: 5 } }, undefined]) {
    assert.throws(
      () => restoreSecrets({ jwt_data: { secret: SECRET_PLACEHOLDER } }, server),
      (e: unknown) =>
        e instanceof MissingServerSecretError &&
        e.message ===
          '`jwt_data.secret` says "<secret kept on the server>", but the server has no value to keep there: ' +
            'set one with Svc: Set Key Secret, or remove the member.',
    );
  }
});

test('valueAt and setAt: paths through objects and arrays; setAt creates objects on the way and replaces non-objects', () => {
  assert.equal(valueAt({ a: [{ b: 'x' }] }, ['a', '0', 'b']), 'x');
  assert.equal(valueAt({ a: 'text' }, ['a', 'b']), undefined);
  assert.equal(valueAt(undefined, ['a']), undefined);
  assert.deepEqual(valueAt({ a: 1 }, []), { a: 1 });
  const target: Record<string, unknown> = { a: 'text' };
  setAt(target, ['a', 'b', 'c'], 1);
  setAt(target, ['d'], 2);
  assert.deepEqual(target, { a: { b: { c: 1 } }, d: 2 });
  const keep: Record<string, unknown> = { a: { x: 1 } };
  setAt(keep, ['a', 'y'], 2);
  assert.deepEqual(keep, { a: { x: 1, y: 2 } });
});

test('the secrets Set Key Secret offers: exactly these paths and labels', () => {
  assert.deepEqual(SETTABLE_SECRETS, [
    { path: ['hmac_string'], label: 'HMAC secret (hmac_string)' },
    { path: ['basic_auth_data', 'password'], label: 'Basic auth password (basic_auth_data.password)' },
    { path: ['jwt_data', 'secret'], label: 'JWT secret (jwt_data.secret)' },
  ]);
});

test('secrets by value: 20 characters and 3.5 bits per character under a key-ish name, a PEM block and a JWT-like token under any name', () => {
  // Length, with a key-ish name and 20 distinct characters (4.32 bits): 20 is a secret, 19 is not.
  assert.equal(secretReason('signing_secret_v2', 'Zq8vR2mK9xT4pL7nW3bY'), 'entropy');
  assert.equal(secretReason('signing_secret_v2', 'Zq8vR2mK9xT4pL7nW3b'), undefined);
  // Entropy at 32 characters: 4 characters 4 times and 8 twice are exactly 3.5 bits (a secret);
  // one occurrence moved (3.45 bits) is not. At 20 characters: 3.52 bits is, 3.42 is not.
  assert.equal(secretReason('webhook_key', 'aaaabbbbccccddddeeffgghhiijjkkll'), 'entropy');
  assert.equal(secretReason('webhook_key', 'aaaaabbbbccccddddeffgghhiijjkkll'), undefined);
  assert.equal(secretReason('webhook_key', 'aabbccddeeffgghhijkl'), 'entropy');
  assert.equal(secretReason('webhook_key', 'aabbccddeeffgghhiijk'), undefined);
  // A space makes it a sentence, not a credential; a name that is not key-ish keeps any value.
  assert.equal(secretReason('webhook_key', 'Zq8vR2mK9x T4pL7nW3bY'), undefined);
  assert.equal(secretReason('build_label', 'Zq8vR2mK9xT4pL7nW3bY'), undefined);
  // By name first, whatever the value (case, `-` and `_` ignored).
  assert.equal(secretReason('X_Api-Key', 'short'), 'name');

  // A PEM block under any name, also inside other text; a BEGIN line without its END is not one.
  const pem = '-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEA\n-----END PRIVATE KEY-----';
  assert.equal(secretReason('note', pem), 'pem');
  assert.equal(secretReason('note', `kept here: ${pem}\n`), 'pem');
  assert.equal(secretReason('note', '-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEA'), undefined);

  // A JWT-like token under any name: two parts starting `eyJ` with at least 5 more characters, a
  // third (the signature, empty when unsigned); spaces around it are ignored.
  assert.equal(secretReason('note', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl'), 'jwt');
  assert.equal(secretReason('note', 'eyJabcde.eyJabcde.'), 'jwt');
  assert.equal(secretReason('note', ' eyJabcde.eyJabcde.x\n'), 'jwt');
  assert.equal(secretReason('note', 'eyJabcd.eyJabcde.x'), undefined, 'a first part one character short');
  assert.equal(secretReason('note', 'eyJabcde.xyJabcde.x'), undefined, 'a second part that is no JSON object');
  assert.equal(secretReason('note', 'eyJabcde.eyJabcde'), undefined, 'two parts only');
  assert.equal(secretReason('note', 'eyJabcde.eyJabcde.x.y'), undefined, 'four parts');
});

test('secrets by name: every name docs/sync.md lists is one whatever its value, also in upper case and with - and _ swapped; a name glued to more is not', () => {
  const docs = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'sync.md'), 'utf8');
  const paragraph = docs.slice(docs.indexOf('**by its name**'), docs.indexOf('2. **by its value'));
  const names = [...paragraph.matchAll(/`([A-Za-z_-]+)`/g)].map((m) => m[1]).filter((name) => name !== 'oauth_keys' && name !== '-' && name !== '_');
  assert.equal(names.length, 20, `the documented names: ${names.join(', ')}`);
  for (const name of names) {
    assert.equal(secretReason(name, 'v'), 'name', name);
    assert.equal(secretReason(name.toUpperCase(), 'v'), 'name', name.toUpperCase());
    const swapped = name.replace(/[-_]/g, (c) => (c === '-' ? '_' : '-'));
    assert.equal(secretReason(swapped, 'v'), 'name', swapped);
    const bare = name.replace(/[-_]/g, '');
    assert.equal(secretReason(bare, 'v'), 'name', bare);
    assert.equal(secretReason(`${name}s_hint`, 'v'), undefined, `${name}s_hint`);
  }
  // A token glued inside a word is not a JWT-like value: the value must start with it.
  assert.equal(secretReason('note', 'xeyJabcde.eyJabcde.x'), undefined);
});
