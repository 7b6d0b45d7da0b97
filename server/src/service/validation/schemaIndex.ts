// Where does a subschema object live? `{ file $id, JSON pointer }` for the objects of the loaded
// schema files, indexed one file at a time on first need. ajv can then compile one
// `anyOf`/`oneOf` branch by `id#pointer` (once, cached by ajv) so composite failures are
// explained branch by branch. Callers that know the file (a schema node's base) name it: only
// that file is indexed (the non-spec-form check of a 2 MB OAS document needs one file, not all).

import type { SchemaRegistry } from '../../schemas/registry';
import { childPointer } from '../parser/jsonPointer';

export interface SubschemaLocation {
  id: string;
  pointer: string;
}

/** Per registry: the files indexed so far, and what their objects' locations are. */
interface RegistryIndex {
  files: Set<string>;
  locations: WeakMap<object, SubschemaLocation>;
}

const indexes = new WeakMap<SchemaRegistry, RegistryIndex>();

/** The location of `schema`; `fileId` (the `$id` of the file it is in, when known) narrows the search. */
export function subschemaLocation(registry: SchemaRegistry, schema: object, fileId?: string): SubschemaLocation | undefined {
  let index = indexes.get(registry);
  if (!index) indexes.set(registry, (index = { files: new Set(), locations: new WeakMap() }));
  const known = index.locations.get(schema);
  if (known) return known;
  if (fileId !== undefined && !index.files.has(fileId)) {
    indexFile(registry, fileId, index);
    const found = index.locations.get(schema);
    if (found) return found;
  }
  for (const id of registry.schemaIds()) if (!index.files.has(id)) indexFile(registry, id, index);
  return index.locations.get(schema);
}

function indexFile(registry: SchemaRegistry, id: string, index: RegistryIndex): void {
  index.files.add(id);
  const root = registry.schemaById(id);
  if (!root) return;
  // Iterative walk: schema files are small, but no recursion is cheaper still.
  const stack: Array<{ node: unknown; pointer: string }> = [{ node: root, pointer: '' }];
  while (stack.length) {
    const { node, pointer } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (!index.locations.has(node)) index.locations.set(node, { id, pointer });
    if (Array.isArray(node)) node.forEach((child, i) => stack.push({ node: child, pointer: childPointer(pointer, i) }));
    else for (const [key, child] of Object.entries(node)) stack.push({ node: child, pointer: childPointer(pointer, key) });
  }
}
