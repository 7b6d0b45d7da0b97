// A lock generation that cannot be read yet (another starter's exclusive `wx` write in progress)
// counts as held for a short grace window: a start just inside it is refused, naming no holder;
// the same unreadable generation older than the window is a leftover, and the start takes over.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireLock, DataDirLockedError, LOCK_DIR } from '../../../sandbox/src/store/lock.js';

function folderWithHalfWrittenGeneration(ageSeconds: number): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-lock-half-'));
  mkdirSync(join(dataDir, LOCK_DIR));
  const generation = join(dataDir, LOCK_DIR, '00000003.json');
  writeFileSync(generation, '{"pid":');
  const when = (Date.now() - ageSeconds * 1000) / 1000;
  utimesSync(generation, when, when);
  return dataDir;
}

test('a generation being written right now (unreadable, 1 s old) refuses the start, naming no holder', async () => {
  const dataDir = folderWithHalfWrittenGeneration(1);
  try {
    await assert.rejects(acquireLock(dataDir), (err: unknown) => err instanceof DataDirLockedError && err.holder === undefined);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('an unreadable generation older than the grace window (60 s) is a leftover: the start takes the lock over', async () => {
  const dataDir = folderWithHalfWrittenGeneration(60);
  try {
    const lock = await acquireLock(dataDir);
    await lock.release();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
