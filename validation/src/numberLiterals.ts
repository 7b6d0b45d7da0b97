// Numbers written with a fraction or an exponent although their value is whole (`1718439136.0`,
// `1.7e9`). JSON.parse turns them into the same number as `1718439136`, but the reference's Go
// decoder reads the literal: into an integer member (`int`, `int64`, `uint16`…) it refuses both
// forms ("cannot unmarshal number 1.7e9 into Go struct field … of type int64"). So the text has to
// be read where the parse kept no trace. Cost: one native regular-expression search over the text
// per parsed value (no JavaScript loop); only a text that holds such a literal outside a string
// (rare) gets a pass of our own to find where each one sits.
// No imports on purpose: the sandbox notes the literals of every request body without loading the
// validation core.

/** A whole number written with a fraction or an exponent, at `path` below the value it was noted on. */
export interface NumberLiteral {
  path: Array<string | number>;
  /** The literal as written, e.g. `1718439136.0`. */
  text: string;
  value: number;
}

/** Literals noted per container: every container on the way to a literal knows it (paths relative to it). */
const notes = new WeakMap<object, NumberLiteral[]>();
const noted = new WeakSet<object>();
/** Values whose text holds no key-value reference (kvReferences.ts skips them without a walk). */
const withoutKv = new WeakSet<object>();

/**
 * A digit, then a fraction of zeros or an exponent, then the end of a value: the only literals that
 * can be whole. Starting at a digit (not at the `:` before the value, which every member has) keeps
 * the search about 1 ms on a 2 MB text. A match inside a string (`"v1.0]"`) only costs the pass below.
 */
const CANDIDATE = /\d(?:\.0+|(?:\.\d+)?[eE][+-]?\d+)\s*[,\]}]/;

/** Notes the whole-number literals of `text` (the source of `value`) on `value` and its containers; once per value. */
export function noteNumberLiterals(text: string, value: unknown): void {
  if (value === null || typeof value !== 'object' || noted.has(value)) return;
  noted.add(value);
  // Three native searches: `kv://` and `$kv{` references, and a legacy prefix with nothing after it.
  if (!text.includes('kv://') && !text.includes('$kv{') && !text.includes('://"')) withoutKv.add(value);
  if (!CANDIDATE.test(text)) return;
  for (const literal of scanLiterals(text)) attach(value, literal);
}

/** True when `value`'s text was noted and holds no key-value reference. */
export function textHoldsNoKvReference(value: unknown): boolean {
  return value !== null && typeof value === 'object' && withoutKv.has(value);
}

/** The whole-number literals noted on `value` or inside it (paths relative to `value`). */
export function numberLiteralsIn(value: unknown): readonly NumberLiteral[] {
  return value !== null && typeof value === 'object' ? (notes.get(value) ?? []) : [];
}

/** Registers `literal` on every container from `root` down to the literal's parent. */
function attach(root: object, literal: NumberLiteral): void {
  let current: unknown = root;
  for (let depth = 0; depth < literal.path.length; depth++) {
    if (current === null || typeof current !== 'object') return;
    const relative = { ...literal, path: literal.path.slice(depth) };
    const list = notes.get(current);
    if (list) list.push(relative);
    else notes.set(current, [relative]);
    current = (current as Record<string, unknown>)[literal.path[depth] as string];
  }
  // The value JSON.parse kept must be the literal's (a repeated member name keeps the last one).
  if (current !== literal.value) detach(root, literal);
}

function detach(root: object, literal: NumberLiteral): void {
  let current: unknown = root;
  for (let depth = 0; depth < literal.path.length && current !== null && typeof current === 'object'; depth++) {
    const list = notes.get(current);
    if (list) list.pop();
    current = (current as Record<string, unknown>)[literal.path[depth] as string];
  }
}

interface Frame {
  isObject: boolean;
  key: string | number;
}

/** One pass over strict JSON text: the path and text of every whole number written with `.` or an exponent. */
function scanLiterals(text: string): NumberLiteral[] {
  const found: NumberLiteral[] = [];
  const stack: Frame[] = [];
  let pendingKey: string | undefined;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
      const top = stack[stack.length - 1];
      // A string right before a colon is a member name.
      let j = i + 1;
      while (j < n && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x0a || text.charCodeAt(j) === 0x0d || text.charCodeAt(j) === 0x09)) j++;
      if (top?.isObject && text.charCodeAt(j) === 0x3a) pendingKey = JSON.parse(text.slice(start, i + 1)) as string;
    } else if (c === 0x3a) {
      const top = stack[stack.length - 1];
      if (top && pendingKey !== undefined) top.key = pendingKey;
    } else if (c === 0x7b || c === 0x5b) {
      stack.push({ isObject: c === 0x7b, key: 0 });
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
    } else if (c === 0x2c) {
      const top = stack[stack.length - 1];
      if (top && !top.isObject) top.key = (top.key as number) + 1;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let j = i + 1;
      while (j < n && /[0-9eE.+-]/.test(text[j])) j++;
      const literal = text.slice(i, j);
      i = j - 1;
      if (!/[.eE]/.test(literal)) continue;
      const value = Number(literal);
      if (!Number.isInteger(value)) continue;
      found.push({ path: stack.map((f) => f.key), text: literal, value });
    }
  }
  return found;
}
