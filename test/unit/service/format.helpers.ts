// Inputs of the formatting tests and of the formatting benchmark (bench/formatting.ts).

/** A minified policy-like document of about `characters` characters. */
export function minified(characters: number): string {
  const items: unknown[] = [];
  let length = 0;
  for (let i = 0; length < characters; i++) {
    const item = { id: i, name: `n${i}`, tags: ['a', 'b'], nested: { x: i } };
    items.push(item);
    length += JSON.stringify(item).length + 1;
  }
  return JSON.stringify({ rate: 1, per: 60, items });
}
