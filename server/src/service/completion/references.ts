// Names a document refers to elsewhere in itself, offered where a schema can only say "any
// string": operationIds as `middleware.operations` keys, security scheme names in `security`
// requirements and as `server.authentication.securitySchemes` keys.

import type { JsonPath } from '../schema/schemaTypes';
import { valueAtPath } from '../schema/schemaWalker';

export interface ReferenceName {
  name: string;
  /** One line saying where the name comes from, e.g. "GET /pets". */
  detail: string;
  /** Value inserted after the name when a whole member is inserted. */
  valueSnippet: string;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const GATEWAY = 'x-svc-api-gateway';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);

/** Every operationId declared in `paths`, with its method and path. */
export function operationIds(oasRoot: unknown): ReferenceName[] {
  const out: ReferenceName[] = [];
  const paths = obj(obj(oasRoot)?.paths);
  if (!paths) return out;
  for (const [path, item] of Object.entries(paths)) {
    const pathItem = obj(item);
    if (!pathItem) continue;
    for (const method of HTTP_METHODS) {
      const id = obj(pathItem[method])?.operationId;
      if (typeof id === 'string' && id !== '') out.push({ name: id, detail: `${method.toUpperCase()} ${path}`, valueSnippet: '{$1}' });
    }
  }
  return out;
}

/** Every `components.securitySchemes` name, with its OAS type. */
export function securitySchemeNames(oasRoot: unknown, valueSnippet: string): ReferenceName[] {
  const schemes = obj(obj(obj(oasRoot)?.components)?.securitySchemes);
  if (!schemes) return [];
  return Object.entries(schemes).map(([name, scheme]) => {
    const type = obj(scheme)?.type;
    return { name, detail: typeof type === 'string' ? `security scheme (${type})` : 'security scheme', valueSnippet };
  });
}

/** Where the OAS document starts inside the path (a dashboard record nests it under `oas`). */
function oasPrefix(path: JsonPath): number {
  return path[0] === 'oas' ? 1 : 0;
}

/** Member names the document itself suggests for the object at `objectPath`. */
export function referenceMemberNames(root: unknown, objectPath: JsonPath): ReferenceName[] {
  const start = oasPrefix(objectPath);
  const oasRoot = start ? valueAtPath(root, objectPath.slice(0, start)) : root;
  const rel = objectPath.slice(start);
  const is = (...expected: Array<string | number | null>): boolean => rel.length === expected.length && expected.every((e, i) => e === null || e === rel[i]);
  if (is(GATEWAY, 'middleware', 'operations')) return operationIds(oasRoot);
  if (is(GATEWAY, 'server', 'authentication', 'securitySchemes')) return securitySchemeNames(oasRoot, '{\n\t"enabled": ${1:true}\n}');
  // A security requirement object: in the root `security` array or an operation's.
  const isRequirement =
    (rel.length === 2 && rel[0] === 'security' && typeof rel[1] === 'number') ||
    (rel.length === 5 &&
      rel[0] === 'paths' &&
      typeof rel[2] === 'string' &&
      HTTP_METHODS.includes(rel[2]) &&
      rel[3] === 'security' &&
      typeof rel[4] === 'number');
  if (isRequirement) return securitySchemeNames(oasRoot, '[$1]');
  return [];
}

/** String values the document suggests at `path` (scheme names in the vendor `security` lists). */
export function referenceValues(root: unknown, path: JsonPath): ReferenceName[] {
  const start = oasPrefix(path);
  const oasRoot = start ? valueAtPath(root, path.slice(0, start)) : root;
  const rel = path.slice(start);
  if (rel.length === 6 && rel[0] === GATEWAY && rel[1] === 'server' && rel[2] === 'authentication' && rel[3] === 'security') {
    return securitySchemeNames(oasRoot, '');
  }
  return [];
}
