import { describe, it } from 'node:test';
import { strict as assert } from 'node:assert';
import { childPointer, parsePointer, toPointer } from '../../../validation/src/jsonPointer';

describe('JSON pointers (escaping fast path)', () => {
  it('escapes `~` and `/` in a segment, leaves plain segments and indexes as they are', () => {
    assert.equal(childPointer('', 'paths'), '/paths');
    assert.equal(childPointer('/paths', '/pets/{id}'), '/paths/~1pets~1{id}');
    assert.equal(childPointer('/a', '~1'), '/a/~01');
    assert.equal(childPointer('/a', 'b~/c'), '/a/b~0~1c');
    assert.equal(childPointer('/a', ''), '/a/');
    assert.equal(childPointer('/a', 0), '/a/0');
    assert.equal(toPointer(['paths', '/pets', 'get', 3, '~']), '/paths/~1pets/get/3/~0');
    assert.equal(toPointer([]), '');
  });

  it('round-trips every segment through parsePointer', () => {
    const segments = ['a', '/', '~', '~0', '~1', 'a/b~c', '//~~', ''];
    assert.deepEqual(parsePointer(toPointer(segments)), segments);
  });
});
