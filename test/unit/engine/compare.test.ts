// compareFile: the status of one pulled file against the server, decided on the recorded
// hashes, with the paths classified from the base snapshot (or without it).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { hashDocument } from '../../../engine/src/sync/canonicalJson';
import { compareFile, isConflict } from '../../../engine/src/sync/compare';
import type { SyncRecord } from '../../../engine/src/sync/stateFile';

const base = { id: 'gold', name: 'Gold', rate: 10, per: 60, last_updated: '1' };
const record = (remote: unknown = base, local: unknown = base): SyncRecord => ({
  environment: 'e',
  target: { kind: 'policy', id: 'gold' },
  pulledAt: 'now',
  remoteHash: hashDocument('policy', remote),
  localHash: hashDocument('policy', local),
});

describe('compareFile', () => {
  it('unchanged on both sides, even when the server touched a volatile member', () => {
    const c = compareFile({ kind: 'policy', local: base, remote: { ...base, last_updated: '2' }, record: record(), base });
    assert.deepEqual([c.status, c.changes], ['unchanged', []]);
  });

  it('changed locally / remotely / both, with the paths of each side', () => {
    const local = compareFile({ kind: 'policy', local: { ...base, rate: 11 }, remote: base, record: record(), base });
    assert.equal(local.status, 'changed-locally');
    assert.deepEqual(
      local.changes.map((c) => [c.display, c.side]),
      [['rate', 'local']],
    );
    const remote = compareFile({ kind: 'policy', local: base, remote: { ...base, per: 1 }, record: record(), base });
    assert.equal(remote.status, 'changed-remotely');
    assert.deepEqual(
      remote.changes.map((c) => [c.display, c.side]),
      [['per', 'remote']],
    );
    const both = compareFile({ kind: 'policy', local: { ...base, rate: 11 }, remote: { ...base, rate: 12, per: 1 }, record: record(), base });
    assert.equal(both.status, 'conflict');
    assert.ok(isConflict(both));
    assert.deepEqual(
      both.changes.map((c) => [c.display, c.side, c.local, c.remote]),
      [
        ['per', 'remote', 60, 1],
        ['rate', 'both', 11, 12],
      ],
    );
  });

  it('the same change on both sides is no difference', () => {
    const same = { ...base, rate: 99 };
    assert.equal(compareFile({ kind: 'policy', local: same, remote: same, record: record(), base }).status, 'unchanged');
  });

  it('without the base snapshot, the differing paths go to the side(s) whose hash changed', () => {
    const c = compareFile({ kind: 'policy', local: base, remote: { ...base, per: 1 }, record: record() });
    assert.deepEqual(
      c.changes.map((x) => [x.display, x.side]),
      [['per', 'remote']],
    );
  });

  it('after a push the server may add defaults: an unchanged file is not a local edit', () => {
    const pushed = { ...base, rate: 20 };
    const afterPush = { ...pushed, partitions: { quota: false } };
    const r = record(afterPush, pushed);
    assert.equal(compareFile({ kind: 'policy', local: pushed, remote: afterPush, record: r, base: afterPush }).status, 'unchanged');
    const remoteEdit = compareFile({ kind: 'policy', local: pushed, remote: { ...afterPush, per: 5 }, record: r, base: afterPush });
    assert.deepEqual(
      remoteEdit.changes.map((x) => [x.display, x.side]),
      [['per', 'remote']],
    );
  });

  it('deleted on the server: a difference, a conflict when the file changed too', () => {
    const gone = compareFile({ kind: 'policy', local: base, remote: undefined, record: record(), base });
    assert.equal(gone.status, 'deleted-remotely');
    assert.equal(isConflict(gone), false);
    assert.equal(isConflict(compareFile({ kind: 'policy', local: { ...base, rate: 1 }, remote: undefined, record: record(), base })), true);
  });

  it('never pulled: two-way, sides unknown', () => {
    const c = compareFile({ kind: 'policy', local: { ...base, rate: 1 }, remote: base });
    assert.equal(c.status, 'different');
    assert.equal(c.mode, 'two-way');
    assert.deepEqual(c.changes, [{ pointer: '/rate', display: 'rate', side: 'differs', local: 1, remote: 10 }]);
    assert.equal(compareFile({ kind: 'policy', local: base, remote: undefined }).status, 'not-on-server');
    assert.equal(compareFile({ kind: 'policy', local: base, remote: { ...base } }).status, 'unchanged');
  });
});
