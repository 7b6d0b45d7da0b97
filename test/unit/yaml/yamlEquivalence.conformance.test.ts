// Conformance layer (reads ../shared/real-definitions/, skipped without it): every real OAS and
// streams definition of the reference gateway, converted to YAML, gets exactly the findings of
// its JSON form. yamlEquivalence.test.ts does the same for the repository's own fixtures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasRealDefinitions, realDocuments } from '../realDefinitions/realDefinitions';
import { compareForms } from './yamlEquivalence.helpers';

const documents = hasRealDefinitions ? realDocuments().documents.filter((d) => d.detection.kind === 'oas' || d.detection.kind === 'streams') : [];

test('real OAS and streams definitions are there to compare', { skip: !hasRealDefinitions && 'no ../shared/real-definitions' }, () => {
  assert.ok(documents.length >= 10, `only ${documents.length}`);
});

for (const doc of documents) {
  test(`real definition ${doc.name} (${doc.detection.kind}): the YAML form gets the JSON form's findings`, () => {
    const { json, yaml } = compareForms(JSON.parse(doc.text), doc.name.replace(/[^\w.-]/g, '_'));
    assert.deepEqual(yaml, json);
  });
}
