// Conflict detection at its boundaries: a resource deleted on the server since the pull is a
// conflict when the file changed (push must stop); pushConflict.test.ts: push asks before sending
// when the remote it measured against is gone.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareFile, isConflict } from '../../../engine/src/sync/compare';
import { hashDocument } from '../../../engine/src/sync/canonicalJson';
import type { SyncRecord } from '../../../engine/src/sync/stateFile';

const pulled = { name: 'Gold', rate: 10, per: 60 };
const record = (local: unknown, remote: unknown): SyncRecord => ({
  environment: 'sb',
  target: { kind: 'policy', id: 'p1' },
  localHash: hashDocument('policy', local),
  remoteHash: hashDocument('policy', remote),
  pulledAt: '2026-01-01T00:00:00Z',
});

test('deleted on the server since the pull, with local edits: status deleted-remotely and a conflict (push stops)', () => {
  const c = compareFile({ kind: 'policy', local: { ...pulled, rate: 20 }, remote: undefined, record: record(pulled, pulled) });
  assert.equal(c.status, 'deleted-remotely');
  assert.equal(c.localChanged, true);
  assert.equal(c.remoteChanged, true);
  assert.equal(isConflict(c), true);
});

test('deleted on the server since the pull, file untouched: deleted-remotely but not a conflict (just outside)', () => {
  const c = compareFile({ kind: 'policy', local: pulled, remote: undefined, record: record(pulled, pulled) });
  assert.equal(c.status, 'deleted-remotely');
  assert.equal(c.localChanged, false);
  assert.equal(isConflict(c), false);
});

test('both sides changed differently: conflict; one side only: not a conflict; both made the same change: unchanged', () => {
  const r = record(pulled, pulled);
  const both = compareFile({ kind: 'policy', local: { ...pulled, rate: 20 }, remote: { ...pulled, rate: 30 }, record: r, base: pulled });
  assert.equal(both.status, 'conflict');
  assert.equal(isConflict(both), true);
  assert.deepEqual(both.changes, [{ pointer: '/rate', display: both.changes[0].display, side: 'both', base: 10, local: 20, remote: 30 }]);
  const localOnly = compareFile({ kind: 'policy', local: { ...pulled, rate: 20 }, remote: pulled, record: r, base: pulled });
  assert.equal(localOnly.status, 'changed-locally');
  assert.equal(isConflict(localOnly), false);
  const remoteOnly = compareFile({ kind: 'policy', local: pulled, remote: { ...pulled, rate: 30 }, record: r });
  assert.equal(remoteOnly.status, 'changed-remotely');
  assert.deepEqual(
    remoteOnly.changes.map((c) => [c.pointer, c.side]),
    [['/rate', 'remote']],
  );
  assert.equal(isConflict(remoteOnly), false);
  const same = compareFile({ kind: 'policy', local: { ...pulled, rate: 20 }, remote: { ...pulled, rate: 20 }, record: r });
  assert.equal(same.status, 'unchanged');
  assert.equal(isConflict(same), false);
  const untouched = compareFile({ kind: 'policy', local: { per: 60, rate: 10, name: 'Gold' }, remote: pulled, record: r });
  assert.equal(untouched.status, 'unchanged', 'member order does not count as a change');
});

test('a conflict without the base snapshot still names the differing paths, on both sides', () => {
  const c = compareFile({ kind: 'policy', local: { ...pulled, rate: 20 }, remote: { ...pulled, rate: 30 }, record: record(pulled, pulled) });
  assert.equal(c.status, 'conflict');
  assert.deepEqual(
    c.changes.map((x) => [x.pointer, x.side, x.local, x.remote, 'base' in x]),
    [['/rate', 'both', 20, 30, false]],
  );
  const local = compareFile({ kind: 'policy', local: { ...pulled, rate: 20 }, remote: pulled, record: record(pulled, pulled) });
  assert.deepEqual(
    local.changes.map((x) => x.side),
    ['local'],
  );
});

