// Where a subschema lives (file id and pointer), for compiling one anyOf/oneOf branch by reference:
// composites are indexed first, any other object on demand, and the file named by the caller first.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { getSchemaRegistry } from '../../../server/src/schemas/registry';
import { subschemaLocation } from '../../../server/src/service/validation/schemaIndex';
import { createSchemaRegistry } from '../../../validation/src/schemas/registry';
import { SCHEMAS_DIR } from '../schemas/fixture-helpers';

const EXT = 'https://svc-gateway-tools.github.io/schemas/svc-extension.schema.json';

test('a composite, a plain subschema and a root are located by file and pointer; an unknown object is not', () => {
  const registry = getSchemaRegistry();
  const definitions = registry.schemaById(EXT)!.definitions as any;
  const per = definitions.rateLimit.properties.per as object;
  assert.ok(Array.isArray((per as { anyOf?: unknown }).anyOf), 'the fixture must be a composite');
  assert.deepEqual(subschemaLocation(registry, per, EXT), { id: EXT, pointer: '/definitions/rateLimit/properties/per' });
  // No file named: every file is searched.
  assert.deepEqual(subschemaLocation(registry, definitions.rateLimit), { id: EXT, pointer: '/definitions/rateLimit' });
  assert.deepEqual(subschemaLocation(registry, registry.schemaById(EXT)!, EXT), { id: EXT, pointer: '' });
  // A wrong file hint still finds it (the other files are searched after).
  const oas = registry.idForKind('oas');
  assert.deepEqual(subschemaLocation(registry, definitions.rateLimit.properties, oas), { id: EXT, pointer: '/definitions/rateLimit/properties' });
  assert.equal(subschemaLocation(registry, { anyOf: [] }, EXT), undefined);
});

test('a member name with `/` and `~` is escaped in the pointer (RFC 6901), on a copy of the schemas', () => {
  const copy = createSchemaRegistry(SCHEMAS_DIR);
  const root = copy.schemaById(EXT)! as Record<string, Record<string, unknown>>;
  const odd = { anyOf: [{ type: 'string' }, { type: 'integer' }] };
  root.definitions['a/b~c'] = odd;
  assert.deepEqual(subschemaLocation(copy, odd, EXT), { id: EXT, pointer: '/definitions/a~1b~0c' });
});
