// The shape of a text that JSON.parse accepted (its nesting and how many member names it writes),
// told from the parsed value and a native count of the text's colons instead of a pass over every
// character: on a 2 MB definition that pass was ~12 ms, most of it a JavaScript loop per character.
//
// Why the count proves the shape. In text JSON.parse accepts there are no comments, so every colon
// is either the one after a member's name or inside a string. Write W for the members the text
// writes, S for the colons inside its strings, M for the members of the value and V for the colons
// inside the value's strings (names included). The text has W + S colons. JSON.parse keeps one
// member per name, so M ≤ W; every string of the value is one of the text's strings, and unless
// the text writes a colon as an escape (`\u003a`) it holds as many colons as it was written with,
// so V ≤ S. Hence colons − V = M only when W = M and S = V: no member was dropped, so no name is
// repeated and every `{`/`[` of the text is a container of the value (same depth). Otherwise (a
// repeat, or an escaped colon anywhere) the caller falls back to the pass over the text.

/**
 * What the shape of a text tells: nesting depth and how many member names it writes. Measured by
 * one flat pass over the text (document.ts, `measureShape`) or proven from the parsed value here.
 */
export interface TextShape {
  /** Deepest nesting of `{`/`[` outside strings. */
  depth: number;
  /**
   * Colons outside strings and comments: on text `JSON.parse` accepts, one per member written.
   * More than the parsed value has members means a name is repeated in some object.
   */
  memberNames: number;
}

/** What one flat walk over a parsed value counts. */
export interface ValueShape {
  /** Members of every object (own enumerable names, as JSON.parse makes them). */
  members: number;
  /** Deepest nesting of objects and arrays (the root container is 1; a scalar 0). */
  depth: number;
  /** Colons inside the value's strings, member names included. */
  colonsInStrings: number;
}

/** Counts a parsed value's members, depth and colons in strings with a flat loop (no recursion). */
export function measureValue(value: unknown): ValueShape {
  let members = 0;
  let maxDepth = 0;
  let colonsInStrings = 0;
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop()! + 1;
    if (typeof current === 'string') {
      colonsInStrings += colonsIn(current);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth > maxDepth) maxDepth = depth;
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) {
        const item: unknown = current[i];
        if (typeof item === 'string') colonsInStrings += colonsIn(item);
        else if (item !== null && typeof item === 'object') {
          values.push(item);
          depths.push(depth);
        }
      }
      continue;
    }
    const object = current as Record<string, unknown>;
    for (const name in object) {
      members++;
      colonsInStrings += colonsIn(name);
      const member = object[name];
      if (typeof member === 'string') colonsInStrings += colonsIn(member);
      else if (member !== null && typeof member === 'object') {
        values.push(member);
        depths.push(depth);
      }
    }
  }
  return { members, depth: maxDepth, colonsInStrings };
}

/**
 * The shape of `text` (which JSON.parse accepted, giving the value `measured`) when the counts
 * prove it, else `undefined` (see the header: a repeated name, or a colon written `\u003a`).
 */
export function shapeOfParsedText(text: string, measured: ValueShape): TextShape | undefined {
  if (text.includes('\\u003a') || text.includes('\\u003A')) return undefined;
  if (colonsIn(text) - measured.colonsInStrings !== measured.members) return undefined;
  return { depth: measured.depth, memberNames: measured.members };
}

/** Colons in a string, found natively (most strings have none: one search). */
function colonsIn(s: string): number {
  let count = 0;
  for (let i = s.indexOf(':'); i !== -1; i = s.indexOf(':', i + 1)) count++;
  return count;
}
