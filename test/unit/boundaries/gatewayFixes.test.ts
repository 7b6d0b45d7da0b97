// The gateway quick fixes, called directly: the listen path's leading `/` (only when missing),
// and the operations offered for an unknown `middleware.operations` key (free ones only, closest
// spelling first, document order on ties, at most MAX_OPERATION_CHOICES).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { listenPathFix, MAX_OPERATION_CHOICES, operationChoices, operationIdsOf } from '../../../server/src/service/codeActions/gatewayFixes';
import { svcDocument } from '../service/validation.helpers';

const apply = (text: string, edit: Parameters<typeof TextDocument.applyEdits>[1][number]) =>
  TextDocument.applyEdits(TextDocument.create('file:///a.json', 'json', 1, text), [edit]);

test('listen path fix: adds the leading `/` and is preferred; nothing for `/x`, an empty or a non-string value', () => {
  const text = '{ "proxy": { "listen_path": "orders/" } }';
  const fix = listenPathFix(svcDocument(text), '/proxy/listen_path')!;
  assert.equal(fix.title, 'Add the leading `/` (`/orders/`)');
  assert.equal(fix.preferred, true);
  assert.equal(apply(text, fix.edit), '{ "proxy": { "listen_path": "/orders/" } }');
  for (const value of ['"/orders/"', '""', '5', 'null']) {
    assert.equal(listenPathFix(svcDocument(`{ "proxy": { "listen_path": ${value} } }`), '/proxy/listen_path'), undefined, value);
  }
});

test('operationIdsOf: the operationIds of HTTP methods only, each once, in document order', () => {
  const doc = {
    paths: {
      '/a': { get: { operationId: 'listA' }, post: { operationId: 'createA' }, parameters: { operationId: 'notAnOperation' }, 'x-get': { operationId: 'no' } },
      '/b': { delete: { operationId: 'listA' }, patch: { operationId: 7 }, head: null, trace: { operationId: 'traceB' } },
      '/c': 'text',
      '/d': null,
    },
  };
  assert.deepEqual(operationIdsOf(doc), ['listA', 'createA', 'traceB']);
  for (const m of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) {
    assert.deepEqual(operationIdsOf({ paths: { '/x': { [m]: { operationId: m + 'Op' } } } }), [m + 'Op'], m);
  }
  assert.deepEqual(operationIdsOf({}), []);
  assert.deepEqual(operationIdsOf({ paths: 'x' }), []);
  assert.deepEqual(operationIdsOf(undefined), []);
});

function oas(operations: string[], configured: string[]): string {
  const paths = Object.fromEntries(operations.map((id, i) => [`/p${i}`, { get: { operationId: id } }]));
  const ops = Object.fromEntries(configured.map((id) => [id, { allow: { enabled: true } }]));
  return JSON.stringify({ paths, 'x-svc-api-gateway': { middleware: { operations: ops } } }, null, 2);
}

test('operation choices: only operations without an entry, closest spelling first, ties in document order, titles and edits exact', () => {
  const text = oas(['zzzzzz', 'getPets', 'getPet', 'addPet'], ['getPet', 'gtPets']);
  const pointer = '/x-svc-api-gateway/middleware/operations/gtPets';
  const choices = operationChoices(svcDocument(text), pointer);
  assert.deepEqual(
    choices.map((c) => c.title),
    ['Change `gtPets` to the operation `getPets`', 'Change `gtPets` to the operation `addPet`', 'Change `gtPets` to the operation `zzzzzz`'],
  );
  assert.equal(
    choices.every((c) => c.preferred === false),
    true,
  );
  assert.match(apply(text, choices[0].edit), /"getPets": \{/);
  const tie = operationChoices(svcDocument(oas(['bbb', 'aaa'], ['ccc'])), '/x-svc-api-gateway/middleware/operations/ccc');
  assert.deepEqual(
    tie.map((c) => c.title.split('`')[3]),
    ['bbb', 'aaa'],
    'same distance: document order',
  );
  const caseOnly = operationChoices(svcDocument(oas(['abcdef', 'ABCDEX'], ['abcdex'])), '/x-svc-api-gateway/middleware/operations/abcdex');
  assert.equal(caseOnly[0].title.split('`')[3], 'ABCDEX', 'case does not count as an edit');
});

test(`operation choices boundary: at most ${MAX_OPERATION_CHOICES} (the closest), exactly ${MAX_OPERATION_CHOICES} when there are that many`, () => {
  assert.equal(MAX_OPERATION_CHOICES, 5);
  const many = ['xx1', 'xx2', 'xx3', 'xx4', 'xx5', 'xx6', 'opp'];
  const choices = operationChoices(svcDocument(oas(many, ['opq'])), '/x-svc-api-gateway/middleware/operations/opq');
  assert.deepEqual(
    choices.map((c) => c.title.split('`')[3]),
    ['opp', 'xx1', 'xx2', 'xx3', 'xx4'],
  );
  const five = operationChoices(svcDocument(oas(many.slice(0, 5), ['x'])), '/x-svc-api-gateway/middleware/operations/x');
  assert.equal(five.length, 5);
  const none = operationChoices(svcDocument(oas([], ['x'])), '/x-svc-api-gateway/middleware/operations/x');
  assert.deepEqual(none, []);
});

test('operation choices: ties keep document order however many there are', () => {
  const ties = operationChoices(svcDocument(oas(['d1', 'c1', 'b1', 'a1'], ['x1'])), '/x-svc-api-gateway/middleware/operations/x1');
  assert.deepEqual(
    ties.map((c) => c.title.split('`')[3]),
    ['d1', 'c1', 'b1', 'a1'],
  );
});

test('operationIdsOf: a document whose `paths` is null, or whose path item is null, still lists the other operations', () => {
  assert.deepEqual(operationIdsOf({ paths: null }), []);
  assert.deepEqual(operationIdsOf({ paths: { '/a': null, '/b': { get: { operationId: 'getB' } } } }), ['getB']);
});

test('operation choices for a key the document no longer holds (edited since the diagnostic): none offered, nothing thrown', () => {
  const pointer = '/x-svc-api-gateway/middleware/operations/gtPets';
  const renamed = oas(['getPets', 'addPet'], ['getPet']);
  assert.deepEqual(operationChoices(svcDocument(renamed), pointer), []);
  for (const operations of ['null', '"text"', '[]']) {
    const text = `{ "paths": { "/p": { "get": { "operationId": "getPets" } } }, "x-svc-api-gateway": { "middleware": { "operations": ${operations} } } }`;
    assert.deepEqual(operationChoices(svcDocument(text), pointer), [], operations);
  }
  const noMiddleware = '{ "paths": { "/p": { "get": { "operationId": "getPets" } } } }';
  assert.deepEqual(operationChoices(svcDocument(noMiddleware), pointer), []);
});
