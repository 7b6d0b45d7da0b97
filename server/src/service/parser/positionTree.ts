// A partial syntax tree for one position, instead of jsonc-parser's full tree. Why: the full
// tree of a 2 MB document costs ~150 ms and tens of megabytes that stay alive with the cached
// version, while completion and hover only look at the containers around the cursor.
// The tree holds the containers from the root down to the innermost value around `offset`,
// each with all its direct children as nodes; every other container is a node without
// children. Nodes have jsonc-parser's shape (type, offset, length, colonOffset, parent,
// children, value), so `findNodeAtOffset`/`getNodePath` and the callers read it as they read
// the full tree. Well-formed JSON/JSONC only: on malformed text it returns undefined and the
// caller uses the tolerant full tree.

import type { Node, NodeType } from 'jsonc-parser';
import type { ContainerEnds } from './containerEnds';
import { JsonSkipper, Malformed } from './jsonSkipper';

import { QUOTE, COMMA, COLON, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET } from './charCodes';

interface MutableNode {
  type: NodeType;
  value?: unknown;
  offset: number;
  length: number;
  colonOffset?: number;
  parent?: MutableNode;
  children?: MutableNode[];
}

/** `ends` (optional) lets containers off the cursor's path be skipped without a rescan. */
export function positionTree(text: string, offset: number, ends?: ContainerEnds): Node | undefined {
  const scanner = new PositionScanner(text, offset, ends);
  try {
    const start = scanner.skipTrivia(0);
    if (start >= text.length) return undefined;
    const root = scanner.value(start, undefined);
    // Anything after the root value is a syntax error: let the tolerant tree answer.
    if (scanner.skipTrivia(root.offset + root.length) !== text.length) return undefined;
    return root;
  } catch (e) {
    if (e instanceof Malformed) return undefined;
    throw e;
  }
}

class PositionScanner extends JsonSkipper {
  constructor(
    text: string,
    private readonly target: number,
    private readonly ends: ContainerEnds | undefined,
  ) {
    super(text);
  }

  override skipValue(pos: number): number {
    const end = this.ends?.endOf(pos) ?? -1;
    return end >= 0 ? end : super.skipValue(pos);
  }

  /** The node of the value starting at `pos`; a container around the target gets its children. */
  value(pos: number, parent: MutableNode | undefined): MutableNode {
    const c = this.text.charCodeAt(pos);
    const end = this.skipValue(pos);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const node: MutableNode = { type: c === OPEN_BRACE ? 'object' : 'array', offset: pos, length: end - pos, parent, children: [] };
      // Both bounds inclusive: a cursor right after `}` still belongs to the container for
      // jsonc-parser's `findNodeAtOffset(…, includeRightBound)`.
      if (this.target >= pos && this.target <= end) {
        if (c === OPEN_BRACE) this.members(node);
        else this.items(node);
      }
      return node;
    }
    return { ...this.literal(pos, end), offset: pos, length: end - pos, parent };
  }

  private literal(pos: number, end: number): { type: NodeType; value: unknown } {
    if (this.text.charCodeAt(pos) === QUOTE) return { type: 'string', value: this.decodeKey(pos, end) };
    const token = this.text.slice(pos, end);
    if (token === 'true' || token === 'false') return { type: 'boolean', value: token === 'true' };
    if (token === 'null') return { type: 'null', value: null };
    const number = Number(token);
    if (!/^-?\d/.test(token) || Number.isNaN(number)) throw new Malformed();
    return { type: 'number', value: number };
  }

  private members(object: MutableNode): void {
    const text = this.text;
    let pos = this.skipTrivia(object.offset + 1);
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === CLOSE_BRACE) return;
      if (c !== QUOTE) throw new Malformed();
      const keyEnd = this.skipString(pos);
      const property: MutableNode = { type: 'property', offset: pos, length: 0, parent: object, children: [] };
      property.children!.push({ type: 'string', value: this.decodeKey(pos, keyEnd), offset: pos, length: keyEnd - pos, parent: property });
      const colon = this.skipTrivia(keyEnd);
      if (text.charCodeAt(colon) !== COLON) throw new Malformed();
      property.colonOffset = colon;
      const child = this.value(this.skipTrivia(colon + 1), property);
      property.children!.push(child);
      property.length = child.offset + child.length - property.offset;
      object.children!.push(property);
      pos = this.skipTrivia(child.offset + child.length);
      const d = text.charCodeAt(pos);
      if (d === COMMA) pos = this.skipTrivia(pos + 1);
      else if (d !== CLOSE_BRACE) throw new Malformed();
    }
  }

  private items(array: MutableNode): void {
    const text = this.text;
    let pos = this.skipTrivia(array.offset + 1);
    for (;;) {
      if (text.charCodeAt(pos) === CLOSE_BRACKET) return;
      const child = this.value(pos, array);
      array.children!.push(child);
      pos = this.skipTrivia(child.offset + child.length);
      const d = text.charCodeAt(pos);
      if (d === COMMA) pos = this.skipTrivia(pos + 1);
      else if (d !== CLOSE_BRACKET) throw new Malformed();
    }
  }
}
