// `$ref` resolution for the schema walker over a set of schemas known by `$id`.
// ajv resolves refs for validation, but it cannot tell completion or hover which schemas apply
// at a position, so the walker follows refs itself through this small resolver.

import type { SchemaNode, SchemaObject } from './schemaTypes';
import { joinPlainRef } from '../../../../validation/src/schemas/refUri';

/** Resolves `ref` seen in a schema whose base URI is `baseId`. */
export type RefResolver = (ref: string, baseId: string | undefined) => SchemaNode | undefined;

/** Joins a possibly relative reference onto a base URI; plain names work without a scheme. */
export function resolveUri(ref: string, baseId: string | undefined): string {
  if (!baseId) return ref;
  const plain = joinPlainRef(ref, baseId.replace(/#.*$/, ''));
  if (plain !== undefined) return plain;
  try {
    return new URL(ref, baseId).href;
  } catch {
    // Bases like "oas.schema.json" are not absolute URLs: resolve by hand.
    if (ref.startsWith('#')) return baseId.replace(/#.*$/, '') + ref;
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) return ref;
    const slash = baseId.lastIndexOf('/');
    return (slash >= 0 ? baseId.slice(0, slash + 1) : '') + ref;
  }
}

function decodePointerSegment(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Follows a JSON pointer ("/definitions/x") inside a schema document. */
export function followPointer(root: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return root;
  let current: unknown = root;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[decodePointerSegment(raw)];
  }
  return current;
}

/**
 * A resolver over schema documents keyed by their `$id` (also by the file name part of the id,
 * so "common.schema.json#/definitions/x" finds "https://…/common.schema.json").
 */
export function createRefResolver(schemas: Iterable<SchemaObject>): RefResolver {
  const byId = new Map<string, SchemaObject>();
  const byFileName = new Map<string, SchemaObject>();
  for (const schema of schemas) {
    if (!schema.$id) continue;
    const id = schema.$id.replace(/#$/, '');
    byId.set(id, schema);
    byFileName.set(id.slice(id.lastIndexOf('/') + 1), schema);
  }
  return (ref, baseId) => {
    const absolute = resolveUri(ref, baseId);
    const hash = absolute.indexOf('#');
    const documentId = hash >= 0 ? absolute.slice(0, hash) : absolute;
    const pointer = hash >= 0 ? absolute.slice(hash + 1) : '';
    const document = byId.get(documentId) ?? byFileName.get(documentId.slice(documentId.lastIndexOf('/') + 1));
    if (!document) return undefined;
    const target = followPointer(document, pointer);
    if (target === null || typeof target !== 'object' || Array.isArray(target)) return undefined;
    return { schema: target as SchemaObject, baseId: document.$id?.replace(/#$/, '') ?? documentId };
  };
}
