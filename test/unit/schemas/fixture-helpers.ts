// Shared helpers of the schema tests: where the fixtures are, and how a fixture folder name
// maps to a schema (`classic-api` → classic-api.schema.json, `responses.keyResult` →
// responses.schema.json#/definitions/keyResult).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { getSchemaRegistry, type SchemaRegistry } from '../../../server/src/schemas/registry';
import { SCHEMA_BASE_URI } from '../../../common/src/schemaFiles';

export const REPO_ROOT = join(__dirname, '..', '..', '..');
export const SCHEMAS_DIR = join(REPO_ROOT, 'schemas');
export const FIXTURES_DIR = join(REPO_ROOT, 'test', 'fixtures', 'schemas');
export const REALWORLD_DIR = join(REPO_ROOT, 'test', 'fixtures', 'realworld');

export function registry(): SchemaRegistry {
  return getSchemaRegistry(SCHEMAS_DIR);
}

/** `classic-api` or `responses.keyResult` → the `$ref` of that schema. */
export function schemaRefForFolder(folder: string): string {
  const [file, definition] = folder.split('.');
  return `${SCHEMA_BASE_URI}${file}.schema.json${definition ? `#/definitions/${definition}` : ''}`;
}

export function validatorForFolder(folder: string): ValidateFunction {
  const ref = schemaRefForFolder(folder);
  const validate = registry().ajv.getSchema(ref);
  if (!validate) throw new Error(`no schema for fixture folder ${folder} (${ref})`);
  return validate;
}

export interface Fixture {
  folder: string;
  name: string;
  file: string;
  document: unknown;
  /** For invalid fixtures: the exact set of instance paths the errors must point at. */
  expectedPaths?: string[];
}

export function readJson(file: string): any {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Every fixture document of one kind (`valid` or `invalid`) across all schema folders. */
export function fixtures(kind: 'valid' | 'invalid'): Fixture[] {
  const found: Fixture[] = [];
  for (const folder of readdirSync(FIXTURES_DIR).sort()) {
    const dir = join(FIXTURES_DIR, folder, kind);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir).sort()) {
      if (!entry.endsWith('.json') || entry.endsWith('.expected.json')) continue;
      const name = entry.slice(0, -'.json'.length);
      const file = join(dir, entry);
      const expectedFile = join(dir, `${name}.expected.json`);
      found.push({
        folder,
        name,
        file,
        document: readJson(file),
        expectedPaths: existsSync(expectedFile) ? readJson(expectedFile).instancePaths : undefined,
      });
    }
  }
  return found;
}

/** The sorted, de-duplicated instance paths of ajv's errors. */
export function errorPaths(errors: ErrorObject[] | null | undefined): string[] {
  return [...new Set((errors ?? []).map((e) => e.instancePath))].sort();
}

export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('\n');
}
