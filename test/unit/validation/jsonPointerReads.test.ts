// Reading by JSON pointer (RFC 6901), as diagnostics, quick fixes and the diff address members:
// the root and the one empty member (`/`), escapes, a parent and last segment at each boundary, and
// a read that finds nothing (a missing member, an index that is not a whole number, a step into a
// primitive or null, a member only inherited) instead of something wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastSegment, parentPointer, parsePointer, toPointer, valueAtPointer } from '../../../validation/src/jsonPointer';

test('the root is no segment; `/` is the one member named by the empty string; escapes are undone', () => {
  assert.deepEqual(parsePointer(''), []);
  assert.deepEqual(parsePointer('/'), ['']);
  assert.deepEqual(parsePointer('/a/b~1c/~01'), ['a', 'b/c', '~1']);
  assert.deepEqual(parsePointer('/a//b'), ['a', '', 'b']);
  assert.deepEqual(parsePointer('a/b'), ['a', 'b'], 'a pointer without its leading slash (as some tools write it)');
  assert.equal(toPointer(['a', 'b/c', '~x', 0, 'plain']), '/a/b~1c/~0x/0/plain');
});

test('the parent of a member is the pointer before its last slash; a top-level member and the root have the root', () => {
  assert.equal(parentPointer('/a/b/c'), '/a/b');
  assert.equal(parentPointer('/a'), '');
  assert.equal(parentPointer(''), '');
  assert.equal(parentPointer('/'), '');
  assert.equal(parentPointer('/a/'), '/a');
});

test('the last segment, unescaped; the root has none', () => {
  assert.equal(lastSegment('/paths/~1users~1{id}'), '/users/{id}');
  assert.equal(lastSegment('/a/b'), 'b');
  assert.equal(lastSegment(''), '');
  assert.equal(lastSegment('/'), '');
});

test('reading by pointer: members, array elements, the root, and the empty member name', () => {
  const doc = { a: { list: [10, { b: 'x' }] }, '': 'empty name', 'x/y': 1 };
  assert.equal(valueAtPointer(doc, ''), doc);
  assert.equal(valueAtPointer(doc, '/'), 'empty name');
  assert.equal(valueAtPointer(doc, '/a/list/0'), 10);
  assert.equal(valueAtPointer(doc, '/a/list/1/b'), 'x');
  assert.equal(valueAtPointer(doc, '/x~1y'), 1);
  assert.equal(valueAtPointer({ v: null }, '/v'), null, 'a member holding null is found');
  assert.equal(valueAtPointer({ v: 0 }, '/v'), 0);
});

test('a read finds nothing rather than something wrong: missing, not an index, into a primitive or null, inherited', () => {
  const doc = { a: { list: [10, 20] }, s: 'text', n: null };
  for (const pointer of [
    '/missing',
    '/a/list/2',
    '/a/list/1.5',
    '/a/list/x',
    '/a/list/-1',
    '/s/length',
    '/n/x',
    '/a/toString',
    '/a/list/0/x',
    '/a/list/length',
  ]) {
    assert.equal(valueAtPointer(doc, pointer), undefined, pointer);
  }
});
