// Formatting with jsonc-parser's formatter, honouring the editor's tab size and spaces/tabs;
// comments survive, and a range request formats only that range.
//
// Bounded and linear (issue 34): a document above the validation size limit
// (`svc.validation.maxFileSize`) is not formatted (DocumentTooLargeToFormat says so), and the
// formatter's edits (one per token: 640,000 for a minified 2.6 MB file) are joined into ONE edit
// from the first to the last change, built in one pass. Mapping each edit to a range, sending
// them all and having the editor apply them one by one is what grew superlinearly (and took
// gigabytes); the editor computes its own minimal edits from the one it gets.

import { format as formatJson, type FormattingOptions as JsonFormattingOptions } from 'jsonc-parser';
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver-types';
import type { SvcDocument } from '../parser/document';

export class DocumentTooLargeToFormat extends Error {
  constructor(
    readonly size: number,
    readonly limit: number,
  ) {
    super(
      `The document is ${mb(size)}, above the ${mb(limit)} limit of svc.validation.maxFileSize: it is not formatted ` +
        '(formatting it would hold up the editor). Raise the setting to format it.',
    );
  }
}

const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;

export function format(doc: SvcDocument, options: FormattingOptions, range?: Range, maxSize = Number.POSITIVE_INFINITY): TextEdit[] {
  // Indentation grows with depth: 10,000 levels would mean ~10^8 characters of edits (the
  // fuzz test ran out of memory). Such documents are left as they are.
  if (doc.tooDeep) return [];
  const text = doc.text;
  if (text.length > maxSize) throw new DocumentTooLargeToFormat(text.length, maxSize);
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
  const edits = formatJson(text, span, jsonOptions);
  if (edits.length === 0) return [];
  // The formatter reports its edits in document order; sort only if that ever changes.
  if (edits.some((e, i) => i > 0 && e.offset < edits[i - 1].offset)) edits.sort((a, b) => a.offset - b.offset);
  const start = edits[0].offset;
  const parts: string[] = [];
  let at = start;
  for (const edit of edits) {
    parts.push(text.slice(at, edit.offset), edit.content);
    at = edit.offset + edit.length;
  }
  return [{ range: doc.range(start, at - start), newText: parts.join('') }];
}
