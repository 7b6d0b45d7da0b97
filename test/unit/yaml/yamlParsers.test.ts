// The two YAML parsers behind the front end agree: the fast path (js-yaml's events, for
// well-formed documents) and the full parser (eemeli/yaml) give the same value, the same tree
// (types, offsets, lengths, keys) and the same findings on every OAS and streams fixture written
// as YAML, and on hand-written documents with anchors, flow collections, block scalars and
// surprising scalars. The fast path steps aside for what only the full parser reports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Node } from 'jsonc-parser';
import { kindFromContent } from '../../../common/src/detection';
import { fullParseYaml, parseYaml } from '../../../server/src/service/yaml/yamlParse';
import { fastParseYaml } from '../../../server/src/service/yaml/yamlFast';
import { toYamlText } from '../../../server/src/service/yaml/yamlWrite';

/** The tree as plain data: type, offset, length, value of leaves, children. */
function shape(node: Node | undefined): unknown {
  if (!node) return undefined;
  return {
    type: node.type,
    offset: node.offset,
    length: node.length,
    ...(node.children ? { children: node.children.map(shape) } : { value: node.value }),
    ...(node.colonOffset !== undefined ? { colon: node.colonOffset } : {}),
  };
}

function agree(text: string, label: string): void {
  const fast = fastParseYaml(text, 512, 5_000_000);
  assert.ok(fast, `${label}: the fast path took it`);
  const full = fullParseYaml(text, 512);
  assert.deepEqual(fast.value, full.value, `${label}: value`);
  assert.deepEqual(shape(fast.tree()), shape(full.tree()), `${label}: tree`);
  assert.deepEqual(fast.findings, full.findings, `${label}: findings`);
  assert.equal(fast.depth, full.depth, `${label}: depth`);
}

function fixtures(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? fixtures(path) : name.endsWith('.json') ? [path] : [];
  });
}

test('every OAS and streams fixture written as YAML: both parsers agree', () => {
  let compared = 0;
  for (const file of fixtures(join(__dirname, '../../fixtures'))) {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue;
    }
    const kind = kindFromContent(value);
    if (kind !== 'oas' && kind !== 'streams') continue;
    agree(toYamlText(value), file);
    compared++;
  }
  assert.ok(compared >= 20);
});

test('hand-written YAML: anchors, aliases, flow collections, block scalars, comments, surprising scalars', () => {
  agree(
    `# head
openapi: 3.0.3   # version
base: &b {a: 1, 'b': "two", c: [1, 2, {d: ~}]}
list:
  - *b
  - &s plain
  - *s
text: |
  line one
  line two
folded: >-
  a
  b
empty:
flags: [yes, on, 0777, 1.10, 1e3, 2024-01-02, 0x1F, .5, -0]
"quoted key": 'it''s'
200: ok
`,
    'hand-written',
  );
});

test('the fast path steps aside for duplicates, merges, several documents, tags and broken text', () => {
  for (const text of [
    'a: 1\na: 2\n',
    'b: &b {x: 1}\nc:\n  <<: *b\n',
    'a: 1\n---\nb: 2\n',
    'a: !!str 5\n',
    'a: "open\n',
    '? [x]\n: 1\n',
    'list:\n  -\n  - a\n',
  ]) {
    assert.equal(fastParseYaml(text, 512, 5_000_000), undefined, text);
    assert.ok(parseYaml(text, 512).findings.length > 0 || text.includes('!!str') || text.includes('?') || text.includes('<<') || text.includes('-\n'), text);
  }
});
