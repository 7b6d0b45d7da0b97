// Feeds the workspace index (names, references, listen paths) with the JSON files of the
// workspace folders that are not open in the editor: one scan at start-up (bounded, a few files
// per tick so requests are never starved), then the client's file watcher events. Open documents
// always win: their unsaved text is what the index holds while they are open. Only the user's
// own files count: not `.svc/`, not files hidden by `files.exclude`, not read-only files.

import { constants, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { languageIdOfFileName, type KindAssociations } from '../../../common/src/detection';
import { isUserFileUri, MAX_INDEXED_FILE_BYTES, type FilesExclude } from '../service/index/userFiles';
import type { WorkspaceModel as WorkspaceIndex } from '../service/index/workspaceModel';
import type { Logger } from './logger';

/** Folders that never hold API definitions worth indexing. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test', 'coverage']);
/** Issue 32: a workspace of 10,000 pulled definitions is indexed whole. */
const MAX_FILES = 20000;
/** Files read at once during the scan (each is a few system calls on libuv's thread pool). */
const SCAN_BATCH = 32;
/** JSON and YAML files (YAML ones count only as OAS and streams documents: detectKind). */
const DEFINITION_FILE = /\.(json|ya?ml)$/i;

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
      } else if (entry.isFile() && DEFINITION_FILE.test(entry.name) && found.length < limit) {
        found.push(join(dir, entry.name));
      }
    }
  }
  return found;
}

export class WorkspaceFiles {
  /** Workspace folder uris (set at initialize). */
  folders: readonly string[] = [];
  private readonly excludes = new Map<string, Promise<FilesExclude>>();

  constructor(
    private readonly index: WorkspaceIndex,
    private readonly isOpen: (uri: string) => boolean,
    private readonly associationsFor: (uri: string) => Promise<KindAssociations>,
    private readonly log: Logger,
    /** `files.exclude` for a folder (from the client's settings); none when the client cannot say. */
    private readonly excludeFor: (folderUri: string) => Promise<FilesExclude> = () => Promise.resolve(undefined),
  ) {}

  /** Settings changed: `files.exclude` is read again. */
  clearSettings(): void {
    this.excludes.clear();
  }

  /** A `file:` document the user owns: outside `.svc/`, not excluded, writable. */
  async isUserFile(uri: string): Promise<boolean> {
    if (!uri.startsWith('file:')) return false;
    const folder = this.folders.filter((f) => uri.startsWith(f.endsWith('/') ? f : f + '/')).sort((a, b) => b.length - a.length)[0];
    let exclude: FilesExclude;
    if (folder) {
      let pending = this.excludes.get(folder);
      if (!pending) this.excludes.set(folder, (pending = this.excludeFor(folder).catch(() => undefined)));
      exclude = await pending;
    }
    if (!isUserFileUri(uri, { folders: this.folders, exclude })) return false;
    try {
      await fs.access(fileURLToPath(uri), constants.W_OK);
      return true;
    } catch (error) {
      // A file not yet saved to disk is still the user's; one they cannot write is not.
      return (error as NodeJS.ErrnoException).code === 'ENOENT';
    }
  }

  /**
   * Indexes every JSON file under the folders; resolves when done. A few files are read at once
   * and requests get a turn between batches. The kind associations are asked for once per folder
   * (the setting is resource-scoped: VS Code resolves it per workspace folder), not once per file:
   * at 10,000 files, one round trip to the client each was most of the scan (issue 32).
   */
  async scan(folderUris: readonly string[]): Promise<number> {
    let count = 0;
    for (const folder of folderUris) {
      if (!folder.startsWith('file:')) continue;
      const associations = await this.associationsFor(folder);
      const paths = await listJsonFiles(fileURLToPath(folder));
      for (let i = 0; i < paths.length; i += SCAN_BATCH) {
        const uris = paths.slice(i, i + SCAN_BATCH).map((path) => pathToFileURL(path).href);
        const indexed = await Promise.all(uris.map((uri) => this.refresh(uri, associations)));
        count += indexed.filter(Boolean).length;
        // Parsed now, a batch per turn, not on the first diagnostics that need the whole index: a
        // file opened after the scan gets its diagnostics as fast as in an empty workspace.
        uris.forEach((uri, k) => indexed[k] && this.index.factsOf(uri));
        await new Promise((resolve) => setImmediate(resolve)); // let requests in between batches
      }
    }
    return count;
  }

  /**
   * Re-reads one file from disk (created, changed, or closed in the editor). True when indexed.
   * `associations`: its folder's, when the caller already has them (the scan).
   */
  async refresh(uri: string, associations?: KindAssociations): Promise<boolean> {
    if (this.isOpen(uri) || !uri.startsWith('file:')) return false;
    if (!(await this.isUserFile(uri))) {
      this.index.remove(uri);
      return false;
    }
    try {
      const path = fileURLToPath(uri);
      const stat = await fs.stat(path);
      if (!stat.isFile() || stat.size > MAX_INDEXED_FILE_BYTES) {
        this.index.remove(uri);
        return false;
      }
      const text = await fs.readFile(path, 'utf8');
      if (this.isOpen(uri)) return false; // opened while we were reading
      this.index.updateText(uri, text, associations ?? (await this.associationsFor(uri)), languageIdOfFileName(uri));
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
