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
      // An undefined member stays undefined here, and JSON.stringify leaves it out.
      sorted[key] = sortDeep((value as Record<string, unknown>)[key]);
    }
    return sorted;
  }
  return value;
}

/** sha256 of the normalised document (volatile members out, members sorted), hex. */
export function hashDocument(kind: SyncKind, value: unknown): string {
  return createHash('sha256').update(canonicalText(kind, value)).digest('hex');
}

/**
 * `canonicalJson(withoutVolatile(kind, value))` in one pass over the value (issue 32): no sorted
 * copy and no shallow copy are built, the text is written as the members are visited. The same
 * text, character for character (a unit test pins it), so hashes in existing state files stay valid.
 */
export function canonicalText(kind: SyncKind, value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return writeCanonical(value);
  return writeObject(value as Record<string, unknown>, VOLATILE_MEMBERS[kind]);
}

function writeCanonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) text += ',';
      // JSON.stringify writes a hole, undefined, a function or a symbol inside an array as null;
      // writeCanonical gives 'null' for each of them (JSON.stringify answers undefined).
      text += writeCanonical(value[i]);
    }
    return `${text}]`;
  }
  return writeObject(value as Record<string, unknown>, NONE);
}

// Stryker disable next-line ArrayDeclaration: a member named exactly as the mutant's filler would be needed to tell them apart
const NONE: readonly string[] = [];

/** An array index as a property name: JavaScript orders such members first, by number. */
const isIndex = (key: string) => /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;

/**
 * The members in the order JSON.stringify writes the sorted copy canonicalJson builds: that copy
 * is an object, so its array-index names come first, by number (the language's rule), then the
 * other names sorted. Object.keys already lists index names first, by number.
 */
function canonicalOrder(value: Record<string, unknown>): string[] {
  const keys = Object.keys(value);
  let indexes = 0;
  // Stryker disable next-line EqualityOperator,ConditionalExpression: past the end, isIndex(undefined) is false and stops the loop
  while (indexes < keys.length && isIndex(keys[indexes])) indexes++;
  return [...keys.slice(0, indexes), ...keys.slice(indexes).sort()];
}

function writeObject(value: Record<string, unknown>, skip: readonly string[]): string {
  const keys = canonicalOrder(value);
  let text = '{';
  let first = true;
  for (const key of keys) {
    if (skip.includes(key)) continue;
    const member = value[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    if (!first) text += ',';
    first = false;
    text += `${JSON.stringify(key)}:${writeCanonical(member)}`;
  }
  return `${text}}`;
}

/** True when both documents are equal once normalised. */
export function sameDocument(kind: SyncKind, a: unknown, b: unknown): boolean {
  return canonicalText(kind, a) === canonicalText(kind, b);
}

/** How a pulled document is written to disk: 2-space JSON with a final newline. */
export function formatDocument(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
