// The schema registry: strict compilation of every schema, kind mapping, caching, $ref
// resolution, and the whole-schema rules of issue 3 (descriptions everywhere, deprecations
// with a machine-readable successor, enum descriptions, open objects).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DOCUMENT_KINDS } from '../../../common/src/kinds';
import { createAjv, getSchemaRegistry, schemasDirectory, type JSONSchema } from '../../../server/src/schemas/registry';
import { createSchemaRegistry } from '../../../validation/src/schemas/registry';
import { SCHEMA_BASE_URI } from '../../../common/src/schemaFiles';
import { createSchemaWalker } from '../../../server/src/service/schema/schemaWalker';
import type { SchemaNode } from '../../../server/src/service/schema/schemaTypes';
import { registry, SCHEMAS_DIR } from './fixture-helpers';
import { forEachSubschema, schemaFiles } from './schema-walk-helpers';

test('every schema file compiles with the registry (strict mode on)', () => {
  const r = registry();
  assert.equal(r.ajv.opts.strict, true);
  const files = schemaFiles();
  assert.ok(files.length >= 15, `only ${files.length} schema files`);
  for (const { file, schema } of files) {
    assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#', `${file} is not draft-07`);
    // The bundle's registry reads a file by its id on first use: the id must be the file name.
    assert.equal(schema.$id, SCHEMA_BASE_URI + file, `${file} has an unstable $id`);
    assert.equal(typeof r.ajv.getSchema(schema.$id), 'function', `${file} did not compile`);
  }
});

test('strict mode is real: an unknown keyword is refused, our annotations are accepted', () => {
  const ajv = createAjv();
  assert.throws(() => ajv.compile({ type: 'object', markdownDescriptoin: 'typo' }), /strict mode: unknown keyword/);
  const validate = ajv.compile({
    type: 'string', markdownDescription: 'm', deprecationMessage: 'd', 'x-svc-replacedBy': 'b', enum: ['a'],
    enumDescriptions: ['a'], markdownEnumDescriptions: ['a'], doNotSuggest: false, defaultSnippets: [], 'x-svc-unit': 'seconds',
  });
  assert.equal(validate('a'), true);
});

test('each document kind maps to its schema; validators are compiled once', () => {
  const r = registry();
  for (const kind of DOCUMENT_KINDS) {
    const id = r.idForKind(kind);
    assert.equal(r.schemaForKind(kind).$id, id);
    assert.equal(r.schemaById(id), r.schemaForKind(kind));
    assert.equal(r.validatorForKind(kind), r.validatorForKind(kind));
  }
  assert.equal(getSchemaRegistry(SCHEMAS_DIR), r, 'registry is memoised per folder');
});

test('schemasDirectory finds the repository schemas when run from sources', () => {
  assert.equal(schemasDirectory(), SCHEMAS_DIR);
});

test('resolveRef follows local and cross-file references', () => {
  const r = registry();
  const classicId = r.idForKind('classic');
  assert.equal(r.resolveRef('#/definitions/proxy', classicId)?.required?.[0], 'target_url');
  assert.equal(r.resolveRef('common.schema.json#/definitions/isoDuration', classicId)?.type, 'string');
  assert.equal(r.resolveRef('session.schema.json', r.idForKind('policy')), r.schemaForKind('session'));
  assert.equal(r.resolveRef('#/definitions/nothing', classicId), undefined);
  assert.equal(r.resolveRef('missing.schema.json#/x', classicId), undefined);
});

test('every $ref in every schema resolves (so a schema walker never dead-ends)', () => {
  const r = registry();
  for (const { file, schema } of schemaFiles()) {
    forEachSubschema(schema, (sub, pointer) => {
      if (typeof sub.$ref === 'string') assert.ok(r.resolveRef(sub.$ref, schema.$id), `${file}#${pointer}: $ref ${sub.$ref} does not resolve`);
    });
  }
});

/** Subschemas under if/then/else/not restate conditions on members described elsewhere. */
function isCondition(pointer: string): boolean {
  return /\/(if|then|else|not)(\/|$)/.test(pointer);
}

/** A member's description is its own or, for a bare `$ref`, the target's. */
function hasDescription(member: JSONSchema, baseId: string): boolean {
  if (typeof member.markdownDescription === 'string' && member.markdownDescription.trim()) return true;
  if (typeof member.$ref === 'string') {
    const target = registry().resolveRef(member.$ref, baseId);
    return !!target && hasDescription(target, baseId);
  }
  return false;
}

