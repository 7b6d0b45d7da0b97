// The Go decoder's member types, member by member: every member of the tables in
// semantic/decoding.ts, in a classic definition and in a dashboard record's `api_definition`, and a
// policy's `_id` standalone and in `policies.json`. For each: just inside the rule no error, just
// outside one error at the member, with our sentence and the gateway's own words (the sandbox's
// answer).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { Codes } from '../../../validation/src/codes';
import { noteNumberLiterals } from '../../../validation/src/numberLiterals';
import { decodingProblems, integerLiteralProblems, isObjectId, nanosecondsOf } from '../../../validation/src/semantic/decoding';

const hex24 = '5ead7120575961000181867f';

/** A document holding `value` at `pointer` (a numeric segment is an array index, other segments members). */
function placed(pointer: string, value: unknown): Record<string, unknown> {
  const segments = pointer.split('/').slice(1);
  const root: Record<string, unknown> = {};
  let parent: Record<string, unknown> | unknown[] = root;
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    const next: unknown = last ? value : /^\d+$/.test(segments[i + 1]) ? [] : {};
    if (Array.isArray(parent)) {
      // Earlier items are plain objects without the member.
      while (parent.length < Number(segment)) parent.push({});
      parent.push(next);
    } else parent[segment] = next;
    parent = next as Record<string, unknown>;
  });
  return root;
}

/** Each member the decoder types, at a pointer one item or map value deep where the path has `*`, and its Go path. */
const CLASSIC_MEMBERS: Array<{ pointer: string; type: 'duration' | 'readable' | 'uint16' | 'uint64' | 'objectId'; goPath: string }> = [
  { pointer: '/id', type: 'objectId', goPath: 'id' },
  { pointer: '/uptime_tests/check_list/0/timeout', type: 'duration', goPath: 'uptime_tests.check_list.timeout' },
  { pointer: '/jwt_jwks_uris/0/cache_timeout', type: 'readable', goPath: 'jwt_jwks_uris.cache_timeout' },
  { pointer: '/version_data/versions/Default/global_enforce_timeout', type: 'readable', goPath: '' },
  { pointer: '/version_data/versions/v2/extended_paths/hard_timeouts/0/duration', type: 'readable', goPath: '' },
  { pointer: '/jwt_issued_at_validation_skew', type: 'uint64', goPath: 'jwt_issued_at_validation_skew' },
  { pointer: '/jwt_expires_at_validation_skew', type: 'uint64', goPath: 'jwt_expires_at_validation_skew' },
  { pointer: '/jwt_not_before_validation_skew', type: 'uint64', goPath: 'jwt_not_before_validation_skew' },
  { pointer: '/external_oauth/providers/0/jwt/issued_at_validation_skew', type: 'uint64', goPath: 'external_oauth.providers.jwt.issued_at_validation_skew' },
  { pointer: '/external_oauth/providers/0/jwt/not_before_validation_skew', type: 'uint64', goPath: 'external_oauth.providers.jwt.not_before_validation_skew' },
  { pointer: '/external_oauth/providers/0/jwt/expires_at_validation_skew', type: 'uint64', goPath: 'external_oauth.providers.jwt.expires_at_validation_skew' },
  { pointer: '/proxy/transport/ssl_min_version', type: 'uint16', goPath: 'proxy.transport.ssl_min_version' },
  { pointer: '/proxy/transport/ssl_max_version', type: 'uint16', goPath: 'proxy.transport.ssl_max_version' },
];

/** Values the decoder takes (just inside) and refuses (just outside), per Go type. */
const INSIDE: Record<string, unknown[]> = {
  duration: [0, 5000000000, -1, null],
  readable: ['', '30s', '1m'],
  uint16: [0, 65535],
  uint64: [0, Number.MAX_SAFE_INTEGER],
  objectId: [hex24, hex24.toUpperCase(), '', null, { $oid: hex24 }, { $oid: '' }],
};
const OUTSIDE: Record<string, unknown[]> = {
  duration: ['5s', 1.5, true],
  readable: [30, 0, null],
  uint16: [-1, 65536],
  uint64: [-1, Number.MAX_SAFE_INTEGER + 1],
  objectId: [hex24.slice(1), hex24 + '0', 'abc', 42, { $oid: 'x' }],
};

const brief = (kind: string, doc: unknown) => decodingProblems(kind, doc).map((p) => p.pointer);

test('every typed member of a classic definition: the values its Go type takes pass, the ones just outside are refused at the member', () => {
  for (const { pointer, type } of CLASSIC_MEMBERS) {
    for (const ok of INSIDE[type]) assert.deepEqual(brief('classic', placed(pointer, ok)), [], `${pointer} = ${JSON.stringify(ok)}`);
    for (const bad of OUTSIDE[type]) assert.deepEqual(brief('classic', placed(pointer, bad)), [pointer], `${pointer} = ${JSON.stringify(bad)}`);
  }
});

