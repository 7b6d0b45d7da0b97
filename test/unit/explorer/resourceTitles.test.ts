// Names, not ids: titles of remote documents and dialogs, and key ids masked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayName, kindWord, maskKeyId, nameInDocument, pathSegment, resourceTitle } from '../../../client/src/explorer/resourceTitles';

test('a resource title names the resource, its kind and the environment', () => {
  assert.equal(resourceTitle({ type: 'api', kind: 'classic', id: 'cbfc4e5e0a1b' }, 'Local sandbox', 'Orders'), 'Orders (classic) — Local sandbox');
  assert.equal(resourceTitle({ type: 'api', kind: 'oas', id: 'x' }, 'Dev', 'Pets'), 'Pets (OAS) — Dev');
  assert.equal(resourceTitle({ type: 'webhook', id: 'e6d99311' }, 'Dev', 'Alerts'), 'Alerts (webhook) — Dev');
  assert.equal(resourceTitle({ type: 'oauthClient', apiId: 'a', id: 'c1' }, 'Dev', 'portal'), 'portal (OAuth client) — Dev');
});

test('without a name: the id, except a key id, which is masked', () => {
  assert.equal(displayName({ type: 'policy', id: 'gold' }), 'gold');
  assert.equal(displayName({ type: 'key', id: 'abcdef0123456789' }), 'key …6789');
  assert.equal(maskKeyId('short'), '••••');
  assert.ok(!resourceTitle({ type: 'key', id: 'abcdef0123456789' }, 'Dev').includes('ef012345'));
});

test('the name a document gives itself, by kind', () => {
  assert.equal(nameInDocument('classic', { name: 'Orders' }), 'Orders');
  assert.equal(nameInDocument('oas', { info: { title: 'T' }, 'x-svc-api-gateway': { info: { name: 'Pets' } } }), 'Pets');
  assert.equal(nameInDocument('streams', { info: { title: 'Stream' } }), 'Stream');
  assert.equal(nameInDocument('policy', { name: 'Gold plan' }), 'Gold plan');
  assert.equal(nameInDocument('key', { alias: 'ci key' }), 'ci key');
  assert.equal(nameInDocument('key', { key_id: 'secret' }), undefined);
  assert.equal(nameInDocument('classic', undefined), undefined);
  assert.equal(kindWord({ kind: 'streams' }), 'streams');
});

test('path segments keep spaces (no %20 in breadcrumbs) and escape only / and %', () => {
  assert.equal(pathSegment('Local sandbox'), 'Local sandbox');
  assert.equal(pathSegment('a/b 100%'), 'a%2Fb 100%25');
  assert.equal(decodeURIComponent(pathSegment('a/b 100%')), 'a/b 100%');
});
