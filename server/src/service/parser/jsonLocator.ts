// Finds the offsets of a few members in JSON text without building a syntax tree.
// Why: on a 2 MB document jsonc-parser's full tree costs ~150 ms while JSON.parse costs
// ~12 ms; validation needs positions only for the handful of members it reports on.
// One pass over the text walks down the requested pointers (a trie) and skips every other
// subtree with a flat character loop, so the cost is a fraction of a tokenizer pass and the
// call stack depth is bounded by the pointers' length, never the document's nesting.
// Comments and trailing commas (JSONC) are tolerated; on malformed text it gives up and
// returns what it found so far (callers use the tolerant tree for broken documents).

import { parsePointer } from './jsonPointer';
import { JsonSkipper, Malformed } from './jsonSkipper';
import { beforeTextScan } from './textScans';

/** Offsets of a value and, for an object member, of its key (quotes included). */
export interface JsonLocation {
  valueOffset: number;
  valueLength: number;
  keyOffset?: number;
  keyLength?: number;
}

interface TrieNode {
  children: Map<string, TrieNode>;
  /** Pointers that end at this node (usually one). */
  pointers: string[];
}

import { QUOTE, COMMA, COLON, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET } from './charCodes';

export function locatePointers(text: string, pointers: Iterable<string>): Map<string, JsonLocation> {
  const root: TrieNode = { children: new Map(), pointers: [] };
  for (const pointer of pointers) {
    let node = root;
    for (const segment of parsePointer(pointer)) {
      let next = node.children.get(segment);
      if (!next) node.children.set(segment, (next = { children: new Map(), pointers: [] }));
      node = next;
    }
    node.pointers.push(pointer);
  }
  const found = new Map<string, JsonLocation>();
  beforeTextScan(text);
  const scanner = new Scanner(text, found);
  try {
    const start = scanner.skipTrivia(0);
    if (start < text.length) scanner.visitValue(start, root, undefined, undefined);
  } catch (e) {
    if (!(e instanceof Malformed)) throw e;
  }
  return found;
}

class Scanner extends JsonSkipper {
  constructor(
    text: string,
    private readonly found: Map<string, JsonLocation>,
  ) {
    super(text);
  }

  /** Walks the value at `pos` along the trie; returns the offset just after the value. */
  visitValue(pos: number, node: TrieNode, keyOffset: number | undefined, keyLength: number | undefined): number {
    const c = this.text.charCodeAt(pos);
    let end: number;
    if (node.children.size > 0 && c === OPEN_BRACE) end = this.visitObject(pos, node);
    else if (node.children.size > 0 && c === OPEN_BRACKET) end = this.visitArray(pos, node);
    else end = this.skipValue(pos);
    for (const pointer of node.pointers) {
      // A later duplicate member overwrites an earlier one, as JSON.parse does.
      const location: JsonLocation = { valueOffset: pos, valueLength: end - pos };
      if (keyOffset !== undefined) {
        location.keyOffset = keyOffset;
        location.keyLength = keyLength;
      }
      this.found.set(pointer, location);
    }
    return end;
  }

  private visitObject(pos: number, node: TrieNode): number {
    pos = this.skipTrivia(pos + 1);
    for (;;) {
      const c = this.text.charCodeAt(pos);
      if (c === CLOSE_BRACE) return pos + 1;
      if (c !== QUOTE) throw new Malformed();
      const keyStart = pos;
      const keyEnd = this.skipString(pos);
      const key = this.decodeKey(keyStart, keyEnd);
      pos = this.skipTrivia(keyEnd);
      if (this.text.charCodeAt(pos) !== COLON) throw new Malformed();
      pos = this.skipTrivia(pos + 1);
      const child = node.children.get(key);
      pos = child ? this.visitValue(pos, child, keyStart, keyEnd - keyStart) : this.skipValue(pos);
      pos = this.skipTrivia(pos);
      const d = this.text.charCodeAt(pos);
      if (d === COMMA) pos = this.skipTrivia(pos + 1);
      else if (d !== CLOSE_BRACE) throw new Malformed();
    }
  }

  private visitArray(pos: number, node: TrieNode): number {
    pos = this.skipTrivia(pos + 1);
    for (let index = 0; ; index++) {
      const c = this.text.charCodeAt(pos);
      if (c === CLOSE_BRACKET) return pos + 1;
      const child = node.children.get(String(index));
      pos = child ? this.visitValue(pos, child, undefined, undefined) : this.skipValue(pos);
      pos = this.skipTrivia(pos);
      const d = this.text.charCodeAt(pos);
      if (d === COMMA) pos = this.skipTrivia(pos + 1);
      else if (d !== CLOSE_BRACKET) throw new Malformed();
    }
  }
}