test("the same members in a dashboard record's api_definition, except the uptime timeout (the spec writes it as a string there)", () => {
  for (const { pointer, type } of CLASSIC_MEMBERS) {
    const record = (v: unknown) => ({ api_definition: placed(pointer, v) });
    if (type === 'duration') {
      for (const v of [...INSIDE.duration, ...OUTSIDE.duration]) assert.deepEqual(brief('dashboard-api', record(v)), [], `${pointer} = ${JSON.stringify(v)}`);
      continue;
    }
    for (const ok of INSIDE[type]) assert.deepEqual(brief('dashboard-api', record(ok)), [], `${pointer} = ${JSON.stringify(ok)}`);
    for (const bad of OUTSIDE[type])
      assert.deepEqual(brief('dashboard-api', record(bad)), [`/api_definition${pointer}`], `${pointer} = ${JSON.stringify(bad)}`);
  }
  assert.deepEqual(brief('dashboard-api', placed('/id', 'abc')), [], 'outside api_definition, the record is not a definition');
});

test("a policy's `_id`, standalone and in policies.json at its own pointer; other kinds and documents that are not objects have no decoding rule", () => {
  for (const ok of INSIDE.objectId) {
    assert.deepEqual(brief('policy', { _id: ok }), [], JSON.stringify(ok));
    assert.deepEqual(brief('policies', { gold: { _id: ok } }), [], JSON.stringify(ok));
  }
  for (const bad of OUTSIDE.objectId) {
    assert.deepEqual(brief('policy', { _id: bad }), ['/_id'], JSON.stringify(bad));
    assert.deepEqual(brief('policies', { 'a/b': { _id: bad } }), ['/a~1b/_id'], JSON.stringify(bad));
  }
  assert.deepEqual(brief('policy', { id: 'abc' }), [], 'only `_id` is the object id');
  for (const kind of ['session', 'oas', 'streams', 'something']) assert.deepEqual(brief(kind, { gold: { _id: 'abc' }, id: 'abc' }), [], kind);
  for (const kind of ['classic', 'dashboard-api', 'policy', 'policies']) {
    for (const doc of [null, 'abc', 42, [{ _id: 'abc', id: 'abc' }], undefined]) assert.deepEqual(brief(kind, doc), [], `${kind} ${JSON.stringify(doc)}`);
  }
  assert.deepEqual(brief('policies', { gold: null, silver: [{ _id: 'abc' }] }), []);
});

test('a `*` in a member path walks array items and map values alike, each at its own pointer', () => {
  const doc = {
    uptime_tests: { check_list: [{ timeout: 1 }, { timeout: 'x' }, null, { timeout: 'y' }] },
    version_data: { versions: { a: { global_enforce_timeout: 1 }, b: { global_enforce_timeout: 2 }, c: 'not a version' } },
    jwt_jwks_uris: 'not a list',
  };
  assert.deepEqual(brief('classic', doc), [
    '/uptime_tests/check_list/1/timeout',
    '/uptime_tests/check_list/3/timeout',
    '/version_data/versions/a/global_enforce_timeout',
    '/version_data/versions/b/global_enforce_timeout',
  ]);
});

/** The one problem of a classic definition with `value` at `pointer`. */
function only(kind: string, doc: unknown) {
  const problems = decodingProblems(kind, doc);
  assert.equal(problems.length, 1, JSON.stringify(doc));
  const [p] = problems;
  assert.equal(p.code, Codes.decoding);
  assert.equal(p.severity, DiagnosticSeverity.Error);
  assert.equal(p.target, 'value');
  return { message: p.message, gateway: p.data?.gatewayMessage };
}

