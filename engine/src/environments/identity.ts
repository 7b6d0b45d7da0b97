// The members that name a resource on one server: the same API has other ids in development and
// in production (the server generates them, or each environment chose its own). They are kept per
// environment in the deploy state (deployState.ts), put into the rendered document for that
// environment, and taken out again before a pulled document is split into base and overlay, so
// one environment's ids never leak into the definition the others share. Pure.
import type { SyncKind } from '../sync/syncKinds';
import { clone, isPlainObject, type JsonObject } from './mergePatch';

/** JSON pointers (RFC 6901, no escapes needed here) of the id members of each kind. */
export const ID_MEMBERS: Record<SyncKind, readonly string[]> = {
  oas: ['/x-svc-api-gateway/info/id', '/x-svc-api-gateway/info/dbId'],
  streams: ['/x-svc-api-gateway/info/id', '/x-svc-api-gateway/info/dbId'],
  classic: ['/api_id', '/id'],
  policy: ['/id', '/_id'],
  key: [],
};

/** Members the server generates when a resource is created: left out when promoting to an environment that has no such resource yet. */
export const GENERATED_ID_MEMBERS: Record<SyncKind, readonly string[]> = {
  oas: ['/x-svc-api-gateway/info/id', '/x-svc-api-gateway/info/dbId'],
  streams: ['/x-svc-api-gateway/info/id', '/x-svc-api-gateway/info/dbId'],
  classic: ['/id'],
  policy: ['/_id'],
  key: [],
};

/** Pointer → value of the id members a document has (strings and numbers only). */
export type Identity = Record<string, string>;

const segments = (pointer: string) => pointer.split('/').slice(1);

function get(doc: unknown, pointer: string): unknown {
  let node: unknown = doc;
  for (const s of segments(pointer)) node = isPlainObject(node) ? node[s] : undefined;
  return node;
}

export function identityOf(kind: SyncKind, doc: unknown): Identity {
  const identity: Identity = {};
  for (const pointer of ID_MEMBERS[kind]) {
    const value = get(doc, pointer);
    if (typeof value === 'string' || typeof value === 'number') identity[pointer] = String(value);
  }
  return identity;
}

/**
 * A copy of `doc` whose id members are exactly `identity`'s: members it names are set (their
 * parents created), the kind's other id members removed. `members` limits which are touched.
 */
export function withIdentity(kind: SyncKind, doc: unknown, identity: Identity, members: readonly string[] = ID_MEMBERS[kind]): unknown {
  if (!isPlainObject(doc)) return doc;
  const copy = clone(doc);
  for (const pointer of members) {
    const parts = segments(pointer);
    const last = parts.pop()!;
    let node: JsonObject = copy;
    let reachable = true;
    for (const part of parts) {
      if (!isPlainObject(node[part])) {
        if (identity[pointer] === undefined) {
          reachable = false;
          break;
        }
        node[part] = {};
      }
      node = node[part] as JsonObject;
    }
    if (!reachable) continue;
    if (identity[pointer] === undefined) delete node[last];
    else node[last] = identity[pointer];
  }
  return copy;
}
