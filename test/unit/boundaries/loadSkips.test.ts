// What the loader skips in a classic definition (gateway/api_loader.go, skipSpecBecauseInvalid):
// an empty or missing listen path for HTTP protocols, a listen path with a space, a target URL
// Go cannot parse once key-value references are resolved. And the other address rules' edges:
// timeouts, API ids, weights.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { Codes } from '../../../validation/src/codes';
import type { Problem } from '../../../validation/src/problem';
import { classicProblems } from '../../../validation/src/semantic/classic';
import { apiIdProblem, isKeyValueReference, oasLoadBalancing, timeoutProblem } from '../../../validation/src/semantic/network';

const E = DiagnosticSeverity.Error;
const classic = (doc: Record<string, unknown>) => classicProblems(doc, '').map((p) => `${p.severity} ${p.code} ${p.pointer} ${p.target} ${p.message}`);
const SKIPPED = 'the gateway stores the API but skips it when loading ("Listen path is empty"); write a path such as `/my-api/`.';

test('an empty listen path is skipped at load for HTTP protocols (none written, http, https), not for others', () => {
  for (const protocol of [undefined, '', 'http', 'https', 7]) {
    assert.deepEqual(
      classic({ protocol, proxy: { listen_path: '', target_url: 'http://up.test' } }),
      [`${E} ${Codes.loadSkip} /proxy/listen_path value The listen path is empty: ${SKIPPED}`],
      String(protocol),
    );
  }
  for (const protocol of ['tcp', 'tls', 'h2c', 'HTTP'])
    assert.deepEqual(classic({ protocol, proxy: { listen_path: '', target_url: 'http://up.test' } }), [], protocol);
});

test("a proxy without a listen path (left out or null) is skipped at load: one error on `proxy`; no proxy at all is the schema's business", () => {
  const missing = [`${E} ${Codes.loadSkip} /proxy missing \`proxy\` has no \`listen_path\`: ${SKIPPED}`];
  assert.deepEqual(classic({ proxy: { target_url: 'http://up.test' } }), missing);
  assert.deepEqual(classic({ proxy: { listen_path: null, target_url: 'http://up.test' } }), missing);
  assert.deepEqual(classic({}), []);
  assert.deepEqual(classic({ protocol: 'tcp', proxy: { target_url: 'http://up.test' } }), []);
});

test('a listen path with a space: the sentence quotes the gateway and says how to write it', () => {
  assert.deepEqual(classic({ proxy: { listen_path: '/a b/', target_url: 'http://up.test' } }), [
    `${E} ${Codes.loadSkip} /proxy/listen_path value The listen path \`/a b/\` contains a space: the gateway stores the API but skips it when loading ` +
      '("Listen path contains spaces, is invalid"); remove the space or write it as `%20`.',
  ]);
});

const badTarget = (target: string) =>
  `${E} ${Codes.loadSkip} /proxy/target_url value \`${target}\` is not a URL Go can parse: the gateway stores the API but skips it when loading ("couldn't parse target URL"); ` +
  'write an absolute URL such as `http://upstream.internal:8080/` (no space in the host, `%` only before two hex digits, a numeric port).';
const target = (target_url: unknown) => classic({ proxy: { listen_path: '/a/', target_url } });

test("a target URL Go's url.Parse refuses is skipped at load; one it takes is fine", () => {
  assert.deepEqual(target('http://up stream/'), [badTarget('http://up stream/')]);
  assert.deepEqual(target('http://up%zz/'), [badTarget('http://up%zz/')]);
  assert.deepEqual(target('http://up.test:8080/v1'), []);
  assert.deepEqual(target(5), [], 'not a string: the schema says it');
});

test('a target URL with inline references is checked with each one resolved; a whole reference is not checked at all', () => {
  assert.deepEqual(target('http://$kv{env:HOST}:8080/'), []);
  assert.deepEqual(target('$kv{env:SCHEME}://up.test/'), [], 'a reference as the scheme');
  assert.deepEqual(target('http://$kv{env:HOST}:port/'), [badTarget('http://$kv{env:HOST}:port/')], 'what is around the reference still counts');
  assert.deepEqual(target('consul://my services/up'), [], 'resolved before the check, whatever it holds');
  assert.deepEqual(target(' env://UP STREAM '), []);
  assert.deepEqual(target('env://'), [], 'a prefix naming nothing parses as a URL');
});

test('isKeyValueReference: only text holding a reference (a prefix with a name, or an inline token)', () => {
  for (const yes of ['env://A', ' vault://a.b ', 'kv://s/p', 'x $kv{a:b}']) assert.equal(isKeyValueReference(yes), true, yes);
  for (const no of [5, null, undefined, ['env://A'], 'env://', 'env:// A', 'http://a']) assert.equal(isKeyValueReference(no), false, String(no));
});

const run = (rule: (out: Problem[]) => void) => {
  const out: Problem[] = [];
  rule(out);
  return out.map((p) => `${p.severity} ${p.pointer} ${p.message}`);
};

test('timeouts: negative numbers and strings starting with `-` only; the sentence names the member and says "not negative"', () => {
  assert.deepEqual(
    run((out) => timeoutProblem(-0.5, '/t', 'duration', out)),
    [`${E} /t \`duration\` must not be negative.`],
  );
  assert.deepEqual(
    run((out) => timeoutProblem(' -1s', '/t', 'value', out, false)),
    [`${DiagnosticSeverity.Warning} /t \`value\` must not be negative.`],
  );
  for (const v of [0, '0s', '5s', [-1], null, true, '1-2s'])
    assert.deepEqual(
      run((out) => timeoutProblem(v, '/t', 'x', out)),
      [],
      JSON.stringify(v),
    );
});

test('API ids: an empty id or one that is not text has no finding', () => {
  for (const v of ['', 5, null, ['..']])
    assert.deepEqual(
      run((out) => apiIdProblem(v, '/id', 'id', out)),
      [],
      JSON.stringify(v),
    );
  assert.deepEqual(
    run((out) => apiIdProblem('a/b', '/id', 'id', out)),
    [`${E} /id \`id\` must not be \`.\` or \`..\` or contain \`/\` or \`\\\`.`],
  );
});

test('OAS load balancing: a weight that is not a number (null, text) is not a weight of 0; a target that is not an object has none', () => {
  const lb = (targets: unknown[]) => run((out) => oasLoadBalancing({ enabled: true, targets }, '/lb', out));
  assert.deepEqual(lb([{ url: 'http://a', weight: null }]), []);
  assert.deepEqual(lb([{ url: 'http://a', weight: '0' }]), []);
  assert.deepEqual(lb([null]), []);
  assert.deepEqual(lb([null, { weight: 0 }]), []);
  assert.equal(lb([{ weight: 0 }, { weight: -2 }]).length, 1);
});
