// Joining a `$ref` onto the base URI of the schema it appears in. `new URL` does it for any
// input, but costs several milliseconds the first time in a fresh process (svc-lint starts one
// per run): the references of our schemas are all of two plain shapes, joined here by hand.

/** A fragment (`#/definitions/x`) or a file name with an optional fragment (`common.schema.json#/…`). */
const PLAIN_REF = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*)?(?:#[A-Za-z0-9._~/-]*)?$/;
/**
 * An http(s) base as our schema ids are: a host of lower-case labels that start with a letter
 * (no IP address, no punycode), no port, one or more path segments of plain characters that start
 * with none of `.` (no `.`/`..` to remove), no query, no fragment.
 */
const LABEL = '[a-z][a-z0-9]*(?:-[a-z0-9]+)*';
const PLAIN_BASE = new RegExp(`^https?://${LABEL}(?:\\.${LABEL})*(?:/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+/?$`);

/** `ref` resolved against `base` as `new URL(ref, base).href` would; undefined when it is not plain. */
export function joinPlainRef(ref: string, base: string): string | undefined {
  if (!PLAIN_REF.test(ref) || !PLAIN_BASE.test(base)) return undefined;
  if (ref === '') return base;
  if (ref.startsWith('#')) return base + ref;
  return base.slice(0, base.lastIndexOf('/') + 1) + ref;
}
