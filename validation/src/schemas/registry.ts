// The schema registry: loads every `schemas/*.schema.json` once per process, compiles them with
// ONE strict ajv instance (VS Code's schema keywords registered as annotations), and maps each
// document kind to its root schema. The language service, svc-lint and the tests all share it,
// so a schema compiles exactly once (recompiling leaks memory in ajv).
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentKind } from '../../../common/src/kinds';
import { ANNOTATION_KEYWORDS } from './keywords';
import { SCHEMA_BASE_URI, SCHEMA_FILE_BY_KIND } from '../../../common/src/schemaFiles';

// Schema documents are walked generically; the typed views live in server/src/service/schema/schemaTypes.ts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JSONSchema = { [k: string]: any };

export interface SchemaRegistry {
  /** The one ajv instance that holds every schema (use it for ad-hoc `getSchema(id)` too). */
  readonly ajv: Ajv;
  /** The raw root schema object of a document kind. */
  schemaForKind(kind: DocumentKind): JSONSchema;
  /** The compiled validator of a document kind; compiled on first use, then cached. */
  validatorForKind(kind: DocumentKind): ValidateFunction;
  /** Any loaded schema file by its `$id`. */
  schemaById(id: string): JSONSchema | undefined;
  /**
   * Resolves `#/definitions/x` or `other.schema.json#/definitions/y` relative to the `$id` of the
   * schema the reference appears in, so a schema walker (completion, hover) can follow `$ref`.
   */
  resolveRef(ref: string, baseId: string): JSONSchema | undefined;
  /** The `$id` of the root schema of a document kind. */
  idForKind(kind: DocumentKind): string;
}

/**
 * Where the schema files are: beside the bundle (`dist/schemas`, since esbuild's `__dirname`
 * is `dist`) or, when running from sources through tsx, the repository's `schemas/`.
 */
export function schemasDirectory(): string {
  const candidates = [
    join(__dirname, 'schemas'),
    join(__dirname, '..', '..', '..', 'schemas'),
    join(__dirname, '..', 'schemas'),
    join(process.cwd(), 'schemas'),
  ];
  for (const dir of candidates) {
    if (existsSync(join(dir, SCHEMA_FILE_BY_KIND.classic))) return dir;
  }
  throw new Error(`svc schemas not found; looked in: ${candidates.join(', ')}`);
}

/** Builds the ajv instance every schema compiles with: strict, all errors, annotations known. */
export function createAjv(): Ajv {
  const ajv = new Ajv({
    strict: true,
    // Type arrays such as ["array", "null"] are how exported definitions' Go nil values are
    // admitted; strict mode stays on for everything else.
    allowUnionTypes: true,
    allErrors: true,
    verbose: false,
    // Our schemas are loaded together and reference each other by $id.
    addUsedSchema: false,
  });
  addFormats(ajv);
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword });
  return ajv;
}

class FileSchemaRegistry implements SchemaRegistry {
  readonly ajv = createAjv();
  private readonly byId = new Map<string, JSONSchema>();
  private readonly validators = new Map<DocumentKind, ValidateFunction>();

  constructor(dir: string) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort()) {
      const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as JSONSchema;
      const id = typeof schema.$id === 'string' ? schema.$id : SCHEMA_BASE_URI + file;
      this.byId.set(id, schema);
      this.ajv.addSchema(schema, id);
    }
  }

  idForKind(kind: DocumentKind): string {
    return SCHEMA_BASE_URI + SCHEMA_FILE_BY_KIND[kind];
  }

  schemaForKind(kind: DocumentKind): JSONSchema {
    const schema = this.byId.get(this.idForKind(kind));
    if (!schema) throw new Error(`no schema loaded for kind ${kind} (${this.idForKind(kind)})`);
    return schema;
  }

  validatorForKind(kind: DocumentKind): ValidateFunction {
    let validate = this.validators.get(kind);
    if (!validate) {
      const id = this.idForKind(kind);
      validate = this.ajv.getSchema(id);
      if (!validate) throw new Error(`schema ${id} did not compile`);
      this.validators.set(kind, validate);
    }
    return validate;
  }

  schemaById(id: string): JSONSchema | undefined {
    return this.byId.get(stripFragment(id));
  }

  resolveRef(ref: string, baseId: string): JSONSchema | undefined {
    let absolute: string;
    try {
      absolute = new URL(ref, baseId).toString();
    } catch {
      return undefined;
    }
    const hash = absolute.indexOf('#');
    const documentId = hash < 0 ? absolute : absolute.slice(0, hash);
    const pointer = hash < 0 ? '' : decodeURIComponent(absolute.slice(hash + 1));
    const root = this.byId.get(documentId);
    if (!root) return undefined;
    return followPointer(root, pointer);
  }
}

function stripFragment(id: string): string {
  const hash = id.indexOf('#');
  return hash < 0 ? id : id.slice(0, hash);
}

/** Walks a JSON pointer (`/definitions/x`, RFC 6901 escapes) inside one schema document. */
function followPointer(root: JSONSchema, pointer: string): JSONSchema | undefined {
  if (pointer === '' || pointer === '/') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(token in node)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node !== null && typeof node === 'object' ? node : undefined;
}

const registries = new Map<string, SchemaRegistry>();

/** The registry of a schema folder (default: `schemasDirectory()`), built once per process. */
export function getSchemaRegistry(dir?: string): SchemaRegistry {
  const folder = dir ?? schemasDirectory();
  let registry = registries.get(folder);
  if (!registry) {
    registry = new FileSchemaRegistry(folder);
    registries.set(folder, registry);
  }
  return registry;
}
