// A cheap, partial "does this value fit this schema" check used by the walker to pick
// `if`/`then`/`else` branches and to drop `anyOf`/`oneOf` branches that plainly do not apply
// (wrong type, a different `const` discriminator, a missing required member). It never
// decides validity: ajv does that. Unknown keywords count as matching.

import type { RefResolver } from './schemaRefs';
import type { SchemaObject, SchemaRef } from './schemaTypes';

/** How deep nested `properties` are followed: discriminators sit one or two levels down. */
const MAX_DEPTH = 4;

export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(type: string | string[], value: unknown): boolean {
  const actual = jsonTypeOf(value);
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * True unless the value visibly contradicts the schema's type, const, enum, required members or
 * (recursively, a few levels deep) its declared properties.
 */
export function roughlyMatches(schemaRef: SchemaRef | undefined, value: unknown, resolve: RefResolver, baseId: string | undefined, depth = 0): boolean {
  if (schemaRef === undefined || schemaRef === true) return true;
  if (schemaRef === false) return false;
  if (depth > MAX_DEPTH) return true;
  const schema: SchemaObject = schemaRef;
  let base = baseId;
  if (typeof schema.$id === 'string') base = schema.$id;
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref, base);
    if (target && !roughlyMatches(target.schema, value, resolve, target.baseId, depth + 1)) return false;
  }
  if (schema.type !== undefined && !typeMatches(schema.type, value)) return false;
  if ('const' in schema && !deepEqual(schema.const, value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => deepEqual(e, value))) return false;
  if (schema.allOf && !schema.allOf.every((s) => roughlyMatches(s, value, resolve, base, depth + 1))) return false;
  if (schema.anyOf && !schema.anyOf.some((s) => roughlyMatches(s, value, resolve, base, depth + 1))) return false;
  if (schema.oneOf && !schema.oneOf.some((s) => roughlyMatches(s, value, resolve, base, depth + 1))) return false;
  if (schema.not !== undefined && typeof schema.not === 'object' && isDiscriminatorOnly(schema.not)) {
    if (roughlyMatches(schema.not, value, resolve, base, depth + 1)) return false;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    if (schema.required?.some((name) => !Object.prototype.hasOwnProperty.call(object, name))) return false;
    if (schema.properties) {
      for (const [name, sub] of Object.entries(schema.properties)) {
        if (Object.prototype.hasOwnProperty.call(object, name) && !roughlyMatches(sub, object[name], resolve, base, depth + 1)) {
          return false;
        }
      }
    }
  }
  return true;
}

/** `not` is only trusted when it is a plain const/enum/required test, never a broad shape. */
function isDiscriminatorOnly(schema: SchemaObject): boolean {
  return Object.keys(schema).every((k) => k === 'const' || k === 'enum' || k === 'required' || k === 'type');
}
