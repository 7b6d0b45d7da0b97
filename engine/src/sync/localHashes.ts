// What each pulled file hashed to when it was last read (issue 32): `.svc/local-hashes.json`
// maps a file's key to a hash of its bytes and the hash of its normalised JSON (a YAML file's
// value, read as push and diff read it, hashes as the same document in JSON would). A file whose
// bytes hash the same as last time is not parsed again: its normalised hash is known. Only a
// cache: missing, unreadable or from another version, it is empty and everything is parsed as
// before; it is written once at the end of a run, and only when something was learned.
// Free of `vscode`.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { hashDocument } from './canonicalJson';
import { parseDefinitionText } from './documentFormat';
import { containedPath } from './pathContainment';
import { STATE_DIR } from './stateFile';
import type { SyncKind } from './syncKinds';

export const LOCAL_HASHES_FILE = 'local-hashes.json';
const VERSION = 1;

interface Entry {
  kind: SyncKind;
  /** sha1 of the file's bytes (UTF-8), base64. */
  raw: string;
  /** hashDocument(kind, parsed file). */
  hash: string;
}

/** sha1 of a text's UTF-8 bytes: cheap, and only ever compared with itself. */
export const rawHashOf = (text: string): string => createHash('sha1').update(text).digest('base64');

/** The file's value as push and diff read it: JSON, or YAML for `.yaml`/`.yml` (by `file`, its path or key); a byte-order mark is not JSON. */
export const parseLocal = (file: string, text: string): unknown => parseDefinitionText(file, text);

export class LocalHashCache {
  private dirty = false;

  private constructor(private readonly entries: Map<string, Entry>) {}

  static empty(): LocalHashCache {
    return new LocalHashCache(new Map());
  }

  /** The cache of `root`; empty when there is none or it cannot be read (it is only a cache). */
  static async load(root: string): Promise<LocalHashCache> {
    try {
      const value = JSON.parse(await fs.readFile(path.join(root, STATE_DIR, LOCAL_HASHES_FILE), 'utf8')) as {
        version?: number;
        files?: Record<string, Entry>;
      };
      if (value?.version !== VERSION || !value.files || typeof value.files !== 'object') return LocalHashCache.empty();
      const entries = new Map<string, Entry>();
      for (const [key, e] of Object.entries(value.files)) {
        if (e && typeof e.raw === 'string' && typeof e.hash === 'string' && typeof e.kind === 'string') entries.set(key, e);
      }
      return new LocalHashCache(entries);
    } catch {
      return LocalHashCache.empty();
    }
  }

  /** The normalised hash of `text` when this file had these very bytes before; else undefined. */
  known(key: string, kind: SyncKind, text: string): string | undefined {
    const entry = this.entries.get(key);
    return entry && entry.kind === kind && entry.raw === rawHashOf(text) ? entry.hash : undefined;
  }

  /** Remembers what `text` hashes to (after a parse, or after pull wrote it). */
  remember(key: string, kind: SyncKind, text: string, hash: string): void {
    const raw = rawHashOf(text);
    const entry = this.entries.get(key);
    if (entry && entry.kind === kind && entry.raw === raw && entry.hash === hash) return;
    this.entries.set(key, { kind, raw, hash });
    this.dirty = true;
  }

  /**
   * The normalised hash of a file's text: known, else parsed and hashed (and remembered). `key`
   * is the file's path from the root: its name says how the text is written (JSON or YAML).
   * Throws the parser's error for text that is not JSON (not YAML for a YAML file).
   */
  hashOf(key: string, kind: SyncKind, text: string): { hash: string; parsed?: unknown } {
    const known = this.known(key, kind, text);
    if (known !== undefined) return { hash: known };
    const parsed = parseLocal(key, text);
    const hash = hashDocument(kind, parsed);
    this.remember(key, kind, text, hash);
    return { hash, parsed };
  }

  /** Writes the cache when something was learned (atomically; a failure only costs the next run a parse). */
  async save(root: string): Promise<void> {
    if (!this.dirty) return;
    try {
      const dir = await containedPath(root, STATE_DIR, `the ${STATE_DIR} folder`);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, LOCAL_HASHES_FILE);
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, JSON.stringify({ version: VERSION, files: Object.fromEntries(this.entries) }), 'utf8');
      await fs.rename(temp, file);
      this.dirty = false;
    } catch {
      // Only a cache: the next run parses again.
    }
  }
}
