// The field-level, semantic diff: documents are compared as data, not text. Member order and
// formatting do not matter; array order does (it is meaningful in JSON). The result is the list
// of changed JSON paths with their old and new values, at the deepest level where the two
// documents still have the same shape (an object member changed inside an object is reported at
// the member; a value whose type changed is reported whole).
//
// Three-way: each document is compared with the base (what was pulled). A path changed only in
// the file is `local`, only on the server `remote`, on both sides `both` (a conflict, unless both
// sides made the very same change). Paths where one side's change contains the other's (the
// server removed an object whose member the user edited) are one `both` entry at the outer path.
// Free of `vscode` and of I/O.
import { formatJsonPath, isPathPrefix, toJsonPointer, valueAt, type JsonPath, type JsonPathSegment } from './jsonPath';

export type ChangeType = 'added' | 'removed' | 'changed';

export interface FieldChange {
  path: JsonPath;
  /** RFC 6901 pointer (for JSON output). */
  pointer: string;
  /** The path as people read it (`x-svc-api-gateway.info.name`). */
  display: string;
  type: ChangeType;
  /** Absent when the path was added. */
  oldValue?: unknown;
  /** Absent when the path was removed. */
  newValue?: unknown;
}

export interface DiffOptions {
  /** Paths left out of the comparison (e.g. members the server maintains itself). */
  ignore?: (path: JsonPath) => boolean;
}

const own = (o: Record<string, unknown>, key: string): unknown => (Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined);

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Deep equality of JSON values, member order ignored. `undefined` members count as absent. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Stryker disable next-line LogicalOperator: with `&&`, an array against a non-array falls through to the final `false` anyway
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keysA = Object.keys(a).filter((k) => a[k] !== undefined);
    const keysB = Object.keys(b).filter((k) => b[k] !== undefined);
    if (keysA.length !== keysB.length) return false;
    // Stryker disable next-line LogicalOperator: a member missing from `b` reads as undefined (or a prototype function), equal to no JSON value
    return keysA.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
  }
  // Numbers compare as numbers (1 and 1.0 are the same JSON value); everything else strictly.
  return false;
}

function change(path: JsonPath, oldValue: unknown, newValue: unknown): FieldChange {
  const type: ChangeType = oldValue === undefined ? 'added' : newValue === undefined ? 'removed' : 'changed';
  const entry: FieldChange = { path, pointer: toJsonPointer(path), display: formatJsonPath(path), type };
  if (oldValue !== undefined) entry.oldValue = oldValue;
  if (newValue !== undefined) entry.newValue = newValue;
  return entry;
}

/** The changed paths from `before` to `after`, in a stable order (members sorted, indexes ascending). */
export function diffDocuments(before: unknown, after: unknown, options: DiffOptions = {}): FieldChange[] {
  const changes: FieldChange[] = [];
  walk(before, after, [], changes, options);
  return changes;
}

function walk(a: unknown, b: unknown, path: JsonPathSegment[], out: FieldChange[], options: DiffOptions): void {
  if (path.length > 0 && options.ignore?.(path)) return;
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    // Own members only: `b.toString` is not a member of `{}` (found by the property tests).
    for (const key of [...keys].sort()) walk(own(a, key), own(b, key), [...path, key], out, options);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const length = Math.max(a.length, b.length);
    // Stryker disable next-line EqualityOperator: index `length` is past both arrays, and walk(undefined, undefined) reports nothing
    for (let i = 0; i < length; i++) walk(a[i], b[i], [...path, i], out, options);
    return;
  }
  if (a === undefined && b === undefined) return;
  if (!jsonEqual(a, b)) out.push(change(path, a, b));
}

export type ChangeSide = 'local' | 'remote' | 'both';

export interface ThreeWayChange {
  path: JsonPath;
  pointer: string;
  display: string;
  side: ChangeSide;
  /** `both` with different results on each side. (`both` with the same result is no conflict.) */
  conflict: boolean;
  /** The values at the path in the base, the file and the server (absent: not there). */
  base?: unknown;
  local?: unknown;
  remote?: unknown;
}

/**
 * Classifies every path that changed since the base. `local`/`remote` undefined mean the
 * document is gone on that side (the server deleted the resource): every path of the base is
 * then changed on that side, reported as one change of the whole document.
 */
export function threeWayDiff(base: unknown, local: unknown, remote: unknown, options: DiffOptions = {}): ThreeWayChange[] {
  const localChanges = diffDocuments(base, local, options);
  const remoteChanges = diffDocuments(base, remote, options);
  // Group the two lists: a path changed on one side that contains (or is contained by) a path
  // changed on the other side is one `both` entry at the outer path.
  const entries: Array<{ path: JsonPath; sides: Set<'local' | 'remote'> }> = [];
  const add = (path: JsonPath, side: 'local' | 'remote') => {
    const overlapping = entries.filter((e) => isPathPrefix(e.path, path) || isPathPrefix(path, e.path));
    if (overlapping.length === 0) {
      entries.push({ path, sides: new Set([side]) });
      return;
    }
    // Merge everything that overlaps into the outermost path.
    const outer = [path, ...overlapping.map((e) => e.path)].reduce((p, q) => (q.length < p.length ? q : p));
    const sides = new Set<'local' | 'remote'>([side]);
    for (const e of overlapping) {
      for (const s of e.sides) sides.add(s);
      entries.splice(entries.indexOf(e), 1);
    }
    entries.push({ path: outer, sides });
  };
  for (const c of localChanges) add(c.path, 'local');
  for (const c of remoteChanges) add(c.path, 'remote');

  return entries
    .map(({ path, sides }) => {
      const side: ChangeSide = sides.size === 2 ? 'both' : sides.has('local') ? 'local' : 'remote';
      const entry: ThreeWayChange = { path, pointer: toJsonPointer(path), display: formatJsonPath(path), side, conflict: false };
      const baseValue = valueAt(base, path);
      const localValue = valueAt(local, path);
      const remoteValue = valueAt(remote, path);
      if (baseValue !== undefined) entry.base = baseValue;
      if (localValue !== undefined) entry.local = localValue;
      if (remoteValue !== undefined) entry.remote = remoteValue;
      entry.conflict = side === 'both' && !jsonEqual(localValue, remoteValue);
      return entry;
    })
    .sort((x, y) => comparePaths(x.path, y.path));
}

/** Orders paths like the two-way diff does: member names alphabetically, indexes numerically. */
export function comparePaths(a: JsonPath, b: JsonPath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}
