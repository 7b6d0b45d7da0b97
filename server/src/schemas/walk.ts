// A small schema walker for completion, hover and unknown-member checks: ajv validates but
// cannot say which (sub)schemas apply at a position. Subschemas carry no `$id` of their own,
// so every step keeps the `$id` of the file it came from to resolve the next `$ref`.
import type { JSONSchema, SchemaRegistry } from './registry';

/** A subschema together with the `$id` of the schema file it lives in. */
export interface ScopedSchema {
  readonly schema: JSONSchema;
  readonly baseId: string;
}

/**
 * Flattens a schema into the list of schemas that all describe the same value: follows `$ref`
 * and descends into `allOf`, `anyOf`, `oneOf`, `then` and `else` (every alternative, since an
 * editor wants to offer all of them). Cycles are cut. Order: a node, then what it refers to.
 */
export function expandSchema(registry: SchemaRegistry, start: ScopedSchema): ScopedSchema[] {
  const out: ScopedSchema[] = [];
  const seen = new Set<JSONSchema>();
  const visit = (node: ScopedSchema): void => {
    if (!node.schema || typeof node.schema !== 'object' || seen.has(node.schema)) return;
    seen.add(node.schema);
    const { schema, baseId } = node;
    // The referring node comes first: our schemas put a member's own description beside its
    // `$ref` (annotations only), and it must win over the shared target's generic one.
    out.push(node);
    if (typeof schema.$ref === 'string') {
      const target = registry.resolveRef(schema.$ref, baseId);
      const targetBase = new URL(schema.$ref, baseId).toString().split('#')[0];
      if (target) visit({ schema: target, baseId: targetBase });
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      if (Array.isArray(schema[key])) for (const sub of schema[key]) visit({ schema: sub, baseId });
    }
    for (const key of ['then', 'else'] as const) {
      if (schema[key] && typeof schema[key] === 'object') visit({ schema: schema[key], baseId });
    }
  };
  visit(start);
  return out;
}

/** The schemas that describe member `name` of an object described by `parent` (flattened). */
export function memberSchemas(registry: SchemaRegistry, parent: ScopedSchema, name: string): ScopedSchema[] {
  const found: ScopedSchema[] = [];
  for (const node of expandSchema(registry, parent)) {
    const { schema, baseId } = node;
    const direct = schema.properties?.[name];
    if (direct && typeof direct === 'object') found.push(...expandSchema(registry, { schema: direct, baseId }));
    else if (schema.patternProperties && typeof schema.patternProperties === 'object') {
      for (const [pattern, sub] of Object.entries(schema.patternProperties)) {
        if (new RegExp(pattern, 'u').test(name)) found.push(...expandSchema(registry, { schema: sub as JSONSchema, baseId }));
      }
    }
    if (!direct && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      found.push(...expandSchema(registry, { schema: schema.additionalProperties, baseId }));
    }
  }
  return found;
}

/** The schemas that describe the items of an array described by `parent` (flattened). */
export function itemSchemas(registry: SchemaRegistry, parent: ScopedSchema): ScopedSchema[] {
  const found: ScopedSchema[] = [];
  for (const { schema, baseId } of expandSchema(registry, parent)) {
    if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
      found.push(...expandSchema(registry, { schema: schema.items, baseId }));
    }
  }
  return found;
}

/** Every member name declared for an object described by `parent` (for completion, "did you mean"). */
export function knownMemberNames(registry: SchemaRegistry, parent: ScopedSchema): Set<string> {
  const names = new Set<string>();
  for (const { schema } of expandSchema(registry, parent)) {
    if (schema.properties && typeof schema.properties === 'object') for (const key of Object.keys(schema.properties)) names.add(key);
    if (Array.isArray(schema['x-svc-knownMembers'])) for (const key of schema['x-svc-knownMembers']) names.add(String(key));
  }
  return names;
}

/**
 * True when an object described by `parent` takes members of any name (a free-form map). Our
 * schemas mark maps with an explicit `additionalProperties` (`true` or the schema of the values);
 * objects with declared members leave it out, and their unknown members deserve a warning.
 */
export function isOpenMap(registry: SchemaRegistry, parent: ScopedSchema): boolean {
  return expandSchema(registry, parent).some(
    ({ schema }) => schema.additionalProperties === true || (schema.additionalProperties && typeof schema.additionalProperties === 'object') || schema.patternProperties,
  );
}
