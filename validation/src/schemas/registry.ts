// The schema registry: loads every `schemas/*.schema.json` once per process and maps each
// document kind to its root schema and validator. The validators were compiled at build time
// (standalone.ts → validation/generated/validators.js); when that module is missing or stale
// (its hash of the schema files differs), they compile at run time, one kind on first use, with
// ONE strict ajv instance (VS Code's schema keywords registered as annotations), created only
// then. The language service, svc-lint and the tests all share it, so a schema compiles at most
// once (recompiling leaks memory in ajv).
import type Ajv from 'ajv';
import type { Options, ValidateFunction } from 'ajv';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadPrecompiledValidators, type PrecompiledValidators } from './precompiled';
import { joinPlainRef } from './refUri';
import type { DocumentKind } from '../../../common/src/kinds';
import { ANNOTATION_KEYWORDS } from './keywords';
import { SCHEMA_BASE_URI, SCHEMA_FILE_BY_KIND } from '../../../common/src/schemaFiles';

// Schema documents are walked generically; the typed views live in server/src/service/schema/schemaTypes.ts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JSONSchema = { [k: string]: any };

export interface SchemaRegistry {
  /**
   * The one run-time ajv instance that holds every schema (ad-hoc `getSchema(id)`); created on
   * first use, which the precompiled validators avoid altogether.
   */
  readonly ajv: Ajv;
  /** Whether the validators come from the build's precompiled module (false: compiled at run time). */
  readonly precompiled: boolean;
  /** The `$id` of every loaded schema file. */
  schemaIds(): string[];
  /** The validator of a schema reference (`id` or `id#/pointer`): precompiled, or compiled once now. */
  validatorForRef(ref: string): ValidateFunction | undefined;
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

/**
 * Builds the ajv instance every schema compiles with: strict, all errors, annotations known.
 * `extra` adds options (the build's code generation); the library loads only when called.
 */
export function createAjv(extra: Options = {}): Ajv {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: AjvClass } = require('ajv') as typeof import('ajv');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: addFormats } = require('ajv-formats') as typeof import('ajv-formats');
  const ajv = new AjvClass({
    strict: true,
    // Type arrays such as ["array", "null"] are how exported definitions' Go nil values are
    // admitted; strict mode stays on for everything else.
    allowUnionTypes: true,
    allErrors: true,
    verbose: false,
    // Our schemas are loaded together and reference each other by $id.
    addUsedSchema: false,
    ...extra,
  });
  addFormats(ajv);
  // The reference's own check of `uri-reference` replaces ajv-formats' (formats.ts).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { isKvAwareUriReference } = require('./formats') as typeof import('./formats');
  ajv.addFormat('uri-reference', isKvAwareUriReference);
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword });
  return ajv;
}

/**
 * The schema files of a folder by `$id`, and (when asked) a SHA-1 of their names and texts: the
 * build stamps it on the module it generates, so a registry can tell a stale module.
 */
export function readSchemaFiles(dir: string, options: { hash?: boolean } = {}): { schemas: Map<string, JSONSchema>; hash: string | undefined } {
  const schemas = new Map<string, JSONSchema>();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const digest = options.hash === false ? undefined : (require('node:crypto') as typeof import('node:crypto')).createHash('sha1');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort()) {
    const text = readFileSync(join(dir, file), 'utf8');
    digest?.update(file).update('\0').update(text).update('\0');
    const schema = JSON.parse(text) as JSONSchema;
    schemas.set(typeof schema.$id === 'string' ? schema.$id : SCHEMA_BASE_URI + file, schema);
  }
  return { schemas, hash: digest?.digest('hex') };
}

export interface RegistryOptions {
  /** Use the build's precompiled validators when they match the schema files (default true). */
  precompiled?: boolean;
  /**
   * Read each schema file when first needed instead of all at once (default: for the bundle's
   * own folder, whose files the build copied with the validators it generated). The files are
   * then not hashed, so the precompiled validators are trusted to match them.
   */
  lazyFiles?: boolean;
}

class FileSchemaRegistry implements SchemaRegistry {
  private runtimeAjv: Ajv | undefined;
  private readonly byId: SchemaFiles;
  private readonly validators = new Map<DocumentKind, ValidateFunction>();
  private readonly compiled: PrecompiledValidators | undefined;

