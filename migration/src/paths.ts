// migration-mapping.md §5.7 (first paragraph): classic endpoint path + method → OAS path item
// and operation. The operationId is the classic path without its leading `/` plus the method.
import type { Json } from './types.js';
import { obj } from './util.js';

/** Methods an OAS 3.0 path item can hold. */
export const OAS_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

/** `/anything` + `GET` → `anythingGET`. */
export function operationId(classicPath: string, method: string): string {
  return classicPath.replace(/^\//, '') + method.toUpperCase();
}

export interface OasPath {
  path: string;
  parameters: Json[];
}

const PLAIN_SEGMENT = /^[a-zA-Z0-9._-]+$/;
const REGEX_MARKERS = ['.+', '.*', '[', ']', '$'];
const MUX_TEMPLATE = /^\{([^{}:]+)(?::(.+))?\}$/;

/**
 * Classic path → OAS path with path parameters: a mux template `{id}` / `{id:regex}` keeps its
 * name; any other segment that looks like a regular expression becomes `{customRegexN}` (numbered
 * per path) with the segment as the parameter's `pattern`.
 */
export function toOasPath(classicPath: string): OasPath {
  const parameters: Json[] = [];
  let regexCount = 0;
  const segments = classicPath.split('/').map((segment, index) => {
    if (index === 0 || segment === '') return segment;
    const mux = MUX_TEMPLATE.exec(segment);
    if (mux) {
      parameters.push(pathParameter(mux[1], mux[2]));
      return `{${mux[1]}}`;
    }
    const isRegex = REGEX_MARKERS.some((m) => segment.includes(m)) || !PLAIN_SEGMENT.test(segment);
    if (!isRegex) return segment;
    regexCount += 1;
    const name = `customRegex${regexCount}`;
    parameters.push(pathParameter(name, segment));
    return `{${name}}`;
  });
  let path = segments.join('/');
  if (!path.startsWith('/')) path = `/${path}`;
  return { path, parameters };
}

function pathParameter(name: string, pattern: string | undefined): Json {
  return { in: 'path', name, required: true, schema: pattern ? { type: 'string', pattern } : { type: 'string' } };
}

/**
 * The operation for `classicPath` + `method` in `paths` (mutated), created with the default
 * response when missing; undefined for a method an OAS path item cannot hold.
 */
export function ensureOperation(paths: Json, classicPath: string, method: string): { id: string; operation: Json } | undefined {
  const upper = method.toUpperCase();
  if (!OAS_METHODS.has(upper)) return undefined;
  const { path, parameters } = toOasPath(classicPath);
  const item = (paths[path] = obj(paths[path]));
  if (parameters.length && !item.parameters) item.parameters = parameters;
  const key = upper.toLowerCase();
  if (!item[key]) item[key] = { operationId: operationId(classicPath, upper), responses: { default: { description: '' } } };
  // Two classic paths can meet in one OAS path (`/a/.*`, `/a/.+`): they share the first's operation.
  const operation = obj(item[key]);
  return { id: String(operation.operationId), operation };
}
