// Whole-document snippets, one per kind, offered in an empty file. The single source is
// `snippets/svc.code-snippets` (also contributed to VS Code through package.json), read once.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DocumentSnippet {
  name: string;
  prefix: string;
  description: string;
  /** Snippet syntax, lines joined with `\n`. */
  body: string;
}

const FILE = 'svc.code-snippets';
let cache: DocumentSnippet[] | undefined;

/** The snippets folder beside the bundle (`dist/../snippets`) or in the repository (sources). */
function snippetsFile(): string | undefined {
  const candidates = [
    join(__dirname, '..', 'snippets', FILE),
    join(__dirname, '..', '..', '..', '..', 'snippets', FILE),
    join(process.cwd(), 'snippets', FILE),
  ];
  return candidates.find((file) => existsSync(file));
}

export function documentSnippets(): DocumentSnippet[] {
  if (cache) return cache;
  const file = snippetsFile();
  cache = [];
  if (!file) return cache;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { prefix?: string; description?: string; body?: string | string[] }>;
    for (const [name, s] of Object.entries(parsed)) {
      const body = Array.isArray(s.body) ? s.body.join('\n') : String(s.body ?? '');
      cache.push({ name, prefix: String(s.prefix ?? name), description: String(s.description ?? ''), body });
    }
  } catch {
    // A broken snippets file costs the empty-file suggestions, nothing else.
  }
  return cache;
}
