// Our schemas know the members of the reference gateway's own published schemas
// (carried in test/fixtures/reference-schemas/): at least 98% of the member paths of each,
// with the reference's JSON types and nullability. Prints the figures and what is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCHEMA_BASE_URI } from '../../../common/src/schemaFiles';
import { createSchemaWalker } from '../../../server/src/service/schema/schemaWalker';
import type { SchemaNode } from '../../../server/src/service/schema/schemaTypes';
import { registry } from './fixture-helpers';
import { compare, referenceMembers, type Step } from './reference-members';

const walker = createSchemaWalker(registry());

/** reference file → our schema file, and the member of ours it describes. */
const PAIRS: Array<[reference: string, ours: string, under: string[]]> = [
  ['classic-api.json', 'classic-api.schema.json', []],
  ['oas-extension.json', 'svc-extension.schema.json', []],
  ['streams-api-gateway.json', 'streams-api.schema.json', ['x-svc-api-gateway']],
  ['streams-extension.json', 'streams-api.schema.json', ['x-svc-streaming']],
];

/**
 * Members the reference's schema calls `number` that its Go types hold as integers (int,
 * int64, uint16): the decoder refuses a fraction there, so ours say `integer`.
 */
const GO_INTEGERS = new Set([
  'classic-api.json expire_analytics_after', 'classic-api.json jwt_issued_at_validation_skew',
  'classic-api.json jwt_expires_at_validation_skew', 'classic-api.json jwt_not_before_validation_skew',
  'classic-api.json session_lifetime', 'classic-api.json listen_port', 'classic-api.json proxy.transport.ssl_min_version',
  'classic-api.json proxy.transport.ssl_max_version', 'oas-extension.json upstream.rateLimit.rate',
  'oas-extension.json upstream.loadBalancing.targets.weight', 'oas-extension.json middleware.operations.rateLimit.rate',
  'streams-api-gateway.json middleware.operations.rateLimit.rate',
]);

/** Where we knowingly differ from the reference's published schema, and why. */
const KNOWN_DIFFERENCES: Record<string, string> = {
  // Its schema says boolean; its Go type is a string and its examples write `REST`/`GraphQL`.
  'classic-api.json graphql.type_field_configurations.data_source.kind': 'a string, as the gateway reads it',
};

function rootOf(ours: string, under: string[]): SchemaNode[] {
  let root = walker.rootById(SCHEMA_BASE_URI + ours);
  for (const name of under) root = walker.child(root, name);
  return root;
}

function nodesAt(root: SchemaNode[], steps: Step[]): SchemaNode[] {
  let current = root;
  for (const step of steps) {
    if ('member' in step) {
      if (!walker.members(current).properties.has(step.member)) {
        const items = walker.child(current, 0);
        if (items.length && walker.members(items).properties.has(step.member)) current = items;
      }
      current = walker.child(current, step.member);
    } else if ('item' in step) current = walker.child(current, 0);
    else current = ['x', 'Default', '200', 'GET', 'authToken'].map((k) => walker.child(current, k)).find((n) => n.length > 0) ?? [];
  }
  return current;
}

function typesOf(nodes: SchemaNode[]): Set<string> {
  const out = new Set<string>();
  for (const { schema } of nodes) {
    const t = schema.type as unknown;
    if (typeof t === 'string') out.add(t);
    else if (Array.isArray(t)) t.forEach((x) => out.add(String(x)));
  }
  if (out.has('number')) out.add('integer');
  return out;
}

for (const [reference, ours, under] of PAIRS) {
  test(`reference coverage: ${reference} → ${ours}${under.length ? ' ' + under.join('.') : ''} knows >= 98% of the member paths`, () => {
    const c = compare(walker, reference, ours, under);
    const percent = (100 * c.known) / c.total;
    console.log(`${reference}: ${c.known}/${c.total} = ${percent.toFixed(1)}% known${c.missing.length ? `; missing: ${c.missing.join(', ')}` : ''}`);
    assert.ok(percent >= 98, `${reference}: only ${c.known}/${c.total} known; missing:\n${c.missing.join('\n')}`);
  });

  test(`reference coverage: ${reference} members have the reference's types and nullability in ${ours}`, () => {
    const root = rootOf(ours, under);
    const wrong: string[] = [];
    for (const m of referenceMembers(reference)) {
      const nodes = nodesAt(root, m.steps);
      const types = typesOf(nodes);
      if (types.size === 0 || KNOWN_DIFFERENCES[`${reference} ${m.path}`]) continue; // composite (anyOf) or untyped: ajv decides per branch
      const missing = [...m.types].filter((t) => !types.has(t) && !(t === 'number' && GO_INTEGERS.has(`${reference} ${m.path}`)));
      if (missing.length) wrong.push(`${m.path}: reference allows ${[...m.types].join('|')}, ours ${[...types].join('|')}`);
    }
    assert.deepEqual(wrong, []);
  });
}

test('reference coverage: all reference member paths together >= 98% known', () => {
  const all = PAIRS.map(([reference, ours, under]) => compare(walker, reference, ours, under));
  const known = all.reduce((n, c) => n + c.known, 0);
  const total = all.reduce((n, c) => n + c.total, 0);
  console.log(`all reference schemas: ${known}/${total} = ${((100 * known) / total).toFixed(1)}% known`);
  assert.ok(total > 1300, `only ${total} member paths read: is test/fixtures/reference-schemas complete?`);
  assert.ok(known / total >= 0.98);
});
