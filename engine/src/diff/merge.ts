// The field-level three-way merge: base = the server's version recorded at the last pull or push,
// ours = the file, theirs = the server now. A member changed on one side only is taken from that
// side; changed on both sides to the same value it is no conflict; changed on both sides
// differently it is a conflict, reported by JSON path with the three values (and, unresolved,
// left as the file has it). Objects are merged member by member; arrays whose members have an
// identity (arrayIdentity.ts) member by member matched by it, with moves, inserts and deletions;
// other arrays as one member. Without conflicts the result does not depend on which side is
// "ours". Free of `vscode` and of I/O.
import { identityFor, keysOf, type IdentityOf } from './arrayIdentity';
import { formatJsonPath, toJsonPointer, type JsonPath, type JsonPathSegment } from './jsonPath';
import { jsonEqual } from './semanticDiff';
import { setOwn } from '../../../common/src/mergePatch';

export type MergeSide = 'ours' | 'theirs';

export interface MergeConflict {
  /** Where the conflict sits in the file (array members by their index in the file, else on the server). */
  path: JsonPath;
  /** RFC 6901 pointer of `path` (what `--ours=POINTER` names). */
  pointer: string;
  /** For people: array members with an identity are named by it (`targets["http://a"]`). */
  display: string;
  /** The three values; a missing one means "not there". */
  base?: unknown;
  ours?: unknown;
  theirs?: unknown;
}

export interface ResolvedConflict extends MergeConflict {
  choice: MergeSide;
}

/** A place where the merge took one side's change. */
export interface MergedChange {
  path: JsonPath;
  pointer: string;
  display: string;
}

export interface MergeOptions {
  /** How to resolve a conflict; undefined leaves it a conflict (the merged value keeps ours there). */
  resolve?: (conflict: MergeConflict) => MergeSide | undefined;
  /** Paths the merge leaves as the file has them (members the server maintains itself). */
  ignore?: (path: JsonPath) => boolean;
}

