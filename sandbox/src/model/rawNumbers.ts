// The source text of every number in a JSON body, found by path. JSON.parse gives `-1.0` as -1
// and 9007199254740993 as …992, but the reference's decoder reads integer members from the text:
// `-1.0` is refused for an int64 member ("cannot unmarshal number -1.0 into … of type int64"),
// and 9007199254740993 is kept exactly. The session checks (sessionShape.ts) look the text up
// here to refuse what the reference refuses, and what the sandbox could not keep exactly.
// Node 20's JSON.parse has no source-text access, hence this small scanner (the body's depth is
// already limited by http/body.ts, so recursion is bounded).

/** A tree with the body's shape: objects and arrays as in the body, numbers as their text, other values undefined. */
export type RawTree = string | undefined | RawTree[] | { [key: string]: RawTree };

/** The raw tree of `text` (which JSON.parse already accepted); undefined when it cannot be scanned. */
export function rawNumbers(text: string): RawTree {
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const string = (): string => {
    const start = i;
    i++; // opening quote
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): RawTree => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const object: { [key: string]: RawTree } = Object.create(null) as { [key: string]: RawTree };
      ws();
      if (text[i] === '}') {
        i++;
        return object;
      }
      for (;;) {
        ws();
        const key = string();
        ws();
        i++; // colon
        object[key] = value();
        ws();
        if (text[i++] === '}') return object;
      }
    }
    if (c === '[') {
      i++;
      const array: RawTree[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return array;
      }
      for (;;) {
        array.push(value());
        ws();
        if (text[i++] === ']') return array;
      }
    }
    if (c === '"') {
      string();
      return undefined;
    }
    const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (match) {
      i += match[0].length;
      return match[0];
    }
    i += text.startsWith('true', i) || text.startsWith('null', i) ? 4 : 5; // true, null, false
    return undefined;
  };
  try {
    return value();
  } catch {
    return undefined;
  }
}

/** The child of a raw tree (undefined when absent). */
export function rawChild(tree: RawTree, key: string | number): RawTree {
  if (tree === undefined || typeof tree === 'string') return undefined;
  if (Array.isArray(tree)) return typeof key === 'number' ? tree[key] : undefined;
  return Object.prototype.hasOwnProperty.call(tree, key) ? tree[key as string] : undefined;
}
