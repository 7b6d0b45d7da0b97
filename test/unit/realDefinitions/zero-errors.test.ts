// Every real document of the reference gateway (`../shared/real-definitions/`) lints with zero
// errors: an error must mean "the reference would refuse this, or it cannot work". None is
// skipped: the extension fragment and the import template among them leave out only what the
// reference fills in itself (validation/src/severity.ts), which is a warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describe, errorsOf, hasRealDefinitions, lint, realDocuments } from './realDefinitions';

test('real definitions: every folder is read and the set is complete', { skip: !hasRealDefinitions && 'no ../shared/real-definitions' }, () => {
  const { documents, notOurs } = realDocuments();
  const files = new Set(documents.map((d) => d.name.split('#')[0]));
  assert.ok(files.size + notOurs.length >= 179, `read ${files.size} files with documents and ${notOurs.length} without`);
  for (const kind of ['classic', 'dashboard-api', 'oas', 'streams', 'policy', 'session']) {
    assert.ok(
      documents.some((d) => d.detection.kind === kind),
      `no ${kind} document among the real definitions`,
    );
  }
  // Only plain OpenAPI documents (no extension: not ours) hold nothing to lint.
  assert.deepEqual(
    notOurs.map((n) => n.reason).filter((r) => r !== 'plain OpenAPI without x-svc-api-gateway'),
    [],
  );
});

if (hasRealDefinitions) {
  for (const doc of realDocuments().documents) {
    test(`real definition ${doc.name} (${doc.detection.kind}) has no errors`, () => {
      const errors = errorsOf(lint(doc));
      assert.equal(errors.length, 0, `errors on a document the reference accepts:\n${describe(errors)}`);
    });
  }
}
