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
 * A digit, then a fraction of zeros or an exponent, then the end of a value; or 17 digits around a
 * `.`: the only literals that can be whole (a fraction a double cannot hold, `1.0000000000000001`
 * is 1, takes 17 significant digits). Starting at a digit (not at the `:` before the value, which
 * every member has) keeps the search about 1 ms on a 2 MB text. A match inside a string
 * (`"v1.0]"`) or a long plain integer only costs the pass below. (A fraction before an exponent
 * needs no pattern: the exponent follows a digit.)
 */
const CANDIDATE = /\d(?:\.0+|[eE][+-]?\d+)\s*[,\]}]|[\d.]{18}/;

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
  // A WeakSet holds no primitive: `has` answers false for one.
  return withoutKv.has(value as object);
}

/** The whole-number literals noted on `value` or inside it (paths relative to `value`). */
export function numberLiteralsIn(value: unknown): readonly NumberLiteral[] {
  // A WeakMap holds no primitive: `get` answers undefined for one.
  return notes.get(value as object) ?? [];
}

/**
 * Registers `literal` on every container from `root` down to the literal's parent, if the value
 * JSON.parse kept there is the literal's (a repeated member name keeps the last one).
 */
function attach(root: object, literal: NumberLiteral): void {
  const containers: object[] = [];
  let current: unknown = root;
  for (const key of literal.path) {
    if (current === null || typeof current !== 'object') return;
    containers.push(current);
    current = (current as Record<string, unknown>)[key as string];
  }
  if (current !== literal.value) return;
  containers.forEach((container, depth) => {
    const relative = { ...literal, path: literal.path.slice(depth) };
    const list = notes.get(container);
    if (list) list.push(relative);
    else notes.set(container, [relative]);
  });
}

/** An open object (its member name so far, set at the first colon) or array (its item index so far). */
interface Frame {
  name?: string;
  index: number;
}

/** One pass over strict JSON text: the path and text of every whole number written with `.` or an exponent. */
function scanLiterals(text: string): NumberLiteral[] {
  const found: NumberLiteral[] = [];
  const stack: Frame[] = [];
  // The last string: at a colon (outside strings, only after a member name), the member name.
  let nameStart = 0;
  let nameEnd = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      nameStart = i;
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
      nameEnd = i;
    } else if (c === 0x3a) {
      stack[stack.length - 1].name = JSON.parse(text.slice(nameStart, nameEnd + 1)) as string;
    } else if (c === 0x7b || c === 0x5b) {
      stack.push({ index: 0 });
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
    } else if (c === 0x2c) {
      stack[stack.length - 1].index++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let j = i + 1;
      // charAt past the end is '' (no digit): the loop stops there.
      while (/[0-9eE.+-]/.test(text.charAt(j))) j++;
      const literal = text.slice(i, j);
      i = j - 1;
      if (!/[.eE]/.test(literal)) continue;
      const value = Number(literal);
      if (!Number.isInteger(value)) continue;
      found.push({ path: stack.map((f) => f.name ?? f.index), text: literal, value });
    }
  }
  return found;
}
