// The schema walker: which subschemas apply at a JSON path, over a small schema set that uses
// every composition keyword the real schemas use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SchemaWalker } from '../../../server/src/service/schema/schemaWalker';
import { createRefResolver } from '../../../server/src/service/schema/schemaRefs';
import type { SchemaObject, SchemaNode } from '../../../server/src/service/schema/schemaTypes';

const common: SchemaObject = {
  $id: 'https://schemas.example/common.schema.json',
  definitions: {
    toggle: { type: 'object', properties: { enabled: { type: 'boolean', description: 'Turns it on.' } }, required: ['enabled'] },
  },
};

const root: SchemaObject = {
  $id: 'https://schemas.example/oas.schema.json',
  type: 'object',
  properties: {
    server: {
      type: 'object',
      properties: {
        cache: { $ref: 'common.schema.json#/definitions/toggle' },
        listenPath: { allOf: [{ properties: { value: { type: 'string' } } }, { properties: { strip: { type: 'boolean' } } }] },
      },
      additionalProperties: false,
    },
    auth: {
      type: 'object',
      properties: { kind: { enum: ['jwt', 'basic'] } },
      if: { properties: { kind: { const: 'jwt' } } },
      then: { properties: { signingMethod: { type: 'string' } } },
      else: { properties: { cacheTTL: { type: 'integer' } } },
    },
    handler: {
      anyOf: [
        { properties: { type: { const: 'webhook' }, url: { type: 'string' } }, required: ['type'] },
        { properties: { type: { const: 'log' }, logPrefix: { type: 'string' } }, required: ['type'] },
      ],
    },
    operations: { type: 'object', additionalProperties: { $ref: '#/definitions/operation' } },
    headers: { type: 'object', patternProperties: { '^X-': { type: 'string', title: 'header' } } },
    targets: { type: 'array', items: { $ref: '#/definitions/operation' } },
    pair: { type: 'array', items: [{ type: 'string', title: 'first' }], additionalItems: { type: 'number', title: 'rest' } },
    meta: { type: 'object' },
  },
  definitions: {
    operation: { type: 'object', properties: { allow: { $ref: 'common.schema.json#/definitions/toggle' } } },
  },
};

const walker = new SchemaWalker({
  schemaForKind: (kind) => (kind === 'oas' ? root : undefined),
  resolveRef: createRefResolver([root, common]),
});

const propertyNames = (nodes: SchemaNode[]) => [...walker.members(nodes).properties.keys()].sort();

test('follows $ref across schema files to the referenced definition', () => {
  assert.deepEqual(propertyNames(walker.schemasAt('oas', ['server', 'cache'])), ['enabled']);
  const enabled = walker.schemasAt('oas', ['server', 'cache', 'enabled']);
  assert.equal(enabled[0]?.schema.description, 'Turns it on.');
});

test('merges the members of every allOf branch', () => {
  assert.deepEqual(propertyNames(walker.schemasAt('oas', ['server', 'listenPath'])), ['strip', 'value']);
});

test('without a value both then and else apply; with a value only the selected branch', () => {
  assert.deepEqual(propertyNames(walker.schemasAt('oas', ['auth'])), ['cacheTTL', 'kind', 'signingMethod']);
  const doc = { auth: { kind: 'jwt' } };
  assert.deepEqual(propertyNames(walker.schemasAt('oas', ['auth'], doc)), ['kind', 'signingMethod']);
  const basic = { auth: { kind: 'basic' } };
  assert.deepEqual(propertyNames(walker.schemasAt('oas', ['auth'], basic)), ['cacheTTL', 'kind']);
});

test('keeps only the anyOf branch whose discriminator matches the value', () => {
  assert.deepEqual(propertyNames(walker.schemasAt('oas', ['handler'])), ['logPrefix', 'type', 'url']);
  assert.deepEqual(propertyNames(walker.schemasAt('oas', ['handler'], { handler: { type: 'log' } })), ['logPrefix', 'type']);
  // A value no branch fits (type still missing) keeps every branch so completion offers both.
  assert.deepEqual(propertyNames(walker.schemasAt('oas', ['handler'], { handler: {} })), ['logPrefix', 'type', 'url']);
});

test('additionalProperties describes every member of a map', () => {
  assert.deepEqual(propertyNames(walker.schemasAt('oas', ['operations', 'getPets'])), ['allow']);
  assert.deepEqual(propertyNames(walker.schemasAt('oas', ['operations', 'getPets', 'allow'])), ['enabled']);
});

test('patternProperties apply to matching names only', () => {
  assert.equal(walker.schemasAt('oas', ['headers', 'X-Trace'])[0]?.schema.title, 'header');
  assert.equal(walker.schemasAt('oas', ['headers', 'Accept']).length, 0);
});

test('items: one schema for every element, tuples with additionalItems', () => {
  assert.deepEqual(propertyNames(walker.schemasAt('oas', ['targets', 3])), ['allow']);
  assert.equal(walker.schemasAt('oas', ['pair', 0])[0]?.schema.title, 'first');
  assert.equal(walker.schemasAt('oas', ['pair', 5])[0]?.schema.title, 'rest');
});

test('declared members: closed objects, maps and open objects', () => {
  const server = walker.membersAt('oas', ['server']);
  assert.equal(server.closed, true);
  assert.equal(SchemaWalker.isDeclared(server, 'cache'), true);
  assert.equal(SchemaWalker.isDeclared(server, 'cahce'), false);
  assert.equal(SchemaWalker.isDeclared(walker.membersAt('oas', ['operations']), 'anything'), true);
  assert.equal(SchemaWalker.isDeclared(walker.membersAt('oas', ['meta']), 'anything'), true);
  assert.deepEqual([...walker.membersAt('oas', ['server', 'cache']).required], ['enabled']);
});

test('a kind without a schema and a path off the schema give nothing', () => {
  assert.deepEqual(walker.schemasAt('policy', ['a']), []);
  assert.deepEqual(walker.schemasAt('oas', ['server', 'nope', 'deeper']), []);
});

test('top-down walking with child() gives the same schemas as schemasAt()', () => {
  const doc = { operations: { op1: { allow: { enabled: true } } } };
  let nodes = walker.root('oas', doc);
  nodes = walker.child(nodes, 'operations', doc.operations);
  nodes = walker.child(nodes, 'op1', doc.operations.op1);
  assert.deepEqual(nodes, walker.schemasAt('oas', ['operations', 'op1'], doc));
});

test('self-referencing schemas do not loop', () => {
  const loop: SchemaObject = { $id: 'loop.json', properties: { next: { $ref: '#' } }, allOf: [{ $ref: '#' }] };
  const w = new SchemaWalker({ schemaForKind: () => loop, resolveRef: createRefResolver([loop]) });
  assert.deepEqual([...w.membersAt('oas', ['next', 'next', 'next']).properties.keys()], ['next']);
});
