// Go to definition, find references and rename over the names of the gateway model: plain
// functions over one parsed document (its facts taken fresh from its current text) and the
// workspace index (every other file). Global names (API, policy, webhook ids) reach across the
// workspace; operationIds and security schemes stay inside their OAS document.

import type { Location, Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import type { DocumentKind } from '../../../../common/src/kinds';
import type { SvcDocument } from '../parser/document';
import { extractFacts, GLOBAL_KINDS, type Definition, type FileFacts, type NameKind, type Site } from '../index/facts';
import { fileName, type Located, type WorkspaceModel } from '../index/workspaceModel';
import { refDefinition } from './refs';

const freshFacts = new WeakMap<SvcDocument, FileFacts | null>();

/** The facts of the document as it is now (the index may lag behind the last keystroke). */
export function factsOfDocument(doc: SvcDocument, kind: DocumentKind | undefined): FileFacts | undefined {
  let facts = freshFacts.get(doc);
  if (facts === undefined) {
    facts = kind && !doc.tooDeep && doc.value !== undefined ? extractFacts(doc.textDocument, kind, doc.value) : null;
    freshFacts.set(doc, facts);
  }
  return facts ?? undefined;
}

const contains = (range: Range, p: Position): boolean =>
  (p.line > range.start.line || (p.line === range.start.line && p.character >= range.start.character)) &&
  (p.line < range.end.line || (p.line === range.end.line && p.character <= range.end.character));

export interface NameAt {
  site: Located<Site>;
  isDefinition: boolean;
}

/** The definition or reference under the cursor, if any. */
export function nameAt(doc: SvcDocument, kind: DocumentKind | undefined, position: Position): NameAt | undefined {
  const facts = factsOfDocument(doc, kind);
  if (!facts) return undefined;
  const locate = (site: Site) => ({ ...site, uri: doc.uri, fileKind: facts.kind });
  const definition = facts.definitions.find((d) => contains(d.range, position));
  if (definition) return { site: locate(definition), isDefinition: true };
  const reference = facts.references.find((r) => contains(r.range, position));
  return reference ? { site: locate(reference), isDefinition: false } : undefined;
}

/** Every definition and reference of the name of `site`, this document's taken fresh. */
export interface Occurrences {
  definitions: Array<Located<Definition>>;
  references: Array<Located<Site>>;
}

export function occurrences(doc: SvcDocument, kind: DocumentKind | undefined, site: Site, index: WorkspaceModel): Occurrences {
  const facts = factsOfDocument(doc, kind);
  const same = (s: Site): boolean => s.kind === site.kind && s.name === site.name && s.scope === site.scope;
  const here = <T extends Site>(list: readonly T[] | undefined): Array<Located<T>> =>
    (list ?? []).filter(same).map((s) => ({ ...s, uri: doc.uri, fileKind: facts!.kind }));
  const definitions = here(facts?.definitions);
  const references = here(facts?.references);
  if (GLOBAL_KINDS.has(site.kind)) {
    definitions.push(...index.definitionsOf(site.kind, site.name).filter((d) => d.uri !== doc.uri));
    references.push(...index.referencesOf(site.kind, site.name).filter((r) => r.uri !== doc.uri));
  }
  return { definitions: sortSites(definitions), references: sortSites(references) };
}

function sortSites<T extends Located<Site>>(sites: T[]): T[] {
  return sites.sort((a, b) => a.uri.localeCompare(b.uri) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

const toLocation = (s: Located<Site>): Location => ({ uri: s.uri, range: s.range });

/** Go to definition: the named thing, or for a `$ref` the member it points at. */
export function definition(doc: SvcDocument, kind: DocumentKind | undefined, position: Position, index: WorkspaceModel): Location[] {
  const ref = refDefinition(doc, kind, position);
  if (ref) return [ref];
  const at = nameAt(doc, kind, position);
  if (!at) return [];
  return occurrences(doc, kind, at.site, index).definitions.map(toLocation);
}

/** Find all references of the name under the cursor (with its definitions when asked). */
export function references(
  doc: SvcDocument,
  kind: DocumentKind | undefined,
  position: Position,
  includeDeclaration: boolean,
  index: WorkspaceModel,
): Location[] {
  const at = nameAt(doc, kind, position);
  if (!at) return [];
  const found = occurrences(doc, kind, at.site, index);
  return [...(includeDeclaration ? found.definitions : []), ...found.references].map(toLocation);
}

const WHAT: Record<NameKind, string> = { api: 'API id', policy: 'policy id', webhook: 'webhook id', operation: 'operationId', scheme: 'security scheme' };

export type RenameCheck = { range: Range; placeholder: string } | { error: string };

/** Whether the cursor is on something we can rename, and which characters. */
export function prepareRename(doc: SvcDocument, kind: DocumentKind | undefined, position: Position): RenameCheck {
  const at = nameAt(doc, kind, position);
  if (!at) return { error: 'Only an API id, policy id, operationId or security scheme name can be renamed here.' };
  if (at.site.kind === 'webhook') return { error: 'Webhook ids are set by the dashboard: rename the webhook there.' };
  return { range: at.site.range, placeholder: at.site.name };
}

export type RenameResult = { edit: WorkspaceEdit } | { error: string };

/**
 * Renames the name under the cursor. Global ids change in every workspace file (the edit asks
 * for confirmation, so VS Code shows the preview); local names in this document only. A name
 * that already exists is refused: two APIs or operations with one id would break both.
 */
export function rename(doc: SvcDocument, kind: DocumentKind | undefined, position: Position, newName: string, index: WorkspaceModel): RenameResult {
  const check = prepareRename(doc, kind, position);
  if ('error' in check) return check;
  const site = nameAt(doc, kind, position)!.site;
  const name = newName.trim();
  if (name === '') return { error: `The new ${WHAT[site.kind]} is empty.` };
  if (name === site.name) return { edit: { changes: {} } };
  const taken = occurrences(doc, kind, { ...site, name }, index).definitions;
  if (taken.length > 0) {
    const files = [...new Set(taken.map((d) => fileName(d.uri)))].join(', ');
    return { error: `The ${WHAT[site.kind]} \`${name}\` already exists (${files}): renaming would make two of them.` };
  }
  const { definitions, references } = occurrences(doc, kind, site, index);
  const byUri = new Map<string, TextEdit[]>();
  const text = JSON.stringify(name).slice(1, -1);
  for (const s of [...definitions, ...references]) {
    let list = byUri.get(s.uri);
    if (!list) byUri.set(s.uri, (list = []));
    list.push({ range: s.range, newText: text });
  }
  if (!GLOBAL_KINDS.has(site.kind)) return { edit: { changes: Object.fromEntries(byUri) } };
  // Across files: annotated edits that need confirmation, so the editor previews them first.
  const annotation = 'svc.rename';
  const files = byUri.size;
  return {
    edit: {
      documentChanges: [...byUri].map(([uri, edits]) => ({
        textDocument: { uri, version: uri === doc.uri ? doc.version : null },
        edits: edits.map((e) => ({ ...e, annotationId: annotation })),
      })),
      changeAnnotations: {
        [annotation]: {
          label: `Rename ${WHAT[site.kind]} \`${site.name}\` to \`${name}\``,
          description: `${files} file${files === 1 ? '' : 's'}`,
          needsConfirmation: true,
        },
      },
    },
  };
}
