// Document links: URLs in string values (upstream `target_url`, load-balancing targets, webhook
// targets, redirect URIs, …) open in the browser; a listen path opens on the gateway of the
// active environment when the client told us its URL.

import type { DocumentLink } from 'vscode-languageserver-types';
import type { DocumentKind } from '../../../../common/src/kinds';
import type { SvcDocument } from '../parser/document';
import { childPointer } from '../parser/jsonPointer';
import { factsOfDocument } from './navigation';

const URL_VALUE = /^https?:\/\/[^\s"{}<>$]+$/i;
/** A 2 MB document has thousands of example URLs: enough is enough. */
const MAX_LINKS = 1000;

function collectUrls(value: unknown, pointer: string, out: Array<{ pointer: string; url: string }>): void {
  if (out.length >= MAX_LINKS) return;
  if (typeof value === 'string') {
    if (URL_VALUE.test(value)) out.push({ pointer, url: value });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => collectUrls(v, childPointer(pointer, i), out));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collectUrls(v, childPointer(pointer, k), out);
  }
}

/** `https://gw.example.com` + `/petstore/` → `https://gw.example.com/petstore/`. */
export function gatewayLink(gatewayUrl: string, listenPath: string): string {
  return gatewayUrl.replace(/\/+$/, '') + (listenPath.startsWith('/') ? listenPath : '/' + listenPath);
}

export function documentLinks(doc: SvcDocument, kind: DocumentKind | undefined, gatewayUrl?: string): DocumentLink[] {
  if (!kind || doc.tooDeep || doc.value === undefined) return [];
  const urls: Array<{ pointer: string; url: string }> = [];
  collectUrls(doc.value, '', urls);
  const found = doc.locateAll(urls.map((u) => u.pointer));
  const links: DocumentLink[] = [];
  for (const { pointer, url } of urls) {
    const at = found.get(pointer);
    if (!at || at.valueLength < 2) continue;
    // Inside the quotes (a YAML value may have none).
    const quoted = /["']/.test(doc.text.charAt(at.valueOffset)) ? 1 : 0;
    links.push({ range: doc.range(at.valueOffset + quoted, at.valueLength - 2 * quoted), target: url, tooltip: 'Open in the browser' });
  }
  if (gatewayUrl && /^https?:\/\//i.test(gatewayUrl)) {
    for (const path of factsOfDocument(doc, kind)?.listenPaths ?? []) {
      if (path.domain || /^[a-z]+:\/\//i.test(path.listenPath)) continue; // a custom domain or a key-value reference: no gateway URL to build
      const { start, end } = path.range;
      const quoted = doc.isYaml ? (/["']/.test(doc.text.charAt(doc.textDocument.offsetAt(start))) ? 1 : 0) : 1;
      const range = { start: { line: start.line, character: start.character + quoted }, end: { line: end.line, character: end.character - quoted } };
      links.push({ range, target: gatewayLink(gatewayUrl, path.listenPath), tooltip: `Open on the gateway of the active environment (${gatewayUrl})` });
    }
  }
  return links;
}
