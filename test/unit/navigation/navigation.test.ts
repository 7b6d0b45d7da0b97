// Go to definition, references and rename over the gateway model, with `|` for the cursor and
// `«…»` for the exact ranges each answer must give.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { AnnotatedTextEdit, TextDocumentEdit, TextEdit } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { sorted, uriOf, workspace } from './navigation.helpers';

const lines = (...l: string[]): string => l.join('\n');
const classic = (id: string, listenPath = '/petstore/') =>
  lines(
    '{',
    '  "name": "Petstore",',
    `  "api_id": "${id}",`,
    `  "proxy": { "listen_path": "${listenPath}", "target_url": "https://petstore.example.com/v1" },`,
    '  "version_data": { "not_versioned": true, "versions": {} }',
    '}',
  );
const policy = (id: string, apiKey: string, apiId = apiKey) =>
  lines(
    '{',
    `  "id": "${id}",`,
    '  "name": "Gold plan",',
    '  "rate": 100, "per": 60,',
    '  "access_rights": {',
    `    "${apiKey}": { "api_id": "${apiId}", "api_name": "Petstore", "versions": ["Default"] }`,
    '  }',
    '}',
  );
const key = (policyId: string, apiKey: string, apiId = apiKey) =>
  lines(
    '{',
    `  "apply_policies": ["${policyId}"],`,
    '  "rate": 10, "per": 60,',
    '  "access_rights": {',
    `    "${apiKey}": { "api_id": "${apiId}", "versions": ["Default"] }`,
    '  }',
    '}',
  );
const oas = `{
  "openapi": "3.0.3",
  "info": { "title": "Payments", "version": "1" },
  "security": [{ "«apiKey»": [] }],
  "paths": {
    "/pay": { "post": { "operationId": "«createPayment»", "responses": { "200": { "description": "ok", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Pay|ment" } } } } } } }
  },
  "components": {
    "schemas": { "«Payment»": { "type": "object" } },
    "securitySchemes": { "«apiKey»": { "type": "apiKey", "in": "header", "name": "Authorization" } }
  },
  "x-svc-api-gateway": {
    "info": { "id": "payments-1", "name": "Payments", "state": { "active": true } },
    "upstream": { "url": "https://payments.example.com" },
    "server": { "listenPath": { "value": "/payments/" }, "authentication": { "enabled": true, "securitySchemes": { "«apiKey»": { "enabled": true } } } },
    "middleware": { "operations": { "«createPayment»": { "allow": { "enabled": true } } } }
  }
}`;

test('definition: an access_rights key of a policy goes to the API definition file', () => {
  const ws = workspace({
    'petstore.json': classic('«petstore-1»'),
    'gold.json': policy('gold', 'pets|tore-1'),
  });
  assert.deepEqual(ws.service.definition(ws.document, ws.position), ws.marked);
});

test('definition: apply_policies in a key goes to the policy; apply_policy_id too', () => {
  const ws = workspace({
    'gold.json': policy('«gold»', 'petstore-1'),
    'key.json': key('go|ld', 'petstore-1'),
  });
  assert.deepEqual(ws.service.definition(ws.document, ws.position), ws.marked);
});

test('definition: middleware.operations key → the operationId; security requirement → the scheme; $ref → the member', () => {
  const text = oas.replace(/«|»/g, '');
  const opWs = workspace({ 'payments.json': text.replace('Pay|ment', 'Payment').replace('"createPayment": { "allow"', '"create|Payment": { "allow"') });
  const op = opWs.service.definition(opWs.document, opWs.position);
  assert.deepEqual(
    op.map((l) => opWs.document.getText(l.range)),
    ['createPayment'],
  );
  assert.equal(op[0].range.start.line, 5);

  const schemeWs = workspace({ 'payments.json': text.replace('Pay|ment', 'Payment').replace('"security": [{ "apiKey"', '"security": [{ "api|Key"') });
  const scheme = schemeWs.service.definition(schemeWs.document, schemeWs.position);
  assert.deepEqual(
    scheme.map((l) => [l.range.start.line, schemeWs.document.getText(l.range)]),
    [[9, 'apiKey']],
  );

  const refWs = workspace({ 'payments.json': text });
  const ref = refWs.service.definition(refWs.document, refWs.position);
  assert.deepEqual(
    ref.map((l) => [l.range.start.line, refWs.document.getText(l.range)]),
    [[8, 'Payment']],
  );
});

