// Which rules run on which kind of document (semantic/index.ts), and the key and policy hints at
// their boundaries (semantic/keys.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { Codes } from '../../../validation/src/codes';
import { semanticProblems } from '../../../validation/src/semantic/index';
import { keyProblems } from '../../../validation/src/semantic/keys';

const brief = (kind: Parameters<typeof semanticProblems>[0], value: unknown) => semanticProblems(kind, value).map((p) => `${p.code} ${p.pointer}`);
const badClassic = { api_id: '..', proxy: { listen_path: '/a/', target_url: 'http://up.test' } };
const badOas = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, security: [{ ghost: [] }] };

test('a classic definition gets the classic rules; an OAS document, a streams document and both import templates the OAS rules', () => {
  assert.deepEqual(brief('classic', badClassic), [`${Codes.apiId} /api_id`]);
  for (const kind of ['oas', 'streams', 'oas-template', 'streams-template'] as const) {
    assert.deepEqual(brief(kind, badOas), [`${Codes.securityScheme} /security/0/ghost`], kind);
    assert.deepEqual(brief(kind, badClassic), [], `${kind}: no classic rule`);
  }
});

test('a dashboard record: the classic rules on `api_definition`, the OAS rules on `oas` when it is an object', () => {
  assert.deepEqual(brief('dashboard-api', { api_definition: badClassic, oas: badOas }), [
    `${Codes.apiId} /api_definition/api_id`,
    `${Codes.securityScheme} /oas/security/0/ghost`,
  ]);
  assert.deepEqual(brief('dashboard-api', { api_definition: badClassic, oas: 'x' }), [`${Codes.apiId} /api_definition/api_id`]);
  assert.deepEqual(brief('dashboard-api', { oas: badOas }), [`${Codes.securityScheme} /oas/security/0/ghost`]);
  for (const value of [null, 'x', undefined]) assert.deepEqual(brief('dashboard-api', value), [], String(value));
  assert.deepEqual(brief('dashboard-api', badClassic), [], 'the record itself is not a definition');
});

const NOW = 2_000_000_000;
const pastExpiry = { expires: 1_000_000_000, quota_max: 0, access_rights: { a: { api_id: 'b' } } };

test('a key gets the past-expiry hint; a policy does not, standalone or in policies.json (each policy at its own pointer)', () => {
  assert.deepEqual(
    keyProblems(pastExpiry, true, NOW).map((p) => p.code),
    [Codes.pastExpiry, Codes.quotaDisabled, Codes.accessRightsApiId],
  );
  assert.deepEqual(
    brief('policy', pastExpiry).map((s) => s.split(' ')[1]),
    ['/quota_max', '/access_rights/a/api_id'],
  );
  assert.deepEqual(brief('policies', { 'gold/1': pastExpiry, silver: null }), [
    `${Codes.quotaDisabled} /gold~11/quota_max`,
    `${Codes.accessRightsApiId} /gold~11/access_rights/a/api_id`,
  ]);
  assert.deepEqual(brief('policies', null), []);
  assert.deepEqual(brief('session', { quota_max: 0 }), [`${Codes.quotaDisabled} /quota_max`]);
});

test('other kinds have no semantic rule', () => {
  for (const kind of ['unknown', 'template', 'something'] as unknown as Array<Parameters<typeof semanticProblems>[0]>) {
    assert.deepEqual(semanticProblems(kind, { ...badClassic, ...badOas, quota_max: 0 }), [], String(kind));
  }
});

test('past expiry: a hint from 2 up to just before now; 0 and 1 (never, and "expire now") and now itself are not in the past', () => {
  const hinted = (expires: unknown) => keyProblems({ expires }, true, NOW).map((p) => `${p.severity} ${p.pointer} ${p.message}`);
  assert.deepEqual(hinted(NOW - 1), [
    `${DiagnosticSeverity.Hint} /expires \`expires\` is in the past (2033-05-18 03:33 UTC): the gateway keeps the stored expiry instead, so a new key would never expire.`,
  ]);
  assert.equal(hinted(2).length, 1);
  for (const v of [0, 1, -5, NOW, NOW + 1, String(NOW - 1), null]) assert.deepEqual(hinted(v), [], String(v));
});

test('access rights: an inner api_id naming another API is a warning; the same id, an empty one or one that is not text is not', () => {
  const rights = (entry: unknown) => keyProblems({ access_rights: { a: entry } }, true, NOW).map((p) => `${p.severity} ${p.pointer} ${p.message}`);
  assert.deepEqual(rights({ api_id: 'b' }), [
    `${DiagnosticSeverity.Warning} /access_rights/a/api_id This entry is keyed \`a\` but its \`api_id\` is \`b\`: the gateway grants access to \`a\` (the key).`,
  ]);
  for (const entry of [{ api_id: 'a' }, { api_id: '' }, { api_id: 5 }, null, 'b']) assert.deepEqual(rights(entry), [], JSON.stringify(entry));
});

test('keys and policies that are not objects have no hint', () => {
  for (const value of [null, undefined, 'x', 5, [{ quota_max: 0 }]]) {
    assert.deepEqual(keyProblems(value, true, NOW), [], JSON.stringify(value));
    assert.deepEqual(keyProblems(value, false, NOW), [], JSON.stringify(value));
  }
});
