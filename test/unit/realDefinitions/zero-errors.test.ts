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

/**
 * Documentation samples the reference's own decoder refuses: they write integer members as
 * `1718439136.0` (Go's encoding/json refuses a fraction in an int64, validation/src/semantic/decoding.ts).
 * Each must have errors, and only the decoder's.
 */
const REFUSED_BY_REFERENCE: Record<string, string> = {
  'keys/docs-dashapi__api-apis-apiID-keys-keyID-put-req.json': '`expires` and `quota_renews` written with `.0`',
  'keys/gw-gwapi__svc-keys-keyID-put-req.json': 'integer members written with `.0`',
  'keys/gw-gwapi__svc-keys-post-req.json': 'integer members written with `.0`',
  'policies/docs-dashapi__api-portal-policies-post-req.json': '`key_expires_in` written with `.0`',
  'policies/gw-gwapi__svc-policies-polID-put-req.json': 'integer members written with `.0`',
  'policies/gw-gwapi__svc-policies-post-req.json': 'integer members written with `.0`',
};

/**
 * An import template and an extension fragment: they leave out what import fills in, so POST, PUT
 * and PATCH refuse them as OAS documents; marked as templates (`oas-template`) they are checked
 * in the reference's template mode, with no error.
 */
const TEMPLATES = new Set(['oas/gw__oas__testdata__non-empty-x-svc-ext-oas-template.json', 'oas/docs-dashapi__schemas-JSONRawMessage.json']);

if (hasRealDefinitions) {
  for (const doc of realDocuments().documents) {
    if (TEMPLATES.has(doc.name)) {
      test(`real definition ${doc.name}: refused as an OAS document (missing members), no error as an import template`, () => {
        const asOas = errorsOf(lint(doc));
        assert.ok(asOas.length > 0 && asOas.every((e) => e.code === 'svc.schema.required'), describe(asOas));
        const asTemplate = errorsOf(lint({ ...doc, detection: { kind: 'oas-template', source: 'association' } }));
        assert.equal(asTemplate.length, 0, describe(asTemplate));
      });
      continue;
    }
    const refused = REFUSED_BY_REFERENCE[doc.name];
    if (refused) {
      test(`real definition ${doc.name} (${doc.detection.kind}) is refused by the reference's decoder (${refused})`, () => {
        const errors = errorsOf(lint(doc));
        assert.ok(errors.length > 0, 'no error on a document the reference refuses');
        assert.deepEqual([...new Set(errors.map((e) => e.code))], ['svc.decode'], describe(errors));
      });
      continue;
    }
    test(`real definition ${doc.name} (${doc.detection.kind}) has no errors`, () => {
      const errors = errorsOf(lint(doc));
      assert.equal(errors.length, 0, `errors on a document the reference accepts:\n${describe(errors)}`);
    });
  }
}
