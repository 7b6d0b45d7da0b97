// Where does a subschema object live? `{ file $id, JSON pointer }` for every object in every
// loaded schema file, built once. ajv can then compile one `anyOf`/`oneOf` branch by
// `id#pointer` (once, cached by ajv) so composite failures are explained branch by branch.

import type { SchemaRegistry } from '../../schemas/registry';
import { childPointer } from '../parser/jsonPointer';

export interface SubschemaLocation {
  id: string;
  pointer: string;
}

const indexes = new WeakMap<SchemaRegistry, WeakMap<object, SubschemaLocation>>();

export function subschemaLocation(registry: SchemaRegistry, schema: object): SubschemaLocation | undefined {
  let index = indexes.get(registry);
  if (!index) {
    index = buildIndex(registry);
    indexes.set(registry, index);
  }
  return index.get(schema);
}

function buildIndex(registry: SchemaRegistry): WeakMap<object, SubschemaLocation> {
  const index = new WeakMap<object, SubschemaLocation>();
  for (const id of registry.schemaIds()) {
    const root = registry.schemaById(id);
    if (!root) continue;
    // Iterative walk: schema files are small, but no recursion is cheaper still.
    const stack: Array<{ node: unknown; pointer: string }> = [{ node: root, pointer: '' }];
    while (stack.length) {
      const { node, pointer } = stack.pop()!;
      if (node === null || typeof node !== 'object') continue;
      if (!index.has(node)) index.set(node, { id, pointer });
      if (Array.isArray(node)) node.forEach((child, i) => stack.push({ node: child, pointer: childPointer(pointer, i) }));
      else for (const [key, child] of Object.entries(node)) stack.push({ node: child, pointer: childPointer(pointer, key) });
    }
  }
  return index;
}
