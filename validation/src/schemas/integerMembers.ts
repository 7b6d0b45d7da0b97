// Which of some number members does the schema type as integers? Asked only for the rare whole
// numbers written `1718439136.0` or `1.7e9` (numberLiterals.ts), by the compiled validator itself:
// a copy of the document with a half added at those places is validated, and the places where the
// schema then says "must be integer" are integer members. No second schema walker, and the answer
// follows every `$ref`, `allOf` and `anyOf` the way validation does.

import type { ValidateFunction } from 'ajv';
import { parsePointer } from '../jsonPointer';

export function integerMembersAt(validate: ValidateFunction, value: unknown, pointers: readonly string[]): Set<string> {
  const found = new Set<string>();
  if (pointers.length === 0) return found;
  // Copy on write: only the containers on the way to a literal are copied (a 2 MB document is not cloned).
  const copies = new Map<object, Record<string, unknown>>();
  const copyOf = (container: object): Record<string, unknown> => {
    let c = copies.get(container);
    if (!c) {
      c = (Array.isArray(container) ? [...(container as unknown[])] : { ...(container as Record<string, unknown>) }) as Record<string, unknown>;
      copies.set(container, c);
    }
    return c;
  };
  if (value === null || typeof value !== 'object') return found;
  const copy = copyOf(value);
  for (const pointer of pointers) {
    const segments = parsePointer(pointer);
    const last = segments.pop();
    let holder: Record<string, unknown> | undefined = copy;
    for (const s of segments) {
      const next: unknown = holder[s];
      if (next === null || typeof next !== 'object') {
        holder = undefined;
        break;
      }
      holder[s] = copyOf(next);
      holder = holder[s] as Record<string, unknown>;
    }
    if (!holder || last === undefined) continue;
    const current = holder[last];
    if (typeof current !== 'number') continue;
    holder[last] = Number.isSafeInteger(current) ? current + 0.5 : 0.5;
  }
  if (validate(copy)) return found;
  const wanted = new Set(pointers);
  for (const e of validate.errors ?? []) {
    if (e.keyword !== 'type' || !wanted.has(e.instancePath)) continue;
    const types = String((e.params as { type?: unknown }).type);
    if (types.includes('integer') && !types.includes('number')) found.add(e.instancePath);
  }
  return found;
}
