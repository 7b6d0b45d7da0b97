// Every real document of the reference gateway (`../shared/real-definitions/`) lints with zero
// errors: an error must mean "the reference would refuse this, or it cannot work". A file the
// reference itself refuses is skipped by name with the reason beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describe, errorsOf, hasRealDefinitions, lint, realDocuments } from './realDefinitions';

/** Documents the reference refuses too (its schema check), so an error on them is right. */
const SKIPS: Record<string, string> = {
  // The dashboard API docs' example of a raw-message *fragment*: only `middleware`, while the
  // reference's extension schema requires `info`, `upstream` and `server`.
  'oas/docs-dashapi__schemas-JSONRawMessage.json': 'extension fragment without info/upstream/server (required by the reference schema)',
  // The gateway's import *template*: empty `upstream` and `listenPath` that import fills in; as a
  // document the reference's schema refuses it (upstream needs url or loadBalancing, listenPath a value).
  'oas/gw__oas__testdata__non-empty-x-svc-ext-oas-template.json': 'import template with empty upstream/listenPath (refused as a document)',
};

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
  for (const name of Object.keys(SKIPS)) assert.ok(files.has(name), `skipped file ${name} no longer exists`);
});

if (hasRealDefinitions) {
  for (const doc of realDocuments().documents) {
    const skip = SKIPS[doc.name];
    test(`real definition ${doc.name} (${doc.detection.kind}) has no errors`, { skip }, () => {
      const errors = errorsOf(lint(doc));
      assert.equal(errors.length, 0, `errors on a document the reference accepts:\n${describe(errors)}`);
    });
  }
  test('real definitions: the skipped documents do get errors (the reason still holds)', () => {
    for (const doc of realDocuments().documents.filter((d) => SKIPS[d.name])) {
      assert.ok(errorsOf(lint(doc)).length > 0, `${doc.name} is skipped but has no error any more: remove the skip`);
    }
  });
}
