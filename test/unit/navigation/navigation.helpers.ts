// Test set-up for navigation: a small workspace of files written as text, where `|` marks the
// cursor (in one file) and `«…»` marks the ranges a request must answer, exactly.
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Location, Position, Range } from 'vscode-languageserver-types';
import { createLanguageService, type LanguageService } from '../../../server/src/service/languageService';
import { WorkspaceModel } from '../../../server/src/service/index/workspaceModel';

export interface MarkedWorkspace {
  service: LanguageService;
  index: WorkspaceModel;
  documents: Map<string, TextDocument>;
  /** The file with the caret and the caret's position. */
  document: TextDocument;
  position: Position;
  /** Every «…» range, in file order. */
  marked: Location[];
}

export const uriOf = (name: string): string => `file:///ws/${name}`;

/** Removes the markers of one file: its text, the caret offset and the marked [start, end) offsets. */
export function unmark(text: string): { text: string; caret?: number; ranges: Array<[number, number]> } {
  let out = '';
  let caret: number | undefined;
  const ranges: Array<[number, number]> = [];
  const open: number[] = [];
  for (const c of text) {
    if (c === '|') caret = out.length;
    else if (c === '«') open.push(out.length);
    else if (c === '»') ranges.push([open.pop()!, out.length]);
    else out += c;
  }
  return { text: out, caret, ranges: ranges.sort((a, b) => a[0] - b[0]) };
}

let shared: LanguageService | undefined;

/** Files indexed as the LSP layer would (disk files as text, the caret's file as an open document). */
export function workspace(files: Record<string, string>): MarkedWorkspace {
  const index = new WorkspaceModel();
  shared ??= createLanguageService();
  const service = createLanguageService({ registry: shared.registry, workspace: index });
  const documents = new Map<string, TextDocument>();
  const marked: Location[] = [];
  let document: TextDocument | undefined;
  let position: Position | undefined;
  for (const [name, raw] of Object.entries(files)) {
    const { text, caret, ranges } = unmark(raw);
    const doc = TextDocument.create(uriOf(name), 'json', 1, text);
    documents.set(doc.uri, doc);
    for (const [s, e] of ranges) marked.push({ uri: doc.uri, range: { start: doc.positionAt(s), end: doc.positionAt(e) } });
    if (caret !== undefined) {
      document = doc;
      position = doc.positionAt(caret);
      index.update(service.parse(doc), service.detectKind(doc)?.kind);
    } else index.updateText(doc.uri, text);
  }
  if (!document || !position) throw new Error('no | caret in any file');
  return { service, index, documents, document, position, marked };
}

export const byPlace = (a: Location, b: Location): number =>
  a.uri.localeCompare(b.uri) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;

export function sorted(locations: Location[]): Location[] {
  return [...locations].sort(byPlace);
}

export function rangeText(doc: TextDocument, range: Range): string {
  return doc.getText(range);
}