  constructor(dir: string, options: RegistryOptions = {}) {
    // A bundle's own schemas (dist/schemas) were copied by the build that generated the module
    // bundled with it: nothing to check, and no hashing at start-up. Any other folder (the
    // sources under tsx, a test's copy) is checked against the module's hash.
    const bundled = resolve(dir) === resolve(__dirname, 'schemas');
    const compiled = options.precompiled === false ? undefined : loadPrecompiledValidators();
    if (options.lazyFiles ?? bundled) {
      // Each file is read when first asked for: linting an OAS document reads 3 of 16.
      this.byId = SchemaFiles.lazy(dir);
      this.compiled = compiled;
    } else {
      const { schemas, hash } = readSchemaFiles(dir);
      this.byId = SchemaFiles.loaded(schemas);
      this.compiled = compiled && compiled.__schemaHash === hash ? compiled : undefined;
    }
  }

  get precompiled(): boolean {
    return this.compiled !== undefined;
  }

  get ajv(): Ajv {
    if (!this.runtimeAjv) {
      this.runtimeAjv = createAjv();
      for (const id of this.byId.ids()) this.runtimeAjv.addSchema(this.byId.get(id)!, id);
    }
    return this.runtimeAjv;
  }

  schemaIds(): string[] {
    return this.byId.ids();
  }

  validatorForRef(ref: string): ValidateFunction | undefined {
    const compiled = this.compiled?.[ref];
    if (typeof compiled === 'function') return compiled;
    const failure = this.compiled?.__failed[ref];
    if (failure !== undefined) throw new Error(failure); // as ajv would, without building it
    return this.ajv.getSchema(ref);
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
      validate = this.validatorForRef(id);
      if (!validate) throw new Error(`schema ${id} did not compile`);
      this.validators.set(kind, validate);
    }
    return validate;
  }

  schemaById(id: string): JSONSchema | undefined {
    return this.byId.get(stripFragment(id));
  }

  resolveRef(ref: string, baseId: string): JSONSchema | undefined {
    let absolute = joinPlainRef(ref, stripFragment(baseId));
    if (absolute === undefined) {
      try {
        absolute = new URL(ref, baseId).toString();
      } catch {
        return undefined;
      }
    }
    const hash = absolute.indexOf('#');
    const documentId = hash < 0 ? absolute : absolute.slice(0, hash);
    const pointer = hash < 0 ? '' : decodeURIComponent(absolute.slice(hash + 1));
    const root = this.byId.get(documentId);
    if (!root) return undefined;
    return followPointer(root, pointer);
  }
}

/**
 * The schema files of a folder by `$id`: all read already, or (a bundle's own folder, whose files
 * are named after their ids: `$id` = SCHEMA_BASE_URI + file name, checked by the schema tests)
 * each read and parsed on first use.
 */
class SchemaFiles {
  private constructor(
    private readonly schemas: Map<string, JSONSchema>,
    private readonly unread: Map<string, string>,
    private readonly order: string[],
  ) {}

  static loaded(schemas: Map<string, JSONSchema>): SchemaFiles {
    return new SchemaFiles(schemas, new Map(), [...schemas.keys()]);
  }

  static lazy(dir: string): SchemaFiles {
    const unread = new Map<string, string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort()) unread.set(SCHEMA_BASE_URI + file, join(dir, file));
    return new SchemaFiles(new Map(), unread, [...unread.keys()]);
  }

  /** Every file's id, in file name order. */
  ids(): string[] {
    return [...this.order];
  }

  get(id: string): JSONSchema | undefined {
    const schema = this.schemas.get(id);
    if (schema) return schema;
    const path = this.unread.get(id);
    if (path === undefined) return undefined;
    this.unread.delete(id);
    const read = JSON.parse(readFileSync(path, 'utf8')) as JSONSchema;
    this.schemas.set(id, read);
    return read;
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

/** A registry of its own (not shared): the tests compare precompiled and run-time validators with it. */
export function createSchemaRegistry(dir: string, options: RegistryOptions = {}): SchemaRegistry {
  return new FileSchemaRegistry(dir, options);
}

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
