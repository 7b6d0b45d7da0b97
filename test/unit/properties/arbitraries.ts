// Shared fast-check generators for the property tests: JSON documents (no `__proto__` members,
// which JSON.parse and object spread treat differently), and a stable key shuffle.
import fc from 'fast-check';

// Random by default; a fixed seed when SVC_FC_SEED is set (Stryker sets it: a mutant must meet the
// same inputs on every run, or its kill would depend on luck).
if (process.env.SVC_FC_SEED) fc.configureGlobal({ seed: Number(process.env.SVC_FC_SEED) });

export const json: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 4 }).filter((v) => !JSON.stringify(v).includes('__proto__'));

/** A JSON object at the root, as the documents users edit are. */
export const jsonObject: fc.Arbitrary<Record<string, unknown>> = fc
  .dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 })
  .filter((v) => !JSON.stringify(v).includes('__proto__'));

/** The same value with every object's members in another order (by a seeded permutation). */
export function shuffled(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((v, i) => shuffled(v, seed + i));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const order = entries.map((e, i) => ({ e, k: Math.sin(seed * 9301 + i * 49297) }));
    order.sort((a, b) => a.k - b.k);
    return Object.fromEntries(order.map(({ e: [k, v] }, i) => [k, shuffled(v, seed + i + 1)]));
  }
  return value;
}

/** Every JSON pointer of a value's members and items, the root ('') included. */
export function allPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...allPaths(v, [...prefix, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...allPaths(v, [...prefix, k]));
  return out;
}
