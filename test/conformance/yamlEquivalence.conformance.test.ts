// Conformance layer: every real OAS and streams definition of the team's whole set
// (../shared/real-definitions/), converted to YAML, gets exactly the findings of its JSON form.
// test/unit/yaml/yamlEquivalence.test.ts does the same for the repository's own fixtures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { realDocuments } from '../unit/realDefinitions/realDefinitions';
import { compareForms } from '../unit/yaml/yamlEquivalence.helpers';
import { SHARED } from './shared.conformance';
import { YAML_KINDS } from '../../common/src/detection';

const documents = realDocuments(join(SHARED, 'real-definitions')).documents.filter((d) => YAML_KINDS.has(d.detection.kind));

test('real OAS and streams definitions are there to compare', () => {
  assert.ok(documents.length >= 10, `only ${documents.length}`);
});

for (const doc of documents) {
  test(`real definition ${doc.name} (${doc.detection.kind}): the YAML form gets the JSON form's findings`, () => {
    const { json, yaml } = compareForms(JSON.parse(doc.text), doc.name.replace(/\.json$/, '').replace(/[^\w.-]/g, '_'));
    assert.deepEqual(yaml, json);
  });
}
