// JSON paths for the field-level diff: a path is the list of member names and array indexes
// from the document's root. Shown to people in a JavaScript-like form
// (`x-svc-api-gateway.info.name`, `paths["/pets"].get`, `tags[0]`) and to machines as a JSON
// Pointer (RFC 6901: `/x-svc-api-gateway/info/name`). Free of `vscode` and of I/O.

export type JsonPathSegment = string | number;
export type JsonPath = readonly JsonPathSegment[];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** `x-svc-api-gateway.info.name`, `paths["/pets"].get`, `tags[0]`; the root is `(document)`. */
export function formatJsonPath(path: JsonPath): string {
  if (path.length === 0) return '(document)';
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** RFC 6901 JSON Pointer; the root is the empty string. */
export function toJsonPointer(path: JsonPath): string {
  return path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The value at `path`, or undefined when the document has nothing there. */
export function valueAt(document: unknown, path: JsonPath): unknown {
  let current: unknown = document;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    if (Array.isArray(current)) {
      if (typeof segment !== 'number') return undefined;
      current = current[segment];
    } else {
      if (typeof segment !== 'string' || !Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return current;
}

/** True when `prefix` is `path` itself or one of its ancestors. */
export function isPathPrefix(prefix: JsonPath, path: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => segment === path[i]);
}
