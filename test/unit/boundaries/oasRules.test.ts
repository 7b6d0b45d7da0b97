// OAS rules at their boundaries: an enabled scheme keeps an auth source unless the header is
// explicitly off and nothing else is on (the securitySchemes entry's `in` counts); load balancing
// needs a target and one positive weight.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { Codes } from '../../../validation/src/codes';
import { oasAuthSources } from '../../../validation/src/semantic/auth';
import { oasLoadBalancing } from '../../../validation/src/semantic/network';
import { oasProblems } from '../../../validation/src/semantic/oas';
import type { Problem } from '../../../validation/src/problem';

function auth(authentication: unknown, components?: Record<string, unknown>): string[] {
  const out: Problem[] = [];
  oasAuthSources(authentication, '/a', out, components);
  return out.map((p) => `${p.code} ${p.pointer} ${p.target} ${p.severity} ${p.message}`);
}
const off = { enabled: true, header: { enabled: false } };
const refused = (where: string, name: string) =>
  `${Codes.authSources} ${where} key ${DiagnosticSeverity.Error} All auth sources are disabled for \`${name}\`: enable at least one of header, query or cookie.`;

test('OAS auth sources: header off and nothing else is an error on the scheme key; authentication off or scheme off is not checked', () => {
  assert.deepEqual(auth({ enabled: true, securitySchemes: { key: off } }), [refused('/a/securitySchemes/key', 'key')]);
  assert.deepEqual(auth({ enabled: false, securitySchemes: { key: off } }), []);
  assert.deepEqual(auth({ securitySchemes: { key: off } }), []);
  assert.deepEqual(auth({ enabled: true, securitySchemes: { key: { ...off, enabled: false } } }), []);
  assert.deepEqual(auth({ enabled: true, securitySchemes: { key: { header: { enabled: false } } } }), []);
  assert.deepEqual(auth(undefined), []);
});

test('OAS auth sources boundary: a query or cookie turned on keeps a source; written as off they do not', () => {
  for (const s of ['query', 'cookie']) {
    assert.deepEqual(auth({ enabled: true, securitySchemes: { key: { ...off, [s]: { enabled: true } } } }), [], s);
    assert.deepEqual(auth({ enabled: true, securitySchemes: { key: { ...off, [s]: { enabled: false } } } }), [refused('/a/securitySchemes/key', 'key')], s);
  }
  assert.deepEqual(auth({ enabled: true, securitySchemes: { key: { ...off, header: { enabled: true } } } }), []);
  assert.deepEqual(auth({ enabled: true, securitySchemes: { key: { enabled: true, header: {} } } }), [], 'header not written as off');
});

test("OAS auth sources: the securitySchemes entry's `in: query/cookie` gives that source unless written off; `in: header` does not", () => {
  for (const place of ['query', 'cookie']) {
    const components = { key: { type: 'apiKey', in: place, name: 'k' } };
    assert.deepEqual(auth({ enabled: true, securitySchemes: { key: off } }, components), [], place);
    assert.deepEqual(
      auth({ enabled: true, securitySchemes: { key: { ...off, [place]: { enabled: false } } } }, components),
      [refused('/a/securitySchemes/key', 'key')],
      place,
    );
  }
  assert.deepEqual(auth({ enabled: true, securitySchemes: { key: off } }, { key: { in: 'header' } }), [refused('/a/securitySchemes/key', 'key')]);
  assert.deepEqual(auth({ enabled: true, securitySchemes: { key: off } }, { other: { in: 'query' } }), [refused('/a/securitySchemes/key', 'key')]);
  assert.deepEqual(auth({ enabled: true, securitySchemes: { key: off } }, { key: { in: 5 } }), [refused('/a/securitySchemes/key', 'key')]);
});

