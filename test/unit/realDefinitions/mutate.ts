// Mutations of real documents: one member at a time gets a value of the wrong JSON type, or a
// string outside its closed set (for members our schema types; alternatives are left alone).
import { createSchemaWalker } from '../../../server/src/service/schema/schemaWalker';
import { getSchemaRegistry } from '../../../server/src/schemas/registry';
import type { RealDocument } from './realDefinitions';

const walker = createSchemaWalker(getSchemaRegistry());
const PER_DOCUMENT = 8;

type Path = Array<string | number>;
export interface Mutation {
  path: Path;
  value: unknown;
  what: string;
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** The JSON types and enum our schema gives the value at `path` (none known: undefined). */
function declared(doc: RealDocument, root: unknown, path: Path): { types: Set<string>; enumValues?: unknown[] } | undefined {
  const nodes = walker.schemasAt(doc.detection.kind, path, root);
  const types = new Set<string>();
  let enumValues: unknown[] | undefined;
  for (const { schema } of nodes) {
    const t = schema.type as unknown;
    if (typeof t === 'string') types.add(t);
    else if (Array.isArray(t)) t.forEach((x) => types.add(String(x)));
    if (Array.isArray(schema.enum)) enumValues = schema.enum as unknown[];
    if (schema.anyOf || schema.oneOf || schema.not || schema.if) return undefined; // alternatives: skip
  }
  if (types.size === 0 || nodes.length === 0) return undefined;
  if (types.has('number')) types.add('integer');
  return { types, enumValues };
}

const WRONG: Array<[string, unknown]> = [
  ['string', 'wrong-type'],
  ['integer', 12345],
  ['boolean', true],
  ['array', ['x']],
  ['object', { x: 1 }],
];

export function mutationsOf(doc: RealDocument, root: unknown): Mutation[] {
  const found: Mutation[] = [];
  const visit = (value: unknown, path: Path): void => {
    if (path.length > 0 && typeof path[path.length - 1] === 'string') {
      const d = declared(doc, root, path);
      if (d && d.types.has(jsonType(value)) && value !== null) {
        if (d.enumValues && typeof value === 'string') found.push({ path, value: 'not-one-of-the-allowed-values', what: 'enum' });
        else {
          const wrong = WRONG.find(([t]) => !d.types.has(t));
          if (wrong) found.push({ path, value: wrong[1], what: `type ${wrong[0]} for ${[...d.types].join('|')}` });
        }
      }
    }
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i]));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
  };
  visit(root, []);
  // Spread the picks over the document.
  const step = Math.max(1, Math.floor(found.length / PER_DOCUMENT));
  return found.filter((_, i) => i % step === 0).slice(0, PER_DOCUMENT);
}

export function setAt(root: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(root) as any;
  let node = copy;
  for (const segment of path.slice(0, -1)) node = node[segment];
  node[path[path.length - 1]] = value;
  return copy;
}
