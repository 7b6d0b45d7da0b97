// Editing YAML documents: quick fixes write YAML (a renamed key stays plain, a missing member is
// added at the end of its mapping at its indentation, comments stay), and completion finds its
// context from the indentation (a key on an empty line, a value after `key:`, a new list item).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem } from 'vscode-languageserver-types';
import { createLanguageService } from '../../../server/src/service/languageService';

const service = createLanguageService();
let version = 0;
const doc = (text: string) => TextDocument.create('file:///work/edit.oas.yaml', 'yaml', ++version, text);

const base = `openapi: 3.0.3
info: {title: x, version: "1"}
paths: {}
x-svc-api-gateway:
  info:
    name: x
    state:
      active: true
  upstream:
    url: http://u
  server:
    listenPath:
      value: /a/
      strp: true # a typo
`;

test('the "did you mean" fix renames a YAML key without quotes and keeps the comment', () => {
  const d = doc(base);
  const unknown = service.validate(d).find((x) => x.code === 'svc.unknown-member');
  assert.ok(unknown);
  const fix = service.codeActions(d, [unknown], unknown.range).find((a) => a.title.includes('strip'));
  assert.ok(fix?.edit?.changes, 'a rename fix');
  const fixed = TextDocument.applyEdits(d, fix.edit.changes[d.uri]);
  assert.match(fixed, /^ {6}strip: true # a typo$/m);
});

test('the "add missing member" fix appends YAML at the mapping\'s indentation; comments and everything else stay', () => {
  const text = base.replace('      active: true\n', '      internal: false # keep\n').replace('      strp: true # a typo\n', '');
  const d = doc(text);
  const missing = service.validate(d).find((x) => x.code === 'svc.schema.required' && String(x.message).includes('`active`'));
  assert.ok(missing);
  const fix = service.codeActions(d, [missing], missing.range).find((a) => a.title === 'Add missing member `active`');
  assert.ok(fix?.edit?.changes, 'an add fix');
  const fixed = TextDocument.applyEdits(d, fix.edit.changes[d.uri]);
  assert.equal(fixed, text.replace('      internal: false # keep\n', '      internal: false # keep\n      active: false\n'));
});

const labels = (items: CompletionItem[]) => items.map((i) => i.label);
function completeAt(marked: string): CompletionItem[] {
  const offset = marked.indexOf('|');
  const d = doc(marked.replace('|', ''));
  return service.complete(d, d.positionAt(offset)).items;
}

test('completion on an empty line offers the members of the mapping the indentation names', () => {
  const atServer = completeAt(base.replace('      strp: true # a typo\n', '    |\n'));
  assert.ok(labels(atServer).includes('authentication'), labels(atServer).join(' '));
  assert.ok(!labels(atServer).includes('listenPath'), 'a member already written is not offered');
  const atListenPath = completeAt(base.replace('      strp: true # a typo\n', '      |\n'));
  assert.ok(labels(atListenPath).includes('strip'));
  assert.equal((atListenPath.find((i) => i.label === 'strip')!.textEdit as { newText: string }).newText, 'strip: ${1:false}');
  // An object member opens a block one level deeper.
  const auth = atServer.find((i) => i.label === 'authentication')!;
  assert.equal((auth.textEdit as { newText: string }).newText, 'authentication:\n  $1');
});

test("completion after `key:` offers values as YAML scalars; a new list item gets the item's members", () => {
  const values = completeAt(base.replace('      active: true', '      active: |'));
  assert.deepEqual(labels(values), ['true', 'false']);
  const items = completeAt(
    base.replace(
      '  upstream:\n    url: http://u\n',
      '  upstream:\n    loadBalancing:\n      enabled: true\n      targets:\n        - url: http://a\n          weight: 1\n        - |\n',
    ),
  );
  assert.deepEqual(labels(items).sort(), ['url', 'weight'].sort());
});

test('the outline of a YAML OAS document names operations as in JSON, at their YAML ranges', () => {
  const text = readFileSync(join(__dirname, '../../fixtures/yaml/payments.oas.yaml'), 'utf8');
  const d = doc(text);
  const symbols = service.documentSymbols(d);
  const paths = symbols.find((s) => s.name === 'paths');
  assert.ok(paths?.children);
  const refund = paths.children.find((s) => s.name === '/payments/{id}/refund');
  assert.deepEqual(
    refund?.children?.map((s) => s.name),
    ['POST /payments/{id}/refund'],
  );
  const post = refund!.children![0];
  assert.equal(d.getText(post.selectionRange), 'post');
  assert.ok(d.getText(post.range).startsWith('post:\n      operationId: refundPayment'));
});
