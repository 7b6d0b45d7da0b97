// The validators compiled at build time (ajv standalone, validation/generated/validators.js)
// must give exactly what compiling the schemas at run time gives: same verdict, same errors
// (paths, keywords, parameters, messages), on every fixture under test/fixtures/, for every
// document kind and every `anyOf`/`oneOf` branch the error explainer validates against.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENT_KINDS } from '../../../common/src/kinds';
import { createSchemaRegistry, readSchemaFiles } from '../../../validation/src/schemas/registry';
import { loadPrecompiledValidators } from '../../../validation/src/schemas/precompiled';
import { precompiledRefs, precompiledValidatorsSourceOf, withoutAnnotations, withoutUnusedSchemaConstants } from '../../../validation/src/schemas/standalone';
import { REPO_ROOT, SCHEMAS_DIR } from './fixture-helpers';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures');

function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...jsonFiles(path));
    else if (name.endsWith('.json')) out.push(path);
  }
  return out;
}

/** Every fixture document that is JSON (a few are deliberately broken: those test the parser, not the schemas). */
function fixtureDocuments(): Array<{ file: string; value: unknown }> {
  const out: Array<{ file: string; value: unknown }> = [];
  for (const file of jsonFiles(FIXTURES)) {
    try {
      out.push({ file: file.slice(FIXTURES.length + 1), value: JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) });
    } catch {
      // not JSON
    }
  }
  return out;
}

/** The document and every value inside it (what a composite branch is asked about). */
function allValues(root: unknown): unknown[] {
  const out: unknown[] = [];
  const stack = [root];
  while (stack.length) {
    const value = stack.pop();
    out.push(value);
    if (value !== null && typeof value === 'object') stack.push(...Object.values(value as Record<string, unknown>));
  }
  return out;
}

const precompiled = createSchemaRegistry(SCHEMAS_DIR);
const runtime = createSchemaRegistry(SCHEMAS_DIR, { precompiled: false });
const documents = fixtureDocuments();

test('the build produced validators for the current schema files (npm run build writes them)', () => {
  assert.equal(precompiled.precompiled, true, 'validation/generated/validators.js is missing or stale: run npm run build');
  assert.equal(runtime.precompiled, false);
  const module = loadPrecompiledValidators()!;
  const refs = precompiledRefs(readSchemaFiles(SCHEMAS_DIR).schemas);
  assert.ok(refs.length >= DOCUMENT_KINDS.length + 10, `only ${refs.length} references`);
  // Every branch compiles alone: the error explainer validates against each, and one that does
  // not compile leaves the user a generic "does not match any of the allowed forms" beside the
  // branches' own errors (a branch with `required` but no `type` is what strict mode refuses).
  assert.deepEqual(module.__failed, {});
  for (const ref of refs) assert.equal(typeof module[ref], 'function', `${ref} is not precompiled`);
  assert.ok(documents.length >= 150, `only ${documents.length} fixture documents`);
});

test('a branch strict mode refuses to compile alone is recorded: asking for it throws as at run time, without building ajv', () => {
  const branch = { properties: { url: true }, required: ['url'] }; // no `type`: refused alone
  const schema = { $id: 'https://example.test/t.schema.json', type: 'object', anyOf: [branch, { ...branch, type: 'object' }] };
  const source = precompiledValidatorsSourceOf(new Map([[schema.$id, schema]]));
  const failed = /exports.__failed = (.*);\n$/.exec(source)?.[1];
  assert.deepEqual(Object.keys(JSON.parse(failed ?? '{}')), [`${schema.$id}#/anyOf/0`]);
  assert.match(JSON.parse(failed!)[`${schema.$id}#/anyOf/0`], /strict mode: missing type "object" for keyword "required"/);
  assert.match(source, /exports\["https:\/\/example.test\/t.schema.json#\/anyOf\/1"\]/, 'the typed branch is precompiled');
});

