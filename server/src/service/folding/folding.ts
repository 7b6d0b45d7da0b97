// Folding ranges from one pass of jsonc-parser's scanner (no tree): objects and arrays spanning
// lines, block comments, and `// #region` … `// #endregion` markers. The closing bracket's line
// stays visible, as in VS Code's JSON support.

import { createScanner, SyntaxKind } from 'jsonc-parser';
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver-types';
import type { SvcDocument } from '../parser/document';
import { beforeTextScan } from '../parser/textScans';

const REGION = /^\/\/\s*#(region|endregion)\b/;

export function foldingRanges(doc: SvcDocument, limit = 5000): FoldingRange[] {
  const ranges: FoldingRange[] = [];
  const text = doc.text;
  const lineOf = (offset: number) => doc.positionAt(offset).line;
  beforeTextScan(text);
  const scanner = createScanner(text, false);
  const open: number[] = [];
  const regions: number[] = [];
  let token = scanner.scan();
  while (token !== SyntaxKind.EOF) {
    switch (token) {
      case SyntaxKind.OpenBraceToken:
      case SyntaxKind.OpenBracketToken:
        open.push(lineOf(scanner.getTokenOffset()));
        break;
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken: {
        const startLine = open.pop();
        const closeOffset = scanner.getTokenOffset();
        const closeLine = lineOf(closeOffset);
        // Nothing to fold on one line; skipping here also avoids scanning back for the line
        // start on every bracket of a long single line (quadratic on deeply nested text).
        if (startLine === undefined || closeLine <= startLine) break;
        // A bracket alone at the start of its line stays visible; one after content folds with it.
        const atLineStart = /^[ \t]*$/.test(text.slice(text.lastIndexOf('\n', closeOffset - 1) + 1, closeOffset));
        const endLine = atLineStart ? closeLine - 1 : closeLine;
        if (startLine !== undefined && endLine > startLine) ranges.push({ startLine, endLine });
        break;
      }
      case SyntaxKind.BlockCommentTrivia: {
        const startLine = lineOf(scanner.getTokenOffset());
        const endLine = lineOf(scanner.getTokenOffset() + scanner.getTokenLength());
        if (endLine > startLine) ranges.push({ startLine, endLine, kind: FoldingRangeKind.Comment });
        break;
      }
      case SyntaxKind.LineCommentTrivia: {
        const match = REGION.exec(text.substr(scanner.getTokenOffset(), scanner.getTokenLength()));
        const line = lineOf(scanner.getTokenOffset());
        if (match?.[1] === 'region') regions.push(line);
        else if (match?.[1] === 'endregion') {
          const startLine = regions.pop();
          if (startLine !== undefined && line > startLine) ranges.push({ startLine, endLine: line, kind: FoldingRangeKind.Region });
        }
        break;
      }
    }
    token = scanner.scan();
  }
  // Editors ask for a bounded number: keep the outermost (earliest-starting, longest) ones.
  ranges.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  return ranges.slice(0, limit);
}