test('OAS auth sources: hmac, custom and oidc are checked at their own pointer', () => {
  for (const name of ['hmac', 'custom', 'oidc']) {
    assert.deepEqual(auth({ enabled: true, [name]: off }), [refused(`/a/${name}`, name)], name);
    assert.deepEqual(auth({ enabled: true, [name]: { ...off, query: { enabled: true } } }), [], name);
  }
  assert.deepEqual(auth({ enabled: true, basic: off }), [], 'other members are not auth methods here');
});

function lb(value: unknown): string[] {
  const out: Problem[] = [];
  oasLoadBalancing(value, '/u/loadBalancing', out);
  return out.map((p) => `${p.pointer} ${p.target} ${p.severity} ${p.code} ${p.message}`);
}

test('OAS load balancing boundary: no targets is an error, one target with a positive weight is fine; every weight 0 is an error', () => {
  const E = DiagnosticSeverity.Error;
  assert.deepEqual(lb({ enabled: true, targets: [] }), [
    `/u/loadBalancing/targets value ${E} ${Codes.loadBalancing} Load balancing is enabled but \`targets\` is empty.`,
  ]);
  assert.deepEqual(lb({ enabled: true }), [`/u/loadBalancing missing ${E} ${Codes.loadBalancing} Load balancing is enabled but \`targets\` is empty.`]);
  assert.deepEqual(lb({ enabled: true, targets: [{ url: 'http://a', weight: 1 }] }), []);
  const zero = `/u/loadBalancing/targets value ${E} ${Codes.loadBalancing} All load balancing targets have weight 0: give at least one target a positive weight.`;
  assert.deepEqual(
    lb({
      enabled: true,
      targets: [
        { url: 'http://a', weight: 0 },
        { url: 'http://b', weight: 0 },
      ],
    }),
    [zero],
  );
  assert.deepEqual(lb({ enabled: true, targets: [{ url: 'http://a', weight: -1 }] }), [zero]);
  assert.deepEqual(
    lb({
      enabled: true,
      targets: [
        { url: 'http://a', weight: 0 },
        { url: 'http://b', weight: 1 },
      ],
    }),
    [],
  );
  assert.deepEqual(lb({ enabled: true, targets: [{ url: 'http://a' }] }), [], 'no weight written: the default is not 0');
  assert.deepEqual(lb({ enabled: false, targets: [] }), []);
  assert.deepEqual(lb(undefined), []);
});

/** The OAS document's upstream OAuth findings (rule 5): one grant exactly. */
function upstreamOAuth(oauth: Record<string, unknown>): string[] {
  const doc = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {},
    'x-svc-api-gateway': { upstream: { authentication: { enabled: true, oauth } } },
  };
  return oasProblems(doc, '')
    .filter((p) => p.code === Codes.upstreamAuth)
    .map((p) => `${p.pointer} ${p.message}`);
}
const needsOneGrant = ['/x-svc-api-gateway/upstream/authentication/oauth Upstream OAuth needs exactly one of `clientCredentials` or `password`.'];

test('upstream OAuth with exactly one grant passes; none or both is refused on the oauth member', () => {
  assert.deepEqual(upstreamOAuth({ enabled: true, clientCredentials: { enabled: true } }), []);
  assert.deepEqual(upstreamOAuth({ enabled: true, password: {} }), [], 'a grant written without `enabled` counts');
  assert.deepEqual(upstreamOAuth({ enabled: true }), needsOneGrant);
  assert.deepEqual(upstreamOAuth({ enabled: true, clientCredentials: { enabled: true }, password: { enabled: true } }), needsOneGrant);
});

test('upstream OAuth: a grant turned off does not count, so one on and one off is one grant; OAuth off is not checked', () => {
  assert.deepEqual(upstreamOAuth({ enabled: true, clientCredentials: { enabled: true }, password: { enabled: false } }), []);
  assert.deepEqual(upstreamOAuth({ enabled: true, clientCredentials: { enabled: false } }), needsOneGrant);
  assert.deepEqual(upstreamOAuth({ enabled: false }), []);
});
