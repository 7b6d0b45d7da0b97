// Comparing JSON documents as data, not text: a pulled file re-indented by the user, or members
// reordered by the server, is still "the same". Push uses this to detect a no-op and to tell
// whether the remote moved since the pull (hash of the normalised remote). Free of `vscode`.
import { createHash } from 'node:crypto';
import type { SyncKind } from './syncKinds';

/**
 * Members the server maintains by itself, left out of comparisons so that traffic or a save
 * timestamp does not look like somebody else's edit. `key_id` is the key's own id (a
 * credential, response-only in dashboard bodies): pulled files never contain it.
 */
export const VOLATILE_MEMBERS: Record<SyncKind, readonly string[]> = {
  classic: [],
  oas: [],
  streams: [],
  policy: ['last_updated'],
  key: ['key_id', 'quota_remaining', 'quota_renews', 'last_check', 'last_updated'],
};

/** A copy with the kind's volatile top-level members removed. */
export function withoutVolatile(kind: SyncKind, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const member of VOLATILE_MEMBERS[kind]) delete copy[member];
  return copy;
}

/** JSON text with object members sorted at every level, so member order does not matter. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortDeep(value));
}

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) sorted[key] = sortDeep(member);
    }
    return sorted;
  }
  return value;
}

/** sha256 of the normalised document (volatile members out, members sorted), hex. */
export function hashDocument(kind: SyncKind, value: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(withoutVolatile(kind, value)))
    .digest('hex');
}

/** True when both documents are equal once normalised. */
export function sameDocument(kind: SyncKind, a: unknown, b: unknown): boolean {
  return canonicalJson(withoutVolatile(kind, a)) === canonicalJson(withoutVolatile(kind, b));
}

/** How a pulled document is written to disk: 2-space JSON with a final newline. */
export function formatDocument(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
