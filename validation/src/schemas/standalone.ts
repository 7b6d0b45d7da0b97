// Build-time compilation of the schema validators (ajv's standalone code generation).
// scripts/build.mjs runs `writePrecompiledValidators` before bundling: every document kind's
// root schema and every `anyOf`/`oneOf` branch (what the error explainer and the non-spec-form
// check validate against) become plain functions in `validation/generated/validators.js`
// (git-ignored), which the bundles include. Starting svc-lint or the server then compiles no
// schema; the registry (registry.ts) falls back to compiling at run time when the module is
// missing or was generated from other schema files (its hash differs).
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCUMENT_KINDS } from '../../../common/src/kinds';
import { SCHEMA_BASE_URI, SCHEMA_FILE_BY_KIND } from '../../../common/src/schemaFiles';
import { ANNOTATION_KEYWORDS } from './keywords';
import { createAjv, readSchemaFiles, type JSONSchema } from './registry';

/** Every reference a validator is precompiled for: the kinds' roots, then each composite branch. */
export function precompiledRefs(schemas: ReadonlyMap<string, JSONSchema>): string[] {
  const refs = DOCUMENT_KINDS.map((kind) => SCHEMA_BASE_URI + SCHEMA_FILE_BY_KIND[kind]);
  for (const [id, root] of schemas) {
    const stack: Array<{ node: unknown; pointer: string }> = [{ node: root, pointer: '' }];
    while (stack.length) {
      const { node, pointer } = stack.pop()!;
      if (node === null || typeof node !== 'object') continue;
      if (Array.isArray(node)) {
        node.forEach((child, i) => stack.push({ node: child, pointer: `${pointer}/${i}` }));
        continue;
      }
      for (const [key, child] of Object.entries(node)) {
        const childPointer = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(child)) child.forEach((_b, i) => refs.push(`${id}#${childPointer}/${i}`));
        stack.push({ node: child, pointer: childPointer });
      }
    }
  }
  return [...new Set(refs)];
}

/** Keywords that validate nothing, whose texts the generated code's `schemaN` constants would carry. */
const NON_VALIDATING = new Set(['title', 'description', 'default', 'examples', '$comment', ...ANNOTATION_KEYWORDS]);
/** Keywords whose value maps names to schemas (the names are data, never keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']);
/** Keywords whose value is a schema or an array of schemas. */
const SUBSCHEMAS = new Set([
  ...['items', 'additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not'],
  ...['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf'],
]);

/**
 * A copy of a schema whose annotations (descriptions, snippets, `x-svc-*` markers) are emptied:
 * the keyword stays, so ajv resolves and compiles exactly as at run time (a `{ $ref, description }`
 * schema is not the same to ajv as a bare `{ $ref }`), and so do the error paths. Only keywords
 * in schema positions are emptied: a property *named* `description` keeps its schema.
 */
export function withoutAnnotations(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutAnnotations);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (NON_VALIDATING.has(key)) out[key] = emptied(value);
    else if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value as Record<string, unknown>);
      out[key] = Object.fromEntries(entries.map(([name, sub]) => [name, Array.isArray(sub) ? sub : withoutAnnotations(sub)]));
    } else out[key] = SUBSCHEMAS.has(key) ? withoutAnnotations(value) : value;
  }
  return out;
}

/** The smallest value of the same JSON type (what the meta-schema accepts for an annotation). */
function emptied(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (Array.isArray(value)) return [];
  return value !== null && typeof value === 'object' ? {} : value;
}

/** The CommonJS source of the precompiled validators of the schema files in `schemasDir`. */
export function precompiledValidatorsSource(schemasDir: string): string {
  const { schemas, hash } = readSchemaFiles(schemasDir);
  return precompiledValidatorsSourceOf(schemas, hash);
}

/** The same for schemas already read (by `$id`), stamped with `hash`. */
export function precompiledValidatorsSourceOf(schemas: ReadonlyMap<string, JSONSchema>, hash?: string): string {
  // Same options as at run time; formats come from our formats module (ajv-formats' and the
  // reference's `uri-reference`, formats.ts) instead of being inlined.
  const ajv = createAjv({ code: { source: true, formats: _`require("../src/schemas/formats").formats` } });
  for (const [id, schema] of schemas) ajv.addSchema(withoutAnnotations(schema) as JSONSchema, id);
  const exported: Record<string, string> = {};
  const failed: Record<string, string> = {};
  for (const ref of precompiledRefs(schemas)) {
    try {
      if (ajv.getSchema(ref)) exported[ref] = ref;
    } catch (e) {
      // A branch strict mode refuses alone (`required` without `type`): the same error at run time.
      failed[ref] = e instanceof Error ? e.message : String(e);
    }
  }
  const header = '// Generated by scripts/build.mjs from schemas/*.schema.json (ajv standalone). Do not edit.\n"use strict";\n';
  const code = withoutUnusedSchemaConstants(standaloneCode(ajv, exported));
  return `${header}${code}\nexports.__schemaHash = ${JSON.stringify(hash ?? '')};\nexports.__failed = ${JSON.stringify(failed)};\n`;
}

/**
 * The generated code without the `const schemaN = {…};` declarations nothing refers to: ajv
 * declares each compiled schema object, but the code reads only a few (an `enum` for an error's
 * parameters). The unused ones were a sixth of the module, evaluated at every start.
 */
export function withoutUnusedSchemaConstants(source: string): string {
  const declaration = /const (schema\d+) = /g;
  const unused: Array<{ start: number; end: number }> = [];
  for (let match = declaration.exec(source); match; match = declaration.exec(source)) {
    const name = match[1];
    const end = endOfJsonLiteral(source, match.index + match[0].length);
    if (end < 0 || source[end] !== ';') continue; // not a plain literal: keep it
    const uses = source.match(new RegExp(`\\b${name}\\b`, 'g'))?.length ?? 0;
    if (uses === 1) unused.push({ start: match.index, end: end + 1 });
  }
  let out = '';
  let at = 0;
  for (const { start, end } of unused) {
    out += source.slice(at, start);
    at = end;
  }
  return out + source.slice(at);
}

/** The offset just past the JSON object or array literal starting at `start`; -1 when there is none. */
function endOfJsonLiteral(source: string, start: number): number {
  const first = source[start];
  if (first !== '{' && first !== '[') return -1;
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (c === '"') {
      for (i++; i < source.length && source[i] !== '"'; i++) if (source[i] === '\\') i++;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Writes `<root>/validation/generated/validators.js`; returns its path. */
export function writePrecompiledValidators(root: string): string {
  const dir = join(root, 'validation', 'generated');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'validators.js');
  writeFileSync(file, precompiledValidatorsSource(join(root, 'schemas')));
  return file;
}
