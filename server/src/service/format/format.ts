// Formatting with jsonc-parser's formatter, honouring the editor's tab size and spaces/tabs;
// comments survive, and a range request formats only that range.

import { format as formatJson, type FormattingOptions as JsonFormattingOptions } from 'jsonc-parser';
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver-types';
import type { SvcDocument } from '../parser/document';

export function format(doc: SvcDocument, options: FormattingOptions, range?: Range): TextEdit[] {
  // Indentation grows with depth: 10,000 levels would mean ~10^8 characters of edits (the
  // fuzz test ran out of memory). Such documents are left as they are.
  if (doc.tooDeep) return [];
  const text = doc.text;
  let span: { offset: number; length: number } | undefined;
  if (range) {
    const start = doc.textDocument.offsetAt(range.start);
    span = { offset: start, length: doc.textDocument.offsetAt(range.end) - start };
  }
  const jsonOptions: JsonFormattingOptions = {
    tabSize: options.tabSize,
    insertSpaces: options.insertSpaces,
    insertFinalNewline: options.insertFinalNewline ?? false,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    keepLines: false,
  };
  return formatJson(text, span, jsonOptions).map((edit) => ({ range: doc.range(edit.offset, edit.length), newText: edit.content }));
}
