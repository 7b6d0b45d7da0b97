// `$ref` inside one document: from `"$ref": "#/components/schemas/Pet"` to the `Pet` member.
// Read straight from the text around the cursor (a JSON string never spans lines), so no tree
// is built; the target is found with the pointer locator.

import type { Location, Position } from 'vscode-languageserver-types';
import type { DocumentKind } from '../../../../common/src/kinds';
import { findNodeAtOffset } from 'jsonc-parser';
import type { SvcDocument } from '../parser/document';

/** The string literal around `offset` on its line: [start quote, end quote] offsets. */
function stringAround(text: string, offset: number): [number, number] | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let lineEnd = text.indexOf('\n', offset);
  if (lineEnd < 0) lineEnd = text.length;
  let open = -1;
  for (let i = lineStart; i < lineEnd; i++) {
    const c = text[i];
    if (c === '\\' && open >= 0) {
      i++;
      continue;
    }
    if (c !== '"') continue;
    if (open < 0) open = i;
    else {
      if (offset > open && offset <= i) return [open, i];
      open = -1;
    }
  }
  return undefined;
}

/** The string of a `"$ref": "…"` member whose value the cursor is in (JSON text). */
function jsonRefAt(text: string, offset: number): string | undefined {
  const literal = stringAround(text, offset);
  if (!literal) return undefined;
  if (!/"\$ref"\s*:\s*$/.test(text.slice(Math.max(0, literal[0] - 40), literal[0]))) return undefined;
  try {
    return JSON.parse(text.slice(literal[0], literal[1] + 1)) as string;
  } catch {
    return undefined;
  }
}

/** The same in YAML (`$ref: '#/…'`, quoted or not), from the document's tree. */
function yamlRefAt(doc: SvcDocument, offset: number): string | undefined {
  const root = doc.tree();
  const node = root ? findNodeAtOffset(root, offset, true) : undefined;
  const property = node?.parent;
  if (!node || node.type !== 'string' || property?.type !== 'property' || property.children?.[1] !== node) return undefined;
  return property.children[0]?.value === '$ref' ? (node.value as string) : undefined;
}

/** The member a local `$ref` under the cursor points at, or undefined when the cursor is on none. */
export function refDefinition(doc: SvcDocument, kind: DocumentKind | undefined, position: Position): Location | undefined {
  if (!kind) return undefined;
  const offset = doc.textDocument.offsetAt(position);
  const value = doc.isYaml ? yamlRefAt(doc, offset) : jsonRefAt(doc.text, offset);
  if (value === undefined) return undefined;
  if (!value.startsWith('#')) return undefined; // another file or a URL: not ours to follow
  let pointer = value.slice(1);
  try {
    pointer = decodeURIComponent(pointer);
  } catch {
    // a literal `%` stays as written
  }
  // A dashboard record nests the OAS document under `oas`: its `#/…` means inside that.
  if (kind === 'dashboard-api') pointer = '/oas' + pointer;
  const target = doc.locate(pointer);
  if (!target) return undefined;
  // The name without its quotes (a YAML key may have none).
  const quoted = target.keyOffset !== undefined && /["']/.test(doc.text.charAt(target.keyOffset));
  const start = target.keyOffset !== undefined ? target.keyOffset + (quoted ? 1 : 0) : target.valueOffset;
  const length = target.keyLength !== undefined ? target.keyLength - (quoted ? 2 : 0) : target.valueLength;
  return { uri: doc.uri, range: doc.range(start, length) };
}
