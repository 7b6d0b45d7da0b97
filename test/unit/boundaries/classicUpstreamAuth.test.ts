// Classic `upstream_auth` (rule 5, apidef/validator.go RuleUpstreamAuth): checked only when it is
// enabled and a mode is on; one mode at a time; OAuth with exactly one known authorization type.
// And the classic rules' other edges: parts that are not objects, pointers and subjects.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { Codes } from '../../../validation/src/codes';
import { classicProblems } from '../../../validation/src/semantic/classic';

const base = { api_id: 'a1', name: 'A', proxy: { listen_path: '/a/', target_url: 'http://up.test' } };
const upstream = (upstream_auth: unknown) =>
  classicProblems({ ...base, upstream_auth }, '').map((p) => `${p.severity} ${p.code} ${p.pointer} ${p.target} ${p.message}`);

const E = DiagnosticSeverity.Error;
const BOTH =
  `${E} ${Codes.upstreamAuth} /upstream_auth key Upstream basic auth and upstream OAuth are both enabled: ` +
  'the gateway allows one upstream authentication mode at a time ("multiple upstream authentication modes not allowed"); set `enabled: false` on one of them.';
const NEEDS_TYPE =
  `${E} ${Codes.upstreamAuth} /upstream_auth/oauth key Upstream OAuth needs its authorization type ("upstream OAuth authorization type is required"): ` +
  'set `allowed_authorize_types` to `["clientCredentials"]` or `["password"]`.';
const ONE_TYPE =
  `${E} ${Codes.upstreamAuth} /upstream_auth/oauth/allowed_authorize_types value ` +
  'Upstream OAuth takes one authorization type ("multiple upstream OAuth authorization type not allowed"): keep only `clientCredentials` or `password`.';
const unknownType = (t: string) =>
  `${E} ${Codes.upstreamAuth} /upstream_auth/oauth/allowed_authorize_types/0 value ` +
  `\`${t}\` is not an upstream OAuth authorization type ("invalid OAuth authorization type"): write \`clientCredentials\` or \`password\`.`;

const on = { enabled: true };
const oauth = (allowed_authorize_types?: unknown) => ({ enabled: true, allowed_authorize_types });

test('upstream auth: one mode on passes; both on is one error on `upstream_auth`', () => {
  assert.deepEqual(upstream({ enabled: true, basic_auth: on }), []);
  assert.deepEqual(upstream({ enabled: true, oauth: oauth(['clientCredentials']) }), []);
  assert.deepEqual(upstream({ enabled: true, oauth: oauth(['password']) }), []);
  assert.deepEqual(upstream({ enabled: true, basic_auth: on, oauth: oauth(['password']) }), [BOTH]);
});

test('upstream auth is not checked when it is off, missing, or no mode is on', () => {
  const wrong = { basic_auth: on, oauth: oauth([]) };
  assert.deepEqual(upstream({ ...wrong, enabled: false }), []);
  assert.deepEqual(upstream({ ...wrong }), [], '`enabled` left out');
  assert.deepEqual(upstream({ ...wrong, enabled: 'true' }), [], 'only `true` turns it on');
  assert.deepEqual(upstream(undefined), []);
  assert.deepEqual(upstream('on'), []);
  assert.deepEqual(upstream({ enabled: true, basic_auth: { enabled: false }, oauth: { enabled: false, allowed_authorize_types: [] } }), []);
  assert.deepEqual(upstream({ enabled: true, basic_auth: { enabled: 'yes' }, oauth: { allowed_authorize_types: ['x'] } }), []);
  assert.deepEqual(upstream({ enabled: true }), []);
});

test('upstream OAuth: no authorization type (none written, an empty list or not a list) is an error on `oauth`', () => {
  assert.deepEqual(upstream({ enabled: true, oauth: oauth() }), [NEEDS_TYPE]);
  assert.deepEqual(upstream({ enabled: true, oauth: oauth([]) }), [NEEDS_TYPE]);
  assert.deepEqual(upstream({ enabled: true, oauth: oauth('clientCredentials') }), [NEEDS_TYPE]);
  assert.deepEqual(upstream({ enabled: true, basic_auth: on, oauth: oauth([]) }), [BOTH, NEEDS_TYPE]);
  assert.deepEqual(
    upstream({ enabled: true, basic_auth: on, oauth: { enabled: false, allowed_authorize_types: [] } }),
    [],
    'OAuth off: its types are not read',
  );
});

test('upstream OAuth: two types is an error on the list; a first type that is not known is an error on that item', () => {
  assert.deepEqual(upstream({ enabled: true, oauth: oauth(['clientCredentials', 'password']) }), [ONE_TYPE]);
  assert.deepEqual(upstream({ enabled: true, oauth: oauth(['implicit']) }), [unknownType('implicit')]);
  assert.deepEqual(upstream({ enabled: true, oauth: oauth(['ClientCredentials']) }), [unknownType('ClientCredentials')], 'case matters');
  assert.deepEqual(upstream({ enabled: true, oauth: oauth(['', 'password']) }), [ONE_TYPE, unknownType('')]);
  assert.deepEqual(upstream({ enabled: true, oauth: oauth([7]) }), [unknownType('7')]);
});

const brief = (overrides: Record<string, unknown>) => classicProblems({ ...base, ...overrides }, '/api_definition').map((p) => `${p.pointer} ${p.message}`);

test('classic rules: a definition that is not an object has no finding; parts that are not objects are skipped', () => {
  for (const doc of [null, undefined, 'x', 5, []]) assert.deepEqual(classicProblems(doc, ''), [], JSON.stringify(doc));
  assert.deepEqual(brief({ version_data: { versions: { a: null, b: 'x' } } }), []);
  assert.deepEqual(brief({ version_data: { versions: { a: { extended_paths: { hard_timeouts: [null, 5] } } } } }), []);
  assert.deepEqual(brief({ graphql: { engine: { data_sources: [null, { name: 'a' }, 'x'] } } }), []);
});

test('classic rules below a base pointer: timeouts and data sources at their own place, named in the sentence', () => {
  assert.deepEqual(
    brief({
      version_data: {
        versions: { v1: { global_enforce_timeout: -1, extended_paths: { hard_timeouts: [{ timeout: 1 }, { timeout: -2 }] } } },
      },
      graphql: { engine: { data_sources: [{ name: 'A' }, { name: 'a' }] } },
      upstream_auth: { enabled: true, basic_auth: on, oauth: oauth(['password']) },
    }),
    [
      '/api_definition/upstream_auth ' + BOTH.slice(BOTH.indexOf(' key ') + 5),
      '/api_definition/version_data/versions/v1/global_enforce_timeout `global_enforce_timeout` must not be negative.',
      '/api_definition/version_data/versions/v1/extended_paths/hard_timeouts/1/timeout `timeout` must not be negative.',
      '/api_definition/graphql/engine/data_sources/1/name The data source name `a` is already used by item 0: names must be unique.',
    ],
  );
});

test('data source names compare as the gateway lower-cases them: `STRASSE` and `straße` are two names', () => {
  const [dup] = classicProblems({ ...base, graphql: { engine: { data_sources: [{ name: 'A' }, { name: 'a' }] } } }, '');
  assert.deepEqual([dup.pointer, dup.target, dup.code], ['/graphql/engine/data_sources/1/name', 'value', Codes.dataSourceNames]);
  assert.deepEqual(brief({ graphql: { engine: { data_sources: [{ name: 'STRASSE' }, { name: 'straße' }] } } }), []);
});
