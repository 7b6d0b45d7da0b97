// The merge looks inside a member changed on both sides only while both sides are still containers
// of the base's shape (or the member is new on both): two new objects or two new version lists
// combine; a value turned into an object or a list on both sides is a conflict that names the
// values it had (base, ours, theirs, each only where it exists). Ignore rules apply to members,
// never to the document as a whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { merge } from '../../../engine/src/diff/merge';

test('a member new on both sides, as two objects, is combined member by member without a conflict', () => {
  const result = merge({}, { a: { x: 1 } }, { a: { y: 2 } });
  assert.deepEqual(result.value, { a: { x: 1, y: 2 } });
  assert.deepEqual(result.conflicts, []);
});

test('a version list new on both sides is combined by version name', () => {
  const result = merge({}, { versions: [{ name: 'v1' }] }, { versions: [{ name: 'v2' }] });
  assert.deepEqual(result.conflicts, []);
  assert.deepEqual((result.value as { versions: Array<{ name: string }> }).versions.map((v) => v.name).sort(), ['v1', 'v2']);
});

test('a plain value turned into two different objects, or two different lists, is a conflict keeping ours', () => {
  const objects = merge({ a: 'text' }, { a: { x: 1 } }, { a: { y: 2 } });
  assert.deepEqual(objects.value, { a: { x: 1 } });
  assert.deepEqual(
    objects.conflicts.map((c) => [c.display, c.base, c.ours, c.theirs]),
    [['a', 'text', { x: 1 }, { y: 2 }]],
  );
  const lists = merge({ versions: 'text' }, { versions: [{ name: 'v1' }] }, { versions: [{ name: 'v2' }] });
  assert.equal(lists.conflicts.length, 1);
  assert.deepEqual(lists.value, { versions: [{ name: 'v1' }] });
});

test('a conflict over a member new on both sides has no base value; over one the server removed, no theirs', () => {
  const added = merge({}, { a: 1 }, { a: 2 });
  assert.equal('base' in added.conflicts[0], false);
  assert.deepEqual([added.conflicts[0].ours, added.conflicts[0].theirs], [1, 2]);
  const removed = merge({ a: 1 }, { a: 2 }, {});
  assert.equal('theirs' in removed.conflicts[0], false);
  assert.deepEqual([removed.conflicts[0].base, removed.conflicts[0].ours], [1, 2]);
  assert.deepEqual(removed.value, { a: 2 });
});

test('a member removed by the server while unchanged in the file is removed from the result', () => {
  const result = merge({ a: 1, b: 1 }, { a: 1, b: 1 }, { a: 1 });
  assert.deepEqual(result.value, { a: 1 });
});

test('an ignore rule is asked about members, never about the whole document', () => {
  const asked: string[] = [];
  const result = merge({ a: 1 }, { a: 1 }, { a: 2 }, { ignore: (path) => (asked.push(JSON.stringify(path)), path.length === 0) });
  assert.deepEqual(result.value, { a: 2 }, "the server's change comes in");
  assert.ok(!asked.includes('[]'));
});

const names = (value: unknown) => (value as { versions: Array<{ name: string }> }).versions.map((v) => v.name);
const versions = (...n: string[]) => ({ versions: n.map((name) => ({ name })) });

test('versions inserted at the same place on both sides come in one order, whichever side is ours', () => {
  const base = versions('a', 'z');
  const ours = versions('a', 'c', 'z');
  const theirs = versions('a', 'b', 'z');
  assert.deepEqual(names(merge(base, ours, theirs).value), ['a', 'b', 'c', 'z']);
  assert.deepEqual(names(merge(base, theirs, ours).value), ['a', 'b', 'c', 'z']);
  const first = merge(versions('z'), versions('c', 'z'), versions('b', 'z'));
  assert.deepEqual(names(first.value), ['b', 'c', 'z'], 'inserted before the first member');
  assert.deepEqual(names(merge(versions('z'), versions('b', 'z'), versions('c', 'z')).value), ['b', 'c', 'z']);
});

test('versions moved the same way on both sides merge; moved differently on each side they conflict', () => {
  const base = versions('a', 'b', 'c');
  const same = merge(base, versions('c', 'a', 'b'), versions('c', 'a', 'b', 'd'));
  assert.deepEqual(same.conflicts, []);
  assert.deepEqual(names(same.value), ['c', 'a', 'b', 'd']);
  const different = merge(base, versions('c', 'a', 'b'), versions('b', 'a', 'c'));
  assert.equal(different.conflicts.length, 1);
  assert.deepEqual(different.conflicts[0].display, 'versions');
  const onlyTheirs = merge(base, versions('a', 'b', 'c', 'x'), versions('b', 'a', 'c'));
  assert.deepEqual(onlyTheirs.conflicts, []);
  assert.deepEqual(names(onlyTheirs.value), ['b', 'a', 'c', 'x'], "the server's move, and the file's addition after its predecessor");
});
