// The partial position tree must answer exactly as jsonc-parser's full tree for every cursor
// position that completion and hover ask about: same completion context, same node and path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findNodeAtOffset, getNodePath, parseTree, type Node } from 'jsonc-parser';
import { positionTree } from '../../../server/src/service/parser/positionTree';
import { ContainerEnds } from '../../../server/src/service/parser/containerEnds';
import { completionContext } from '../../../server/src/service/completion/context';

const FIXTURES = join(__dirname, '..', '..', 'fixtures');

/** What a feature reads from the node at an offset (parents are compared through the path). */
function nodeFacts(root: Node | undefined, offset: number, includeRightBound: boolean) {
  const node = root && findNodeAtOffset(root, offset, includeRightBound);
  if (!node) return undefined;
  return { type: node.type, offset: node.offset, length: node.length, value: node.value, colonOffset: node.colonOffset, path: getNodePath(node) };
}

function compareEverywhere(text: string, step = 1): number {
  const full = parseTree(text);
  const ends = ContainerEnds.of(text);
  assert.ok(ends, 'the container index of a well-formed text');
  let compared = 0;
  for (let offset = 0; offset <= text.length; offset += step) {
    // With and without the container index (alternating): both must match the full tree.
    const partial = positionTree(text, offset, offset % 2 === 0 ? ends : undefined);
    assert.ok(partial, `no position tree at ${offset}`);
    assert.deepEqual(completionContext(text, partial, offset), completionContext(text, full, offset), `completion context at ${offset}`);
    assert.deepEqual(nodeFacts(partial, offset, false), nodeFacts(full, offset, false), `hover node at ${offset}`);
    compared++;
  }
  return compared;
}

test('same completion context and hover node as the full tree at every offset of small documents', () => {
  const texts = [
    '{}',
    '[]',
    ' {"a": 1, "b": [true, null, -2.5e3, "x\\"y"], "c": {"d": {}}} ',
    '{\n  "openapi": "3.0.3",\n  "paths": {"/p": {"get": {"operationId": "a"}}},\n  "x": [ {}, [ [] ], "s" ]\n}',
    '{"esc\\u0041pe": {"k": "v"}, "": 0}',
  ];
  for (const text of texts) compareEverywhere(text);
});

// About 1,500 offsets per document: every 7th offset of a small one, an odd stride (so offsets fall
// on every kind of token) through a large one; every offset of the 400 KB one took minutes of CPU.
const strideFor = (text: string) => Math.max(7, Math.floor(text.length / 1500) | 1);

test('same answers on real documents (about 1,500 offsets of each fixture, at least every 7th)', () => {
  let compared = 0;
  for (const file of [
    'realworld/oas-api/pet-clinic-40-operations.json',
    'realworld/classic-api/pet-clinic-12-versions.json',
    'realworld/streams-api/commerce-events-12-streams.json',
  ]) {
    const text = readFileSync(join(FIXTURES, file), 'utf8');
    compared += compareEverywhere(text, strideFor(text));
  }
  assert.ok(compared > 1000, `only ${compared} offsets compared`);
});

test('the container index finds every container end and refuses unbalanced text', () => {
  const text = '{"a": [1, {"b": "}]"}], /* { */ "c": {}}';
  const ends = ContainerEnds.of(text)!;
  assert.equal(ends.endOf(0), text.length);
  assert.equal(text.slice(6, ends.endOf(6)), '[1, {"b": "}]"}]');
  assert.equal(text.slice(10, ends.endOf(10)), '{"b": "}]"}');
  assert.equal(ends.endOf(1), -1);
  for (const broken of ['{"a": [}', '{"a": 1', '{"a": "raw\nnewline"}', ']']) assert.equal(ContainerEnds.of(broken), undefined, broken);
});

test('JSONC comments are trivia; malformed text gives no position tree (the full tree answers)', () => {
  const jsonc = '// lead\n{ /* a */ "a": 1, // tail\n "b": [2, /* c */ 3] }';
  assert.ok(positionTree(jsonc, 20));
  assert.deepEqual(nodeFacts(positionTree(jsonc, 17), 17, false), nodeFacts(parseTree(jsonc), 17, false));
  for (const broken of ['{"a": }', '{"a" 1}', '{"a": 1,, "b": 2}', '{"a": 1} x', '{"a": tru}', '["unterminated]', '']) {
    assert.equal(positionTree(broken, 3), undefined, broken);
  }
});
