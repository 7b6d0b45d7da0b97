// Completion through the language service on the real schemas: `|` marks the cursor, and each
// test checks the exact document text after accepting an item (placeholders as proposed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CompletionItemTag } from 'vscode-languageserver-types';
import { applyItem, completeAt, doc, item, service } from './completion.helpers';
import { expandSnippet } from '../../../server/src/service/completion/snippetText';
import { documentSnippets } from '../../../server/src/service/completion/documentSnippets';

const oas = (gateway: string, extra = '') => `{"openapi":"3.0.3","info":{"title":"t","version":"1"},${extra}"x-svc-api-gateway":${gateway}}`;

test('member names not yet present, each inserted with a value of its type', () => {
  const { items, document, labels } = completeAt(oas('{"server":{"listenPath":{"value":"/a", |}}}'));
  assert.deepEqual(labels, ['strip']);
  assert.equal(applyItem(document, item(items, 'strip')), oas('{"server":{"listenPath":{"value":"/a", "strip": false}}}'));
});

test('a string member typed inside quotes replaces the quotes typed so far', () => {
  const { items, document } = completeAt(oas('{"server":{"listenPath":{"va|"}}}'));
  const value = item(items, 'value');
  assert.equal(value.filterText, '"value"');
  assert.equal(applyItem(document, value), oas('{"server":{"listenPath":{"value": ""}}}'));
});

test('a member inserted in front of another gets a separating comma', () => {
  const { items, document } = completeAt(oas('{"server":{|"listenPath":{}}}'));
  assert.equal(applyItem(document, item(items, 'customDomain')), oas('{"server":{"customDomain": {},"listenPath":{}}}'));
});

test('only the name is replaced when the key already has a value', () => {
  const { items, document } = completeAt(oas('{"server":{"listenPath":{"stri|": true}}}'));
  assert.equal(applyItem(document, item(items, 'strip')), oas('{"server":{"listenPath":{"strip": true}}}'));
});

test('enum values with their descriptions; the chosen value replaces the string', () => {
  const { items, document, labels } = completeAt(oas('{"server":{"authentication":{"securityProcessingMode":"|"}}}'));
  assert.deepEqual(labels, ['"legacy"', '"compliant"']);
  assert.deepEqual(item(items, '"legacy"').documentation, { kind: 'markdown', value: 'Only the first security requirement is used.' });
  assert.equal(applyItem(document, item(items, '"compliant"')), oas('{"server":{"authentication":{"securityProcessingMode":"compliant"}}}'));
});

test('booleans after a colon', () => {
  const { items, document, labels } = completeAt(oas('{"server":{"listenPath":{"strip": |}}}'));
  assert.deepEqual(labels, ['true', 'false']);
  assert.equal(applyItem(document, item(items, 'true')), oas('{"server":{"listenPath":{"strip": true}}}'));
});

test('operationIds from paths as middleware.operations keys, configured ones left out', () => {
  const paths = '"paths":{"/pets":{"get":{"operationId":"listPets"},"post":{"operationId":"createPet"}}},';
  const { items, document, labels } = completeAt(oas('{"middleware":{"operations":{"listPets":{}, |}}}', paths));
  assert.deepEqual(labels, ['createPet']);
  assert.equal(item(items, 'createPet').detail, 'POST /pets');
  assert.equal(applyItem(document, item(items, 'createPet')), oas('{"middleware":{"operations":{"listPets":{}, "createPet": {}}}}', paths));
});

test('security scheme names in a security requirement', () => {
  const components = '"components":{"securitySchemes":{"key":{"type":"apiKey","in":"header","name":"A"}}},';
  const { items, document } = completeAt(oas('{}', components + '"security":[{|}],'));
  assert.equal(applyItem(document, item(items, 'key')), oas('{}', components + '"security":[{"key": []}],'));
});

test('security scheme names as keys of the vendor securitySchemes', () => {
  const components = '"components":{"securitySchemes":{"jwt":{"type":"http","scheme":"bearer","bearerFormat":"JWT"}}},';
  const { labels } = completeAt(oas('{"server":{"authentication":{"securitySchemes":{|}}}}', components));
  assert.deepEqual(labels, ['jwt']);
});

test('deprecated members are offered last and marked deprecated', () => {
  const { items } = completeAt('{"access_rights": {}, |}');
  const deprecated = item(items, 'apply_policy_id');
  assert.deepEqual(deprecated.tags, [CompletionItemTag.Deprecated]);
  const last = [...items].sort((a, b) => String(a.sortText).localeCompare(String(b.sortText))).at(-1);
  assert.ok(last?.tags?.includes(CompletionItemTag.Deprecated));
});

test('documents that are none of ours get no completions', () => {
  assert.deepEqual(completeAt('{"name": "my-package", |}').items, []);
});

test('an empty file offers one whole-document snippet per kind, each a valid document of that kind', () => {
  const { items, labels } = completeAt('|');
  assert.deepEqual(
    labels.sort(),
    documentSnippets()
      .map((s) => s.name)
      .sort(),
  );
  assert.equal(labels.length, 9);
  const kinds = new Set<string>();
  for (const snippet of items) {
    const text = expandSnippet((snippet.textEdit as { newText: string }).newText);
    const document = doc(text);
    const kind = service().detectKind(document)?.kind;
    assert.ok(kind, `${snippet.label}: kind detected`);
    kinds.add(kind);
    const errors = service()
      .validate(document)
      .filter((d) => d.severity === 1);
    assert.deepEqual(
      errors.map((e) => e.message),
      [],
      `${snippet.label} validates`,
    );
  }
  assert.equal(kinds.size, 9, 'one snippet per kind');
});
