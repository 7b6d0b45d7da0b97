// Sharing one sandbox between clients of the same data folder (two VS Code windows, say): when
// the folder is locked by a live sandbox that answers on the URL in its lock, use that one, with
// the credentials stored in the folder, instead of failing or starting a second writer.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { DataDirLockedError } from './store/lock.js';
import type { SandboxMeta } from './store/state.js';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './start.js';

export interface JoinedSandbox extends RunningSandbox {
  /** True when another process serves the folder and this one only connected to it. */
  joined: boolean;
}

export async function joinOrStartSandbox(options: SandboxOptions): Promise<JoinedSandbox> {
  try {
    return { ...(await startSandbox(options)), joined: false };
  } catch (error) {
    if (!(error instanceof DataDirLockedError) || !error.holder?.url) throw error;
    const { url } = error.holder;
    const meta = JSON.parse(await fs.readFile(join(error.dataDir, 'sandbox.json'), 'utf8')) as SandboxMeta;
    if (!meta.credentials) throw error;
    const hello = await fetch(`${url}/hello`, { signal: AbortSignal.timeout(3000) }).catch(() => undefined);
    if (!hello?.ok) throw error;
    options.log?.(`[sandbox] the data folder is served by process ${error.holder.pid} at ${url}: using it`);
    return { url, credentials: { ...meta.credentials }, dataDir: error.dataDir, joined: true, close: () => Promise.resolve() };
  }
}
