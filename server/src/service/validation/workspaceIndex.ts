// The workspace-wide rule "the same listen path is used by two definitions" (the dashboard
// refuses the second with 403 "Found API with same url."). The LSP layer feeds this index
// with open documents and workspace files; `problemsFor(uri)` answers for one document, with
// related information pointing at the other file(s).

import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Range } from 'vscode-languageserver-types';
import type { DocumentKind } from '../../../../common/src/kinds';
import { detectKind, type KindAssociations } from '../../../../common/src/detection';
import { SvcDocument } from '../parser/document';
import { locatePointers } from '../parser/jsonLocator';
import { Codes } from './codes';
import type { Problem } from './types';
import { obj } from './semantic/util';

export interface ListenPathEntry {
  readonly uri: string;
  readonly listenPath: string;
  /** Custom domain when one is in force: the same path on two domains is no clash. */
  readonly domain: string;
  readonly pointer: string;
  /** Where the listen path is (for related information in the other documents' warnings). */
  readonly range: Range;
}

/**
 * An entry whose range is found on first use: only a duplicate needs it, and finding it scans
 * the text (the gateway extension sits at the end of a 2 MB OAS document).
 */
class LazyEntry implements ListenPathEntry {
  private found: Range | undefined;
  constructor(
    readonly uri: string,
    readonly listenPath: string,
    readonly domain: string,
    readonly pointer: string,
    private readonly locate: () => Range,
  ) {}
  get range(): Range {
    return (this.found ??= this.locate());
  }
}

/** Where a document kind keeps its listen path (and domain). */
export function listenPathsOf(kind: DocumentKind | undefined, value: unknown): Array<{ listenPath: string; domain: string; pointer: string }> {
  const classic = (api: unknown, base: string) => {
    const a = obj(api);
    const path = obj(a?.proxy)?.listen_path;
    if (typeof path !== 'string' || path === '') return [];
    const domain = a?.domain_disabled === true || typeof a?.domain !== 'string' ? '' : a.domain;
    return [{ listenPath: path, domain, pointer: `${base}/proxy/listen_path` }];
  };
  const oas = (doc: unknown, base: string) => {
    const server = obj(obj(obj(doc)?.['x-svc-api-gateway'])?.server);
    const path = obj(server?.listenPath)?.value;
    if (typeof path !== 'string' || path === '') return [];
    const custom = obj(server?.customDomain);
    const domain = custom?.enabled === true && typeof custom.name === 'string' ? custom.name : '';
    return [{ listenPath: path, domain, pointer: `${base}/x-svc-api-gateway/server/listenPath/value` }];
  };
  switch (kind) {
    case 'classic':
      return classic(value, '');
    case 'dashboard-api':
      return [...classic(obj(value)?.api_definition, '/api_definition'), ...oas(obj(value)?.oas, '/oas')];
    case 'oas':
    case 'streams':
      return oas(value, '');
    default:
      return [];
  }
}

export class WorkspaceIndex {
  private readonly byUri = new Map<string, ListenPathEntry[]>();

  /**
   * Records (or replaces) the listen paths of a parsed document of a known kind. Ranges are
   * found when first needed (`locateNow` = at once, for files read from disk whose text is not
   * worth keeping); the lazy form keeps the document's text and line index, not its value.
   */
  update(doc: SvcDocument, kind: DocumentKind | undefined, locateNow = false): void {
    const found = doc.tooDeep ? [] : listenPathsOf(kind, doc.value);
    if (found.length === 0) {
      this.byUri.delete(doc.uri);
      return;
    }
    const { textDocument, uri } = doc;
    // Captures the text snapshot only, never the parsed value.
    const locate = (pointer: string): Range => {
      const text = textDocument.getText();
      const at = locatePointers(text, [pointer]).get(pointer) ?? new SvcDocument(textDocument).locate(pointer);
      const start = at?.valueOffset ?? 0;
      return { start: textDocument.positionAt(start), end: textDocument.positionAt(start + (at?.valueLength ?? 0)) };
    };
    const entries = found.map((f) => new LazyEntry(uri, f.listenPath, f.domain, f.pointer, () => locate(f.pointer)));
    if (locateNow) for (const entry of entries) void entry.range;
    this.byUri.set(uri, entries);
  }

  /** For workspace files that are not open: parse, detect, record. */
  updateText(uri: string, text: string, associations?: KindAssociations, languageId = 'json'): void {
    const doc = new SvcDocument(TextDocument.create(uri, languageId, 0, text));
    this.update(doc, detectKind(uri, doc.value, associations)?.kind, true);
  }

  remove(uri: string): void {
    this.byUri.delete(uri);
  }

  clear(): void {
    this.byUri.clear();
  }

  entries(uri: string): readonly ListenPathEntry[] {
    return this.byUri.get(uri) ?? [];
  }

  /** Warnings for each listen path of `uri` that another document also uses. */
  problemsFor(uri: string): Problem[] {
    const out: Problem[] = [];
    for (const mine of this.byUri.get(uri) ?? []) {
      const others: ListenPathEntry[] = [];
      for (const [otherUri, entries] of this.byUri) {
        if (otherUri === uri) continue;
        for (const e of entries) if (e.listenPath === mine.listenPath && e.domain === mine.domain) others.push(e);
      }
      if (others.length === 0) continue;
      const names = others.map((o) => fileName(o.uri));
      out.push({
        pointer: mine.pointer,
        target: 'value',
        code: Codes.duplicateListenPath,
        severity: DiagnosticSeverity.Warning,
        message: `The listen path \`${mine.listenPath}\`${mine.domain ? ` on ${mine.domain}` : ''} is also used by ${names.join(', ')}: ` +
          `the dashboard refuses a second API on the same path.`,
        relatedInformation: others.map((o) => ({ location: { uri: o.uri, range: o.range }, message: `\`${o.listenPath}\` is also the listen path here.` })),
      });
    }
    return out;
  }
}

function fileName(uri: string): string {
  const path = uri.replace(/[?#].*$/, '');
  try {
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  } catch {
    return path.slice(path.lastIndexOf('/') + 1);
  }
}
