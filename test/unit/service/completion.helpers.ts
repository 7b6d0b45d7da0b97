// Test set-up for the service features: one language service over the real schemas, documents
// written with a `|` caret marker, and "apply this completion" giving the resulting text.
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, Position, TextEdit } from 'vscode-languageserver-types';
import { createLanguageService, type LanguageService } from '../../../server/src/service/languageService';
import { expandSnippet } from '../../../server/src/service/completion/snippetText';

let shared: LanguageService | undefined;
export function service(): LanguageService {
  return (shared ??= createLanguageService());
}

let counter = 0;
/** A document from text with one `|` marking the cursor (the marker is removed). */
export function withCaret(textWithCaret: string, languageId = 'json'): { document: TextDocument; position: Position; offset: number } {
  const offset = textWithCaret.indexOf('|');
  if (offset < 0) throw new Error('no | caret in the test text');
  const text = textWithCaret.slice(0, offset) + textWithCaret.slice(offset + 1);
  const document = TextDocument.create(`file:///test/doc${++counter}.json`, languageId, 1, text);
  return { document, position: document.positionAt(offset), offset };
}

export function doc(text: string, languageId = 'json'): TextDocument {
  return TextDocument.create(`file:///test/doc${++counter}.json`, languageId, 1, text);
}

/** The document text after accepting the item with every placeholder as proposed. */
export function applyItem(document: TextDocument, item: CompletionItem): string {
  const edit = item.textEdit as TextEdit | undefined;
  if (!edit) throw new Error(`item ${item.label} has no textEdit`);
  const newText = item.insertTextFormat === 2 ? expandSnippet(edit.newText) : edit.newText;
  return TextDocument.applyEdits(document, [{ range: edit.range, newText }]);
}

export function completeAt(textWithCaret: string): { items: CompletionItem[]; document: TextDocument; labels: string[] } {
  const { document, position } = withCaret(textWithCaret);
  const items = service().complete(document, position).items;
  return { items, document, labels: items.map((i) => String(i.label)) };
}

export function item(items: CompletionItem[], label: string): CompletionItem {
  const found = items.find((i) => i.label === label);
  if (!found) throw new Error(`no completion "${label}" among: ${items.map((i) => i.label).join(', ')}`);
  return found;
}
