// The schema walker: given a document kind and a JSON path, which subschemas apply there?
// ajv knows instance paths, not which schemas describe a position, so completion, hover and
// the unknown-member rule use this walker. It follows $ref, allOf, anyOf/oneOf, if/then/else,
// properties, patternProperties, additionalProperties and items. When the document's value is
// known, it picks the `then`/`else` branch the value selects and drops `anyOf`/`oneOf`
// branches that plainly do not apply; without a value every branch is kept.
//
// Two ways to use it:
//   - `schemasAt(kind, path, rootValue)` for one position (completion, hover);
//   - `root(kind, value)` (or `rootById(id)` for a schema that is no document kind) then
//     `child(set, segment, childValue)` to walk a whole tree top-down without re-walking from
//     the root for each node (validation of large documents).
// `createSchemaWalker(getSchemaRegistry())` binds it to our schemas; `SchemaWalker.isDeclared`
// answers "is this member name known here" for the unknown-member rule.

import type { DocumentKind } from '../../../../common/src/kinds';
import { roughlyMatches } from './schemaMatch';
import { resolveUri, type RefResolver } from './schemaRefs';
import type { JsonPath, SchemaNode, SchemaObject, SchemaRef } from './schemaTypes';

export interface SchemaWalkerSources {
  /** The root schema of a kind, or undefined when the kind has none. */
  schemaForKind(kind: DocumentKind): SchemaNode | SchemaObject | undefined;
  resolveRef: RefResolver;
}

/** Everything known about the members of the object at one path. */
export interface DeclaredMembers {
  /** Member name → the subschemas declaring it (in `properties`). */
  properties: Map<string, SchemaNode[]>;
  /** `patternProperties` of the applicable schemas. */
  patterns: Array<{ pattern: string; regex: RegExp | undefined; nodes: SchemaNode[] }>;
  /** Schemas in `additionalProperties` (a map's value schema). */
  additional: SchemaNode[];
  /** Some applicable schema says `additionalProperties: false`. */
  closed: boolean;
  /** No applicable schema declares any member or pattern: a free-form map (no unknown-member warnings). */
  freeForm: boolean;
  /** Members some applicable schema requires. */
  required: Set<string>;
  /** Names listed by `x-svc-knownMembers`: tolerated members of newer gateways, not offered. */
  known: Set<string>;
}

/**
 * What `child()` remembers for one member class of a shared parent set: the direct subschemas
 * and, when no value can change their expansion, the expansion itself.
 */
interface ChildEntry {
  direct: SchemaNode[];
  expanded: SchemaNode[] | undefined;
  /**
   * Value-dependent expansions of scalar values, by value: a scalar's branches are chosen by its
   * type, const and enum alone, and a large document repeats the same few (bounded below).
   */
  byScalar?: Map<unknown, SchemaNode[]>;
}

/** Scalar values remembered per member class (beyond, the expansion is simply recomputed). */
const MAX_SCALARS_PER_ENTRY = 64;

/**
 * `child()` answers for a shared parent set. Member names fall in few classes: each declared
 * name is its own class; every other name is classed by which `patternProperties` it matches
 * (none = `additionalProperties`). So a 3,000-key map costs one lookup per key, and the cache
 * stays bounded by the schemas, not by the document's keys.
 */
interface ChildCache {
  declared: Set<string>;
  patterns: Array<RegExp | undefined>;
  byName: Map<string, ChildEntry>;
  /** By `patternClass`. */
  byPatterns: Map<number, ChildEntry>;
  /** Array items; `null` when some parent has tuple `items` (index-dependent: not cached). */
  items: ChildEntry | undefined | null;
}

/** A level of the trie of interned expansions: one node (schema, base) per level. */
interface InternLevel {
  next: Map<SchemaObject, Map<string | undefined, InternLevel>>;
  nodes: SchemaNode[] | undefined;
}

/** Guards against runaway expansion in self-referencing schemas. */
const MAX_EXPANDED = 400;

const regexCache = new Map<string, RegExp | undefined>();

/** Compiles a schema pattern once; an invalid pattern matches nothing instead of throwing. */
export function schemaRegex(pattern: string): RegExp | undefined {
  if (regexCache.has(pattern)) return regexCache.get(pattern);
  let regex: RegExp | undefined;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    try {
      regex = new RegExp(pattern);
    } catch {
      regex = undefined;
    }
  }
  regexCache.set(pattern, regex);
  return regex;
}

