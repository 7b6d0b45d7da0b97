// Member paths of the reference gateway's published schemas (carried in
// test/fixtures/reference-schemas/, MPL-2.0, see its README) and whether our schemas know them. A member path is where a member name sits: array items
// and map values are not levels (`proxy.target_list` then the item's members hang off it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_BASE_URI } from '../../../common/src/schemaFiles';
import type { SchemaWalker } from '../../../server/src/service/schema/schemaWalker';
import type { SchemaNode } from '../../../server/src/service/schema/schemaTypes';
import { REPO_ROOT } from './fixture-helpers';

export const REFERENCE_DIR = join(REPO_ROOT, 'test', 'fixtures', 'reference-schemas');

/** One step of a walk: a member name, an array item, or a map value. */
export type Step = { member: string } | { item: true } | { mapValue: true };

export interface ReferenceMember {
  /** Dotted member names only (`proxy.transport.ssl_min_version`). */
  path: string;
  steps: Step[];
  /** The JSON types the reference allows there (`null` included where it allows null). */
  types: Set<string>;
}

type Json = Record<string, any>;

/** Every member path of one reference schema, first occurrence wins (cycles stop at 14 levels). */
export function referenceMembers(file: string): ReferenceMember[] {
  const root: Json = JSON.parse(readFileSync(join(REFERENCE_DIR, file), 'utf8'));
  const found = new Map<string, ReferenceMember>();
  const resolve = (s: Json): Json => {
    let current = s;
    for (let i = 0; i < 20 && typeof current?.$ref === 'string'; i++) {
      const name = current.$ref.split('/').pop() as string;
      current = root.definitions?.[name] ?? {};
    }
    return current;
  };
  const typesOf = (s: Json): Set<string> => {
    const out = new Set<string>();
    const add = (x: Json): void => {
      const r = resolve(x);
      const t = r.type;
      if (Array.isArray(t)) t.forEach((v) => out.add(v));
      else if (typeof t === 'string') out.add(t);
      for (const k of ['anyOf', 'oneOf', 'allOf']) for (const b of r[k] ?? []) add(b);
    };
    add(s);
    return out;
  };
  const walk = (schema: Json, steps: Step[], names: string[], depth: number): void => {
    const s = resolve(schema);
    if (depth > 14 || typeof s !== 'object' || s === null) return;
    for (const [name, sub] of Object.entries<Json>(s.properties ?? {})) {
      const path = [...names, name].join('.');
      const next = [...steps, { member: name }];
      if (!found.has(path)) found.set(path, { path, steps: next, types: typesOf(sub) });
      walk(sub, next, [...names, name], depth + 1);
    }
    const items = Array.isArray(s.items) ? s.items : s.items ? [s.items] : [];
    for (const item of items) walk(item, [...steps, { item: true }], names, depth + 1);
    if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, [...steps, { mapValue: true }], names, depth + 1);
    for (const sub of Object.values<Json>(s.patternProperties ?? {})) walk(sub, [...steps, { mapValue: true }], names, depth + 1);
    for (const k of ['anyOf', 'oneOf', 'allOf']) for (const b of s[k] ?? []) walk(b, steps, names, depth + 1);
  };
  walk(root, [], [], 0);
  return [...found.values()];
}

/** Keys tried for a map value: the walker classes a key by the `patternProperties` it matches. */
const MAP_KEYS = ['x', 'Default', 'v1', '200', 'GET', 'get', 'authToken', 'stream1', 'https://example.com'];

/** Whether our schema, walked from `root`, declares every member on the reference's path. */
export function knownByUs(walker: SchemaWalker, root: SchemaNode[], steps: Step[]): boolean {
  let current = root;
  for (const step of steps) {
    if (current.length === 0) return false;
    if ('member' in step) {
      // The reference sometimes writes an array's item members straight on the array schema:
      // items are not a level, so look in our items too.
      const declares = (nodes: SchemaNode[]): boolean => {
        const members = walker.members(nodes);
        return members.properties.has(step.member) || members.known.has(step.member);
      };
      if (!declares(current)) {
        const items = walker.child(current, 0);
        if (items.length === 0 || !declares(items)) return false;
        current = items;
      }
      current = walker.child(current, step.member);
    } else if ('item' in step) {
      current = walker.child(current, 0);
    } else {
      const next = MAP_KEYS.map((k) => walker.child(current, k)).find((nodes) => nodes.length > 0);
      current = next ?? [];
    }
  }
  return true;
}

export interface Comparison {
  reference: string;
  ours: string;
  total: number;
  known: number;
  missing: string[];
}

/** `file` of the reference against our schema `ours`, starting at member `under` of ours. */
export function compare(walker: SchemaWalker, reference: string, ours: string, under: string[] = []): Comparison {
  let root = walker.rootById(SCHEMA_BASE_URI + ours);
  for (const name of under) root = walker.child(root, name);
  const members = referenceMembers(reference);
  const missing = members.filter((m) => !knownByUs(walker, root, m.steps)).map((m) => m.path);
  return { reference, ours, total: members.length, known: members.length - missing.length, missing };
}
