// Issue 14's language items: whole-document templates after `{` in an empty file (and never in a
// nested object), quick fixes for an unknown middleware operation and a listen path without its
// leading `/`, and enum messages that say "empty" instead of listing `""`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, TextEdit } from 'vscode-languageserver-types';
import { documentSnippets } from '../../../server/src/service/completion/documentSnippets';
import { expandSnippet } from '../../../server/src/service/completion/snippetText';
import { quickFixes } from '../../../server/src/service/codeActions/index';
import { MAX_OPERATION_CHOICES } from '../../../server/src/service/codeActions/gatewayFixes';
import { Messages } from '../../../server/src/service/validation/messages';
import { validate } from '../../../server/src/service/validation/index';
import { completeAt, service } from './completion.helpers';
import { svcDocument, testServices } from './validation.helpers';

const templateNames = () =>
  documentSnippets()
    .map((s) => s.name)
    .sort();
const templatesIn = (labels: string[]) => labels.filter((l) => templateNames().includes(l));

/** The text after accepting an item: its snippet (placeholders as proposed) and its additional edits. */
function accept(document: TextDocument, item: CompletionItem): string {
  const main = item.textEdit as TextEdit;
  const edits = [{ range: main.range, newText: expandSnippet(main.newText) }, ...(item.additionalTextEdits ?? [])];
  return TextDocument.applyEdits(document, edits);
}

for (const [name, text] of [
  ['`{` alone', '{|'],
  ['`{}`', '{|}'],
  ['`{ }` over lines', '\n{\n  |\n}\n'],
] as const) {
  test(`after ${name} in an empty file completion offers every whole-document template`, () => {
    const { items, labels, document } = completeAt(text);
    assert.deepEqual(templatesIn(labels).sort(), templateNames());
    assert.equal(templateNames().length, 9);
    const oas = items.find((i) => i.label === 'Svc OAS API')!;
    const result = accept(document, oas);
    assert.ok(result.startsWith('{\n\t"openapi": "3.0.3"'), result);
    assert.equal(service().detectKind(TextDocument.create('file:///t.json', 'json', 1, result))?.kind, 'oas');
    // A completion's own range stays on the cursor's line (VS Code refuses others).
    const range = (oas.textEdit as TextEdit).range;
    assert.equal(range.start.line, range.end.line);
  });
}

test('no whole-document template inside a nested object, nor in a root object that has members', () => {
  assert.deepEqual(templatesIn(completeAt('{\n  "openapi": "3.0.3",\n  "info": {|}\n}').labels), []);
  assert.deepEqual(templatesIn(completeAt('{"name": "Orders", "proxy": {|}}').labels), []);
  assert.deepEqual(templatesIn(completeAt('{"openapi": "3.0.3", |}').labels), []);
  assert.deepEqual(templatesIn(completeAt('{}|').labels), [], 'after the closing brace');
  assert.deepEqual(templatesIn(completeAt('{"a": {|}}').labels), []);
});

test('the templates are not contributed to VS Code as plain snippets (they would show in every object)', async () => {
  const { readFileSync } = await import('node:fs');
  const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
  assert.equal(manifest.contributes.snippets, undefined);
});

function fixes(text: string) {
  const doc = svcDocument(text);
  const diagnostics = validate(doc, {}, testServices);
  const whole = { start: { line: 0, character: 0 }, end: doc.textDocument.positionAt(text.length) };
  return quickFixes(doc, diagnostics, whole, testServices).map((action) => ({
    title: action.title,
    preferred: action.isPreferred === true,
    apply: () => TextDocument.applyEdits(doc.textDocument, action.edit!.changes![doc.uri]),
  }));
}

