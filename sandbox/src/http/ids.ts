// Identifiers: the single-safe-path-segment rule for ids taken from the URL, and the random ids
// and key hashes the sandbox mints.
import { createHash, randomBytes } from 'node:crypto';

/** Why `id` is not one safe path segment, or undefined when it is (gateway-facts §9.1 rule 7). */
export function unsafeSegmentReason(id: string): string | undefined {
  if (id === '') return 'it is empty';
  if (id === '.' || id === '..') return `"${id}" is not allowed`;
  if (/[/\\]/.test(id)) return 'it contains a slash or backslash';
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  if (/[\u0000-\u001f\u007f]/.test(id)) return 'it contains control characters';
  if (id.length > 256) return 'it is longer than 256 characters';
  return undefined;
}

export const newApiId = (): string => randomBytes(16).toString('hex');
export const newDbId = (): string => randomBytes(12).toString('hex');
export const newSecret = (): string => randomBytes(24).toString('base64url');

/** The key hash the sandbox reports (the reference hashes key ids with a fast non-crypto hash). */
export function hashKey(keyId: string): string {
  return createHash('sha256').update(keyId).digest('hex').slice(0, 32);
}

/** Deterministic hex id from a label: seed records keep the same ids in every data folder. */
export function stableHex(label: string, length = 32): string {
  return createHash('sha256').update(label).digest('hex').slice(0, length);
}
