// migration-mapping.md §8.3: every skip reason and its key.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { skipReason, SKIP_MESSAGES } from '../../../migration/src/index.js';
import { classic } from './helpers.js';

test('a plain classic API is not skipped in any mode that needs nothing staged', () => {
  assert.equal(skipReason(classic()), undefined);
  assert.equal(skipReason(classic(), { mode: 'dryRun' }), undefined);
  assert.equal(skipReason(classic(), { mode: 'direct' }), undefined);
  assert.equal(skipReason(classic(), { mode: 'stage', hasStagedCopy: false }), undefined);
  assert.equal(skipReason(classic(), { mode: 'promote', hasStagedCopy: true }), undefined);
});

test('already_migrated: OAS-native or already promoted', () => {
  assert.deepEqual(skipReason(classic({ is_oas: true })), { key: 'already_migrated', message: SKIP_MESSAGES.already_migrated });
  assert.equal(skipReason(classic(), { isOas: true })?.key, 'already_migrated');
  assert.equal(skipReason(classic(), { alreadyPromoted: true, mode: 'promote', hasStagedCopy: true })?.key, 'already_migrated');
});

test('already_staged: stage mode with a staged copy and no overrideStaged', () => {
  assert.equal(skipReason(classic(), { mode: 'stage', hasStagedCopy: true })?.key, 'already_staged');
  assert.equal(skipReason(classic(), { mode: 'stage', hasStagedCopy: true, overrideStaged: true }), undefined);
  assert.equal(skipReason(classic(), { mode: 'direct', hasStagedCopy: true }), undefined);
});

test('not_staged: promote mode without a staged copy', () => {
  assert.deepEqual(skipReason(classic(), { mode: 'promote' }), { key: 'not_staged', message: SKIP_MESSAGES.not_staged });
});

test('is_tcp: protocol tcp or tls', () => {
  assert.equal(skipReason(classic({ protocol: 'tcp' }))?.key, 'is_tcp');
  assert.equal(skipReason(classic({ protocol: 'tls' }))?.key, 'is_tcp');
  assert.equal(skipReason({ api_definition: classic({ protocol: 'tcp' }) })?.key, 'is_tcp', 'dashboard record');
  assert.equal(skipReason(classic({ protocol: 'https' })), undefined);
});

test('is_streams: a streams API', () => {
  assert.equal(skipReason(classic(), { isStreams: true })?.key, 'is_streams');
  assert.equal(skipReason({ 'x-svc-streaming': { streams: {} } })?.key, 'is_streams');
});

test('is_graphql: graphql.enabled', () => {
  assert.equal(skipReason(classic({ graphql: { enabled: true, execution_mode: 'supergraph' } }))?.key, 'is_graphql');
  assert.equal(skipReason(classic({ graphql: { enabled: false } })), undefined);
});

test('is_websocket: ws:// or wss:// target', () => {
  assert.equal(skipReason(classic({ proxy: { listen_path: '/ws/', target_url: 'wss://chat.test' } }))?.key, 'is_websocket');
  assert.equal(skipReason(classic({ proxy: { listen_path: '/ws/', target_url: 'WS://chat.test' } }))?.key, 'is_websocket');
});

test('what the API is wins over what the mode needs', () => {
  assert.equal(skipReason(classic({ protocol: 'tcp' }), { mode: 'promote' })?.key, 'is_tcp');
});

test('is_streams: a dashboard record whose OAS part is a streams API', () => {
  assert.equal(skipReason({ oas: { 'x-svc-streaming': { streams: {} } } })?.key, 'is_streams');
  assert.equal(skipReason(classic({ oas: { info: {} } })), undefined);
});

test('is_websocket only for a target that starts with ws:// or wss://', () => {
  assert.equal(skipReason(classic({ proxy: { listen_path: '/a/', target_url: 'http://up.test/?next=ws://x' } })), undefined);
  assert.equal(skipReason(classic({ proxy: { listen_path: '/a/', target_url: 'wsx://up.test' } })), undefined);
  assert.equal(skipReason(classic({ proxy: { listen_path: '/a/', target_url: 'ws://up.test' } }))?.key, 'is_websocket');
});

test('already_staged needs stage mode: promote with a staged copy and no override goes ahead', () => {
  assert.equal(skipReason(classic(), { mode: 'promote', hasStagedCopy: true, overrideStaged: false }), undefined);
  assert.equal(skipReason(classic(), { mode: 'stage', hasStagedCopy: true, overrideStaged: false })?.key, 'already_staged');
  assert.equal(skipReason(classic(), { mode: 'dryRun' })?.key, undefined, 'nothing staged is needed for a preview');
});

test('each skip message says what the API is, or what to do first', () => {
  const words: Record<keyof typeof SKIP_MESSAGES, RegExp> = {
    already_migrated: /already migrated to the OAS-native format/,
    already_staged: /staged copy .* already exists; set overrideStaged to replace it/,
    not_staged: /no staged copy .*; stage it first/,
    is_tcp: /TCP and TLS APIs are not migrated/,
    is_streams: /streams APIs are not migrated/,
    is_graphql: /GraphQL APIs .* are not migrated/,
    is_websocket: /WebSocket APIs are not migrated/,
  };
  assert.deepEqual(Object.keys(SKIP_MESSAGES).sort(), Object.keys(words).sort());
  for (const [key, pattern] of Object.entries(words)) assert.match(SKIP_MESSAGES[key as keyof typeof SKIP_MESSAGES], pattern, key);
  assert.equal(skipReason(classic({ proxy: { listen_path: '/a/' } })), undefined, 'no target at all is not a websocket');
});
