// Finds the offsets of a few members in JSON text without building a syntax tree.
// Why: on a 2 MB document jsonc-parser's full tree costs ~150 ms while JSON.parse costs
// ~12 ms; validation needs positions only for the handful of members it reports on.
// One pass over the text walks down the requested pointers (a trie) and skips every other
// subtree with a flat character loop, so the cost is a fraction of a tokenizer pass and the
// call stack depth is bounded by the pointers' length, never the document's nesting.
// Comments and trailing commas (JSONC) are tolerated; on malformed text it gives up and
// returns what it found so far (callers use the tolerant tree for broken documents).

import { parsePointer } from './jsonPointer';

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

const QUOTE = 0x22, BACKSLASH = 0x5c, SLASH = 0x2f, STAR = 0x2a, COMMA = 0x2c, COLON = 0x3a;
const OPEN_BRACE = 0x7b, CLOSE_BRACE = 0x7d, OPEN_BRACKET = 0x5b, CLOSE_BRACKET = 0x5d;

class Malformed extends Error {}

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
  const scanner = new Scanner(text, found);
  try {
    const start = scanner.skipTrivia(0);
    if (start < text.length) scanner.visitValue(start, root, undefined, undefined);
  } catch (e) {
    if (!(e instanceof Malformed)) throw e;
  }
  return found;
}

class Scanner {
  constructor(private readonly text: string, private readonly found: Map<string, JsonLocation>) {}

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

  private decodeKey(start: number, end: number): string {
    const raw = this.text.slice(start + 1, end - 1);
    if (raw.indexOf('\\') < 0) return raw;
    try {
      return JSON.parse(this.text.slice(start, end)) as string;
    } catch {
      return raw;
    }
  }

  /** Skips a whole value with a flat loop (no recursion, whatever the nesting). */
  skipValue(pos: number): number {
    const text = this.text;
    const c = text.charCodeAt(pos);
    if (c === QUOTE) return this.skipString(pos);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      let depth = 0;
      while (pos < text.length) {
        const d = text.charCodeAt(pos);
        if (d === QUOTE) {
          pos = this.skipString(pos);
          continue;
        }
        if (d === SLASH) {
          pos = this.skipComment(pos);
          continue;
        }
        if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
        else if (d === CLOSE_BRACE || d === CLOSE_BRACKET) {
          depth--;
          if (depth === 0) return pos + 1;
        }
        pos++;
      }
      throw new Malformed();
    }
    // A literal: number, true, false, null. It ends at a delimiter or trivia.
    const start = pos;
    while (pos < text.length) {
      const d = text.charCodeAt(pos);
      if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || d === SLASH || d <= 0x20) break;
      pos++;
    }
    if (pos === start) throw new Malformed();
    return pos;
  }

  /** `pos` is at the opening quote; returns the offset after the closing quote. */
  private skipString(pos: number): number {
    const text = this.text;
    pos++;
    for (;;) {
      const close = text.indexOf('"', pos);
      if (close < 0) throw new Malformed();
      // Count the backslashes right before the quote: an odd number escapes it.
      let backslashes = 0;
      for (let i = close - 1; i >= pos && text.charCodeAt(i) === BACKSLASH; i--) backslashes++;
      if (backslashes % 2 === 0) return close + 1;
      pos = close + 1;
    }
  }

  private skipComment(pos: number): number {
    const text = this.text;
    const next = text.charCodeAt(pos + 1);
    if (next === SLASH) {
      const nl = text.indexOf('\n', pos + 2);
      return nl < 0 ? text.length : nl + 1;
    }
    if (next === STAR) {
      const close = text.indexOf('*/', pos + 2);
      if (close < 0) throw new Malformed();
      return close + 2;
    }
    throw new Malformed();
  }

  skipTrivia(pos: number): number {
    const text = this.text;
    while (pos < text.length) {
      const c = text.charCodeAt(pos);
      if (c <= 0x20 || c === 0xfeff) pos++;
      else if (c === SLASH) pos = this.skipComment(pos);
      else break;
    }
    return pos;
  }
}
