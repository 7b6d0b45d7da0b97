// Members named twice in one object. JSON allows it, but the reference gateway (like
// JSON.parse) keeps only the last one, so an earlier value is silently ignored: worth a warning
// on each ignored key. One flat pass over the text (no recursion, no tree), JSONC comments skipped.

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
  /** Member name → offsets of its keys, in order. */
  keys?: Map<string, Array<{ offset: number; length: number }>>;
}

export function findDuplicateMembers(text: string): DuplicateMember[] {
  const found: DuplicateMember[] = [];
  const stack: Frame[] = [];
  const n = text.length;
  const close = (frame: Frame | undefined) => {
    if (!frame?.keys) return;
    for (const [name, occurrences] of frame.keys) {
      if (occurrences.length < 2) continue;
      const winner = occurrences[occurrences.length - 1];
      for (const o of occurrences.slice(0, -1)) found.push({ name, keyOffset: o.offset, keyLength: o.length, winnerOffset: winner.offset });
    }
  };
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22 || d === 0x0a) break;
      }
      const top = stack[stack.length - 1];
      if (top?.isObject && top.expectKey) {
        top.expectKey = false;
        const name = decode(text.slice(start, i + 1));
        if (name === undefined) continue;
        top.keys ??= new Map();
        const list = top.keys.get(name);
        const occurrence = { offset: start, length: i + 1 - start };
        if (list) list.push(occurrence);
        else top.keys.set(name, [occurrence]);
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

/** The member name a quoted key stands for (escapes resolved), undefined if it is not a valid string. */
function decode(quoted: string): string | undefined {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}