export interface MergeResult {
  /** The merged document (undefined when it is deleted on the side taken). */
  value: unknown;
  /** Conflicts no resolution answered, in document order. */
  conflicts: MergeConflict[];
  /** Conflicts answered by `resolve`. */
  resolved: ResolvedConflict[];
  /** Changes taken from the server (theirs) because only it changed there. */
  fromTheirs: MergedChange[];
  /** Changes kept from the file (ours) because only it changed there. */
  fromOurs: MergedChange[];
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const own = (o: Record<string, unknown> | undefined, key: string): unknown => (o && Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined);

interface Walk {
  options: MergeOptions;
  result: MergeResult;
}

/** Merges `ours` and `theirs`, both derived from `base`. */
export function merge(base: unknown, ours: unknown, theirs: unknown, options: MergeOptions = {}): MergeResult {
  const result: MergeResult = { value: undefined, conflicts: [], resolved: [], fromTheirs: [], fromOurs: [] };
  result.value = mergeValue(base, ours, theirs, [], [], { options, result });
  return result;
}

/** `path` locates the value in the file; `label` names it for people (identities instead of indexes). */
function mergeValue(base: unknown, ours: unknown, theirs: unknown, path: JsonPathSegment[], label: JsonPathSegment[], walk: Walk): unknown {
  if (path.length > 0 && walk.options.ignore?.(path)) return ours;
  if (jsonEqual(ours, theirs)) return ours;
  if (jsonEqual(base, ours)) {
    walk.result.fromTheirs.push(...leafChanges(base, theirs, path, label));
    return theirs;
  }
  if (jsonEqual(base, theirs)) {
    walk.result.fromOurs.push(...leafChanges(base, ours, path, label));
    return ours;
  }
  // Changed on both sides: look inside when both are still containers of the base's shape.
  if (isObject(ours) && isObject(theirs) && (base === undefined || isObject(base))) {
    return mergeObjects(base, ours, theirs, path, label, walk);
  }
  if (Array.isArray(ours) && Array.isArray(theirs) && (base === undefined || Array.isArray(base))) {
    const baseItems = base ?? [];
    const identity = identityFor(path, [baseItems, ours, theirs]);
    if (identity) return mergeArrays(baseItems, ours, theirs, identity, path, label, walk);
  }
  return conflict(base, ours, theirs, path, label, walk);
}

/** The members that differ, down through objects (an array or a value is one change). */
function leafChanges(before: unknown, after: unknown, path: JsonPathSegment[], label: JsonPathSegment[]): MergedChange[] {
  if (!isObject(before) || !isObject(after)) return [changeAt(path, label)];
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter((k) => !jsonEqual(own(before, k), own(after, k)));
  return keys.flatMap((k) => leafChanges(own(before, k), own(after, k), [...path, k], [...label, k]));
}

function changeAt(path: JsonPath, label: JsonPath): MergedChange {
  return { path: [...path], pointer: toJsonPointer(path), display: formatJsonPath(label) };
}

function conflict(base: unknown, ours: unknown, theirs: unknown, path: JsonPath, label: JsonPath, walk: Walk): unknown {
  const entry: MergeConflict = { ...changeAt(path, label) };
  if (base !== undefined) entry.base = base;
  if (ours !== undefined) entry.ours = ours;
  if (theirs !== undefined) entry.theirs = theirs;
  const choice = walk.options.resolve?.(entry);
  if (choice) {
    walk.result.resolved.push({ ...entry, choice });
    return choice === 'ours' ? ours : theirs;
  }
  walk.result.conflicts.push(entry);
  return ours;
}

/** Members in the file's order, then the server's new ones in its order. */
function mergeObjects(
  base: Record<string, unknown> | undefined,
  ours: Record<string, unknown>,
  theirs: Record<string, unknown>,
  path: JsonPathSegment[],
  label: JsonPathSegment[],
  walk: Walk,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = [...new Set([...Object.keys(ours), ...Object.keys(theirs), ...Object.keys(base ?? {})])];
  for (const key of keys) {
    const value = mergeValue(own(base, key), own(ours, key), own(theirs, key), [...path, key], [...label, key], walk);
    if (value !== undefined) setOwn(out, key, value); // `out[key] =` would drop a member named __proto__
  }
  return out;
}

/**
 * Members matched by identity. Order: the base's, or the order of the one side that moved members
 * (both moving them differently is a conflict on the whole array); members new to that order are
 * placed after the member that precedes them on their side.
 */
function mergeArrays(
  base: readonly unknown[],
  ours: readonly unknown[],
  theirs: readonly unknown[],
  identity: IdentityOf,
  path: JsonPathSegment[],
  label: JsonPathSegment[],
  walk: Walk,
): unknown[] {
  const [bk, ok, tk] = [base, ours, theirs].map((items) => keysOf(items, identity)!);
  const byKey = (items: readonly unknown[], keys: string[]) => new Map(keys.map((k, i) => [k, { item: items[i], index: i }]));
  const [bm, om, tm] = [byKey(base, bk), byKey(ours, ok), byKey(theirs, tk)];

  // Member values first (their conflicts are reported whatever the order).
  const merged = new Map<string, unknown>();
  for (const key of [...new Set([...ok, ...tk, ...bk])]) {
    const index = om.get(key)?.index ?? tm.get(key)?.index ?? bm.get(key)!.index;
    const value = mergeValue(bm.get(key)?.item, om.get(key)?.item, tm.get(key)?.item, [...path, index], [...label, key], walk);
    if (value !== undefined) merged.set(key, value);
  }

  // Did a side move members of the base relative to each other?
  const inBase = (k: string) => bm.has(k);
  const moved = (side: string[], sideMap: Map<string, unknown>) =>
    !sameSequence(
      side.filter(inBase),
      bk.filter((k) => sideMap.has(k)),
    );
  const movedOurs = moved(ok, om);
  const movedTheirs = moved(tk, tm);
  if (movedOurs && movedTheirs) {
    const survivors = (keys: string[]) => keys.filter((k) => inBase(k) && merged.has(k) && om.has(k) && tm.has(k));
    if (!sameSequence(survivors(ok), survivors(tk))) {
      return conflict(base, ours, theirs, path, label, walk) as unknown[];
    }
  }
  const primary = (movedOurs ? ok : movedTheirs ? tk : bk).filter((k) => inBase(k) && merged.has(k));
  const inPrimary = new Set(primary);

  // Everything else that survives goes after its predecessor on the side(s) that have it.
  // Stryker disable next-line StringLiteral: any key no identity produces; '' is none either (identities are URLs, names, paths)
  const START = '\u0000start';
  const groups = new Map<string, { ours: string[]; theirs: string[] }>();
  const collect = (keys: string[], side: 'ours' | 'theirs') => {
    let anchor = START;
    for (const k of keys) {
      if (inPrimary.has(k)) anchor = k;
      // Stryker disable next-line ConditionalExpression: a removed member collected here is skipped when the order is written out
      else if (merged.has(k)) {
        const group = groups.get(anchor) ?? { ours: [], theirs: [] };
        group[side].push(k);
        groups.set(anchor, group);
      }
    }
  };
  collect(ok, 'ours');
  collect(tk, 'theirs');
  // Base members that survive but neither side lists in the primary order (a resolution brought one back).
  // Stryker disable next-line StringLiteral: a merged member is always on one side (removed on both is no member), so none is left for this pass
  collect(bk, 'ours');

  // Stryker disable next-line ArrayDeclaration: a made-up first entry is no merged member, so it is skipped when written out
  const order: string[] = [];
  const emit = (anchor: string) => {
    const group = groups.get(anchor);
    if (group) order.push(...interleave(group.ours, group.theirs));
  };
  emit(START);
  for (const k of primary) {
    order.push(k);
    emit(k);
  }
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const k of order) {
    if (seen.has(k) || !merged.has(k)) continue;
    seen.add(k);
    out.push(merged.get(k));
  }
  return out;
}

const sameSequence = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/** Two runs inserted at the same place: each keeps its order; which comes first does not depend on the side. */
function interleave(a: string[], b: string[]): string[] {
  // Stryker disable next-line ConditionalExpression: without the shortcut, an empty run still sorts to give the other run alone
  if (a.length === 0) return b;
  // Stryker disable next-line ConditionalExpression: as above
  if (b.length === 0) return a;
  const first = a[0] !== b[0] ? a[0] < b[0] : JSON.stringify(a) <= JSON.stringify(b);
  return first ? [...a, ...b] : [...b, ...a];
}
