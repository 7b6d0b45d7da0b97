// The flat, allocation-free character loops shared by the one-pass JSON scanners (the pointer
// locator, the position tree): skip a string, a comment, trivia or a whole value without
// recursion, so the call stack never depends on the document's nesting. JSONC comments are
// tolerated; anything malformed throws `Malformed` and the caller falls back to the tolerant
// jsonc-parser tree.

import { QUOTE, BACKSLASH, SLASH, STAR, COMMA, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET } from './charCodes';

export class Malformed extends Error {}

export class JsonSkipper {
  constructor(protected readonly text: string) {}

  decodeKey(start: number, end: number): string {
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
  skipString(pos: number): number {
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

  skipComment(pos: number): number {
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
