// The other side of "no false errors": a wrong JSON type or a value outside a closed set in a
// real document must still be an error. Each real document (of those with zero errors) is
// mutated at members our schema types, one member at a time; at least 95% of the mutations of
// each kind must be caught.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSchemaWalker } from '../../../server/src/service/schema/schemaWalker';
import { getSchemaRegistry } from '../../../server/src/schemas/registry';
import { errorsOf, hasRealDefinitions, lint, realDocuments, type RealDocument } from './realDefinitions';

const walker = createSchemaWalker(getSchemaRegistry());
const PER_DOCUMENT = 8;

type Path = Array<string | number>;
interface Mutation {
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

const WRONG: Array<[string, unknown]> = [['string', 'wrong-type'], ['integer', 12345], ['boolean', true], ['array', ['x']], ['object', { x: 1 }]];

function mutationsOf(doc: RealDocument, root: unknown): Mutation[] {
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

function setAt(root: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(root) as any;
  let node = copy;
  for (const segment of path.slice(0, -1)) node = node[segment];
  node[path[path.length - 1]] = value;
  return copy;
}

test('real definitions: wrong types and out-of-set values are still errors (>= 95% per kind)', { skip: !hasRealDefinitions && 'no ../shared/real-definitions' }, () => {
  const byKind = new Map<string, { total: number; caught: number; missed: string[] }>();
  for (const doc of realDocuments().documents) {
    if (errorsOf(lint(doc)).length > 0) continue; // skipped documents
    const root = JSON.parse(doc.text);
    for (const m of mutationsOf(doc, root)) {
      const tally = byKind.get(doc.detection.kind) ?? { total: 0, caught: 0, missed: [] };
      byKind.set(doc.detection.kind, tally);
      tally.total++;
      const errors = errorsOf(lint(doc, JSON.stringify(setAt(root, m.path, m.value), null, 2)));
      if (errors.length > 0) tally.caught++;
      else tally.missed.push(`${doc.name} /${m.path.join('/')} (${m.what})`);
    }
  }
  const report = [...byKind].map(([kind, t]) => `${kind}: ${t.caught}/${t.total}`).join(', ');
  console.log(`mutations caught: ${report}`);
  for (const kind of ['classic', 'oas', 'streams', 'policy', 'session']) assert.ok((byKind.get(kind)?.total ?? 0) >= 20, `too few ${kind} mutations: ${report}`);
  for (const [kind, t] of byKind) {
    assert.ok(t.caught / t.total >= 0.95, `${kind}: only ${t.caught}/${t.total} caught; missed:\n${t.missed.slice(0, 30).join('\n')}`);
  }
});
