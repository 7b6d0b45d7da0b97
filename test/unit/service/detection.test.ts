// Kind detection: by content, overridden by `$schema`, then by svc.files.associations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectKind, kindFromSchemaReference, pathOfUri } from '../../../common/src/detection';

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../fixtures/service/valid', name), 'utf8'));
const uri = 'file:///work/apis/thing.json';

test('every valid fixture is detected as its kind, by content', () => {
  const expected: Record<string, string> = {
    'classic.json': 'classic',
    'dashboard-api.json': 'dashboard-api',
    'oas.json': 'oas',
    'streams.json': 'streams',
    'policy.json': 'policy',
    'session.json': 'session',
    'webhook.json': 'webhook',
    'user.json': 'user',
    'oauth-client.json': 'oauth-client',
  };
  for (const [file, kind] of Object.entries(expected)) {
    assert.deepEqual(detectKind(uri, fixture(file)), { kind, source: 'content' }, file);
  }
});

test('unrelated JSON is no kind of ours', () => {
  for (const value of [
    { compilerOptions: { strict: true } },
    { name: 'pkg', version: '1.0.0', dependencies: {} },
    { openapi: '3.0.0', info: {}, paths: {} },
    { rate: 1, per: 2 },
    [1, 2, 3],
    'text',
    null,
    undefined,
  ]) {
    assert.equal(detectKind(uri, value), undefined, JSON.stringify(value));
  }
});

test('session and policy are told apart by their own members', () => {
  assert.equal(detectKind(uri, { access_rights: {}, rate: 1 })?.kind, 'session');
  assert.equal(detectKind(uri, { access_rights: {}, name: 'Gold', id: 'gold' })?.kind, 'policy');
  assert.equal(detectKind(uri, { access_rights: {}, partitions: {} })?.kind, 'policy');
  assert.equal(detectKind(uri, { access_rights: {}, apply_policies: ['gold'], name: 'x', id: 'y' })?.kind, 'session');
});

test('a $schema naming one of our schemas wins over content and associations', () => {
  const value = { $schema: 'https://svc-gateway-tools.github.io/schemas/policy.schema.json', access_rights: {}, alias: 'k' };
  assert.deepEqual(detectKind(uri, value, { '**/*.json': 'classic' }), { kind: 'policy', source: '$schema' });
  assert.equal(kindFromSchemaReference('./schemas/oas-api.schema.json#'), 'oas');
  assert.equal(kindFromSchemaReference('streams-api.schema.json'), 'streams');
  assert.equal(kindFromSchemaReference('https://json.schemastore.org/package.json'), undefined);
});

test('a $schema naming someone else’s schema means the document is not ours', () => {
  assert.equal(detectKind(uri, { $schema: 'https://json.schemastore.org/tsconfig.json', api_id: 'x', proxy: { listen_path: '/' } }), undefined);
});

test('associations map globs to kinds and override content', () => {
  assert.deepEqual(detectKind(uri, {}, { 'apis/*.json': 'webhook' }), { kind: 'webhook', source: 'association' });
  assert.deepEqual(detectKind(uri, {}, { '**/apis/**': 'user' }), { kind: 'user', source: 'association' });
  assert.deepEqual(detectKind(uri, {}, { 'thing.json': 'policy' }), { kind: 'policy', source: 'association' });
  assert.deepEqual(detectKind(uri, { api_id: 'a', proxy: { listen_path: '/' } }, { 'other/*.json': 'policy' }), { kind: 'classic', source: 'content' });
  assert.equal(detectKind(uri, {}, { '*.json': 'not-a-kind' }), undefined);
});

test('uris become paths for matching', () => {
  assert.equal(pathOfUri('file:///work/my%20apis/a.json'), '/work/my apis/a.json');
  assert.equal(pathOfUri('untitled:Untitled-1'), 'Untitled-1');
});

test('an OAS or streams document whose file name ends in oas-template / streams-template is an import template', () => {
  const oas = fixture('oas.json');
  const streams = fixture('streams.json');
  const at = (name: string) => `file:///work/apis/${name}`;
  for (const name of [
    'payments.oas-template.json',
    'non-empty-x-svc-ext-oas-template.json',
    'a_oas-template.yaml',
    'oas-template.yml',
    'P.OAS-TEMPLATE.JSONC',
  ]) {
    assert.deepEqual(detectKind(at(name), oas), { kind: 'oas-template', source: 'file name' }, name);
  }
  assert.deepEqual(detectKind(at('events.streams-template.json'), streams), { kind: 'streams-template', source: 'file name' });
  // Just outside: another suffix, a word glued to it, the mark in a folder name, or a kind that does not fit.
  for (const name of ['payments.oas.json', 'payments.oas-templates.json', 'myoas-template.json', 'oas-template.json.bak', 'oas-template/api.json']) {
    assert.deepEqual(detectKind(at(name), oas), { kind: 'oas', source: 'content' }, name);
  }
  assert.deepEqual(detectKind(at('events.oas-template.json'), streams), { kind: 'streams', source: 'content' });
  assert.deepEqual(detectKind(at('api.oas-template.json'), { api_id: 'a', proxy: { listen_path: '/' } }), { kind: 'classic', source: 'content' });
  // Plain OpenAPI stays not ours, whatever its name; `$schema` and associations still win.
  assert.equal(detectKind(at('api.oas-template.json'), { openapi: '3.0.3', info: {}, paths: {} }), undefined);
  assert.deepEqual(detectKind(at('api.oas-template.json'), oas, { '**/*.json': 'oas' }), { kind: 'oas', source: 'association' });
});
