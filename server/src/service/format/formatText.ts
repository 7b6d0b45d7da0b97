// The formatting itself, on text alone (no document, no LSP): jsonc-parser's formatter, its
// edits (one per token) joined into one replacement from the first to the last change, built in
// one pass. Shared by the in-thread path (format.ts) and the worker (formatWorker.ts).
import { format as formatJson, type FormattingOptions as JsonFormattingOptions } from 'jsonc-parser';

export interface TextSpan {
  offset: number;
  length: number;
}

export interface Replacement {
  offset: number;
  length: number;
  newText: string;
}

export interface FormatRequest {
  text: string;
  span?: TextSpan;
  tabSize: number;
  insertSpaces: boolean;
  insertFinalNewline: boolean;
}

/** The one replacement that formats `text` (or its span); undefined when it is formatted already. */
export function formatText({ text, span, tabSize, insertSpaces, insertFinalNewline }: FormatRequest): Replacement | undefined {
  const jsonOptions: JsonFormattingOptions = {
    tabSize,
    insertSpaces,
    insertFinalNewline,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    keepLines: false,
  };
  const edits = formatJson(text, span, jsonOptions);
  if (edits.length === 0) return undefined;
  // The formatter reports its edits in document order; sort only if that ever changes.
  if (edits.some((e, i) => i > 0 && e.offset < edits[i - 1].offset)) edits.sort((a, b) => a.offset - b.offset);
  const start = edits[0].offset;
  const parts: string[] = [];
  let at = start;
  for (const edit of edits) {
    parts.push(text.slice(at, edit.offset), edit.content);
    at = edit.offset + edit.length;
  }
  return { offset: start, length: at - start, newText: parts.join('') };
}
