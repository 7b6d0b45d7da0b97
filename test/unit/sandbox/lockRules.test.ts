// The data-folder lock's rules, called directly (no sandbox process): who counts as the holder
// (alive, not released, on this host or another), the legacy lock file, the next generation taken
// over, what the holder cleans up, and what release and setUrl write.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, promises as fsp, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireLock, DataDirLockedError, holderAlive, LEGACY_LOCK_FILE, LOCK_DIR, readLock, type LockHolder } from '../../../sandbox/src/store/lock.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'svc-lock-rules-'));
const deadPid = () => Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
const holder = (extra: Partial<LockHolder> = {}): LockHolder => ({ pid: process.pid, hostname: hostname(), startedAt: '2026-01-01T00:00:00.000Z', ...extra });

function withGeneration(dataDir: string, generation: string, content: unknown): void {
  mkdirSync(join(dataDir, LOCK_DIR), { recursive: true });
  writeFileSync(join(dataDir, LOCK_DIR, generation), typeof content === 'string' ? content : JSON.stringify(content));
}

const lockFiles = (dataDir: string) => readdirSync(join(dataDir, LOCK_DIR)).sort();
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

async function inFolder(run: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = tempDir();
  try {
    await run(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('a holder is alive while its process runs on this host; one on another host cannot be checked and counts as alive', () => {
  assert.equal(holderAlive(holder()), true);
  const gone = deadPid();
  assert.equal(holderAlive(holder({ pid: gone })), false);
  assert.equal(holderAlive(holder({ pid: gone, hostname: `${hostname()}-elsewhere` })), true);
});

test('readLock: no lock folder, an empty one, a released or dead holder is no holder; the highest live generation is', async () => {
  await inFolder(async (dataDir) => {
    assert.equal(await readLock(dataDir), undefined);
    mkdirSync(join(dataDir, LOCK_DIR));
    assert.equal(await readLock(dataDir), undefined);
    withGeneration(dataDir, '00000002.json', holder({ url: 'http://x' }));
    withGeneration(dataDir, '00000001.json', holder({ pid: deadPid() }));
    withGeneration(dataDir, 'notes.json', holder({ pid: deadPid() }));
    assert.deepEqual(await readLock(dataDir), holder({ url: 'http://x' }));
    withGeneration(dataDir, '00000010.json', holder({ releasedAt: '2026-01-02T00:00:00.000Z' }));
    assert.equal(await readLock(dataDir), undefined, 'generation 10 (numeric order, not 2 > 10 as text) is released');
    withGeneration(dataDir, '00000011.json', holder({ pid: deadPid() }));
    assert.equal(await readLock(dataDir), undefined);
    withGeneration(dataDir, '00000012.json', '{"pid":"1"}');
    assert.equal(await readLock(dataDir), undefined, 'a generation without a numeric pid names no holder');
  });
});

test('the legacy lock file of an earlier version: a live holder there refuses the start and is the holder; a dead one is ignored', async () => {
  await inFolder(async (dataDir) => {
    writeFileSync(join(dataDir, LEGACY_LOCK_FILE), JSON.stringify(holder()));
    assert.deepEqual(await readLock(dataDir), holder());
    await assert.rejects(acquireLock(dataDir), (e: unknown) => e instanceof DataDirLockedError && e.holder?.pid === process.pid);
    writeFileSync(join(dataDir, LEGACY_LOCK_FILE), JSON.stringify(holder({ pid: deadPid() })));
    assert.equal(await readLock(dataDir), undefined);
    const lock = await acquireLock(dataDir);
    assert.equal(lock.path, join(dataDir, LOCK_DIR, '00000000.json'));
    await lock.release();
  });
});

test('a live holder refuses the start, naming its pid, host and URL', async () => {
  await inFolder(async (dataDir) => {
    withGeneration(dataDir, '00000004.json', holder({ url: 'http://127.0.0.1:9' }));
    await assert.rejects(
      acquireLock(dataDir),
      (e: unknown) =>
        e instanceof DataDirLockedError &&
        e.message ===
          `the data folder ${dataDir} is in use by sandbox process ${process.pid} on ${hostname()} at http://127.0.0.1:9, started 2026-01-01T00:00:00.000Z. ` +
            'Stop that sandbox, use it (it serves the same data), or choose another folder with --data.',
    );
    withGeneration(dataDir, '00000005.json', holder({ hostname: 'another-host' }));
    await assert.rejects(acquireLock(dataDir), (e: unknown) => e instanceof DataDirLockedError && /process \d+ on another-host, started /.test(e.message));
    assert.deepEqual(lockFiles(dataDir), ['00000004.json', '00000005.json'], 'a refused start leaves nothing behind');
  });
});

test('a released or dead generation is taken over by the next one; the new holder removes lower generations and dead claims only', async () => {
  await inFolder(async (dataDir) => {
    withGeneration(dataDir, '00000006.json', holder({ releasedAt: '2026-01-02T00:00:00.000Z' }));
    withGeneration(dataDir, '00000005.json', holder({ pid: deadPid() }));
    withGeneration(dataDir, `.claim-${deadPid()}-abc.tmp`, 'x');
    withGeneration(dataDir, `.claim-${process.pid}-def.tmp`, 'x');
    withGeneration(dataDir, `notes.claim-${deadPid()}-x.tmp`, 'x');
    withGeneration(dataDir, 'readme.txt', 'x');
    const lock = await acquireLock(dataDir);
    assert.equal(lock.path, join(dataDir, LOCK_DIR, '00000007.json'));
    assert.deepEqual(
      lockFiles(dataDir).filter((n) => !n.startsWith('notes.claim-')),
      [`.claim-${process.pid}-def.tmp`, '00000007.json', 'readme.txt'],
    );
    assert.equal(lockFiles(dataDir).filter((n) => n.startsWith('notes.claim-')).length, 1, 'only names starting with .claim- are claims');
    assert.ok(readFileSync(lock.path, 'utf8').endsWith('}\n'));
    const mine = readJson(lock.path);
    assert.equal(mine.pid, process.pid);
    assert.equal(mine.hostname, hostname());
    assert.ok(!Number.isNaN(Date.parse(mine.startedAt)));
    assert.deepEqual(await readLock(dataDir), mine);
    await assert.rejects(acquireLock(dataDir), DataDirLockedError);

    await lock.setUrl('http://127.0.0.1:1234');
    assert.equal(readJson(lock.path).url, 'http://127.0.0.1:1234');
    assert.ok(readFileSync(lock.path, 'utf8').endsWith('}\n'));
    await lock.release();
    const released = readJson(lock.path);
    assert.ok(!Number.isNaN(Date.parse(released.releasedAt)), 'released, not deleted');
    assert.equal(await readLock(dataDir), undefined);
    await lock.setUrl('http://127.0.0.1:5678');
    assert.equal(readJson(lock.path).url, 'http://127.0.0.1:1234', 'a released lock is not written again');
    await lock.release();
    assert.equal(readJson(lock.path).releasedAt, released.releasedAt, 'a second release changes nothing');

    const next = await acquireLock(dataDir);
    assert.equal(next.path, join(dataDir, LOCK_DIR, '00000008.json'));
    assert.ok(!lockFiles(dataDir).includes('00000007.json'));
    await next.release();
  });
});

/** Runs `run` with hard links failing as `code` (a file system without them, or a broken one). */
async function withoutHardLinks(code: string, run: () => Promise<void>): Promise<void> {
  const link = fsp.link;
  fsp.link = () => Promise.reject(Object.assign(new Error(`link: ${code}`), { code }));
  try {
    await run();
  } finally {
    fsp.link = link;
  }
}

for (const code of ['EPERM', 'ENOTSUP', 'ENOSYS']) {
  test(`on a file system without hard links (${code}) the lock is still taken exclusively, whole, and private`, async () => {
    await withoutHardLinks(code, () =>
      inFolder(async (dataDir) => {
        const lock = await acquireLock(dataDir);
        assert.equal(lock.path, join(dataDir, LOCK_DIR, '00000000.json'));
        assert.equal(readJson(lock.path).pid, process.pid);
        if (process.platform !== 'win32') assert.equal(statSync(lock.path).mode & 0o777, 0o600);
        assert.deepEqual(lockFiles(dataDir), ['00000000.json'], 'no claim file left behind');
        await assert.rejects(acquireLock(dataDir), DataDirLockedError);
        await lock.release();
        const next = await acquireLock(dataDir);
        assert.equal(next.path, join(dataDir, LOCK_DIR, '00000001.json'));
        await next.release();
      }),
    );
  });
}

test('a hard link failing otherwise (an I/O error) fails the start with that error, leaving no claim file', async () => {
  await withoutHardLinks('EIO', () =>
    inFolder(async (dataDir) => {
      await assert.rejects(acquireLock(dataDir), /link: EIO/);
      assert.deepEqual(lockFiles(dataDir), []);
    }),
  );
});

test('a start that loses the race for the next generation every time gives up with the lock error after 20 tries, not a loop', async () => {
  let tries = 0;
  const link = fsp.link;
  await withoutHardLinks('EEXIST', () =>
    inFolder(async (dataDir) => {
      const lost = fsp.link;
      fsp.link = (...args) => {
        tries++;
        return lost(...args);
      };
      await assert.rejects(
        acquireLock(dataDir),
        (e: unknown) =>
          e instanceof DataDirLockedError && e.holder === undefined && /is in use by another sandbox \(its lock file is being written\)\./.test(e.message),
      );
      assert.deepEqual(lockFiles(dataDir), [], 'each lost claim cleaned up');
    }),
  );
  assert.equal(fsp.link, link);
  assert.equal(tries, 20);
});

test('generations are told apart by number, also past eight digits, and only files named exactly <digits>.json are generations', async () => {
  await inFolder(async (dataDir) => {
    withGeneration(dataDir, '99999998.json', holder({ pid: deadPid() }));
    withGeneration(dataDir, '99999999.json', holder({ pid: deadPid() }));
    withGeneration(dataDir, '100000000.json', holder());
    withGeneration(dataDir, 'x99999999.json', holder());
    withGeneration(dataDir, '99999999.json.bak', holder());
    assert.equal((await readLock(dataDir))?.pid, process.pid, 'generation 100000000 is the highest (listed first by name)');
    writeFileSync(join(dataDir, LOCK_DIR, '100000000.json'), JSON.stringify(holder({ releasedAt: '2026-01-02T00:00:00.000Z' })));
    const lock = await acquireLock(dataDir);
    assert.equal(lock.path, join(dataDir, LOCK_DIR, '100000001.json'));
    assert.deepEqual(lockFiles(dataDir), ['100000001.json', '99999999.json.bak', 'x99999999.json']);
    await lock.release();
  });
});

test('a lock folder that cannot be listed is an error, not "no holder"', async () => {
  await inFolder(async (dataDir) => {
    writeFileSync(join(dataDir, LOCK_DIR), 'not a folder');
    await assert.rejects(readLock(dataDir), (e: NodeJS.ErrnoException) => e.code === 'ENOTDIR');
  });
});

test('a holder whose process belongs to another user (EPERM on the signal check) counts as alive', () => {
  const kill = Object.getOwnPropertyDescriptor(process, 'kill')!;
  process.kill = (() => {
    throw Object.assign(new Error('kill: EPERM'), { code: 'EPERM' });
  }) as typeof process.kill;
  try {
    assert.equal(holderAlive(holder({ pid: 1 })), true);
  } finally {
    Object.defineProperty(process, 'kill', kill);
  }
});

test('a starter that finds a higher generation after creating its own withdraws it and is refused by that holder', async () => {
  await inFolder(async (dataDir) => {
    const link = fsp.link;
    // Another starter creates generation 1 right after ours (0), and holds it from another host.
    fsp.link = async (from, to) => {
      await link(from, to);
      fsp.link = link;
      withGeneration(dataDir, '00000001.json', holder({ hostname: 'other-host' }));
    };
    try {
      await assert.rejects(acquireLock(dataDir), (e: unknown) => e instanceof DataDirLockedError && e.holder?.hostname === 'other-host');
    } finally {
      fsp.link = link;
    }
    assert.deepEqual(lockFiles(dataDir), ['00000001.json'], 'ours withdrawn, theirs kept');
  });
});

/** Another starter creates `generation` (held from another host) just as this one tries to. */
const raced = (dataDir: string) => () => withGeneration(dataDir, '00000000.json', holder({ hostname: 'racing-host' }));

test('a generation another starter linked first is not taken: the start looks again and is refused by that holder', async () => {
  await inFolder(async (dataDir) => {
    const link = fsp.link;
    fsp.link = async () => {
      fsp.link = link;
      raced(dataDir)();
      throw Object.assign(new Error('link: EEXIST'), { code: 'EEXIST' });
    };
    try {
      await assert.rejects(acquireLock(dataDir), (e: unknown) => e instanceof DataDirLockedError && e.holder?.hostname === 'racing-host');
    } finally {
      fsp.link = link;
    }
    assert.deepEqual(lockFiles(dataDir), ['00000000.json']);
    assert.equal(readJson(join(dataDir, LOCK_DIR, '00000000.json')).hostname, 'racing-host', 'its file is left as it was');
  });
});

test('without hard links, a generation another starter created first is not overwritten: the start is refused by that holder', async () => {
  await inFolder(async (dataDir) => {
    const link = fsp.link;
    fsp.link = async () => {
      raced(dataDir)();
      throw Object.assign(new Error('link: EPERM'), { code: 'EPERM' });
    };
    try {
      await assert.rejects(acquireLock(dataDir), (e: unknown) => e instanceof DataDirLockedError && e.holder?.hostname === 'racing-host');
    } finally {
      fsp.link = link;
    }
    assert.deepEqual(lockFiles(dataDir), ['00000000.json']);
    assert.equal(readJson(join(dataDir, LOCK_DIR, '00000000.json')).hostname, 'racing-host', 'its file is left as it was');
  });
});

test('an unreadable generation counts as being written for 5 s: at 4,999 ms the start is refused, at 5,000 ms it is taken over', async () => {
  await inFolder(async (dataDir) => {
    withGeneration(dataDir, '00000003.json', '{"pid":');
    const written = 1_700_000_000;
    utimesSync(join(dataDir, LOCK_DIR, '00000003.json'), written, written);
    const now = Date.now;
    try {
      Date.now = () => written * 1000 + 4999;
      await assert.rejects(acquireLock(dataDir), (e: unknown) => e instanceof DataDirLockedError && e.holder === undefined);
      Date.now = () => written * 1000 + 5000;
      const lock = await acquireLock(dataDir);
      assert.equal(lock.path, join(dataDir, LOCK_DIR, '00000004.json'));
      await lock.release();
    } finally {
      Date.now = now;
    }
  });
});

for (const code of ['', 'EPERM']) {
  test(
    `taking, updating and releasing the lock leaves no file open${code ? ' (without hard links)' : ''}`,
    { skip: !existsSync('/proc/self/fd') },
    async () => {
      const run = () =>
        inFolder(async (dataDir) => {
          const open = () => readdirSync('/proc/self/fd').length;
          const before = open();
          const lock = await acquireLock(dataDir);
          await lock.setUrl('http://127.0.0.1:1');
          await lock.release();
          assert.equal(open(), before);
        });
      await (code ? withoutHardLinks(code, run) : run());
    },
  );
}

test('without hard links, creating the generation failing otherwise (an I/O error) fails the start with that error', async () => {
  await withoutHardLinks('ENOTSUP', () =>
    inFolder(async (dataDir) => {
      const open = fsp.open;
      fsp.open = ((path: string, flags: string | number, mode?: number) =>
        typeof flags === 'number' ? Promise.reject(Object.assign(new Error('open: EIO'), { code: 'EIO' })) : open(path, flags, mode)) as typeof fsp.open;
      try {
        await assert.rejects(acquireLock(dataDir), /open: EIO/);
      } finally {
        fsp.open = open;
      }
      assert.deepEqual(lockFiles(dataDir), [], 'no claim file left behind');
    }),
  );
});
