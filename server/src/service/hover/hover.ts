// Hover: for a member name or a value, what the schema says about it — title, markdown
// description, type, unit, allowed values, default, deprecation — and, on an enum value, that
// value's own description.

import { findNodeAtOffset, getNodePath, type Node } from 'jsonc-parser';
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver-types';
import type { DocumentKind } from '../../../../common/src/kinds';
import type { SvcDocument } from '../parser/document';
import { factsMarkdown, schemaFacts } from '../schema/schemaFacts';
import type { SchemaWalker } from '../schema/schemaWalker';
import type { JsonPath } from '../schema/schemaTypes';

const SCALARS = new Set(['string', 'number', 'boolean', 'null']);

export function hover(doc: SvcDocument, position: Position, kind: DocumentKind | undefined, walker: SchemaWalker): Hover | null {
  if (!kind || doc.tooDeep) return null;
  const offset = doc.textDocument.offsetAt(position);
  const root = doc.treeAt(offset);
  if (!root) return null;
  const node = findNodeAtOffset(root, offset, false);
  if (!node || !SCALARS.has(node.type)) return null;
  const parent = node.parent;
  const isKey = parent?.type === 'property' && parent.children?.[0] === node;
  const path: JsonPath = isKey ? [...getNodePath(parent.parent as Node), node.value as string] : getNodePath(node);
  const facts = schemaFacts(walker.schemasAt(kind, path, doc.value));
  const last = path[path.length - 1];
  const heading = typeof last === 'string' ? last : undefined;
  const value = factsMarkdown(facts, isKey ? { heading } : { heading, currentValue: node.value, hasCurrentValue: true });
  // A bare heading says nothing the user cannot read in the editor.
  if (!value || value === `**${heading}**`) return null;
  return { contents: { kind: MarkupKind.Markdown, value }, range: doc.range(node.offset, node.length) };
}
