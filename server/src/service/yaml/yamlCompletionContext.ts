// Where is the cursor, in YAML terms? YAML's structure is its indentation, and a half-typed key
// on a line of its own is not yet a member of any mapping (the parser joins it to the next line),
// so the context comes from the lines: the cursor's line says whether a key or a value is being
// typed, and the lines above at the same or a smaller indentation say in which mapping (found in
// the document's tree by their keys, whose paths the tree knows).

import { findNodeAtOffset, getNodePath, type Node } from 'jsonc-parser';
import type { JsonPath } from '../schema/schemaTypes';
import type { CompletionContext, TextSpan } from '../completion/context';

interface Line {
  start: number;
  text: string;
}

/** A line's key column (after indentation and any `- ` dashes) and whether it has a dash. */
function layout(text: string): { column: number; dashColumn: number | undefined; rest: string } {
  const indent = /^ */.exec(text)![0].length;
  let column = indent;
  let dashColumn: number | undefined;
  while (text.startsWith('- ', column) || (text[column] === '-' && column + 1 === text.length)) {
    dashColumn = column;
    column += 2;
    while (text[column] === ' ') column++;
  }
  return { column, dashColumn, rest: text.slice(column) };
}

function lineAt(text: string, offset: number): Line {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  let end = text.indexOf('\n', offset);
  if (end < 0) end = text.length;
  return { start, text: text.slice(start, end).replace(/\r$/, '') };
}

function previousLine(text: string, line: Line): Line | undefined {
  if (line.start === 0) return undefined;
  return lineAt(text, line.start - 1);
}

