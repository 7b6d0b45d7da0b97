// The other side of "no false errors": a wrong JSON type or a value outside a closed set in a
// real document must still be an error. Each real document (of those with zero errors) is
// mutated at members our schema types, one member at a time; at least 95% of the mutations of
// each kind must be caught.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorsOf, hasRealDefinitions, lint, realDocuments } from './realDefinitions';
import { mutationsOf, setAt } from './mutate';

test(
  'real definitions: wrong types and out-of-set values are still errors (>= 95% per kind)',
  { skip: !hasRealDefinitions && 'no ../shared/real-definitions' },
  () => {
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
    for (const kind of ['classic', 'oas', 'streams', 'policy', 'session'])
      assert.ok((byKind.get(kind)?.total ?? 0) >= 20, `too few ${kind} mutations: ${report}`);
    for (const [kind, t] of byKind) {
      assert.ok(t.caught / t.total >= 0.95, `${kind}: only ${t.caught}/${t.total} caught; missed:\n${t.missed.slice(0, 30).join('\n')}`);
    }
  },
);
