// A placeholder value of the right type for a member the schema declares: what the
// "insert missing required member" quick fix writes.

import type { SchemaWalker } from '../schema/schemaWalker';
import type { DocumentKind } from '../../../../common/src/kinds';
import type { SchemaObject } from '../schema/schemaTypes';
import { parsePointer } from '../parser/jsonPointer';

interface PlaceholderContext {
  walker: SchemaWalker;
  kind: DocumentKind;
  value: unknown;
}

export function placeholderFor(ctx: PlaceholderContext, parentPointer: string, name: string): unknown {
  const path: Array<string | number> = [];
  let current: unknown = ctx.value;
  for (const segment of parsePointer(parentPointer)) {
    if (Array.isArray(current)) {
      path.push(Number(segment));
      current = current[Number(segment)];
    } else {
      path.push(segment);
      current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[segment] : undefined;
    }
  }
  path.push(name);
  let nodes;
  try {
    nodes = ctx.walker.schemasAt(ctx.kind, path, ctx.value);
  } catch {
    return '';
  }
  return placeholderFromSchemas(nodes.map((n) => n.schema));
}

export function placeholderFromSchemas(schemas: readonly SchemaObject[]): unknown {
  for (const s of schemas) if (s.default !== undefined) return s.default;
  for (const s of schemas) if (s.const !== undefined) return s.const;
  for (const s of schemas) if (Array.isArray(s.enum) && s.enum.length) return s.enum.find((v) => v !== '') ?? s.enum[0];
  for (const s of schemas) {
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    const type = types.find((t) => t !== 'null');
    if (type) return emptyOf(type);
  }
  for (const s of schemas) {
    if (s.properties || s.required) return {};
    if (s.items) return [];
  }
  return '';
}

function emptyOf(type: string): unknown {
  switch (type) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'object':
      return {};
    case 'array':
      return [];
    default:
      return null;
  }
}
