// The gateway's rules on classic definitions, at their boundaries: auth sources (header, query,
// cookie), IP/CIDR prefixes (/32 vs /33, /128 vs /129), load balancing targets (none vs one).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { Codes } from '../../../validation/src/codes';
import { classicProblems } from '../../../validation/src/semantic/classic';
import { isIpOrCidr } from '../../../validation/src/semantic/network';

const base = { api_id: 'a1', name: 'A', proxy: { listen_path: '/a/', target_url: 'http://up.test' } };
const problems = (overrides: Record<string, unknown>) => classicProblems({ ...base, ...overrides }, '');
const brief = (overrides: Record<string, unknown>) => problems(overrides).map((p) => `${p.code} ${p.pointer} ${p.target} ${p.severity}`);

test('auth sources boundary: header off with a cookie on is valid (the cookie counts as an auth source)', () => {
  assert.deepEqual(brief({ use_standard_auth: true, auth_configs: { authToken: { disable_header: true, use_cookie: true } } }), []);
  assert.deepEqual(brief({ use_standard_auth: true, auth: { disable_header: true, use_cookie: true } }), []);
});

test('auth sources boundary: header off with the query parameter on is valid; header off with nothing on is an error', () => {
  assert.deepEqual(brief({ use_standard_auth: true, auth_configs: { authToken: { disable_header: true, use_param: true } } }), []);
  const off = problems({ use_standard_auth: true, auth_configs: { authToken: { disable_header: true, use_cookie: false, use_param: false } } });
  assert.equal(off.length, 1);
  assert.equal(off[0].code, Codes.authSources);
  assert.equal(off[0].pointer, '/auth_configs/authToken');
  assert.equal(off[0].target, 'key');
  assert.equal(off[0].severity, DiagnosticSeverity.Error);
  assert.match(off[0].message, /All auth sources are disabled for `authToken`: enable at least one of header, query or cookie\./);
});

test('auth sources: the legacy `auth` object is checked for the token method only; a disabled method is not checked', () => {
  assert.deepEqual(brief({ use_standard_auth: true, auth: { disable_header: true } }), [`${Codes.authSources} /auth key 1`]);
  assert.deepEqual(brief({ use_standard_auth: false, auth_configs: { authToken: { disable_header: true } } }), []);
  assert.deepEqual(brief({ enable_jwt: true, auth: { disable_header: true } }), [], 'jwt has no legacy `auth` home');
  assert.deepEqual(brief({ enable_jwt: true, auth_configs: { jwt: { disable_header: true } } }), [`${Codes.authSources} /auth_configs/jwt key 1`]);
  assert.deepEqual(brief({ use_standard_auth: true, auth_configs: { authToken: { disable_header: false } } }), []);
  assert.deepEqual(brief({ use_standard_auth: true }), [], 'no config: the default reads the header');
});

test('auth sources: every classic method switch maps to its auth_configs entry', () => {
  const pairs: Array<[string, string]> = [
    ['use_standard_auth', 'authToken'],
    ['enable_jwt', 'jwt'],
    ['enable_signature_checking', 'hmac'],
    ['use_oauth2', 'oauth'],
    ['use_openid', 'oidc'],
    ['enable_coprocess_auth', 'coprocess'],
  ];
  for (const [flag, name] of pairs) {
    assert.deepEqual(brief({ [flag]: true, auth_configs: { [name]: { disable_header: true } } }), [`${Codes.authSources} /auth_configs/${name} key 1`], flag);
  }
});

test('IPv4 CIDR boundary: /32 is accepted, /33 is refused; /0 accepted', () => {
  assert.equal(isIpOrCidr('10.0.0.1/32'), true);
  assert.equal(isIpOrCidr('10.0.0.1/33'), false);
  assert.equal(isIpOrCidr('0.0.0.0/0'), true);
  assert.equal(isIpOrCidr('10.0.0.1'), true);
});

test('IPv6 CIDR boundary: /128 is accepted, /129 is refused', () => {
  assert.equal(isIpOrCidr('2001:db8::/128'), true);
  assert.equal(isIpOrCidr('2001:db8::/129'), false);
  assert.equal(isIpOrCidr('2001:db8::/32'), true, 'an IPv6 prefix over 32 is fine');
  assert.equal(isIpOrCidr('::1'), true);
});

test('CIDR text: prefixes must be 1-3 digits on a real address', () => {
  for (const bad of ['10.0.0.1/', '10.0.0.1/1000', '10.0.0.1/-1', '10.0.0.1/a', '10.0.0/8', 'host/8', 'nonsense', '', '10.0.0.1/ 8', '10.0.0.1/8x']) {
    assert.equal(isIpOrCidr(bad), false, bad);
  }
  assert.equal(isIpOrCidr('10.0.0.1/008'), true);
  assert.equal(isIpOrCidr('10.0.0.1/8 '), false, 'a prefix must be digits only (the list trims entries, this check does not)');
  assert.equal(isIpOrCidr('10.0.0.1/8\n'), false);
});

