// Schema coverage against the spec: every member the spec names (kept in
// test/fixtures/schemas/spec-members.json, so a member dropped from a schema later fails CI)
// must be a declared member of the matching schema, and a document that holds every member
// with a value of its spec type must validate ("every shape in the spec validates").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCHEMA_BASE_URI } from '../../../common/src/schemaFiles';
import { createSchemaWalker } from '../../../server/src/service/schema/schemaWalker';
import type { SchemaNode } from '../../../server/src/service/schema/schemaTypes';
import { describeErrors, FIXTURES_DIR, readJson, registry } from './fixture-helpers';

interface Resource {
  schema: string;
  members: Record<string, string>;
}
const table: { resources: Record<string, Resource> } = readJson(join(FIXTURES_DIR, 'spec-members.json'));

const walker = createSchemaWalker(registry());

function rootOf(resource: Resource): SchemaNode[] {
  const ref = SCHEMA_BASE_URI + resource.schema;
  const root = walker.rootById(ref);
  assert.ok(root.length > 0, `schema ${ref} not found`);
  return root;
}

/** Follows a dotted member path; returns the name of the first step that is not declared. */
function firstUndeclaredStep(root: SchemaNode[], path: string): string | undefined {
  let current = root;
  for (const raw of path.split('.')) {
    const isArray = raw.endsWith('[]');
    const name = isArray ? raw.slice(0, -2) : raw;
    const members = walker.members(current);
    if (!members.properties.has(name) && !members.known.has(name)) return name;
    current = walker.child(current, name);
    if (isArray) current = walker.child(current, 0);
  }
  return undefined;
}

const DEFAULT_SAMPLES: Record<string, unknown> = {
  string: 'x', integer: 1, number: 1.5, boolean: true, 'date-time': '2024-05-01T12:00:00Z', any: { k: 'v' }, map: {},
  object: {}, array: [], 'string[]': ['x'], 'integer[]': [1], 'number[]': [1.5], 'object[]': [{}], 'map[]': [{}],
};

function sampleFor(type: string): unknown {
  const eq = type.indexOf('=');
  if (eq < 0) return structuredClone(DEFAULT_SAMPLES[type]);
  const base = type.slice(0, eq);
  const sample = type.slice(eq + 1);
  if (base === 'boolean') return sample === 'true';
  if (base.endsWith('[]')) return [sample];
  return sample;
}

/** A document with every listed member at a sample value (parents before children). */
function documentWithAllMembers(members: Record<string, string>): Record<string, unknown> {
  const doc: Record<string, any> = {};
  const paths = Object.keys(members).sort((a, b) => a.split('.').length - b.split('.').length);
  for (const path of paths) {
    const steps = path.split('.');
    let node: any = doc;
    for (const raw of steps.slice(0, -1)) {
      const isArray = raw.endsWith('[]');
      const name = isArray ? raw.slice(0, -2) : raw;
      node[name] ??= isArray ? [{}] : {};
      node = isArray ? node[name][0] : node[name];
    }
    const last = steps[steps.length - 1].replace(/\[\]$/, '');
    if (!(last in node)) node[last] = sampleFor(members[path]);
  }
  return doc;
}

test('the member table covers every resource of the spec', () => {
  const names = Object.keys(table.resources);
  for (const expected of ['session', 'policy', 'oauth-client', 'user', 'webhook', 'classic', 'dashboard-api', 'oas-api', 'svc-extension', 'streams-api', 'migrate-request', 'migrate-response', 'example-api', 'analytics', 'action-result', 'status-result', 'key-result']) {
    assert.ok(names.includes(expected), `no member list for ${expected}`);
  }
});

for (const [name, resource] of Object.entries(table.resources)) {
  test(`${name}: every member the spec names is declared in ${resource.schema}`, () => {
    const root = rootOf(resource);
    const missing = Object.keys(resource.members).flatMap((path) => {
      const step = firstUndeclaredStep(root, path);
      return step ? [`${path} (at ${step})`] : [];
    });
    assert.deepEqual(missing, []);
  });

  test(`${name}: a document with every spec member validates`, () => {
    const validate = registry().ajv.getSchema(SCHEMA_BASE_URI + resource.schema);
    assert.ok(validate);
    const doc = documentWithAllMembers(resource.members);
    assert.equal(validate(doc), true, describeErrors(validate.errors));
  });
}