function isObjectSchema(ref: SchemaRef | undefined): ref is SchemaObject {
  return typeof ref === 'object' && ref !== null && !Array.isArray(ref);
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export class SchemaWalker {
  /**
   * Expansions that no value can change (no anyOf/oneOf/if met on the way), per start schema and
   * base: a 2 MB document asks for the same few hundred expansions tens of thousands of times.
   */
  private readonly expansions = new WeakMap<SchemaObject, Map<string | undefined, SchemaNode[]>>();
  private readonly memberCache = new WeakMap<readonly SchemaNode[], DeclaredMembers>();
  private readonly childCaches = new WeakMap<readonly SchemaNode[], ChildCache>();
  /** Expansions that are cached and never mutated: safe keys for the caches above. */
  private readonly shared = new WeakSet<readonly SchemaNode[]>();
  private readonly refCache = new Map<string, SchemaNode | undefined>();
  /** Value-dependent expansions by their contents (see `intern`). */
  private readonly interned: InternLevel = { next: new Map(), nodes: undefined };
  private readonly resolveRef: RefResolver;

  constructor(private readonly sources: SchemaWalkerSources) {
    // Resolving a $ref parses URLs: remember each (ref, base) answer.
    this.resolveRef = (ref, baseId) => {
      const key = `${baseId ?? ''}\u0000${ref}`;
      if (this.refCache.has(key)) return this.refCache.get(key);
      const target = sources.resolveRef(ref, baseId);
      this.refCache.set(key, target);
      return target;
    };
  }

  /** The expanded schemas at the document root of a kind. */
  root(kind: DocumentKind, value?: unknown): SchemaNode[] {
    const found = this.sources.schemaForKind(kind);
    if (!found) return [];
    const node: SchemaNode =
      'schema' in found && isObjectSchema(found.schema as SchemaRef)
        ? (found as SchemaNode)
        : { schema: found as SchemaObject, baseId: (found as SchemaObject).$id };
    return this.expand([node], value);
  }

  /**
   * The expanded schemas of any loaded schema by absolute `$id` (a fragment such as
   * `…/responses.schema.json#/definitions/keyResult` is allowed): for schemas that are no
   * document kind's root, e.g. the migrate request. Empty when the reference does not resolve.
   */
  rootById(id: string, value?: unknown): SchemaNode[] {
    // An absolute id is its own base (URL resolution needs one).
    const found = this.resolveRef(id, id);
    return found ? this.expand([found], value) : [];
  }

  /** The expanded schemas of the member or item `segment` of a value described by `parents`. */
  child(parents: readonly SchemaNode[], segment: string | number, childValue?: unknown): SchemaNode[] {
    const entry = this.cachedEntry(parents, segment);
    if (!entry) return this.expand(this.directChildren(parents, segment), childValue);
    if (entry.expanded) return entry.expanded;
    if (childValue === undefined || (childValue !== null && typeof childValue === 'object')) return this.expand(entry.direct, childValue);
    const byScalar = (entry.byScalar ??= new Map<unknown, SchemaNode[]>());
    let nodes = byScalar.get(childValue);
    if (!nodes) {
      nodes = this.expand(entry.direct, childValue);
      if (byScalar.size < MAX_SCALARS_PER_ENTRY) byScalar.set(childValue, nodes);
    }
    return nodes;
  }

  /**
   * The expansion of member or item `segment` when no value can change it (a shared parent set,
   * no anyOf/oneOf/if on the way, no tuple `items`): then `child(parents, segment, v)` returns this
   * same array for every `v`. Undefined otherwise.
   */
  fixedChild(parents: readonly SchemaNode[], segment: string | number): SchemaNode[] | undefined {
    return this.cachedEntry(parents, segment)?.expanded;
  }

  /**
   * An object that stands for the class of member `name` under a shared parent set (the
   * declared name itself, or the patterns it matches): members of one class have the same
   * schemas, so callers may key their own per-member answers on it. Undefined when the set is
   * not shared (or has too many patterns to class names by).
   */
  memberClass(parents: readonly SchemaNode[], name: string): object | undefined {
    return this.cachedEntry(parents, name);
  }

  /** The cached answer for `segment` of a shared parent set; undefined when it cannot be cached. */
  private cachedEntry(parents: readonly SchemaNode[], segment: string | number): ChildEntry | undefined {
    if (!this.shared.has(parents)) return undefined;
    let cache = this.childCaches.get(parents);
    if (!cache) this.childCaches.set(parents, (cache = this.newChildCache(parents)));
    if (typeof segment === 'number') {
      if (cache.items === null) return undefined;
      return (cache.items ??= this.childEntry(parents, segment));
    }
    if (cache.declared.has(segment)) {
      let entry = cache.byName.get(segment);
      if (!entry) cache.byName.set(segment, (entry = this.childEntry(parents, segment)));
      return entry;
    }
    if (cache.patterns.length > MAX_CLASSED_PATTERNS) return undefined;
    const key = patternClass(cache.patterns, segment);
    let entry = cache.byPatterns.get(key);
    if (!entry) cache.byPatterns.set(key, (entry = this.childEntry(parents, segment)));
    return entry;
  }

  /**
   * True for expansions the walker caches and shares (never mutated by anyone): callers may
   * key their own caches on such arrays.
   */
  isShared(nodes: readonly SchemaNode[]): boolean {
    return this.shared.has(nodes);
  }

  private directChildren(parents: readonly SchemaNode[], segment: string | number): SchemaNode[] {
    const direct: SchemaNode[] = [];
    for (const { schema, baseId } of parents) {
      if (typeof segment === 'string') this.memberSchemas(schema, baseId, segment, direct);
      else this.itemSchemas(schema, baseId, segment, direct);
    }
    return direct;
  }

  private childEntry(parents: readonly SchemaNode[], segment: string | number): ChildEntry {
    const direct = this.directChildren(parents, segment);
    const { nodes, valueDependent } = this.expandTracked(direct, undefined);
    if (valueDependent) return { direct, expanded: undefined };
    this.shared.add(nodes);
    return { direct, expanded: nodes };
  }

  private newChildCache(parents: readonly SchemaNode[]): ChildCache {
    const declared = new Set<string>();
    const patterns = new Map<string, RegExp | undefined>();
    let tuple = false;
    for (const { schema } of parents) {
      if (schema.properties) for (const name of Object.keys(schema.properties)) declared.add(name);
      if (schema.patternProperties) for (const pattern of Object.keys(schema.patternProperties)) patterns.set(pattern, schemaRegex(pattern));
      if (Array.isArray(schema.items)) tuple = true;
    }
    return { declared, patterns: [...patterns.values()], byName: new Map(), byPatterns: new Map(), items: tuple ? null : undefined };
  }

  /** The expanded schemas at `path`; `rootValue` (the parsed document) sharpens branch choice. */
  schemasAt(kind: DocumentKind, path: JsonPath, rootValue?: unknown): SchemaNode[] {
    let value = rootValue;
    let nodes = this.root(kind, value);
    for (const segment of path) {
      if (nodes.length === 0) return nodes;
      value = value === undefined ? undefined : valueAtPath(value, [segment]);
      nodes = this.child(nodes, segment, value);
    }
    return nodes;
  }

  /** The members declared for the object described by `nodes` (see `DeclaredMembers`). */
  members(nodes: readonly SchemaNode[]): DeclaredMembers {
    const cached = this.memberCache.get(nodes);
    if (cached) return cached;
    const result: DeclaredMembers = {
      properties: new Map(),
      patterns: [],
      additional: [],
      closed: false,
      freeForm: true,
      required: new Set(),
      known: new Set(),
    };
    for (const { schema, baseId } of nodes) {
      if (schema.properties) {
        for (const [name, sub] of Object.entries(schema.properties)) {
          result.freeForm = false;
          if (!isObjectSchema(sub)) continue;
          const list = result.properties.get(name) ?? [];
          list.push({ schema: sub, baseId });
          result.properties.set(name, list);
        }
      }
      if (schema.patternProperties) {
        for (const [pattern, sub] of Object.entries(schema.patternProperties)) {
          result.freeForm = false;
          let entry = result.patterns.find((p) => p.pattern === pattern);
          if (!entry) result.patterns.push((entry = { pattern, regex: schemaRegex(pattern), nodes: [] }));
          if (isObjectSchema(sub)) entry.nodes.push({ schema: sub, baseId });
        }
      }
      if (schema.additionalProperties === false) result.closed = true;
      else if (isObjectSchema(schema.additionalProperties)) result.additional.push({ schema: schema.additionalProperties, baseId });
      for (const name of schema.required ?? []) result.required.add(name);
      const known = schema['x-svc-knownMembers'];
      if (Array.isArray(known)) for (const name of known) result.known.add(String(name));
    }
    if (result.closed) result.freeForm = false;
    // Only shared (cached, never mutated) expansions are worth remembering.
    if (this.shared.has(nodes)) this.memberCache.set(nodes, result);
    return result;
  }

  /** Convenience: the declared members at a path. */
  membersAt(kind: DocumentKind, path: JsonPath, rootValue?: unknown): DeclaredMembers {
    return this.members(this.schemasAt(kind, path, rootValue));
  }

  /** True when `name` is declared by `properties` or `patternProperties`, or the object is a map. */
  static isDeclared(members: DeclaredMembers, name: string): boolean {
    if (members.freeForm || members.additional.length > 0) return true;
    if (members.properties.has(name) || members.known.has(name)) return true;
    return members.patterns.some((p) => p.regex?.test(name) ?? false);
  }

  private memberSchemas(schema: SchemaObject, baseId: string | undefined, name: string, out: SchemaNode[]): void {
    let matched = false;
    const property = schema.properties?.[name];
    if (schema.properties && Object.prototype.hasOwnProperty.call(schema.properties, name) && isObjectSchema(property)) {
      out.push({ schema: property, baseId });
      matched = true;
    } else if (schema.properties && Object.prototype.hasOwnProperty.call(schema.properties, name)) {
      matched = true;
    }
    if (schema.patternProperties) {
      for (const [pattern, sub] of Object.entries(schema.patternProperties)) {
        if (!schemaRegex(pattern)?.test(name)) continue;
        matched = true;
        if (isObjectSchema(sub)) out.push({ schema: sub, baseId });
      }
    }
    // additionalProperties applies only to members this same schema object did not match.
    if (!matched && isObjectSchema(schema.additionalProperties)) out.push({ schema: schema.additionalProperties, baseId });
  }

  private itemSchemas(schema: SchemaObject, baseId: string | undefined, index: number, out: SchemaNode[]): void {
    if (Array.isArray(schema.items)) {
      const tuple = schema.items[index];
      if (isObjectSchema(tuple)) out.push({ schema: tuple, baseId });
      else if (tuple === undefined && isObjectSchema(schema.additionalItems)) out.push({ schema: schema.additionalItems, baseId });
    } else if (isObjectSchema(schema.items)) {
      out.push({ schema: schema.items, baseId });
    }
  }

  /**
   * Flattens composition: each node, then what its $ref, allOf, chosen anyOf/oneOf branches and
   * chosen if/then/else branch contribute. Every schema appears once. The result is shared and
   * must not be mutated by callers.
   */
  private expand(start: readonly SchemaNode[], value: unknown): SchemaNode[] {
    const single = start.length === 1 ? start[0] : undefined;
    if (single) {
      const cached = this.expansions.get(single.schema)?.get(single.baseId);
      if (cached) return cached;
    }
    const { nodes, valueDependent } = this.expandTracked(start, value);
    // A value-dependent expansion is one of few shapes (the branches chosen): the same shape
    // comes back as the same shared array, so the caches keyed on it apply below it too.
    if (valueDependent || !single) return this.intern(nodes);
    if (single) {
      let byBase = this.expansions.get(single.schema);
      if (!byBase) this.expansions.set(single.schema, (byBase = new Map<string | undefined, SchemaNode[]>()));
      byBase.set(single.baseId, nodes);
      this.shared.add(nodes);
    }
    return nodes;
  }

  /**
   * The one shared array with the same nodes (schema and base, in order) as `nodes`: the caches
   * keyed on shared arrays give the same answers for equal contents, so equal sets may share.
   */
  private intern(nodes: SchemaNode[]): SchemaNode[] {
    let level = this.interned;
    for (const { schema, baseId } of nodes) {
      let byBase = level.next.get(schema);
      if (!byBase) level.next.set(schema, (byBase = new Map<string | undefined, InternLevel>()));
      let next = byBase.get(baseId);
      if (!next) byBase.set(baseId, (next = { next: new Map(), nodes: undefined }));
      level = next;
    }
    if (level.nodes) return level.nodes;
    level.nodes = nodes;
    this.shared.add(nodes);
    return nodes;
  }

  /** The expansion, and whether the value took part in it (anyOf/oneOf/if met on the way). */
  private expandTracked(start: readonly SchemaNode[], value: unknown): { nodes: SchemaNode[]; valueDependent: boolean } {
    const out: SchemaNode[] = [];
    const seen = new Set<SchemaObject>();
    const resolve = this.resolveRef;
    let valueDependent = false;
    const visit = (schema: SchemaObject, inheritedBase: string | undefined): void => {
      if (seen.has(schema) || out.length >= MAX_EXPANDED) return;
      seen.add(schema);
      const baseId = typeof schema.$id === 'string' ? resolveUri(schema.$id, inheritedBase) : inheritedBase;
      out.push({ schema, baseId });
      if (typeof schema.$ref === 'string') {
        const target = resolve(schema.$ref, baseId);
        if (target) visit(target.schema, target.baseId);
      }
      if (schema.allOf) for (const sub of schema.allOf) if (isObjectSchema(sub)) visit(sub, baseId);
      for (const branches of [schema.anyOf, schema.oneOf]) {
        if (!branches) continue;
        valueDependent = true;
        const objects = branches.filter(isObjectSchema);
        const fitting = value === undefined ? objects : objects.filter((b) => roughlyMatches(b, value, resolve, baseId));
        for (const sub of fitting.length > 0 ? fitting : objects) visit(sub, baseId);
      }
      if (schema.if !== undefined) {
        valueDependent = true;
        const condition = value === undefined ? undefined : roughlyMatches(schema.if, value, resolve, baseId);
        if (condition !== false && isObjectSchema(schema.then)) visit(schema.then, baseId);
        if (condition !== true && isObjectSchema(schema.else)) visit(schema.else, baseId);
      }
    };
    for (const node of start) visit(node.schema, node.baseId);
    return { nodes: out, valueDependent };
  }
}

/** Patterns a class can tell apart (one bit each); a set with more is not cached by class. */
const MAX_CLASSED_PATTERNS = 30;

/** Which of `patterns` a member name matches, as a number: bit i for pattern i. */
function patternClass(patterns: ReadonlyArray<RegExp | undefined>, name: string): number {
  let key = 0;
  for (let i = 0; i < patterns.length; i++) if (patterns[i]?.test(name)) key |= 1 << i;
  return key;
}

/** Reads the value at `path` inside a parsed document (undefined when absent). */
export function valueAtPath(root: unknown, path: JsonPath): unknown {
  let current = root;
  for (const segment of path) {
    if (typeof segment === 'number') current = Array.isArray(current) ? current[segment] : undefined;
    else current = asObject(current)?.[segment];
    if (current === undefined) return undefined;
  }
  return current;
}

/** The part of the schema registry (server/src/schemas/registry.ts) the walker needs. */
export interface WalkerRegistry {
  schemaForKind(kind: DocumentKind): Record<string, unknown>;
  idForKind(kind: DocumentKind): string;
  resolveRef(ref: string, baseId: string): Record<string, unknown> | undefined;
}

/** A walker over the schema registry: roots by kind, refs resolved against each file's `$id`. */
export function createSchemaWalker(registry: WalkerRegistry): SchemaWalker {
  return new SchemaWalker({
    schemaForKind(kind) {
      try {
        return { schema: registry.schemaForKind(kind) as SchemaObject, baseId: registry.idForKind(kind) };
      } catch {
        return undefined; // a kind whose schema is missing gets no schema features, not a crash
      }
    },
    resolveRef(ref, baseId) {
      const target = registry.resolveRef(ref, baseId ?? '');
      if (!target) return undefined;
      return { schema: target, baseId: resolveUri(ref, baseId).replace(/#.*$/, '') };
    },
  });
}
