// Folding ranges of a YAML document from its tree: every mapping or sequence that spans lines
// folds from the line of its key (or of its first item) to its last line.

import type { Node } from 'jsonc-parser';
import type { FoldingRange } from 'vscode-languageserver-types';
import type { SvcDocument } from '../parser/document';

export function yamlFoldingRanges(doc: SvcDocument, limit: number): FoldingRange[] {
  const ranges: FoldingRange[] = [];
  const root = doc.tree();
  if (!root) return ranges;
  const lineOf = (offset: number): number => doc.positionAt(offset).line;
  const stack: Array<{ node: Node; from: number }> = [{ node: root, from: root.offset }];
  const seen = new Set<Node[]>(); // an alias shares its anchor's children: fold them once
  while (stack.length > 0) {
    const { node, from } = stack.pop()!;
    if ((node.type !== 'object' && node.type !== 'array') || !node.children || seen.has(node.children)) continue;
    seen.add(node.children);
    const startLine = lineOf(from);
    const endLine = lineOf(node.offset + node.length);
    if (endLine > startLine) ranges.push({ startLine, endLine });
    for (const child of node.children) {
      if (child.type === 'property') {
        const [key, value] = child.children ?? [];
        if (key && value && value.offset >= key.offset) stack.push({ node: value, from: key.offset });
      } else {
        stack.push({ node: child, from: child.offset });
      }
    }
  }
  ranges.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  return ranges.slice(0, limit);
}