test("a Go time.Duration: the sentence says what to write (the string converted when it parses) and the gateway answers with Go's type error", () => {
  const uptime = (v: unknown) => only('classic', placed('/uptime_tests/check_list/0/timeout', v));
  assert.deepEqual(uptime('5s'), {
    message: '`timeout` is a Go time.Duration: the gateway\'s decoder takes an integer of nanoseconds and refuses `"5s"`; write `5000000000` (5s).',
    gateway: 'json: cannot unmarshal string into Go struct field uptime_tests.check_list.timeout of type time.Duration',
  });
  assert.deepEqual(uptime('soon'), {
    message:
      '`timeout` is a Go time.Duration: the gateway\'s decoder takes an integer of nanoseconds and refuses `"soon"`; write an integer such as `5000000000` (5 s).',
    gateway: 'json: cannot unmarshal string into Go struct field uptime_tests.check_list.timeout of type time.Duration',
  });
  assert.deepEqual(uptime(1.5), {
    message:
      "`timeout` is a Go time.Duration: the gateway's decoder takes an integer of nanoseconds and refuses `1.5`; write an integer such as `5000000000` (5 s).",
    gateway: 'json: cannot unmarshal number 1.5 into Go struct field uptime_tests.check_list.timeout of type time.Duration',
  });
  // Go names the JSON type it met; a list is never read as text, even when its items would parse.
  const gatewayOf = (v: unknown) => uptime(v).gateway;
  assert.equal(gatewayOf(true), 'json: cannot unmarshal bool into Go struct field uptime_tests.check_list.timeout of type time.Duration');
  assert.equal(gatewayOf(false), 'json: cannot unmarshal bool into Go struct field uptime_tests.check_list.timeout of type time.Duration');
  assert.equal(gatewayOf({ s: 5 }), 'json: cannot unmarshal object into Go struct field uptime_tests.check_list.timeout of type time.Duration');
  assert.equal(gatewayOf(['5s', 'x']), 'json: cannot unmarshal array into Go struct field uptime_tests.check_list.timeout of type time.Duration');
  assert.match(uptime(['5s', 'x']).message, /refuses `\["5s","x"\]`; write an integer such as `5000000000` \(5 s\)\.$/);
});

test("the Go path in the gateway's words: member names only, no indices (however many digits) and no `api_definition`", () => {
  const doc = placed('/external_oauth/providers/12/jwt/issued_at_validation_skew', -1);
  const expected = 'json: cannot unmarshal number -1 into Go struct field external_oauth.providers.jwt.issued_at_validation_skew of type uint64';
  assert.equal(only('classic', doc).gateway, expected);
  assert.equal(only('dashboard-api', { api_definition: doc }).gateway, expected);
  for (const { pointer, type, goPath } of CLASSIC_MEMBERS) {
    if (type !== 'uint16' && type !== 'uint64') continue;
    assert.equal(only('classic', placed(pointer, -1)).gateway, `json: cannot unmarshal number -1 into Go struct field ${goPath} of type ${type}`, pointer);
  }
});

test('a readable duration: only a string; a number gets its string form as the fix, anything else an example', () => {
  const jwks = (v: unknown) => only('classic', placed('/jwt_jwks_uris/0/cache_timeout', v));
  const refuses = (shown: string, fix: string) =>
    `\`cache_timeout\` is a readable duration: the gateway's decoder takes only a string and refuses ${shown}; ${fix}.`;
  assert.deepEqual(jwks(30), { message: refuses('`30`', 'write `"30s"`'), gateway: 'error while parsing duration' });
  assert.deepEqual(jwks(0), { message: refuses('`0`', 'write `"0s"`'), gateway: 'error while parsing duration' });
  const example = 'write a duration string such as `"30s"`, or `""` for none';
  assert.deepEqual(jwks(-1), { message: refuses('`-1`', example), gateway: 'error while parsing duration' });
  assert.deepEqual(jwks(null), { message: refuses('`null`', example), gateway: 'error while parsing duration' });
  assert.deepEqual(jwks([]), { message: refuses('`[]`', example), gateway: 'error while parsing duration' });
  // 1e999 parses as Infinity: no `"Infinitys"` to suggest.
  assert.equal(jwks(JSON.parse('1e999')).message, refuses('`null`', example));
  const hard = only('classic', placed('/version_data/versions/Default/extended_paths/hard_timeouts/0/duration', 5));
  assert.equal(hard.message, refuses('`5`', 'write `"5s"`').replace('`cache_timeout`', '`duration`'));
});

test('unsigned members: the sentence names the Go type and the range; non-numbers and fractions are left to the schema', () => {
  const tls = (v: unknown) => decodingProblems('classic', placed('/proxy/transport/ssl_max_version', v));
  assert.deepEqual(
    tls(65536).map((p) => [p.message, p.data?.gatewayMessage]),
    [
      [
        '`ssl_max_version` is unsigned in the gateway (Go uint16): its decoder refuses `65536`; write a whole number between `0` and `65535` (`0` = the default).',
        'json: cannot unmarshal number 65536 into Go struct field proxy.transport.ssl_max_version of type uint16',
      ],
    ],
  );
  const skew = decodingProblems('classic', placed('/jwt_expires_at_validation_skew', -3));
  assert.deepEqual(
    skew.map((p) => p.message),
    [
      '`jwt_expires_at_validation_skew` is unsigned in the gateway (Go uint64): its decoder refuses `-3`; write a whole number `0` or more (`0` = the default).',
    ],
  );
  for (const v of ['abc', '5', true, null, -1.5, 1.5, [], {}]) {
    assert.deepEqual(tls(v), [], JSON.stringify(v));
    assert.deepEqual(decodingProblems('classic', placed('/jwt_expires_at_validation_skew', v)), [], JSON.stringify(v));
  }
});

