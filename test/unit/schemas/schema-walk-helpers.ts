// Visits every subschema of every schema file (for whole-schema invariants such as
// "every member has a description").
import { readdirSync } from 'node:fs';
import type { JSONSchema } from '../../../server/src/schemas/registry';
import { readJson, SCHEMAS_DIR } from './fixture-helpers';
import { join } from 'node:path';

export interface SchemaFile {
  file: string;
  schema: JSONSchema;
}

export function schemaFiles(): SchemaFile[] {
  return readdirSync(SCHEMAS_DIR)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
    .map((file) => ({ file, schema: readJson(join(SCHEMAS_DIR, file)) }));
}

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'definitions'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];
const SUBSCHEMA_SINGLES = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'propertyNames'];

/** Calls `visit(schema, pointer)` for the root and every nested subschema. */
export function forEachSubschema(root: JSONSchema, visit: (schema: JSONSchema, pointer: string) => void, pointer = ''): void {
  if (!root || typeof root !== 'object') return;
  visit(root, pointer);
  for (const key of SUBSCHEMA_MAPS) {
    const map = root[key];
    if (map && typeof map === 'object') for (const [name, sub] of Object.entries(map)) forEachSubschema(sub as JSONSchema, visit, `${pointer}/${key}/${name}`);
  }
  for (const key of SUBSCHEMA_LISTS) {
    if (Array.isArray(root[key])) root[key].forEach((sub: JSONSchema, i: number) => forEachSubschema(sub, visit, `${pointer}/${key}/${i}`));
  }
  for (const key of SUBSCHEMA_SINGLES) {
    if (root[key] && typeof root[key] === 'object' && !Array.isArray(root[key])) forEachSubschema(root[key], visit, `${pointer}/${key}`);
  }
}