test('definition: nothing on a plain value, an external $ref, or a name nobody defines', () => {
  for (const files of <Array<Record<string, string>>>[
    { 'petstore.json': classic('petstore-1').replace('"Petstore"', '"Pet|store"') },
    { 'gold.json': policy('gold', 'nowhere|-api') },
    {
      'a.json':
        '{ "openapi": "3.0.3", "paths": {}, "components": { "schemas": { "A": { "$ref": "other.json#/B|" } } }, "x-svc-api-gateway": { "info": { "id": "a" } } }',
    },
  ]) {
    const ws = workspace(files);
    assert.deepEqual(ws.service.definition(ws.document, ws.position), []);
  }
});

test('references of an API id: every policy and key granting it (key and inner api_id), with the definition when asked', () => {
  const ws = workspace({
    'petstore.json': classic('«pets|tore-1»'),
    'gold.json': policy('gold', '«petstore-1»', '«petstore-1»'),
    'key.json': key('gold', '«petstore-1»', '«petstore-1»'),
    'other.json': policy('silver', 'weather-1'),
  });
  assert.deepEqual(sorted(ws.service.references(ws.document, ws.position, true)), sorted(ws.marked));
  assert.deepEqual(sorted(ws.service.references(ws.document, ws.position, false)), sorted(ws.marked.filter((l) => l.uri !== uriOf('petstore.json'))));
});

test('references of an operationId stay inside the document', () => {
  const ws = workspace({
    'payments.json': oas.replace('Pay|ment', 'Payment').replace('"operationId": "«createPayment»"', '"operationId": "«create|Payment»"'),
    'other.json': oas.replace(/«|»/g, '').replace('Pay|ment', 'Payment').replace('payments-1', 'payments-2').replace('/payments/', '/payments2/'),
  });
  const found = ws.service.references(ws.document, ws.position, true);
  assert.deepEqual(
    found.map((l) => ws.document.getText(l.range)),
    ['createPayment', 'createPayment'],
  );
  assert.ok(found.every((l) => l.uri === uriOf('payments.json')));
});

function applied(doc: TextDocument, edits: TextEdit[]): string {
  return TextDocument.applyEdits(doc, edits);
}

test('rename an operationId: the definition and the middleware key change in one edit, in this document only', () => {
  const ws = workspace({
    'payments.json': oas.replace(/«|»/g, '').replace('Pay|ment', 'Payment').replace('"operationId": "createPayment"', '"operationId": "create|Payment"'),
  });
  const check = ws.service.prepareRename(ws.document, ws.position);
  assert.ok('range' in check);
  assert.equal(ws.document.getText(check.range), 'createPayment');
  const result = ws.service.rename(ws.document, ws.position, 'makePayment');
  assert.ok('edit' in result);
  const edits = result.edit.changes![ws.document.uri];
  assert.equal(Object.keys(result.edit.changes!).length, 1);
  const after = applied(ws.document, edits);
  assert.equal((after.match(/makePayment/g) ?? []).length, 2);
  assert.doesNotMatch(after, /createPayment/);
});

test("rename a security scheme: definition, requirements and the extension's entry", () => {
  const ws = workspace({
    'payments.json': oas
      .replace(/«|»/g, '')
      .replace('Pay|ment', 'Payment')
      .replace('"securitySchemes": { "apiKey": { "type"', '"securitySchemes": { "api|Key": { "type"'),
  });
  const result = ws.service.rename(ws.document, ws.position, 'token');
  assert.ok('edit' in result);
  const after = applied(ws.document, result.edit.changes![ws.document.uri]);
  assert.equal((after.match(/"token"/g) ?? []).length, 3);
  assert.doesNotMatch(after, /"apiKey":/);
  assert.equal(JSON.parse(after)['x-svc-api-gateway'].server.authentication.securitySchemes.token.enabled, true);
});

