// One truth: the sandbox's validator (the shared core's `refusalsOf`, errors only) and the
// language server's error diagnostics agree on every real document and on mutations of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refusalsOf } from '../../../validation/src/index';
import { errorsOf, hasRealDefinitions, lint, realDocuments } from './realDefinitions';
import { mutationsOf, setAt } from './mutate';

test(
  'one truth: refusals of the shared core = error diagnostics of the editor (real documents and mutations)',
  { skip: !hasRealDefinitions && 'no ../shared/real-definitions' },
  () => {
    const disagreements: string[] = [];
    let compared = 0;
    let refused = 0;
    for (const doc of realDocuments().documents) {
      const root = JSON.parse(doc.text);
      const variants = [
        { label: 'as is', value: root },
        ...mutationsOf(doc, root)
          .slice(0, 3)
          .map((m) => ({ label: `/${m.path.join('/')}`, value: setAt(root, m.path, m.value) })),
      ];
      for (const { label, value } of variants) {
        const editor = errorsOf(lint(doc, JSON.stringify(value, null, 2))).length > 0;
        const sandbox = refusalsOf(doc.detection.kind, value).length > 0;
        compared++;
        if (sandbox) refused++;
        if (editor !== sandbox)
          disagreements.push(`${doc.name} ${label}: editor ${editor ? 'errors' : 'no errors'}, sandbox ${sandbox ? 'refuses' : 'accepts'}`);
      }
    }
    console.log(`one truth: ${compared} documents compared, ${refused} refused by both`);
    assert.ok(refused > 100, 'the mutations must give refusals to compare');
    assert.deepEqual(disagreements, []);
  },
);
