// Atomic JSON writes: temp file in the same folder, fsync, rename over the target. A reader (or
// a restart after SIGKILL) sees either the old or the new content, never a torn file.
import { promises as fs } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';

export const TEMP_SUFFIX = '.tmp';

export async function writeFileAtomic(path: string, content: string, mode = 0o600): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
  const handle = await fs.open(temp, 'w', mode);
  try {
    await handle.writeFile(content); // a string is written as UTF-8
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, path);
  } catch (error) {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the temporary file is still there (the rename failed): force or not, it is removed
    await fs.rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dirname(path));
}

/** Makes the rename itself durable. Windows cannot open a folder for fsync: best effort. */
// Stryker disable next-line BlockStatement: an fsync shows only after a power loss, which no test can cause
export async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  // Stryker disable next-line BlockStatement: as above (the fsync), and it fails silently where unsupported
  try {
    // Stryker disable next-line StringLiteral: a folder opened with an invalid flag fails, and a failed fsync is ignored (as above)
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // not supported on this platform; the rename is still atomic
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
