// The write queue, driven by hand (each write is a promise the test settles): writes of one file
// never overlap, a burst is written once from the newest state, every caller is answered only
// after a write carrying its change, a failure reaches exactly the callers it carried, and a group
// write sits between the writes before and after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WriteQueue } from '../../../sandbox/src/store/writeQueue.js';

interface Step {
  name: string;
  finish: () => void;
  fail: (error: Error) => void;
}

/** Writes that record when they start and wait for the test to finish them. */
function recorder() {
  const started: Step[] = [];
  const write = (name: string) => () =>
    new Promise<void>((resolve, reject) => {
      started.push({ name, finish: resolve, fail: reject });
    });
  return { started, write, names: () => started.map((s) => s.name) };
}

/** Lets every settled promise run its callbacks (no timers). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

function track(promise: Promise<void>) {
  const state = { done: false, error: undefined as unknown };
  promise.then(
    () => (state.done = true),
    (error: unknown) => (state.error = error),
  );
  return state;
}

test('writes of one file run one at a time; a burst during a write is written once, from the last change, and answers all its callers', async () => {
  const queue = new WriteQueue();
  const r = recorder();
  const first = track(queue.schedule('f', r.write('1')));
  await settle();
  assert.deepEqual(r.names(), ['1']);
  const second = track(queue.schedule('f', r.write('2')));
  const third = track(queue.schedule('f', r.write('3')));
  await settle();
  assert.deepEqual(r.names(), ['1'], 'no second write while the first is in flight');
  r.started[0].finish();
  await settle();
  assert.equal(first.done, true);
  assert.equal(second.done, false, 'not answered before a write carrying its change');
  assert.deepEqual(r.names(), ['1', '3'], 'the burst coalesced into the newest write');
  const fourth = track(queue.schedule('f', r.write('4')));
  await settle();
  assert.deepEqual(r.names(), ['1', '3'], 'a change after the coalesced write started waits for it');
  r.started[1].finish();
  await settle();
  assert.equal(second.done && third.done, true);
  assert.equal(fourth.done, false);
  assert.deepEqual(r.names(), ['1', '3', '4']);
  r.started[2].finish();
  await settle();
  assert.equal(fourth.done, true);
});

test('writes of different files run side by side', async () => {
  const queue = new WriteQueue();
  const r = recorder();
  void queue.schedule('a', r.write('a'));
  void queue.schedule('b', r.write('b'));
  await settle();
  assert.deepEqual(r.names(), ['a', 'b']);
});

test('a failed write rejects exactly the callers it carried; the next write of the file still runs', async () => {
  const queue = new WriteQueue();
  const r = recorder();
  const first = track(queue.schedule('f', r.write('1')));
  await settle();
  const second = track(queue.schedule('f', r.write('2')));
  const third = track(queue.schedule('f', r.write('3')));
  r.started[0].finish();
  await settle();
  const failure = new Error('disk full');
  r.started[1].fail(failure);
  await settle();
  assert.equal(first.done, true);
  assert.equal(second.error, failure);
  assert.equal(third.error, failure);
  const fourth = track(queue.schedule('f', r.write('4')));
  await settle();
  assert.deepEqual(r.names(), ['1', '3', '4']);
  r.started[2].finish();
  await settle();
  assert.equal(fourth.done, true);
});

test('a group write starts after every earlier write of its files, and later writes of them wait for the group', async () => {
  const queue = new WriteQueue();
  const r = recorder();
  void queue.schedule('a', r.write('a1'));
  await settle();
  const queued = track(queue.schedule('a', r.write('a-queued')));
  void queue.schedule('b', r.write('b1'));
  const group = track(queue.scheduleGroup(['a', 'b', 'a'], r.write('group')));
  const after = track(queue.schedule('b', r.write('b-after')));
  await settle();
  assert.deepEqual(r.names(), ['a1', 'b1']);
  r.started[0].finish();
  await settle();
  assert.deepEqual(r.names(), ['a1', 'b1', 'a-queued'], 'the single write queued before the group runs before it');
  r.started[2].finish();
  await settle();
  assert.equal(queued.done, true);
  assert.deepEqual(r.names(), ['a1', 'b1', 'a-queued'], 'the group also waits for b1');
  r.started[1].finish();
  await settle();
  assert.deepEqual(r.names(), ['a1', 'b1', 'a-queued', 'group']);
  const alsoAfter = track(queue.schedule('a', r.write('a-after')));
  await settle();
  assert.deepEqual(r.names(), ['a1', 'b1', 'a-queued', 'group'], 'nothing of a or b runs during the group');
  r.started[3].finish();
  await settle();
  assert.equal(group.done, true);
  assert.deepEqual(r.names().slice(4).sort(), ['a-after', 'b-after']);
  r.started[4].finish();
  r.started[5].finish();
  await settle();
  assert.equal(after.done && alsoAfter.done, true);
});

test('a change made while a group waits does not join a write the group overtakes: it is written after the group', async () => {
  const queue = new WriteQueue();
  const r = recorder();
  void queue.schedule('a', r.write('a1'));
  await settle();
  void queue.schedule('a', r.write('a-queued'));
  void queue.scheduleGroup(['a'], r.write('group'));
  const late = track(queue.schedule('a', r.write('a-late')));
  await settle();
  r.started[0].finish();
  await settle();
  assert.deepEqual(r.names(), ['a1', 'a-queued']);
  r.started[1].finish();
  await settle();
  assert.deepEqual(r.names(), ['a1', 'a-queued', 'group']);
  r.started[2].finish();
  await settle();
  assert.deepEqual(r.names(), ['a1', 'a-queued', 'group', 'a-late']);
  assert.equal(late.done, false);
  r.started[3].finish();
  await settle();
  assert.equal(late.done, true);
});

test('drain waits for every write in flight, also one scheduled while draining, and a failed one', async () => {
  const queue = new WriteQueue();
  const r = recorder();
  void queue.schedule('a', r.write('a')).catch(() => undefined);
  let drained = false;
  const drain = queue.drain().then(() => (drained = true));
  await settle();
  void queue.schedule('b', r.write('b'));
  r.started[0].fail(new Error('x'));
  await settle();
  assert.equal(drained, false, 'b is still in flight');
  r.started[1].finish();
  await drain;
  assert.equal(drained, true);
  await queue.drain();
});

test('a file written again after its writes finished starts a new write at once', async () => {
  const queue = new WriteQueue();
  const r = recorder();
  const one = track(queue.schedule('f', r.write('1')));
  await settle();
  r.started[0].finish();
  await settle();
  assert.equal(one.done, true);
  void queue.schedule('f', r.write('2'));
  await settle();
  assert.deepEqual(r.names(), ['1', '2']);
});

test('a change made after the write before a group started joins the write queued behind the group, not a new one', async () => {
  const queue = new WriteQueue();
  const r = recorder();
  void queue.schedule('a', r.write('a1'));
  await settle();
  void queue.schedule('a', r.write('a-queued'));
  void queue.scheduleGroup(['a'], r.write('group'));
  const late = track(queue.schedule('a', r.write('a-late')));
  r.started[0].finish();
  await settle();
  assert.deepEqual(r.names(), ['a1', 'a-queued']);
  const later = track(queue.schedule('a', r.write('a-later')));
  r.started[1].finish();
  await settle();
  r.started[2].finish();
  await settle();
  assert.deepEqual(r.names(), ['a1', 'a-queued', 'group', 'a-later'], 'one write after the group, from the newest change');
  r.started[3].finish();
  await settle();
  assert.equal(late.done && later.done, true);
  assert.equal(r.started.length, 4);
});

test('drain lets the event loop run while it waits: writes doing real I/O are waited for', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-write-queue-'));
  try {
    const queue = new WriteQueue();
    const written: string[] = [];
    for (const name of ['a', 'b']) {
      void queue.schedule(name, async () => {
        await writeFile(join(dir, name), name);
        written.push(name);
      });
    }
    await queue.drain();
    assert.deepEqual(written.sort(), ['a', 'b']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a queue forgets each file once its writes finished (memory does not grow with the files written), and keeps one still written', async () => {
  const queue = new WriteQueue();
  const files = (): number => (queue as unknown as { slots: Map<string, unknown> }).slots.size;
  const r = recorder();
  const single = track(queue.schedule('a', r.write('a')));
  const group = track(queue.scheduleGroup(['b', 'c'], r.write('group')));
  await settle();
  assert.equal(files(), 3);
  r.started[0].finish();
  await settle();
  assert.equal(single.done, true);
  assert.equal(files(), 2, 'b and c are still written');
  r.started[1].finish();
  await settle();
  assert.equal(group.done, true);
  assert.equal(files(), 0);
});
