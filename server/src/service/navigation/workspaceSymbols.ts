// Workspace symbols (Ctrl+T): APIs by name and listen path, policies, webhooks and operations
// of the user's files. The query matches as VS Code's own pickers do: its characters in order,
// case ignored, against the name, the listen path or the id.

import { SymbolKind, type SymbolInformation } from 'vscode-languageserver-types';
import type { WorkspaceModel } from '../index/workspaceModel';
import { fileName } from '../index/workspaceModel';
import type { NameKind } from '../index/facts';

const SYMBOL_KIND: Record<NameKind, SymbolKind> = {
  api: SymbolKind.Module,
  policy: SymbolKind.Object,
  webhook: SymbolKind.Event,
  operation: SymbolKind.Method,
  scheme: SymbolKind.Key,
};

/** Characters of `query` appear in `text` in order (case ignored). */
export function fuzzyMatches(query: string, text: string): boolean {
  const q = query.toLowerCase().replace(/\s+/g, '');
  const t = text.toLowerCase();
  let i = 0;
  for (let j = 0; j < t.length && i < q.length; j++) if (t[j] === q[i]) i++;
  return i === q.length;
}

export function workspaceSymbols(query: string, index: WorkspaceModel, limit = 500): SymbolInformation[] {
  const out: SymbolInformation[] = [];
  for (const facts of index.all()) {
    for (const d of facts.definitions) {
      if (d.kind === 'scheme') continue; // scheme names repeat in every document: noise in a workspace list
      // APIs show their listen path in the name: VS Code filters on the name, and users search by path.
      const name = d.kind === 'api' && d.detail ? `${d.label} ${d.detail}` : d.label;
      const kindWord = d.kind === 'api' ? 'API' : d.kind === 'operation' ? `operation ${d.name}` : d.kind;
      if (query && !fuzzyMatches(query, name) && !fuzzyMatches(query, d.name)) continue;
      out.push({ name, kind: SYMBOL_KIND[d.kind], location: { uri: facts.uri, range: d.range }, containerName: `${kindWord} · ${fileName(facts.uri)}` });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
}