test("object ids: the sentence shows the value and an example; the gateway's words differ for text and other JSON", () => {
  const sentence = (shown: string, name: string) =>
    `\`${name}\` is a database object id: the gateway decodes it as 24 hexadecimal digits (or \`{"$oid": "…"}\`) and refuses ${shown}; ` +
    `write an id such as \`"5ead7120575961000181867f"\`, or \`""\` or leave \`${name}\` out for none.`;
  assert.deepEqual(only('classic', { id: 'abc' }), { message: sentence('`"abc"`', 'id'), gateway: 'invalid ObjectId in JSON: "abc"' });
  assert.deepEqual(only('classic', { id: 42 }), { message: sentence('`42`', 'id'), gateway: 'not an extended JSON ObjectID' });
  assert.deepEqual(only('policy', { _id: { $oid: 'x' } }), { message: sentence('`{"$oid":"x"}`', '_id'), gateway: 'not an extended JSON ObjectID' });
});

test('object ids: undefined and `{"$oid"}` holding anything but an empty string or exactly 24 hex digits', () => {
  assert.equal(isObjectId(undefined), true, 'a member left out is no id');
  for (const bad of [{ $oid: [hex24] }, { $oid: null }, { $oid: 'x' + hex24 }, { $oid: hex24 + 'x' }, { $oid: hex24.slice(1) }, { $oid: hex24 + '0' }]) {
    assert.equal(isObjectId(bad), false, JSON.stringify(bad));
  }
  for (const bad of ['x' + hex24, hex24 + 'x', hex24.slice(1) + 'g']) assert.equal(isObjectId(bad), false, bad);
});

test('Go durations with a fraction of more than one digit, and every unit', () => {
  assert.equal(nanosecondsOf('1.25s'), 1250000000);
  assert.equal(nanosecondsOf('2h1m1s1ms1us1µs1μs1ns'), 2 * 3600e9 + 60e9 + 1e9 + 1e6 + 3e3 + 1);
  assert.equal(nanosecondsOf('5s '), undefined);
  assert.equal(nanosecondsOf('x5s'), undefined);
});

/** `text` parsed, with its literals noted the way the language server and the sandbox note them. */
function parsedNoted(text: string): unknown {
  const value: unknown = JSON.parse(text);
  noteNumberLiterals(text, value);
  return value;
}

test('integer members written with a fraction or an exponent: refused where the schema says integer, with the whole number to write', () => {
  const value = parsedNoted('{"rate": 10.0, "per": 1.5e1, "name": 2.0, "list": [{"quota_max": 1e3}]}');
  const asked: string[][] = [];
  const integerAt = (pointers: string[]) => {
    asked.push(pointers);
    return new Set(pointers.filter((p) => p !== '/name'));
  };
  const problems = integerLiteralProblems(value, '', integerAt);
  assert.deepEqual(asked, [['/rate', '/per', '/name', '/list/0/quota_max']]);
  assert.deepEqual(
    problems.map((p) => [p.pointer, p.target, p.code, p.severity, p.message, p.data?.gatewayMessage]),
    [
      [
        '/rate',
        'value',
        Codes.decoding,
        DiagnosticSeverity.Error,
        '`rate` is an integer in the gateway: its Go decoder refuses the number `10.0` (a fraction or an exponent, even when the value is whole); write `10`.',
        'json: cannot unmarshal number 10.0 into Go struct field rate of type int64',
      ],
      [
        '/per',
        'value',
        Codes.decoding,
        DiagnosticSeverity.Error,
        '`per` is an integer in the gateway: its Go decoder refuses the number `1.5e1` (a fraction or an exponent, even when the value is whole); write `15`.',
        'json: cannot unmarshal number 1.5e1 into Go struct field per of type int64',
      ],
      [
        '/list/0/quota_max',
        'value',
        Codes.decoding,
        DiagnosticSeverity.Error,
        '`quota_max` is an integer in the gateway: its Go decoder refuses the number `1e3` (a fraction or an exponent, even when the value is whole); write `1000`.',
        'json: cannot unmarshal number 1e3 into Go struct field list.quota_max of type int64',
      ],
    ],
  );
  assert.deepEqual(integerLiteralProblems(value, '/api_definition', (pointers) => new Set(pointers)).map((p) => p.pointer)[0], '/api_definition/rate');
});

test('integer literals: a document without such a literal asks nothing and has no problem; one noted but not an integer member has none', () => {
  let asked = 0;
  const none = parsedNoted('{"rate": 10, "per": 1.5}');
  assert.deepEqual(
    integerLiteralProblems(none, '', (p) => {
      asked++;
      return new Set(p);
    }),
    [],
  );
  assert.equal(asked, 0);
  assert.deepEqual(
    integerLiteralProblems(parsedNoted('{"rate": 10.0}'), '', () => new Set()),
    [],
  );
});
