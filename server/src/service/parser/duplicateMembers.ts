// Members named twice in one object. JSON allows it, but the reference gateway (like
// JSON.parse) keeps only the last one, so an earlier value is silently ignored: worth a warning
// on each ignored key. One flat pass over the text (no recursion, no tree), JSONC comments skipped.
// Text that JSON.parse accepted is first checked by counting: the usual document has no
// repeated name, and counting costs a fraction of the full pass (`SvcDocument.mayRepeatMembers`).

import { beforeTextScan } from './textScans';

export interface DuplicateMember {
  name: string;
  /** The ignored (earlier) occurrence's key, quotes included. */
  keyOffset: number;
  keyLength: number;
  /** Offset of the key that wins (the last one). */
  winnerOffset: number;
}

interface Frame {
  isObject: boolean;
  expectKey: boolean;
  /** Member name → offset of its first key. */
  keys?: Map<string, number>;
  /** Names seen more than once → offsets of all their keys, in order (rare: made on the first repeat). */
  repeats?: Map<string, number[]>;
}

export function findDuplicateMembers(text: string): DuplicateMember[] {
  beforeTextScan(text);
  const found: DuplicateMember[] = [];
  const stack: Frame[] = [];
  const n = text.length;
  const close = (frame: Frame | undefined) => {
    if (!frame?.repeats) return;
    for (const [name, offsets] of frame.repeats) {
      const winner = offsets[offsets.length - 1];
      for (const offset of offsets.slice(0, -1)) found.push({ name, keyOffset: offset, keyLength: quotedLength(text, offset), winnerOffset: winner });
    }
  };
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      // Plain keys (no escape, no control character) are their own name: no JSON.parse, the
      // common case, and most of this pass's cost on a large document.
      let plain = true;
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) {
          plain = false;
          i++;
        } else if (d === 0x22 || d === 0x0a) break;
        else if (d < 0x20) plain = false;
      }
      const top = stack[stack.length - 1];
      if (top?.isObject && top.expectKey) {
        top.expectKey = false;
        const name = plain && text.charCodeAt(i) === 0x22 ? text.slice(start + 1, i) : decode(text.slice(start, i + 1));
        if (name === undefined) continue;
        top.keys ??= new Map();
        const first = top.keys.get(name);
        if (first === undefined) {
          top.keys.set(name, start);
          continue;
        }
        top.repeats ??= new Map();
        const offsets = top.repeats.get(name);
        if (offsets) offsets.push(start);
        else top.repeats.set(name, [first, start]);
      }
    } else if (c === 0x7b || c === 0x5b) {
      stack.push({ isObject: c === 0x7b, expectKey: c === 0x7b });
    } else if (c === 0x7d || c === 0x5d) {
      close(stack.pop());
    } else if (c === 0x2c) {
      const top = stack[stack.length - 1];
      if (top?.isObject) top.expectKey = true;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2f) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? n : nl;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 1;
    }
  }
  while (stack.length) close(stack.pop());
  return found.sort((a, b) => a.keyOffset - b.keyOffset);
}

/** Length of the quoted key at `offset`, quotes included (as the scan above delimits it). */
function quotedLength(text: string, offset: number): number {
  let i = offset + 1;
  for (; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (d === 0x5c) i++;
    else if (d === 0x22 || d === 0x0a) break;
  }
  return i + 1 - offset;
}

/** The member name a quoted key stands for (escapes resolved), undefined if it is not a valid string. */
function decode(quoted: string): string | undefined {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}
