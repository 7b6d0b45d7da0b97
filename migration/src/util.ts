// Small helpers shared by the mapping stages (migration-mapping.md §5 conventions).
import type { Json } from './types.js';

/** True for a plain JSON object. */
export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The value as an object, or an empty one: classic documents often carry `null` members. */
export function obj(v: unknown): Json {
  return isObject(v) ? v : {};
}

/** The value as an array, or an empty one. */
export function arr<T = any>(v: unknown): T[] {
  return Array.isArray(v) ? (v as T[]) : [];
}

/** A non-empty string, else undefined (empty strings are "unset" in classic documents). */
export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** "¬" of §5: `enabled` from a `*_disabled` flag; an absent flag means "not disabled". */
export function not(flag: unknown): boolean {
  return flag !== true;
}

/** A "zero" value in the sense of the reference's ShouldOmit: nothing worth writing. */
export function isZero(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isObject(v)) return Object.values(v).every(isZero);
  return false;
}

/**
 * Removes undefined members (one level) and returns undefined when the whole object is zero.
 * The reference omits a section whose every member is a zero value (§5: a disabled, empty
 * toggle object is not written); a section with any content keeps its explicit `false`s.
 */
export function section<T extends Json>(o: T): T | undefined {
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return isZero(out) ? undefined : (out as T);
}

/** Drops undefined members (one level), keeping zero values. */
export function defined<T extends Json>(o: T): T {
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as T;
}

/** A non-empty array or undefined. */
export function list<T>(v: unknown): T[] | undefined {
  return Array.isArray(v) && v.length > 0 ? (v as T[]) : undefined;
}

/** `{k: v}` → `[{name: k, value: v}]`, sorted by name so the output does not depend on key order. */
export function nameValues(map: unknown): Array<{ name: string; value: string }> | undefined {
  if (!isObject(map)) return undefined;
  const out = Object.keys(map)
    .sort()
    .map((name) => ({ name, value: String(map[name] ?? '') }));
  return out.length ? out : undefined;
}

/** `snake_case` → `camelCase` (for members §5 maps with "snake_case → camelCase"). */
export function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** Deep snake_case → camelCase of object keys; `keepKeysOf` names members whose keys are data. */
export function camelDeep(v: unknown, keepKeysOf: ReadonlySet<string> = new Set()): any {
  if (Array.isArray(v)) return v.map((x) => camelDeep(x, keepKeysOf));
  if (!isObject(v)) return v;
  const out: Json = {};
  for (const [k, val] of Object.entries(v)) {
    const key = camel(k);
    out[key] = keepKeysOf.has(k) && isObject(val) ? { ...val } : camelDeep(val, keepKeysOf);
  }
  return out;
}

/**
 * Seconds → the reference's readable duration, shortest Go form (§5): 60 → `1m`,
 * 90 → `1m30s`, 3600 → `1h`, 0 → `0s`. Fractions of a second become `ms`.
 */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '0s';
  let ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  ms -= h * 3_600_000;
  const m = Math.floor(ms / 60_000);
  ms -= m * 60_000;
  const s = Math.floor(ms / 1000);
  ms -= s * 1000;
  const parts = [h && `${h}h`, m && `${m}m`, s && `${s}s`, ms && `${ms}ms`].filter(Boolean);
  return parts.join('');
}

/** Go's duration units, largest first, in nanoseconds. */
const NANOSECOND_UNITS: ReadonlyArray<[unit: string, ns: number]> = [
  ['h', 3_600_000_000_000],
  ['m', 60_000_000_000],
  ['s', 1_000_000_000],
  ['ms', 1_000_000],
  ['µs', 1_000],
  ['ns', 1],
];

/**
 * Go nanoseconds → the reference's readable duration with every unit down to `ns`, zero parts left out
 * (2e6 → `2ms`, 20000 → `20µs`, 200 → `200ns`, 1.5e9 → `1s500ms`); undefined when not positive.
 */
export function durationFromNanoseconds(ns: number): string | undefined {
  if (!Number.isFinite(ns) || ns <= 0) return undefined;
  let rest = Math.round(ns);
  const parts: string[] = [];
  for (const [unit, size] of NANOSECOND_UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n) parts.push(`${n}${unit}`);
  }
  return parts.join('') || undefined;
}

/** A map of strings (values turned into strings), or undefined when empty or not a map. */
export function stringMap(map: unknown): Record<string, string> | undefined {
  if (!isObject(map) || Object.keys(map).length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(map)) out[k] = String(v ?? '');
  return out;
}

/** A seconds member as a duration, or undefined when unset or zero. */
export function durationOf(v: unknown): string | undefined {
  return typeof v === 'number' && v > 0 ? duration(v) : undefined;
}

/** A number, or undefined. */
export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** A boolean, or undefined. */
export function bool(v: unknown): boolean | undefined {
  return typeof v === 'boolean' ? v : undefined;
}

/** Deep copy of JSON data (the converter never mutates its input). */
export function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}