test('every member of every schema carries a markdownDescription', () => {
  const missing: string[] = [];
  for (const { file, schema } of schemaFiles()) {
    forEachSubschema(schema, (sub, pointer) => {
      if (isCondition(pointer)) return;
      for (const [name, member] of Object.entries<JSONSchema | boolean>(sub.properties ?? {})) {
        if (typeof member === 'boolean') continue; // `properties: {x: true}` in required-only branches
        if (!hasDescription(member, schema.$id)) missing.push(`${file}#${pointer}/properties/${name}`);
      }
    });
  }
  assert.deepEqual(missing, []);
});

test('deprecated members say so and name their successor machine-readably', () => {
  const session = registry().schemaForKind('session');
  for (const [name, successor] of [['apply_policy_id', 'apply_policies'], ['enable_detail_recording', 'enable_detailed_recording']]) {
    const member = session.properties[name];
    assert.match(member.deprecationMessage, new RegExp(successor));
    assert.equal(member['x-svc-replacedBy'], successor);
    assert.ok(session.properties[successor], `successor ${successor} is a member too`);
  }
});

test('closed enums of strings carry one description per value', () => {
  const problems: string[] = [];
  for (const { file, schema } of schemaFiles()) {
    forEachSubschema(schema, (sub, pointer) => {
      if (!Array.isArray(sub.enum) || sub.enum.length < 2 || isCondition(pointer)) return;
      if (!Array.isArray(sub.enumDescriptions)) problems.push(`${file}#${pointer}: no enumDescriptions`);
      else if (sub.enumDescriptions.length !== sub.enum.length) problems.push(`${file}#${pointer}: ${sub.enum.length} values, ${sub.enumDescriptions.length} descriptions`);
    });
  }
  // Values of free-form maps (user_permissions' additionalProperties) are described by the map.
  assert.deepEqual(problems.filter((p) => !p.includes('/additionalProperties')), []);
});

/** Objects the reference's own schema closes (issue 26): only these may forbid unknown members. */
const CLOSED_BY_THE_REFERENCE = new Set(['streams-api.schema.json#/definitions/streaming']);

test('objects stay open: no schema forbids unknown members, except where the reference closes the object', () => {
  const closed: string[] = [];
  for (const { file, schema } of schemaFiles()) {
    forEachSubschema(schema, (sub, pointer) => {
      if (sub.additionalProperties === false) closed.push(`${file}#${pointer}`);
    });
  }
  assert.deepEqual(closed, [...CLOSED_BY_THE_REFERENCE]);
  const validate = registry().validatorForKind('classic');
  const doc = { name: 'x', proxy: { target_url: 'http://x', brand_new_member: 1 }, version_data: { not_versioned: true, versions: {} }, from_a_newer_gateway: true };
  assert.equal(validate(doc), true);
});

test('the walker finds members through $ref, allOf and map values', () => {
  const walker = createSchemaWalker(registry());
  const declared = (nodes: readonly SchemaNode[]) => {
    const members = walker.members(nodes);
    return new Set([...members.properties.keys(), ...members.known]);
  };
  const root = walker.root('classic');
  const names = declared(root);
  for (const name of ['name', 'proxy', 'version_data', 'use_keyless']) assert.ok(names.has(name), name);
  const targetUrl = walker.child(walker.child(root, 'proxy'), 'target_url');
  assert.ok(targetUrl.some((s) => typeof s.schema.markdownDescription === 'string' && s.schema.markdownDescription.includes('upstream')));
  const entry = walker.child(walker.child(walker.root('session'), 'access_rights'), 'any-api-id');
  assert.ok(declared(entry).has('allowed_urls'));
});

test('schema files read on first use (as the bundle does) give the same registry as reading them all', () => {
  const eager = createSchemaRegistry(SCHEMAS_DIR, { lazyFiles: false });
  const lazy = createSchemaRegistry(SCHEMAS_DIR, { lazyFiles: true });
  // Every id is known before any file is read (the ids are the file names: see the first test).
  assert.deepEqual(lazy.schemaIds(), eager.schemaIds());
  for (const kind of DOCUMENT_KINDS) assert.deepEqual(lazy.schemaForKind(kind), eager.schemaForKind(kind), kind);
  const oas = lazy.idForKind('oas');
  assert.deepEqual(lazy.resolveRef('common.schema.json#/definitions/mapOrNull', oas), eager.resolveRef('common.schema.json#/definitions/mapOrNull', oas));
  assert.equal(lazy.resolveRef('missing.schema.json#/definitions/x', oas), undefined);
  assert.equal(lazy.schemaById(SCHEMA_BASE_URI + 'missing.schema.json'), undefined);
  // The run-time ajv (no precompiled module) holds every file, lazily read or not.
  const runtime = createSchemaRegistry(SCHEMAS_DIR, { lazyFiles: true, precompiled: false });
  assert.equal(runtime.validatorForKind('policy')({ rate: 'fast' }), false);
  assert.equal(runtime.validatorForKind('policy')({ rate: 10 }), true);
});