test('IP lists: a /33 entry is an error when the list is in force and a warning when it is off; valid entries and non-strings pass', () => {
  const on = problems({ enable_ip_whitelisting: true, allowed_ips: ['10.0.0.0/32', '10.0.0.0/33', 42, ' 10.0.0.2 '] });
  assert.deepEqual(
    on.map((p) => [p.pointer, p.severity, p.target, p.code]),
    [['/allowed_ips/1', DiagnosticSeverity.Error, 'value', Codes.ipCidr]],
  );
  assert.equal(on[0].message, '`10.0.0.0/33` is not a valid IP address or CIDR range.');
  const off = problems({ enable_ip_whitelisting: false, allowed_ips: ['10.0.0.0/33'] });
  assert.deepEqual(
    off.map((p) => p.severity),
    [DiagnosticSeverity.Warning],
  );
  const black = problems({ enable_ip_blacklisting: true, blacklisted_ips: ['::/129'] });
  assert.deepEqual(
    black.map((p) => [p.pointer, p.severity]),
    [['/blacklisted_ips/0', DiagnosticSeverity.Error]],
  );
  assert.deepEqual(
    problems({ blacklisted_ips: ['::/129'] }).map((p) => p.severity),
    [DiagnosticSeverity.Warning],
  );
});

test('load balancing boundary: an empty target_list is an error on target_list; a one-item list is accepted', () => {
  const lb = (proxy: Record<string, unknown>) => problems({ proxy: { ...base.proxy, enable_load_balancing: true, ...proxy } });
  const empty = lb({ target_list: [] });
  assert.deepEqual(
    empty.map((p) => [p.code, p.pointer, p.target, p.severity]),
    [[Codes.loadBalancing, '/proxy/target_list', 'value', DiagnosticSeverity.Error]],
  );
  assert.equal(empty[0].message, 'Load balancing is enabled but `target_list` has no targets.');
  assert.deepEqual(lb({ target_list: ['http://one.test'] }), []);
  const missing = lb({});
  assert.deepEqual(
    missing.map((p) => [p.pointer, p.target]),
    [['/proxy/enable_load_balancing', 'key']],
  );
  assert.deepEqual(problems({ proxy: { ...base.proxy, enable_load_balancing: false, target_list: [] } }), []);
});

test('listen path and api id: `/` prefix required, `..` and slashes refused (also encoded), key-value references pass', () => {
  assert.deepEqual(brief({ proxy: { listen_path: 'a/' } }), [`${Codes.listenPath} /proxy/listen_path value 1`]);
  // The loader skips an API with an empty listen path or one with a space (gateway/api_loader.go): it cannot work.
  assert.deepEqual(brief({ proxy: { listen_path: '' } }), [`${Codes.loadSkip} /proxy/listen_path value 1`]);
  assert.deepEqual(brief({ proxy: { listen_path: '/a b/' } }), [`${Codes.loadSkip} /proxy/listen_path value 1`]);
  assert.deepEqual(brief({ proxy: { listen_path: '/a%20b/' } }), []);
  assert.deepEqual(brief({ protocol: 'tcp', proxy: { listen_path: '' } }), [], 'TCP APIs need no listen path');
  assert.deepEqual(brief({ proxy: { listen_path: 'env://LISTEN' } }), []);
  assert.deepEqual(brief({ proxy: { listen_path: ' vault://a.b ' } }), [], 'a reference with spaces around');
  assert.deepEqual(brief({ proxy: { listen_path: 'x env://LISTEN' } }), [`${Codes.loadSkip} /proxy/listen_path value 1`], 'a space: skipped at load');
  assert.deepEqual(brief({ proxy: { listen_path: 'x-env://LISTEN' } }), [`${Codes.listenPath} /proxy/listen_path value 1`]);
  assert.deepEqual(brief({ proxy: { listen_path: 'env://' } }), [`${Codes.listenPath} /proxy/listen_path value 1`]);
  for (const id of ['.', '..', 'a/b', 'a\\b', 'a%2Fb', '%2E%2E']) assert.deepEqual(brief({ api_id: id }), [`${Codes.apiId} /api_id value 1`], id);
  for (const id of ['a.b', '...', 'a%zz', '']) assert.deepEqual(brief({ api_id: id }), [], id);
});

test('timeouts: a negative hard timeout is an error, a negative enforce timeout a warning; 0 passes', () => {
  const v = (version: Record<string, unknown>) => brief({ version_data: { versions: { Default: version } } });
  assert.deepEqual(v({ extended_paths: { hard_timeouts: [{ timeout: -1 }, { timeout: 0 }] } }), [
    `${Codes.timeout} /version_data/versions/Default/extended_paths/hard_timeouts/0/timeout value 1`,
  ]);
  assert.deepEqual(v({ global_enforce_timeout: -1 }), [`${Codes.timeout} /version_data/versions/Default/global_enforce_timeout value 2`]);
  assert.deepEqual(v({ global_enforce_timeout: ' -5s' }), [`${Codes.timeout} /version_data/versions/Default/global_enforce_timeout value 2`]);
  assert.deepEqual(v({ global_enforce_timeout: 0 }), []);
  assert.deepEqual(v({ global_enforce_timeout: '5s' }), []);
});

test('graphql data source names: duplicates ignoring case and spaces are errors on the second', () => {
  const sources = [{ name: 'Users' }, { name: ' users ' }, { name: 'Orders' }, { name: 3 }];
  const out = problems({ graphql: { engine: { data_sources: sources } } });
  assert.deepEqual(
    out.map((p) => [p.code, p.pointer]),
    [[Codes.dataSourceNames, '/graphql/engine/data_sources/1/name']],
  );
  assert.match(out[0].message, /The data source name ` users ` is already used by item 0: names must be unique\./);
});
