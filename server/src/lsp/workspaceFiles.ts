// Feeds the workspace-wide listen-path index with the JSON files of the workspace folders that
// are not open in the editor: one scan at start-up (bounded, a few files per tick so requests
// are never starved), then the client's file watcher events. Open documents always win: their
// unsaved text is what the index holds while they are open.

import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { KindAssociations } from '../../../common/src/detection';
import type { WorkspaceIndex } from '../service/validation/index';
import type { Logger } from './logger';

/** Folders that never hold API definitions worth indexing. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test', 'coverage']);
const MAX_FILES = 2000;
/** The rule needs listen paths, not huge data files. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

export async function listJsonFiles(root: string, limit = MAX_FILES): Promise<string[]> {
  const found: string[] = [];
  const queue = [root];
  while (queue.length > 0 && found.length < limit) {
    const dir = queue.shift()!;
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.')) queue.push(join(dir, entry.name));
      } else if (entry.isFile() && entry.name.endsWith('.json') && found.length < limit) {
        found.push(join(dir, entry.name));
      }
    }
  }
  return found;
}

export class WorkspaceFiles {
  constructor(
    private readonly index: WorkspaceIndex,
    private readonly isOpen: (uri: string) => boolean,
    private readonly associationsFor: (uri: string) => Promise<KindAssociations>,
    private readonly log: Logger,
  ) {}

  /** Indexes every JSON file under the folders; resolves when done. */
  async scan(folderUris: readonly string[]): Promise<number> {
    let count = 0;
    for (const folder of folderUris) {
      if (!folder.startsWith('file:')) continue;
      for (const path of await listJsonFiles(fileURLToPath(folder))) {
        if (await this.refresh(pathToFileURL(path).href)) count++;
        await new Promise((resolve) => setImmediate(resolve)); // let requests in between files
      }
    }
    return count;
  }

  /** Re-reads one file from disk (created, changed, or closed in the editor). True when indexed. */
  async refresh(uri: string): Promise<boolean> {
    if (this.isOpen(uri) || !uri.startsWith('file:')) return false;
    try {
      const path = fileURLToPath(uri);
      const stat = await fs.stat(path);
      if (!stat.isFile() || stat.size > MAX_FILE_BYTES) {
        this.index.remove(uri);
        return false;
      }
      const text = await fs.readFile(path, 'utf8');
      if (this.isOpen(uri)) return false; // opened while we were reading
      this.index.updateText(uri, text, await this.associationsFor(uri));
      return true;
    } catch (error) {
      this.index.remove(uri);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.log.error('workspace', `cannot index ${uri}`, error);
      return false;
    }
  }

  removed(uri: string): void {
    if (!this.isOpen(uri)) this.index.remove(uri);
  }
}
