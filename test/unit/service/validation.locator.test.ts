// The parsed-document model: JSON.parse fast path, tolerant fallback, the one-pass locator
// agreeing with jsonc-parser's tree, the cache by uri and version.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentCache, SvcDocument, findNodeAtPointer, locationOfNode, measureNesting } from '../../../server/src/service/parser/document';
import { locatePointers } from '../../../server/src/service/parser/jsonLocator';

const text = `{
  "a": { "b~c": [1, { "x/y": "s\\"q" }], "d": null },
  /* comment */ "e": true,
  "a": { "b~c": [0, { "x/y": 2 }, ] }
}`;
const pointers = ['', '/a', '/a/b~0c', '/a/b~0c/1', '/a/b~0c/1/x~1y', '/e', '/missing', '/a/b~0c/7'];

test('the locator finds keys and values like the syntax tree does (last duplicate wins)', () => {
  const doc = new SvcDocument(TextDocument.create('file:///t.jsonc', 'jsonc', 1, text));
  const tree = doc.tree()!;
  const fast = locatePointers(text, pointers);
  for (const pointer of pointers) {
    const node = findNodeAtPointer(tree, pointer);
    assert.deepEqual(fast.get(pointer), node ? locationOfNode(node) : undefined, pointer);
  }
  const x = fast.get('/a/b~0c/1/x~1y')!;
  assert.equal(text.slice(x.keyOffset!, x.keyOffset! + x.keyLength!), '"x/y"');
  assert.equal(text.slice(x.valueOffset, x.valueOffset + x.valueLength), '2');
});

test('JSON.parse is the fast path; JSONC and broken text fall back to the tolerant parser', () => {
  const plain = new SvcDocument(TextDocument.create('file:///p.json', 'json', 1, '{"a": [1, 2]}'));
  assert.equal(plain.isStrictJson, true);
  assert.equal(plain.hasTree, false);
  assert.deepEqual(plain.locate('/a/1'), { valueOffset: 10, valueLength: 1 });
  assert.equal(plain.hasTree, false, 'locating on valid JSON builds no tree');
  const jsonc = new SvcDocument(TextDocument.create('file:///p.jsonc', 'jsonc', 1, text));
  assert.equal(jsonc.isStrictJson, false);
  assert.deepEqual(jsonc.syntaxErrors, []);
  assert.deepEqual(jsonc.value, { a: { 'b~c': [0, { 'x/y': 2 }] }, e: true });
  const broken = new SvcDocument(TextDocument.create('file:///b.json', 'json', 1, '{"a": 1 "b": 2}'));
  assert.deepEqual(
    broken.syntaxErrors.map((e) => [e.name, e.offset]),
    [['CommaExpected', 8]],
  );
  assert.deepEqual(broken.value, { a: 1, b: 2 });
  assert.equal(broken.locate('/b')?.valueOffset, 13);
});

test('nesting is measured without recursion; too-deep documents are never tree-parsed', () => {
  assert.equal(measureNesting('{"a": "[[[", "b": [[{}]]} // {{{'), 4);
  const deep = new SvcDocument(TextDocument.create('file:///d.json', 'json', 1, '['.repeat(20000)));
  assert.equal(deep.tooDeep, true);
  assert.equal(deep.value, undefined);
  assert.equal(deep.tree(), undefined);
  assert.deepEqual(deep.locateAll(['/0']), new Map());
});

test('the cache returns the same parse for the same version and a new one after an edit', () => {
  const cache = new DocumentCache(2);
  const td = TextDocument.create('file:///c.json', 'json', 1, '{"a": 1}');
  const first = cache.get(td);
  assert.equal(cache.get(td), first);
  const edited = TextDocument.update(td, [{ text: '{"a": 2}' }], 2);
  const second = cache.get(edited);
  assert.notEqual(second, first);
  assert.deepEqual(second.value, { a: 2 });
  cache.get(TextDocument.create('file:///d.json', 'json', 1, '{}'));
  cache.get(TextDocument.create('file:///e.json', 'json', 1, '{}'));
  assert.equal(cache.size, 2, 'least recently used entries are dropped');
});