const oas = (operations: string, listen = '/p/', ids = ['listPets', 'createPet', 'deletePet']) => `{
  "openapi": "3.0.3",
  "info": { "title": "P", "version": "1" },
  "paths": { "/p": { ${ids.map((id, i) => `"${['get', 'post', 'delete', 'put', 'patch', 'head', 'options', 'trace'][i]}": { "operationId": "${id}", "responses": {} }`).join(', ')} } },
  "x-svc-api-gateway": {
    "info": { "name": "P", "state": { "active": true } },
    "upstream": { "url": "http://p" },
    "server": { "listenPath": { "value": "${listen}" } },
    "middleware": { "operations": { ${operations} } }
  }
}`;

test('an unknown operation with no close name offers each operation not configured yet', () => {
  const text = oas('"listPets": {}, "showStatus": {}');
  const titles = fixes(text).map((f) => f.title);
  assert.deepEqual(titles.sort(), ['Change `showStatus` to the operation `createPet`', 'Change `showStatus` to the operation `deletePet`']);
  const fixed = fixes(text)
    .find((f) => f.title.endsWith('`createPet`'))!
    .apply();
  assert.equal(fixed, text.replace('"showStatus"', '"createPet"'));
  assert.ok(!validate(svcDocument(fixed), {}, testServices).some((d) => d.code === 'svc.semantic.operation-id'));
});

test('a close name keeps the single preferred "did you mean" rename', () => {
  const found = fixes(oas('"createPets": {}'));
  assert.deepEqual(
    found.map((f) => [f.title, f.preferred]),
    [['Rename `createPets` to `createPet`', true]],
  );
});

test('the choices stop at the limit, closest first; none when every operation is configured', () => {
  const ids = ['aaaa', 'bbbb', 'cccc', 'dddd', 'eeee', 'ffff', 'zzzzzzzzq'];
  const titles = fixes(oas('"zzzzzzzzzzzzzz": {}', '/p/', ids)).map((f) => f.title);
  assert.equal(titles.length, MAX_OPERATION_CHOICES);
  assert.equal(titles[0], 'Change `zzzzzzzzzzzzzz` to the operation `zzzzzzzzq`');
  assert.deepEqual(
    fixes(oas('"listPets": {}, "createPet": {}, "deletePet": {}, "other": {}')).map((f) => f.title),
    [],
  );
});

test('a listen path without its leading slash gets a fix that adds it', () => {
  const text = oas('"listPets": {}', 'pets/');
  const found = fixes(text);
  assert.deepEqual(
    found.map((f) => [f.title, f.preferred]),
    [['Add the leading `/` (`/pets/`)', true]],
  );
  const fixed = found[0].apply();
  assert.equal(fixed, text.replace('"pets/"', '"/pets/"'));
  assert.deepEqual(
    validate(svcDocument(fixed), {}, testServices).filter((d) => d.code === 'svc.semantic.listen-path'),
    [],
  );
  const classic = '{\n  "name": "O",\n  "api_id": "o",\n  "proxy": { "listen_path": "o/", "target_url": "http://o" }\n}';
  assert.equal(
    fixes(classic)
      .find((f) => f.title.startsWith('Add the leading'))
      ?.apply(),
    classic.replace('"o/"', '"/o/"'),
  );
  assert.deepEqual(fixes(oas('"listPets": {}', '/pets/')), [], 'a path with its slash: no fix');
});

test('enum messages say "empty" instead of listing a pair of quotes', () => {
  assert.equal(Messages.enum('`protocol`', ['', 'http', 'https']), '`protocol` must be one of: http, https (or empty).');
  assert.equal(Messages.enum('`name`', ['']), '`name` must be empty.');
  assert.equal(Messages.enum('`x`', ['a', 'b']), '`x` must be one of: a, b.');
  const doc = svcDocument('{\n  "name": "O",\n  "api_id": "o",\n  "protocol": "htp",\n  "proxy": { "listen_path": "/o/", "target_url": "http://o" }\n}');
  const message = String(validate(doc, {}, testServices).find((d) => d.code === 'svc.schema.enum')?.message ?? '');
  assert.ok(!message.includes('""'), message);
  assert.match(message, /\(or empty\)/);
});
