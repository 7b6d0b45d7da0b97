// Where the sandbox keeps its data when the caller names no folder: the OS cache folder.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultDataDir(): string {
  const home = homedir();
  if (process.platform === 'win32') return join(process.env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'svc-sandbox');
  if (process.platform === 'darwin') return join(home, 'Library', 'Caches', 'svc-sandbox');
  return join(process.env.XDG_CACHE_HOME || join(home, '.cache'), 'svc-sandbox');
}
