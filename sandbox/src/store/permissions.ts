// The data folder holds key ids, OAuth client secrets and the credentials: readable by its owner
// only. New folders are created 0700 and files 0600; a folder that others can read or enter
// (made by an earlier version, 0755) is fixed at start, with a log line saying so. Windows has
// no POSIX modes (its ACLs follow the user's profile folder): nothing to do there.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';

/** Sub-folders fixed along with the data folder itself. */
const SUB_FOLDERS = ['apis', 'keys', 'org-keys', 'policies', 'oauth-clients', 'users', 'webhooks', 'analytics', 'live-quotas', 'journal', 'sandbox.lock.d'];

export async function securePermissions(dataDir: string, log: (line: string) => void): Promise<void> {
  if (process.platform === 'win32') return;
  const fixed: string[] = [];
  for (const dir of [dataDir, ...SUB_FOLDERS.map((name) => join(dataDir, name))]) {
    const mode = await modeOf(dir); // not created yet: it will be created 0700
    if ((mode & 0o077) === 0) continue;
    await fs.chmod(dir, 0o700);
    fixed.push(`${dir} (was ${mode.toString(8).padStart(4, '0')})`);
  }
  const meta = join(dataDir, 'sandbox.json');
  const metaMode = await modeOf(meta);
  if (metaMode & 0o077) {
    await fs.chmod(meta, 0o600);
    fixed.push(`${meta} (was ${metaMode.toString(8).padStart(4, '0')})`);
  }
  if (fixed.length) {
    log(`[store] warning: the data folder was readable by other users; made it readable by its owner only: ${fixed.join(', ')}`);
  }
}

/** The permission bits of `path`; 0 (nothing to fix) when it does not exist yet. */
function modeOf(path: string): Promise<number> {
  return fs.stat(path).then(
    (s) => s.mode & 0o777,
    // Stryker disable next-line ArrowFunction: undefined & 0o077 is 0 too, so a missing path is left alone either way
    () => 0,
  );
}
