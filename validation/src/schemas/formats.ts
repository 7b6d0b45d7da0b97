// String formats as the reference gateway checks them. Its schema validator (gojsonschema) takes a
// `uri-reference` that Go's `net/url` Parse accepts and that holds no backslash. ajv-formats' RFC
// 3986 expression is stricter (it refuses a space or `{id}` in a path, which the gateway takes: a
// false error), and compiling it costs ~7 ms and ~1 MB of fresh memory in every process that
// checks one URL (docs/performance.md). `isUriReference` is Parse's rules, written out.
import { fullFormats } from 'ajv-formats/dist/formats';
import { kvSyntaxProblem, substituteInlineKv } from '../semantic/kvReferences';
import { isUriReference } from '../goUrl';

export { isUriReference };

/** ajv-formats' formats with the reference's `uri-reference` (the registry and the generated validators use these). */
export const formats = { ...fullFormats, 'uri-reference': isKvAwareUriReference };

/**
 * The reference's URI check is key-value aware (apidef/oas, kvAwareFormatChecker.IsFormat): a
 * malformed reference fails it, a whole `kv://…` value passes, and inline `$kv{…}` tokens are
 * replaced by `kvref` before the URL check, so `https://$kv{env:API_HOST}/v1` is a URL.
 */
export function isKvAwareUriReference(value: string): boolean {
  if (value.startsWith('kv://') || value.includes('$kv{')) {
    if (kvSyntaxProblem(value) !== undefined) return false;
    if (value.startsWith('kv://')) return true;
    return isUriReference(substituteInlineKv(value));
  }
  return isUriReference(value);
}

