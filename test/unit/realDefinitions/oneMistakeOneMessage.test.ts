// One mistake, one message: give one member of a real document a value of another JSON type and
// the editor adds exactly one error, not a type error beside an enum error, nor a rule's error
// that only repeats what the schema says. Every third member of every real document, to depth 6.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorsOf, hasRealDefinitions, lint, realDocuments } from './realDefinitions';
import { setAt } from './mutate';

type Path = Array<string | number>;

/** A value of another JSON type than `value` (what a typo or a wrong paste gives). */
function wrongTypeFor(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number' || (value !== null && typeof value === 'object')) return 'wrong-type';
  if (typeof value === 'boolean') return 'yes';
  return 5;
}

function memberPaths(root: unknown): Path[] {
  const out: Path[] = [];
  const visit = (value: unknown, path: Path): void => {
    if (path.length >= 6 || value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const childPath = [...path, Array.isArray(value) ? Number(key) : key];
      out.push(childPath);
      visit(child, childPath);
    }
  };
  visit(root, []);
  return out;
}

test(
  'one mistake, one message: a wrong-typed member of a real document adds exactly one error',
  { skip: !hasRealDefinitions && 'no ../shared/real-definitions' },
  () => {
    const noisy: string[] = [];
    const silent: string[] = [];
    let mutations = 0;
    for (const doc of realDocuments().documents) {
      const root = JSON.parse(doc.text) as unknown;
      const before = errorsOf(lint(doc, JSON.stringify(root, null, 2))).length;
      memberPaths(root).forEach((path, i) => {
        if (i % 3 !== 0) return;
        let value: unknown = root;
        for (const segment of path) value = (value as Record<string | number, unknown>)[segment];
        const errors = errorsOf(lint(doc, JSON.stringify(setAt(root, path, wrongTypeFor(value)), null, 2)));
        mutations++;
        const added = errors.length - before;
        if (added > 1) noisy.push(`${doc.name} /${path.join('/')}: ${errors.map((e) => e.message).join(' | ')}`);
        if (added < 0) silent.push(`${doc.name} /${path.join('/')}: an error went away`);
      });
    }
    assert.ok(mutations > 5000, `only ${mutations} mutations`);
    assert.deepEqual(silent, []);
    assert.deepEqual(noisy.slice(0, 10), [], `${noisy.length} of ${mutations} mutations gave more than one new error`);
  },
);
