// Formatting with jsonc-parser's formatter, honouring the editor's tab size and spaces/tabs;
// comments survive, and a range request formats only that range.
//
// Bounded, linear and out of the way (issue 34): a document above the validation size limit
// (`svc.validation.maxFileSize`) is not formatted (DocumentTooLargeToFormat says so); the
// formatter's edits (one per token: 640,000 for a minified 2.6 MB file) are joined into ONE edit
// built in one pass (formatText.ts): mapping each to a range and having the editor apply them
// one by one is what grew superlinearly and took gigabytes; and `formatInBackground` formats a
// large document in a worker thread (backgroundFormat.ts), so other requests are answered
// meanwhile and a cancelled format stops.

import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver-types';
import type { SvcDocument } from '../parser/document';
import { formatText, type FormatRequest } from './formatText';

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

/** What to format, or undefined when the document is left as it is; throws above the size limit. */
export function formatRequestOf(doc: SvcDocument, options: FormattingOptions, range?: Range, maxSize = Number.POSITIVE_INFINITY): FormatRequest | undefined {
  // Indentation grows with depth: 10,000 levels would mean ~10^8 characters of edits (the
  // fuzz test ran out of memory). Such documents are left as they are.
  if (doc.tooDeep) return undefined;
  const text = doc.text;
  if (text.length > maxSize) throw new DocumentTooLargeToFormat(text.length, maxSize);
  let span: FormatRequest['span'];
  if (range) {
    const start = doc.textDocument.offsetAt(range.start);
    span = { offset: start, length: doc.textDocument.offsetAt(range.end) - start };
  }
  return { text, span, tabSize: options.tabSize, insertSpaces: options.insertSpaces, insertFinalNewline: options.insertFinalNewline ?? false };
}

export function format(doc: SvcDocument, options: FormattingOptions, range?: Range, maxSize = Number.POSITIVE_INFINITY): TextEdit[] {
  const request = formatRequestOf(doc, options, range, maxSize);
  const replacement = request && formatText(request);
  return replacement ? [{ range: doc.range(replacement.offset, replacement.length), newText: replacement.newText }] : [];
}
