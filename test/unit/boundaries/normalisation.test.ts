// Normalisation before comparing: member order and undefined members never count, array order
// does; each kind's volatile members (the server's own bookkeeping) are left out, at the top only.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalJson, formatDocument, hashDocument, sameDocument, VOLATILE_MEMBERS, withoutVolatile } from '../../../engine/src/sync/canonicalJson';

test('canonical JSON: members sorted at every level, undefined members dropped, arrays kept in order', () => {
  assert.equal(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } }), '{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
  assert.equal(canonicalJson([2, 1]), '[2,1]');
  assert.equal(canonicalJson(null), 'null');
  assert.equal(canonicalJson('x'), '"x"');
  assert.equal(canonicalJson({}), '{}');
});

test('volatile members per kind, exactly', () => {
  assert.deepEqual(VOLATILE_MEMBERS, {
    classic: [],
    oas: [],
    streams: [],
    policy: ['last_updated'],
    key: ['key_id', 'quota_remaining', 'quota_renews', 'last_check', 'last_updated'],
  });
});

test('withoutVolatile: a copy without the top-level volatile members; nested ones, arrays and scalars untouched', () => {
  const key = { key_id: 'k', quota_remaining: 1, quota_renews: 2, last_check: 3, last_updated: 4, rate: 5, meta: { last_updated: 6 } };
  assert.deepEqual(withoutVolatile('key', key), { rate: 5, meta: { last_updated: 6 } });
  assert.equal(key.key_id, 'k', 'the original keeps its members');
  assert.deepEqual(withoutVolatile('classic', { last_updated: 1 }), { last_updated: 1 });
  const list = [{ last_updated: 1 }];
  assert.equal(withoutVolatile('policy', list), list);
  assert.equal(withoutVolatile('policy', null), null);
  assert.equal(withoutVolatile('policy', 'x'), 'x');
});

test('same document and hash: member order and volatile members do not count; a real change or array order does', () => {
  const a = { name: 'Gold', rate: 10, last_updated: '1', tags: ['x', 'y'] };
  const b = { tags: ['x', 'y'], last_updated: '2', rate: 10, name: 'Gold' };
  assert.equal(sameDocument('policy', a, b), true);
  assert.equal(hashDocument('policy', a), hashDocument('policy', b));
  assert.match(hashDocument('policy', a), /^[0-9a-f]{64}$/);
  assert.equal(sameDocument('classic', a, b), false, 'last_updated is not volatile for a classic API');
  assert.equal(sameDocument('policy', a, { ...b, rate: 11 }), false);
  assert.notEqual(hashDocument('policy', a), hashDocument('policy', { ...b, rate: 11 }));
  assert.equal(sameDocument('policy', a, { ...b, tags: ['y', 'x'] }), false);
});

test('formatDocument: two-space JSON with a final newline (what pull writes)', () => {
  assert.equal(formatDocument({ b: 1, a: [1] }), '{\n  "b": 1,\n  "a": [\n    1\n  ]\n}\n');
});