test('rename an API id: every file, as annotated edits that ask for confirmation (the preview)', () => {
  const ws = workspace({
    'petstore.json': classic('pets|tore-1'),
    'gold.json': policy('gold', 'petstore-1'),
    'key.json': key('gold', 'petstore-1'),
  });
  const result = ws.service.rename(ws.document, ws.position, 'petstore-2');
  assert.ok('edit' in result);
  const changes = result.edit.documentChanges as TextDocumentEdit[];
  assert.deepEqual(changes.map((c) => c.textDocument.uri).sort(), ['gold.json', 'key.json', 'petstore.json'].map(uriOf));
  assert.equal(result.edit.changeAnnotations?.['svc.rename']?.needsConfirmation, true);
  assert.match(result.edit.changeAnnotations!['svc.rename'].label, /Rename API id `petstore-1` to `petstore-2`/);
  for (const change of changes) {
    assert.ok(change.edits.every((e) => (e as AnnotatedTextEdit).annotationId === 'svc.rename'));
    const after = JSON.parse(applied(ws.documents.get(change.textDocument.uri)!, change.edits as TextEdit[]));
    if (after.access_rights) {
      assert.deepEqual(Object.keys(after.access_rights), ['petstore-2']);
      assert.equal(after.access_rights['petstore-2'].api_id, 'petstore-2');
    } else assert.equal(after.api_id, 'petstore-2');
  }
});

test('rename a policy id from a key: the policy file and every key applying it', () => {
  const ws = workspace({ 'gold.json': policy('gold', 'petstore-1'), 'key.json': key('go|ld', 'petstore-1'), 'key2.json': key('gold', 'petstore-1') });
  const result = ws.service.rename(ws.document, ws.position, 'platinum');
  assert.ok('edit' in result);
  const changes = result.edit.documentChanges as TextDocumentEdit[];
  assert.deepEqual(changes.map((c) => [c.textDocument.uri, c.edits.length]).sort(), [
    [uriOf('gold.json'), 1],
    [uriOf('key.json'), 1],
    [uriOf('key2.json'), 1],
  ]);
});

test('rename refuses a collision, an empty name, and a place that is no name', () => {
  const ws = workspace({ 'petstore.json': classic('pets|tore-1'), 'weather.json': classic('weather-1', '/weather/') });
  assert.deepEqual(ws.service.rename(ws.document, ws.position, 'weather-1'), {
    error: 'The API id `weather-1` already exists (weather.json): renaming would make two of them.',
  });
  assert.deepEqual(ws.service.rename(ws.document, ws.position, '  '), { error: 'The new API id is empty.' });
  const op = workspace({
    'p.json': oas.replace(/«|»/g, '').replace('Pay|ment', 'Payment').replace('"operationId": "createPayment"', '"operationId": "create|Payment"'),
  });
  const dup = op.service.rename(op.document, op.position, 'createPayment');
  assert.deepEqual(dup, { edit: { changes: {} } }, 'the same name: nothing to do');
  const plain = workspace({ 'petstore.json': classic('petstore-1').replace('"Petstore"', '"Pet|store"') });
  assert.ok('error' in plain.service.prepareRename(plain.document, plain.position));
});

test('a name with quotes or backslashes is written as JSON', () => {
  const ws = workspace({
    'p.json': oas.replace(/«|»/g, '').replace('Pay|ment', 'Payment').replace('"operationId": "createPayment"', '"operationId": "create|Payment"'),
  });
  const result = ws.service.rename(ws.document, ws.position, 'say "hi"\\');
  assert.ok('edit' in result);
  const after = JSON.parse(applied(ws.document, result.edit.changes![ws.document.uri]));
  assert.equal(after.paths['/pay'].post.operationId, 'say "hi"\\');
});
