// migration-mapping.md §5.7 (first paragraph): classic endpoint path + method → OAS path item
// and operation. The operationId is the classic path without its leading `/` plus the method.
import type { Json, Report } from './types.js';
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
  /** Regular expressions of mux templates that the OAS path does not keep (`{id:[0-9]+}`, `{[0-9]+}`). */
  unkept: Array<{ name: string; pattern: string }>;
}

const PLAIN_SEGMENT = /^[a-zA-Z0-9._-]+$/;
const REGEX_MARKERS = ['.+', '.*', '[', ']', '$'];
const MUX_TEMPLATE = /^\{([^{}:]+)(?::(.+))?\}$/;

/**
 * Classic path → OAS path with path parameters, as the reference's conversion fixtures show:
 * - a mux template `{id}` / `{id:regex}` keeps its name, without the regex as `pattern`;
 * - a braced segment that is no name (`{[0-9]+}`) becomes `{customRegexN}`, also without `pattern`;
 * - any other segment that looks like a regular expression becomes `{customRegexN}` with the segment as
 *   the parameter's `pattern`. `N` counts per path, left to right.
 */
export function toOasPath(classicPath: string): OasPath {
  const parameters: Json[] = [];
  const unkept: OasPath['unkept'] = [];
  let regexCount = 0;
  const custom = (): string => `customRegex${++regexCount}`;
  const segments = classicPath.split('/').map((segment, index) => {
    if (index === 0 || segment === '') return segment;
    const mux = MUX_TEMPLATE.exec(segment);
    if (mux) {
      const named = PLAIN_SEGMENT.test(mux[1]);
      const name = named ? mux[1] : custom();
      const regex = named ? mux[2] : mux[1];
      if (regex) unkept.push({ name, pattern: regex });
      parameters.push(pathParameter(name, undefined));
      return `{${name}}`;
    }
    const isRegex = REGEX_MARKERS.some((m) => segment.includes(m)) || !PLAIN_SEGMENT.test(segment);
    if (!isRegex) return segment;
    const name = custom();
    parameters.push(pathParameter(name, segment));
    return `{${name}}`;
  });
  let path = segments.join('/');
  if (!path.startsWith('/')) path = `/${path}`;
  return { path, parameters, unkept };
}

function pathParameter(name: string, pattern: string | undefined): Json {
  return { in: 'path', name, required: true, schema: pattern ? { type: 'string', pattern } : { type: 'string' } };
}

/**
 * The operation for `classicPath` + `method` in `paths` (mutated), created with the default
 * response when missing; undefined for a method an OAS path item cannot hold.
 */
export function ensureOperation(paths: Json, classicPath: string, method: string, report?: Report): { id: string; operation: Json } | undefined {
  const upper = method.toUpperCase();
  if (!OAS_METHODS.has(upper)) return undefined;
  const { path, parameters, unkept } = toOasPath(classicPath);
  const item = (paths[path] = obj(paths[path]));
  if (parameters.length && !item.parameters) {
    item.parameters = parameters;
    if (report) {
      for (const u of unkept) {
        report.warnings.push(`path ${classicPath}: the regular expression ${u.pattern} of parameter ${u.name} is not kept (any value matches ${path})`);
      }
    }
  }
  const key = upper.toLowerCase();
  if (!item[key]) item[key] = { operationId: operationId(classicPath, upper), responses: { default: { description: '' } } };
  // Two classic paths can meet in one OAS path (`/a/.*`, `/a/.+`): they share the first's operation.
  const operation = obj(item[key]);
  return { id: String(operation.operationId), operation };
}
