// The kind push gives the document it sends (pushFlow.ts, through the plain kindOfText.ts) when the
// language server has not said: a YAML file's kind comes from its content like a JSON file's (it
// was read with JSON.parse, so a YAML file had only its associations and the server's answer).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { kindOfText } from '../../../client/src/shared/kindOfText';

const OAS_YAML = [
  '# Payments API, kept in git',
  'openapi: 3.0.3',
  'info: {title: Payments, version: "1.0"}',
  'paths: {}',
  'x-svc-api-gateway:',
  '  info: {name: Payments, state: {active: true}}',
  '  server: {listenPath: {value: /payments/}}',
  '',
].join('\n');
const STREAMS_YAML = ['openapi: 3.0.3', 'info: {title: Events, version: "1"}', 'paths: {}', 'x-svc-streaming:', '  inputs: {}', ''].join('\n');

test('a YAML file’s kind comes from its content, as a JSON file’s does (.yaml and .yml); the server’s answer still wins', () => {
  assert.equal(kindOfText('file:///w/svc/payments.oas.yaml', OAS_YAML, undefined, undefined), 'oas');
  assert.equal(kindOfText('file:///w/svc/events.yml', STREAMS_YAML, undefined, undefined), 'streams');
  assert.equal(kindOfText('file:///w/svc/payments.oas-template.yaml', OAS_YAML, undefined, undefined), 'oas-template', 'marked by its name');
  const json = JSON.stringify({ openapi: '3.0.3', 'x-svc-api-gateway': { info: { name: 'Payments' } } });
  assert.equal(kindOfText('file:///w/svc/payments.oas.json', json, undefined, undefined), 'oas');
  // The server's answer wins without a parse; text that is not YAML has only its association.
  assert.equal(kindOfText('file:///w/svc/payments.oas.yaml', 'a: [', 'streams', undefined), 'streams');
  assert.equal(kindOfText('file:///w/svc/payments.oas.yaml', 'a: [', undefined, undefined), undefined);
  assert.equal(kindOfText('file:///w/apis/payments.yaml', 'a: [', undefined, { '**/apis/*.yaml': 'oas' }), 'oas');
});

test('a $schema in a YAML file wins over an association, as in a JSON file', () => {
  const associations = { '**/apis/*': 'oas' };
  const named = `$schema: https://svc-gateway-tools.github.io/schemas/streams-api.schema.json\n${STREAMS_YAML}`;
  assert.equal(kindOfText('file:///w/apis/events.yaml', named, undefined, associations), 'streams');
  assert.equal(kindOfText('file:///w/apis/events.json', JSON.stringify({ $schema: 'streams-api.schema.json' }), undefined, associations), 'streams');
});
