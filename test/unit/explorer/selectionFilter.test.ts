// The tree filter speaks the selection of `svc --select` too: name:PATTERN and tag:TAG, beside
// the plain "contains" text.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { matchesFilter, matchesFilterWithTags, tagsOfRecord } from '../../../client/src/explorer/presentation';

test('plain text: contains, case-insensitive, on any text', () => {
  assert.ok(matchesFilter('PAY', 'Payments', 'id1'));
  assert.ok(matchesFilter('id1', 'Payments', 'id1'));
  assert.ok(!matchesFilter('orders', 'Payments', 'id1'));
  assert.ok(matchesFilter('  ', 'anything'));
});

test('name:PATTERN: the whole name, * and ?, case-insensitive; not the id', () => {
  assert.ok(matchesFilter('name:pay*', 'Payments', 'x'));
  assert.ok(matchesFilter('name:Gold?plan', 'Gold plan', 'x'));
  assert.ok(!matchesFilter('name:pay', 'Payments', 'x'), 'the whole name');
  assert.ok(!matchesFilter('name:x', 'Payments', 'x'), 'not the id');
  assert.ok(!matchesFilter('name:a.c', 'abc'), 'a dot is a dot');
});

test('tag:TAG: the listed record carries it (OAS gateway tags, classic tags, policy and key tags)', () => {
  const oas = { oas: { 'x-svc-api-gateway': { server: { gatewayTags: { enabled: true, tags: ['team-a'] } } } }, api_definition: { tags: ['ignored'] } };
  const classic = { api_definition: { tags: ['team-b'] } };
  const policy = { tags: ['team-c', 7] };
  assert.deepEqual(tagsOfRecord(oas), ['team-a']);
  assert.deepEqual(tagsOfRecord(classic), ['team-b']);
  assert.deepEqual(tagsOfRecord(policy), ['team-c']);
  assert.deepEqual(tagsOfRecord(null), []);
  assert.ok(matchesFilterWithTags('tag:team-a', tagsOfRecord(oas), 'Payments'));
  assert.ok(!matchesFilterWithTags('tag:team-b', tagsOfRecord(oas), 'Payments'));
  assert.ok(!matchesFilter('tag:team-a', 'Payments'), 'no tags known: no match');
});