const isBlankOrComment = (text: string): boolean => /^\s*(#.*)?$/.test(text);

/** The property (key) node written at `offset`, if the tree has one there. */
function propertyAt(root: Node, offset: number): Node | undefined {
  const node = findNodeAtOffset(root, offset, false);
  const property = node?.parent;
  return property?.type === 'property' && property.children?.[0] === node ? property : undefined;
}

function keysOf(object: Node | undefined, except?: string): Set<string> {
  const keys = new Set<string>();
  for (const property of object?.type === 'object' ? (object.children ?? []) : []) {
    const key: unknown = property.children?.[0]?.value;
    if (typeof key === 'string' && key !== except) keys.add(key);
  }
  return keys;
}

const KEY_COLON = /^("[^"]*"|'[^']*'|[^:#'"\s][^:#]*?)(\s*):(?=\s|$)/;

interface Owner {
  /** Path of the mapping (or, for a new item, of the sequence). */
  path: JsonPath;
  object?: Node;
}

/** The member written at `keyOffset` (its key node's property), found in the tree. */
function memberOwner(root: Node | undefined, keyOffset: number): { owner: Owner; key: string } | undefined {
  const property = root ? propertyAt(root, keyOffset) : undefined;
  if (!property?.parent) return undefined;
  return { owner: { path: getNodePath(property.parent), object: property.parent }, key: property.children![0].value as string };
}

/**
 * The mapping a key at `column` on `line` belongs to: a sibling key above at the same column
 * names it; else the first line above with a smaller key column is its parent `key:`.
 */
function mappingOwner(text: string, root: Node | undefined, line: Line, column: number): Owner | undefined {
  for (let above = previousLine(text, line); above; above = previousLine(text, above)) {
    if (isBlankOrComment(above.text)) continue;
    const { column: keyColumn } = layout(above.text);
    if (keyColumn > column) continue; // deeper: inside an earlier sibling
    const member = memberOwner(root, above.start + keyColumn);
    if (!member) return undefined;
    if (keyColumn === column) return member.owner;
    const value = propertyAt(root!, above.start + keyColumn)!.children?.[1];
    return { path: [...member.owner.path, member.key], object: value?.type === 'object' ? value : undefined };
  }
  return { path: [], object: root?.type === 'object' ? root : undefined };
}

/** The sequence a `- ` item at `dashColumn` belongs to, and its path. */
function sequenceOwner(text: string, root: Node | undefined, line: Line, dashColumn: number): Owner | undefined {
  for (let above = previousLine(text, line); above; above = previousLine(text, above)) {
    if (isBlankOrComment(above.text)) continue;
    const { column: keyColumn, dashColumn: aboveDash } = layout(above.text);
    if (aboveDash === dashColumn && root) {
      let node = findNodeAtOffset(root, above.start + dashColumn + 2, false);
      while (node?.parent && node.parent.type !== 'array') node = node.parent;
      return node?.parent ? { path: getNodePath(node.parent) } : undefined;
    }
    if ((aboveDash ?? keyColumn) > dashColumn) continue;
    const member = memberOwner(root, above.start + keyColumn);
    return member ? { path: [...member.owner.path, member.key] } : undefined;
  }
  return { path: [] };
}

const WORD = /[A-Za-z0-9_\-$.@/]/;

function wordSpan(text: string, offset: number): TextSpan {
  let start = offset;
  while (start > 0 && WORD.test(text.charAt(start - 1))) start--;
  let end = offset;
  while (end < text.length && WORD.test(text.charAt(end))) end++;
  return { offset: start, length: end - start };
}

/** The completion context at `offset` in a YAML text (undefined where nothing fits). */
export function yamlCompletionContext(text: string, root: Node | undefined, offset: number): CompletionContext | undefined {
  const line = lineAt(text, offset);
  const before = text.slice(line.start, offset);
  if (before.includes('#')) return undefined; // in a comment (or after one)
  const { column, dashColumn, rest } = layout(line.text);
  const cursorColumn = offset - line.start;
  const colon = KEY_COLON.exec(rest);
  if (colon && cursorColumn >= column) {
    const colonOffset = line.start + column + colon[1].length + colon[2].length;
    const written = colon[1].replace(/^["']|["']$/g, '');
    const member = memberOwner(root, line.start + column);
    const owner = member?.owner ?? mappingOwner(text, root, line, column);
    if (!owner) return undefined;
    if (offset > colonOffset) {
      const node = root ? findNodeAtOffset(root, offset, true) : undefined;
      const scalar = node && node.type !== 'object' && node.type !== 'array' && node.type !== 'property' && node.offset > colonOffset ? node : undefined;
      const replace = scalar ? { offset: scalar.offset, length: scalar.length } : wordSpan(text, offset);
      return { type: 'value', path: [...owner.path, member?.key ?? written], replace };
    }
    const replace = { offset: line.start + column, length: colon[1].length };
    return { type: 'property', objectPath: owner.path, existing: keysOf(owner.object, member?.key ?? written), replace, keyOnly: true, addComma: false };
  }
  if (/\S/.test(rest.slice(0, Math.max(0, cursorColumn - column)).replace(/[A-Za-z0-9_\-$.@/]+/g, ''))) return undefined;
  const replace = wordSpan(text, offset);
  const typed = text.slice(replace.offset, replace.offset + replace.length);
  if (dashColumn !== undefined && cursorColumn >= dashColumn + 2) {
    // `- ` and a word: the first member of a new item (or the item itself, when the items are not objects).
    const sequence = sequenceOwner(text, root, line, dashColumn);
    if (!sequence) return undefined;
    let index = 0;
    const node = root ? findNodeAtOffset(root, line.start + column, true) : undefined;
    let item = node;
    while (item?.parent && item.parent.type !== 'array') item = item.parent;
    if (item?.parent) index = item.parent.children!.indexOf(item);
    return { type: 'property', objectPath: [...sequence.path, Math.max(0, index)], existing: new Set(), replace, keyOnly: false, addComma: false };
  }
  const keyColumn = /\S/.test(line.text) ? column : cursorColumn;
  const owner = mappingOwner(text, root, line, keyColumn);
  if (!owner) return undefined;
  return { type: 'property', objectPath: owner.path, existing: keysOf(owner.object, typed), replace, keyOnly: false, addComma: false };
}
