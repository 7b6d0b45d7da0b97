// Alternatives marked `x-svc-nonSpecForm` (e.g. the reference gateway's `"1m"` where the spec
// wants integer seconds): which form does a value use, and does a candidate value take the
// spec's form? Each `anyOf`/`oneOf` branch is validated exactly by ajv (compiled once by
// `id#pointer`), since a branch is often a bare `$ref` whose type and pattern live elsewhere.

import type { ValidateFunction } from 'ajv';
import type { SchemaRegistry } from '../../schemas/registry';
import type { SchemaNode } from '../schema/schemaTypes';
import { subschemaLocation } from './schemaIndex';

export interface Branch {
  validate: ValidateFunction;
  /** Set on alternatives that are accepted but not the spec's form. */
  nonSpecForm?: string;
}

/** Each schema object's marked branches, per registry (schemas never change once loaded). */
const branchesBySchema = new WeakMap<SchemaRegistry, WeakMap<object, Branch[]>>();

/** The branches of the composites among `nodes` that contain a non-spec alternative. */
export function markedBranches(registry: SchemaRegistry, nodes: readonly SchemaNode[]): Branch[] {
  let cache = branchesBySchema.get(registry);
  if (!cache) branchesBySchema.set(registry, (cache = new WeakMap()));
  const out: Branch[] = [];
  for (const { schema, baseId } of nodes) {
    let own = cache.get(schema);
    if (!own) cache.set(schema, (own = ownMarkedBranches(registry, schema, baseId)));
    out.push(...own);
  }
  return out;
}

function ownMarkedBranches(registry: SchemaRegistry, schema: SchemaNode['schema'], fileId: string | undefined): Branch[] {
  const out: Branch[] = [];
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (
      !Array.isArray(branches) ||
      !branches.some((b) => b && typeof b === 'object' && typeof (b as Record<string, unknown>)['x-svc-nonSpecForm'] === 'string')
    )
      continue;
    const where = subschemaLocation(registry, schema, fileId);
    if (!where) continue;
    branches.forEach((branch, i) => {
      let validate: ValidateFunction | undefined;
      try {
        validate = registry.validatorForRef(`${where.id}#${where.pointer}/${keyword}/${i}`);
      } catch {
        validate = undefined;
      }
      if (!validate) return;
      const marker = branch && typeof branch === 'object' ? (branch as Record<string, unknown>)['x-svc-nonSpecForm'] : undefined;
      out.push({ validate, nonSpecForm: typeof marker === 'string' ? marker : undefined });
    });
  }
  return out;
}

/** The spec form a value should take when it fits only a non-spec alternative. */
export function nonSpecFormOf(branches: readonly Branch[], value: unknown): string | undefined {
  if (branches.length === 0) return undefined;
  if (branches.some((b) => !b.nonSpecForm && b.validate(value))) return undefined;
  return branches.find((b) => b.nonSpecForm && b.validate(value))?.nonSpecForm;
}

/** Whether a value takes one of the spec's forms (a non-marked alternative accepts it). */
export function takesSpecForm(branches: readonly Branch[], value: unknown): boolean {
  return branches.some((b) => !b.nonSpecForm && b.validate(value));
}

/** Plain words for the spec forms our schemas name. */
export function describeSpecForm(form: string): string {
  switch (form) {
    case 'integer':
      return 'an integer number of seconds (for example 60)';
    case 'isoDuration':
      return 'an ISO 8601 duration (for example "PT1M")';
    default:
      return form;
  }
}
