// The normalised text behind every "same document?" and every hash in a state file: members
// sorted (array-index names first, by number, as JavaScript orders them), volatile members of the
// kind left out at the top only, and what JSON cannot hold written the way JSON.stringify writes it.
// Written out by hand here, so a change in either writer shows, not only a change of one against
// the other.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { canonicalJson, canonicalText, hashDocument, sameDocument, withoutVolatile } from '../../../engine/src/sync/canonicalJson';
import { SYNC_KINDS } from '../../../engine/src/sync/syncKinds';

const both = (value: unknown, expected: string) => {
  assert.equal(canonicalText('classic', value), expected, `canonicalText(${String(JSON.stringify(value))})`);
  assert.equal(canonicalJson(value), expected, `canonicalJson(${String(JSON.stringify(value))})`);
};

test('scalars, arrays and nested objects: members sorted at every level, arrays in their order, separators exact', () => {
  both(null, 'null');
  both(0, '0');
  both('a"b', '"a\\"b"');
  both([], '[]');
  both({}, '{}');
  both([3, 1, 2], '[3,1,2]');
  both({ b: 1, a: 2 }, '{"a":2,"b":1}');
  both({ z: [{ d: 1, c: [2, { y: 0, x: null }] }], a: { n: { m: true } } }, '{"a":{"n":{"m":true}},"z":[{"c":[2,{"x":null,"y":0}],"d":1}]}');
  both([[], [[]], {}], '[[],[[]],{}]');
});

test('what JSON cannot hold: undefined, functions and symbols are left out of objects and written null in arrays', () => {
  const fn = () => 1;
  both({ a: undefined, b: 1, c: fn, d: Symbol('s'), e: 2 }, '{"b":1,"e":2}');
  both({ only: undefined }, '{}');
  both({ a: 1, z: undefined }, '{"a":1}');
  both([undefined, fn, Symbol('s'), 1], '[null,null,null,1]');
  // A hole in an array is written null as well.
  both([1, , 3], '[1,null,3]'); // eslint-disable-line no-sparse-arrays
  // The top-level value undefined has no JSON text; the hash reads it as null.
  assert.equal(canonicalText('classic', undefined), 'null');
  assert.equal(hashDocument('classic', undefined), hashDocument('classic', null));
});

test('array-index names come first, by number, then the other names sorted; names just outside the index rule sort as text', () => {
  both({ b: 1, 10: 'ten', 2: 'two', a: 0, 0: 'zero' }, '{"0":"zero","2":"two","10":"ten","a":0,"b":1}');
  // "01" and "-1" are not indexes; 4294967294 is the largest index, 4294967295 is not one.
  both({ '01': 1, 1: 2, '-1': 3 }, '{"1":2,"-1":3,"01":1}');
  both({ 4294967295: 'no', 4294967294: 'yes', 9: 'nine' }, '{"9":"nine","4294967294":"yes","4294967295":"no"}');
  both({ 12345678901: 'eleven digits', 1: 'one' }, '{"1":"one","12345678901":"eleven digits"}');
  both({ '1a': 1, 3: 2 }, '{"3":2,"1a":1}');
  both({ 5: 'only indexes', 1: 'x' }, '{"1":"x","5":"only indexes"}');
  // Names that only look like indexes keep no insertion order: they are sorted with the rest.
  both({ 3: 'x', '1b': 1, '1a': 2 }, '{"3":"x","1a":2,"1b":1}');
  both({ 3: 'x', '1.': 1, '1 ': 2 }, '{"3":"x","1 ":2,"1.":1}');
  both({ 4294967296: 'b', 4294967295: 'a' }, '{"4294967295":"a","4294967296":"b"}');
  both({ 1: 'x', 4294967295: 'y', '0a': 'z' }, '{"1":"x","0a":"z","4294967295":"y"}');
});

test("volatile members: a key's server-kept members are left out at the top level only, and only for their kind", () => {
  const key = { quota_max: 10, key_id: 'k', quota_remaining: 3, quota_renews: 99, last_check: 1, last_updated: 'now', meta: { key_id: 'inner' } };
  const expected = '{"meta":{"key_id":"inner"},"quota_max":10}';
  assert.equal(canonicalText('key', key), expected);
  assert.equal(canonicalJson(withoutVolatile('key', key)), expected);
  assert.equal(canonicalText('policy', { rate: 1, last_updated: 'now', key_id: 'kept' }), '{"key_id":"kept","rate":1}');
  assert.equal(canonicalText('oas', { last_updated: 'kept', a: 1 }), '{"a":1,"last_updated":"kept"}');
  // Not an object: nothing to leave out, written whole.
  assert.equal(canonicalText('key', [{ key_id: 'k' }]), '[{"key_id":"k"}]');
  assert.equal(canonicalText('key', null), 'null');
  assert.equal(canonicalText('key', 'text'), '"text"');
  assert.deepEqual(withoutVolatile('key', [1]), [1]);
  assert.equal(withoutVolatile('key', null), null);
  assert.deepEqual(withoutVolatile('key', { key_id: 'k', a: 1 }), { a: 1 });
  assert.equal(canonicalText('key', { key_id: 'k', a: undefined, b: 2 }), '{"b":2}');
});

test('the hash is sha256 of that text, and sameDocument compares it', () => {
  const value = { b: [1, { d: 2, c: 1 }], a: 'x' };
  const text = '{"a":"x","b":[1,{"c":1,"d":2}]}';
  assert.equal(hashDocument('oas', value), createHash('sha256').update(text).digest('hex'));
  assert.equal(sameDocument('policy', { rate: 1, last_updated: 'a' }, { last_updated: 'b', rate: 1 }), true);
  assert.equal(sameDocument('policy', { rate: 1 }, { rate: 2 }), false);
  assert.equal(sameDocument('classic', { last_updated: 'a' }, { last_updated: 'b' }), false);
});

test('canonicalText is canonicalJson(withoutVolatile(…)) for every kind on values with index names, holes and left-out members', () => {
  const fn = () => 0;
  const values: unknown[] = [
    { 3: [undefined, { 0: 'a', x: fn }], key_id: 'k', last_updated: 1, 10: null, b: { 2: 1, a: [1, , 2] } }, // eslint-disable-line no-sparse-arrays
    [{ quota_remaining: 1, z: Symbol('s') }, 4294967295],
    { '': 1, é: 2, Z: 3, a: 4 },
  ];
  for (const value of values) for (const kind of SYNC_KINDS) assert.equal(canonicalText(kind, value), canonicalJson(withoutVolatile(kind, value)), kind);
});
