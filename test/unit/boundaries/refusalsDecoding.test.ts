// The sandbox's refusals where the Go decoder or the key-value resolver speaks: one refusal per
// member in the gateway's own words (not the schema's beside it), integer literals from the
// request text, and references checked in API definitions only.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DocumentKind } from '../../../common/src/kinds';
import { Codes } from '../../../validation/src/codes';
import { noteNumberLiterals } from '../../../validation/src/numberLiterals';
import { goDecodingProblems, refusalsOf } from '../../../validation/src/refusals';

const classic = (extra: Record<string, unknown>) => ({
  api_id: 'a1',
  name: 'A',
  proxy: { listen_path: '/a/', target_url: 'http://up.test' },
  ...extra,
});

test("a member the decoder refuses is refused once, in Go's words, instead of the schema's type error at the same place", () => {
  const value = classic({ uptime_tests: { check_list: [{ url: 'http://up.test', timeout: '5s' }] } });
  assert.deepEqual(refusalsOf('classic', value), [
    {
      pointer: '/uptime_tests/check_list/0/timeout',
      code: Codes.decoding,
      message: 'json: cannot unmarshal string into Go struct field uptime_tests.check_list.timeout of type time.Duration',
    },
  ]);
});

/** `text` parsed with its number literals noted, as the sandbox notes a request body. */
function body(text: string): unknown {
  const value: unknown = JSON.parse(text);
  noteNumberLiterals(text, value);
  return value;
}

test('an integer member written with a fraction in the request text is refused in the Go words; the same value written whole is not', () => {
  const text = (skew: string) =>
    JSON.stringify(classic({ jwt_issued_at_validation_skew: 0 })).replace('"jwt_issued_at_validation_skew":0', `"jwt_issued_at_validation_skew":${skew}`);
  assert.deepEqual(refusalsOf('classic', body(text('5.0'))), [
    {
      pointer: '/jwt_issued_at_validation_skew',
      code: Codes.decoding,
      message: 'json: cannot unmarshal number 5.0 into Go struct field jwt_issued_at_validation_skew of type int64',
    },
  ]);
  assert.deepEqual(refusalsOf('classic', body(text('5'))), []);
  const unknownMember = JSON.stringify(classic({})).replace('"name":"A"', '"name":"A","x_ratio":5.0');
  assert.deepEqual(refusalsOf('classic', body(unknownMember)), [], 'a member the schema does not type as an integer: no refusal');
});

test('key-value references are resolved (and a malformed one refused) in every kind of API definition, in no key or policy', () => {
  const apiKinds: Array<[DocumentKind, unknown, string]> = [
    ['classic', classic({ proxy: { listen_path: '/a/', target_url: 'kv://vault' } }), '/proxy/target_url'],
    ['dashboard-api', { api_definition: classic({ name: 'kv://vault' }) }, '/api_definition/name'],
    ['oas', { info: { title: 'kv://vault' } }, '/info/title'],
    ['streams', { info: { title: 'kv://vault' } }, '/info/title'],
    ['oas-template', { info: { title: 'kv://vault' } }, '/info/title'],
    ['streams-template', { info: { title: 'kv://vault' } }, '/info/title'],
  ];
  for (const [kind, value, pointer] of apiKinds) {
    const kv = goDecodingProblems(kind, value).filter((p) => p.code === Codes.kvReference);
    assert.deepEqual(
      kv.map((p) => p.pointer),
      [pointer],
      kind,
    );
  }
  for (const kind of ['session', 'policy', 'policies'] as DocumentKind[]) {
    assert.deepEqual(
      goDecodingProblems(kind, { alias: 'kv://vault', a: { alias: 'kv://vault' } }).filter((p) => p.code === Codes.kvReference),
      [],
      kind,
    );
  }
});

test("the refusal of a malformed reference is the resolver's sentence", () => {
  const refusals = refusalsOf('classic', classic({ proxy: { listen_path: '/a/', target_url: 'kv://vault' } }));
  assert.deepEqual(
    refusals.filter((r) => r.code === Codes.kvReference),
    [{ pointer: '/proxy/target_url', code: Codes.kvReference, message: 'malformed reference: `kv://vault` is missing the path separator' }],
  );
});
