// The audit's attack on the data-folder lock: several sandboxes started at the same moment on one
// folder whose lock was left by a killed sandbox. Before, each starter deleted the "stale" lock
// and retried, so one could delete another's live lock (2–4 holders in 12 of 25 rounds). Now
// exactly one starts each round, the others exit 1 naming it (figures in sandbox/README.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireLock, DataDirLockedError, type DataDirLock } from '../../../sandbox/src/store/lock.js';
import { startChildSandbox, sandboxCliBundle, type ChildSandbox } from './childSandbox.js';

const ROUNDS = 25;
const STARTERS = 6;

function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

function writeStaleLock(dataDir: string): void {
  mkdirSync(join(dataDir, 'sandbox.lock.d'), { recursive: true });
  writeFileSync(
    join(dataDir, 'sandbox.lock.d', '00000003.json'),
    JSON.stringify({ pid: deadPid(), hostname: hostname(), startedAt: '2020-01-01T00:00:00.000Z' }),
  );
}

test(`${STARTERS} sandbox processes started at once on a folder with a stale lock, ${ROUNDS} rounds: exactly one holder each round`, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-lock-race-'));
  await sandboxCliBundle();
  writeStaleLock(dataDir);
  const holdersPerRound: number[] = [];
  const started: ChildSandbox[] = [];
  const surprises: string[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const startAt = Date.now() + 300;
      const starters: ChildSandbox[] = await Promise.all(Array.from({ length: STARTERS }, () => startChildSandbox(dataDir, ['--no-seed'], startAt)));
      started.push(...starters);
      const outcomes = await Promise.all(
        starters.map((s) => Promise.race([s.listening.then(() => 'holder' as const), s.exited.then(() => 'refused' as const)])),
      );
      // A refused starter exits 1 naming the live holder; anything else is written down with its output.
      for (const [i, s] of starters.entries()) {
        if (outcomes[i] !== 'refused') continue;
        const { code, signal } = await s.exited;
        if (code !== 1 || !/is in use by sandbox process \d+/.test(s.stderr())) {
          surprises.push(`round ${round}: starter ${s.child.pid} exited ${code ?? signal}: ${s.stderr().trim() || s.stdout().trim()}`);
        }
      }
      // Every refused starter has exited; the holders are all still running at this moment.
      const holders = starters.filter((_, i) => outcomes[i] === 'holder');
      holdersPerRound.push(holders.length);
      // Kill the holder(s): the next round starts on a stale lock again.
      for (const h of holders) h.child.kill('SIGKILL');
      await Promise.all(holders.map((h) => h.exited));
    }
  } finally {
    // Whatever happened, no sandbox outlives the test.
    for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`lock race: ${ROUNDS} rounds × ${STARTERS} starters, holders per round: ${holdersPerRound.join(' ')}`);
  assert.deepEqual(surprises, [], 'every refused starter exits 1 naming the holder');
  assert.deepEqual(holdersPerRound, Array(ROUNDS).fill(1), `exactly one holder in every round (${surprises.join(' | ')})`);
});

test('in one process, 12 concurrent takeovers of a stale lock: one succeeds, the rest are refused naming it', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-lock-race-'));
  try {
    for (let round = 0; round < 10; round++) {
      writeStaleLock(dataDir);
      const results = await Promise.allSettled(Array.from({ length: 12 }, () => acquireLock(dataDir)));
      const won = results.filter((r): r is PromiseFulfilledResult<DataDirLock> => r.status === 'fulfilled');
      assert.equal(won.length, 1);
      for (const r of results) if (r.status === 'rejected') assert.ok(r.reason instanceof DataDirLockedError, String(r.reason));
      // A released lock is free again: exactly one of the next starters takes it.
      await won[0].value.release();
      const next = await Promise.allSettled(Array.from({ length: 6 }, () => acquireLock(dataDir)));
      const nextWon = next.filter((r): r is PromiseFulfilledResult<DataDirLock> => r.status === 'fulfilled');
      assert.equal(nextWon.length, 1);
      await nextWon[0].value.release();
      rmSync(join(dataDir, 'sandbox.lock.d'), { recursive: true, force: true });
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
