// Quick fixes for the link diagnostics: a grant or a policy id one typo away from a known one
// is changed to it ("Change to `petstore-1`"). The diagnostic's range is the id's string (key or
// value, quotes included): the fix writes the suggestion there as a JSON string (and in the
// grant's inner `api_id` when it repeated the old id).

import { CodeActionKind, type CodeAction, type Diagnostic, type Range } from 'vscode-languageserver-types';
import type { SvcDocument } from '../parser/document';
import { LinkCodes } from '../index/linkProblems';

const LINK_CODES = new Set<unknown>(Object.values(LinkCodes));

const overlaps = (a: Range, b: Range): boolean =>
  !(
    a.end.line < b.start.line ||
    (a.end.line === b.start.line && a.end.character < b.start.character) ||
    b.end.line < a.start.line ||
    (b.end.line === a.start.line && b.end.character < a.start.character)
  );

export function linkFixes(doc: SvcDocument, diagnostics: readonly Diagnostic[], range: Range): CodeAction[] {
  const out: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (!LINK_CODES.has(diagnostic.code) || !overlaps(diagnostic.range, range)) continue;
    const suggestion = (diagnostic.data as { suggestion?: unknown } | undefined)?.suggestion;
    if (typeof suggestion !== 'string') continue;
    const current = doc.textDocument.getText(diagnostic.range);
    if (!current.startsWith('"') || !current.endsWith('"')) continue; // the text moved on: no blind edit
    const edits = [{ range: diagnostic.range, newText: JSON.stringify(suggestion) }];
    // An access_rights key: its inner `api_id` repeats it and changes with it.
    const pointer = (diagnostic.data as { pointer?: unknown } | undefined)?.pointer;
    if (typeof pointer === 'string' && /^\/access_rights\/[^/]+$/.test(pointer)) {
      const inner = doc.locate(`${pointer}/api_id`);
      if (inner && doc.text.slice(inner.valueOffset, inner.valueOffset + inner.valueLength) === current) {
        edits.push({ range: doc.range(inner.valueOffset, inner.valueLength), newText: JSON.stringify(suggestion) });
      }
    }
    out.push({
      title: `Change to \`${suggestion}\``,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: { changes: { [doc.uri]: edits } },
    });
  }
  return out;
}