test('no record: not on the server, or a two-way comparison that cannot tell sides', () => {
  const none = compareFile({ kind: 'policy', local: pulled, remote: undefined });
  assert.equal(none.status, 'not-on-server');
  assert.equal(isConflict(none), false);
  const diff = compareFile({ kind: 'policy', local: { ...pulled, rate: 20 }, remote: pulled });
  assert.equal(diff.status, 'different');
  assert.equal(diff.mode, 'two-way');
  assert.deepEqual(
    diff.changes.map((c) => [c.pointer, c.side, c.local, c.remote]),
    [['/rate', 'differs', 20, 10]],
  );
  assert.equal(compareFile({ kind: 'policy', local: pulled, remote: { ...pulled } }).status, 'unchanged');
});

test('each comparison in full: mode, which side changed, and no changes listed where there is nothing to list', () => {
  const r = record(pulled, pulled);
  assert.deepEqual(compareFile({ kind: 'policy', local: pulled, remote: undefined }), {
    status: 'not-on-server',
    mode: 'two-way',
    localChanged: true,
    remoteChanged: false,
    changes: [],
  });
  assert.deepEqual(compareFile({ kind: 'policy', local: pulled, remote: pulled }), {
    status: 'unchanged',
    mode: 'two-way',
    localChanged: false,
    remoteChanged: false,
    changes: [],
  });
  const different = compareFile({ kind: 'policy', local: { ...pulled, rate: 20 }, remote: pulled });
  assert.equal(different.localChanged, false);
  assert.equal(different.remoteChanged, false);
  assert.deepEqual(compareFile({ kind: 'policy', local: { ...pulled, rate: 20 }, remote: undefined, record: r }), {
    status: 'deleted-remotely',
    mode: 'three-way',
    localChanged: true,
    remoteChanged: true,
    changes: [],
  });
  assert.deepEqual(compareFile({ kind: 'policy', local: pulled, remote: pulled, record: r }), {
    status: 'unchanged',
    mode: 'three-way',
    localChanged: false,
    remoteChanged: false,
    changes: [],
  });
  assert.deepEqual(compareFile({ kind: 'policy', local: { ...pulled, rate: 20 }, remote: { ...pulled, rate: 20 }, record: r, base: pulled }), {
    status: 'unchanged',
    mode: 'three-way',
    localChanged: true,
    remoteChanged: true,
    changes: [],
  });
  const local = compareFile({ kind: 'policy', local: { ...pulled, rate: 20 }, remote: pulled, record: r, base: pulled });
  assert.equal(local.mode, 'three-way');
});

test('just outside "the same change on both sides": the file now equals the server but only the file changed: changed-locally', () => {
  // The record's hashes differ (the server filled in a default on the last push); the user then copied the server's document.
  const filled = { ...pulled, per: 60, extra: true };
  const r: SyncRecord = { ...record(pulled, filled) };
  const c = compareFile({ kind: 'policy', local: filled, remote: filled, record: r });
  assert.equal(c.status, 'changed-locally');
  assert.equal(c.localChanged, true);
  assert.equal(c.remoteChanged, false);
  const remoteSide = compareFile({ kind: 'policy', local: pulled, remote: pulled, record: r });
  assert.equal(remoteSide.status, 'changed-remotely', 'and the other way round');
});

test('a member removed on one side lists only the values that exist (no undefined members)', () => {
  const r = record(pulled, pulled);
  const { rate: _rate, ...withoutRate } = pulled;
  void _rate;
  const removedLocally = compareFile({ kind: 'policy', local: withoutRate, remote: pulled, record: r, base: pulled });
  assert.deepEqual(removedLocally.changes, [{ pointer: '/rate', display: 'rate', side: 'local', base: 10, remote: 10 }]);
  const removedRemotely = compareFile({ kind: 'policy', local: pulled, remote: withoutRate, record: r, base: pulled });
  assert.deepEqual(removedRemotely.changes, [{ pointer: '/rate', display: 'rate', side: 'remote', base: 10, local: 10 }]);
  const added = compareFile({ kind: 'policy', local: { ...pulled, tags: ['a'] }, remote: pulled, record: r, base: pulled });
  assert.deepEqual(added.changes, [{ pointer: '/tags', display: 'tags', side: 'local', local: ['a'] }]);
  const twoWay = compareFile({ kind: 'policy', local: withoutRate, remote: pulled });
  assert.deepEqual(twoWay.changes, [{ pointer: '/rate', display: 'rate', side: 'differs', remote: 10 }]);
});
