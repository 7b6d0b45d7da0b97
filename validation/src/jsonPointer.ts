// JSON Pointer (RFC 6901) helpers. ajv reports `instancePath` as a pointer; the parse
// cache, validation and quick fixes all address members by pointer, so the escaping
// rules live in one place.

export type PathSegment = string | number;

/** `['a', 'b/c', 0]` → `/a/b~1c/0`; the root is the empty string. */
export function toPointer(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) out += '/' + escapeSegment(segment);
  return out;
}

/** One segment escaped (`~` → `~0`, `/` → `~1`); most need no escape and are not copied. */
function escapeSegment(segment: PathSegment): string {
  if (typeof segment !== 'string') return String(segment);
  // Stryker disable next-line StringLiteral: with '' the fast path is skipped and the escaping below returns the same segment.
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * `/a/b~1c/0` → `['a', 'b/c', '0']`. Segments stay strings: whether `0` is an array index
 * or a member name depends on the document, and the locator decides that.
 */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return pointer === '/' ? [''] : [];
  const body = pointer.startsWith('/') ? pointer.slice(1) : pointer;
  return body.split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Child pointer of `parent` for one more segment. */
export function childPointer(parent: string, segment: PathSegment): string {
  return parent + '/' + escapeSegment(segment);
}

/** The pointer of the containing member or element; the root's parent is the root. */
export function parentPointer(pointer: string): string {
  const i = pointer.lastIndexOf('/');
  // Stryker disable next-line EqualityOperator: at index 0 `slice(0, 0)` is the root too.
  return i <= 0 ? '' : pointer.slice(0, i);
}

/** Last segment, unescaped (`''` for the root). */
export function lastSegment(pointer: string): string {
  const segments = parsePointer(pointer);
  return segments.length ? segments[segments.length - 1] : '';
}

/** Reads the value at a pointer from a parsed value; `undefined` when absent. */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  let current: unknown = root;
  for (const segment of parsePointer(pointer)) {
    if (current === null || typeof current !== 'object') return undefined;
    if (Array.isArray(current)) {
      const index = Number(segment);
      if (!Number.isInteger(index)) return undefined;
      current = current[index];
    } else {
      if (!Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return current;
}