test('every kind: precompiled and run-time validators agree on every fixture (verdict and errors)', () => {
  let rejected = 0;
  for (const kind of DOCUMENT_KINDS) {
    const fast = precompiled.validatorForKind(kind);
    const slow = runtime.validatorForKind(kind);
    assert.notEqual(fast, slow);
    for (const { file, value } of documents) {
      const verdict = fast(value);
      assert.equal(verdict, slow(value), `${kind} / ${file}: verdicts differ`);
      assert.deepEqual(fast.errors ?? null, slow.errors ?? null, `${kind} / ${file}: errors differ`);
      if (!verdict) rejected++;
    }
  }
  // Both outcomes are exercised (a fixture of one kind is refused as another).
  assert.ok(rejected > documents.length && rejected < documents.length * DOCUMENT_KINDS.length, `${rejected} rejections`);
});

test('every anyOf/oneOf branch: precompiled and run-time agree on every value inside every fixture', () => {
  const values = documents.flatMap(({ value }) => allValues(value));
  const refs = precompiledRefs(readSchemaFiles(SCHEMAS_DIR).schemas).filter((ref) => ref.includes('#'));
  let accepted = 0;
  const module = loadPrecompiledValidators()!;
  for (const ref of refs.filter((r) => !module.__failed[r])) {
    const fast = precompiled.validatorForRef(ref)!;
    const slow = runtime.validatorForRef(ref)!;
    for (const value of values) {
      const verdict = fast(value);
      assert.equal(verdict, slow(value), `${ref}: verdicts differ on ${JSON.stringify(value)?.slice(0, 80)}`);
      if (!verdict) assert.deepEqual(fast.errors, slow.errors, `${ref}: errors differ on ${JSON.stringify(value)?.slice(0, 80)}`);
      else accepted++;
    }
  }
  assert.ok(accepted > 0 && accepted < refs.length * values.length);
});

test('a schema file edited after the build: the stale module is ignored and the schemas compile at run time', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-schemas-'));
  try {
    cpSync(SCHEMAS_DIR, dir, { recursive: true });
    const policyFile = join(dir, 'policy.schema.json');
    const policy = JSON.parse(readFileSync(policyFile, 'utf8'));
    policy.properties.svcTestOnlyMember = { type: 'string' };
    policy.required = ['svcTestOnlyMember'];
    writeFileSync(policyFile, JSON.stringify(policy));
    const edited = createSchemaRegistry(dir);
    assert.equal(edited.precompiled, false);
    const validate = edited.validatorForKind('policy');
    assert.equal(validate({}), false);
    assert.ok(validate.errors?.some((e) => e.params && (e.params as { missingProperty?: string }).missingProperty === 'svcTestOnlyMember'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('annotations are emptied in the generated code (the keywords stay); members named like annotations keep their schema', () => {
  const schema = {
    type: 'object',
    description: 'dropped',
    markdownDescription: 'dropped',
    'x-svc-unit': 'seconds',
    properties: { description: { type: 'string', default: 'x', title: 't' }, default: { type: 'integer' } },
    anyOf: [{ required: ['description'], description: 'dropped' }],
    enum: [{ description: 'data stays' }],
  };
  assert.deepEqual(withoutAnnotations(schema), {
    type: 'object',
    description: '',
    markdownDescription: '',
    'x-svc-unit': '',
    properties: { description: { type: 'string', default: '', title: '' }, default: { type: 'integer' } },
    anyOf: [{ required: ['description'], description: '' }],
    enum: [{ description: 'data stays' }],
  });
});

test('schema constants the generated code never reads are dropped; read ones, and anything not a plain literal, stay', () => {
  const source = [
    String.raw`const schema1 = {"a":"};{","b":[1,{"c":"\\\"}"}]};`,
    'const schema2 = {"enum":["x"]};',
    'const schema3 = makeIt();',
    'function validate(){return schema2.enum;}',
  ].join('');
  const out = withoutUnusedSchemaConstants(source);
  assert.equal(out, 'const schema2 = {"enum":["x"]};const schema3 = makeIt();function validate(){return schema2.enum;}');
  // The generated module of the build has none left.
  const generated = readFileSync(join(REPO_ROOT, 'validation', 'generated', 'validators.js'), 'utf8');
  for (const [, name] of generated.matchAll(/const (schema\d+) = \{/g)) {
    assert.ok(generated.match(new RegExp(`\\b${name}\\b`, 'g'))!.length > 1, `${name} is declared but never read`);
  }
});
