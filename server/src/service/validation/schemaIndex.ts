// Where does a subschema object live? `{ file $id, JSON pointer }` for the objects of the loaded
// schema files, indexed one file at a time on first need. ajv can then compile one
// `anyOf`/`oneOf` branch by `id#pointer` (once, cached by ajv) so composite failures are
// explained branch by branch. Callers that know the file (a schema node's base) name it: only
// that file is indexed (the non-spec-form check of a 2 MB OAS document needs one file, not all).
// The objects asked about are composites (they hold the `anyOf`/`oneOf`), so a file's first
// indexing records those only (a pointer string for each of thousands of nodes cost svc-lint 7 ms
// at every start); an object that is no composite is found by a full indexing on demand.

import type { SchemaRegistry } from '../../schemas/registry';
import { toPointer } from '../parser/jsonPointer';

export interface SubschemaLocation {
  id: string;
  pointer: string;
}

/** Per registry: the files indexed so far (composites only, or every object), and the locations. */
interface RegistryIndex {
  composites: Set<string>;
  everything: Set<string>;
  locations: WeakMap<object, SubschemaLocation>;
}

const indexes = new WeakMap<SchemaRegistry, RegistryIndex>();

/** The location of `schema`; `fileId` (the `$id` of the file it is in, when known) narrows the search. */
export function subschemaLocation(registry: SchemaRegistry, schema: object, fileId?: string): SubschemaLocation | undefined {
  let index = indexes.get(registry);
  if (!index) indexes.set(registry, (index = { composites: new Set(), everything: new Set(), locations: new WeakMap() }));
  const known = index.locations.get(schema);
  if (known) return known;
  const files = fileId !== undefined ? [fileId, ...registry.schemaIds().filter((id) => id !== fileId)] : registry.schemaIds();
  for (const everything of [false, true]) {
    for (const id of files) {
      const done = everything ? index.everything : index.composites;
      if (done.has(id)) continue;
      done.add(id);
      indexFile(registry, id, index.locations, everything);
      const found = index.locations.get(schema);
      if (found) return found;
    }
  }
  return undefined;
}

/** Records where the file's composites (or, with `everything`, all its objects) are; the first place wins. */
function indexFile(registry: SchemaRegistry, id: string, locations: WeakMap<object, SubschemaLocation>, everything: boolean): void {
  const root = registry.schemaById(id);
  if (!root) return;
  const path: Array<string | number> = [];
  // Recursive: schema files are a few dozen levels deep at most.
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    const record = everything || 'anyOf' in node || 'oneOf' in node;
    if (record && !locations.has(node)) locations.set(node, { id, pointer: toPointer(path) });
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(i);
        visit(node[i]);
        path.pop();
      }
      return;
    }
    for (const key in node) {
      path.push(key);
      visit((node as Record<string, unknown>)[key]);
      path.pop();
    }
  };
  visit(root);
}
