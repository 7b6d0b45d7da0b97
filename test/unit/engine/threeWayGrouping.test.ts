// The three-way diff as push and the merge view show it: changes of both sides grouped at the
// outermost overlapping path (one entry, a conflict only when the sides end differently), each
// entry with the values it had in the base, the file and the server (absent where absent), listed
// in path order: members alphabetically, array indexes numerically (10 after 9), a parent first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { comparePaths, threeWayDiff } from '../../../engine/src/diff/semanticDiff';

test('paths are ordered: indexes as numbers, names alphabetically, a parent before its members, equal paths equal', () => {
  assert.ok(comparePaths(['list', 9], ['list', 10]) < 0, '9 before 10');
  assert.ok(comparePaths(['list', 10], ['list', 9]) > 0);
  assert.ok(comparePaths(['a', 'b'], ['a', 'c']) < 0);
  assert.ok(comparePaths(['a', 'c'], ['a', 'b']) > 0);
  assert.ok(comparePaths(['a'], ['a', 'b']) < 0, 'the parent first');
  assert.ok(comparePaths(['a', 'b'], ['a']) > 0);
  assert.equal(comparePaths(['a', 2], ['a', 2]), 0);
  assert.ok(comparePaths([2], ['x']) < 0, 'an index and a name: compared as text');
  assert.ok(comparePaths(['x'], [2]) > 0);
});

test('changes on one side only are listed in path order, each with its base and new value', () => {
  const base = { list: Array.from({ length: 11 }, (_, i) => i), b: 1, a: 1 };
  const local = { ...base, list: base.list.map((v, i) => (i === 10 || i === 9 ? v + 100 : v)), a: 2 };
  const remote = { ...base, b: 5 };
  const changes = threeWayDiff(base, local, remote);
  assert.deepEqual(
    changes.map((c) => `${c.display} ${c.side} ${c.conflict} ${JSON.stringify([c.base, c.local, c.remote])}`),
    ['a local false [1,2,1]', 'b remote false [1,1,5]', 'list[9] local false [9,109,9]', 'list[10] local false [10,110,10]'],
  );
});

test('a change inside a member the other side changed is one entry at the outer path; a conflict only when the sides differ', () => {
  const base = { upstream: { url: 'http://a', timeout: 5 } };
  const local = { upstream: { url: 'http://b', timeout: 5 } };
  const remote = { upstream: 'replaced' };
  const [entry, ...rest] = threeWayDiff(base, local, remote);
  assert.equal(rest.length, 0);
  assert.equal(entry.display, 'upstream');
  assert.equal(entry.side, 'both');
  assert.equal(entry.conflict, true);
  assert.deepEqual([entry.base, entry.local, entry.remote], [base.upstream, local.upstream, 'replaced']);

  const same = threeWayDiff(base, local, local);
  assert.deepEqual(
    same.map((c) => `${c.display} ${c.side} ${c.conflict}`),
    ['upstream.url both false'],
    'the same change on both sides is no conflict',
  );
});

test('inner changes on one side then the outer change on the other collapse into one entry at the outer path', () => {
  const base = { a: { x: 1, y: 1 }, z: 1 };
  const local = { a: { x: 2, y: 2 }, z: 1 };
  const remote = { z: 1 };
  const changes = threeWayDiff(base, local, remote);
  assert.deepEqual(
    changes.map((c) => `${c.display} ${c.side} ${c.conflict} ${'remote' in c}`),
    ['a both true false'],
    'removed on the server: no remote value',
  );
});

test('a member added on one side has no base value; one the file removed has no local value', () => {
  const changes = threeWayDiff({ keep: 1, drop: 1 }, { keep: 1 }, { keep: 1, drop: 1, added: 2 });
  const byPath = Object.fromEntries(changes.map((c) => [c.display, c]));
  assert.equal('base' in byPath.added, false);
  assert.equal(byPath.added.remote, 2);
  assert.equal('local' in byPath.drop, false);
  assert.equal(byPath.drop.base, 1);
});
