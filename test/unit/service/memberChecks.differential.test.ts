// The member walk (server/src/service/validation/memberChecks.ts) plans its work per schema set
// and skips scalars no schema can flag. Checked here against a plain walk that asks the walker
// at every value and visits everything: the same findings on every fixture, every real
// definition and the benchmark's 2 MB document, with one walker shared across all documents
// (its caches warmed by the others) against a fresh walker per document.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectKind } from '../../../common/src/detection';
import type { DocumentKind } from '../../../common/src/kinds';
import { getSchemaRegistry, type SchemaRegistry } from '../../../server/src/schemas/registry';
import { createSchemaWalker, SchemaWalker } from '../../../server/src/service/schema/schemaWalker';
import type { SchemaNode } from '../../../server/src/service/schema/schemaTypes';
import { memberProblems } from '../../../server/src/service/validation/memberChecks';
import { markedBranches, nonSpecFormOf } from '../../../server/src/service/validation/alternatives';
import { toPointer } from '../../../validation/src/jsonPointer';
import { Codes } from '../../../validation/src/codes';
import { largeOasDocument } from '../../../bench/inputs';
import { realDocuments } from '../realDefinitions/realDefinitions';

/** Findings as `code pointer`, sorted: what both walks must agree on. */
function oracle(registry: SchemaRegistry, walker: SchemaWalker, kind: DocumentKind, root: unknown): string[] {
  const out: string[] = [];
  const visit = (value: unknown, nodes: SchemaNode[], path: Array<string | number>): void => {
    const form = nonSpecFormOf(markedBranches(registry, nodes), value);
    if (nodes.some((n) => typeof n.schema['x-svc-nonSpecForm'] === 'string') && form) out.push(`${Codes.nonSpecForm} ${toPointer(path)}`);
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        const child = walker.child(nodes, i, item);
        if (child.length) visit(item, child, [...path, i]);
      });
      return;
    }
    const members = walker.members(nodes);
    for (const [name, child] of Object.entries(value)) {
      if (name === '$schema' && path.length === 0) continue;
      if (!SchemaWalker.isDeclared(members, name)) {
        out.push(`unknown ${toPointer([...path, name])}`);
        continue;
      }
      const childNodes = walker.child(nodes, name, child);
      if (childNodes.some((n) => typeof n.schema.deprecationMessage === 'string' || n.schema.deprecated === true))
        out.push(`deprecated ${toPointer([...path, name])}`);
      if (childNodes.length) visit(child, childNodes, [...path, name]);
    }
  };
  const rootNodes = walker.root(kind, root);
  if (rootNodes.length) visit(root, rootNodes, []);
  return out.sort();
}

const CODE_WORD: Record<string, string> = { [Codes.unknownMember]: 'unknown', [Codes.deprecated]: 'deprecated' };

function planned(registry: SchemaRegistry, walker: SchemaWalker, kind: DocumentKind, root: unknown): string[] {
  return memberProblems(registry, walker, kind, root)
    .map((p) => `${CODE_WORD[p.code] ?? p.code} ${p.pointer}`)
    .sort();
}

function documents(): Array<{ name: string; kind: DocumentKind; value: unknown }> {
  const out: Array<{ name: string; kind: DocumentKind; value: unknown }> = [];
  const fixtures = join(__dirname, '..', '..', 'fixtures');
  const schemaFolders = readdirSync(join(fixtures, 'schemas'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => ['valid', 'invalid'].map((v) => `schemas/${d.name}/${v}`))
    .filter((folder) => existsSync(join(fixtures, folder)));
  const realworld = readdirSync(join(fixtures, 'realworld')).map((name) => `realworld/${name}`);
  for (const folder of ['service/valid', 'service/invalid', 'reference-facts', ...schemaFolders, ...realworld]) {
    for (const file of readdirSync(join(fixtures, folder)).filter((f) => f.endsWith('.json'))) {
      let value: unknown;
      try {
        value = JSON.parse(readFileSync(join(fixtures, folder, file), 'utf8'));
      } catch {
        continue; // the broken fixture has no value to walk
      }
      const kind = detectKind(`file:///${file}`, value)?.kind;
      if (kind) out.push({ name: `${folder}/${file}`, kind, value });
    }
  }
  for (const d of realDocuments().documents) out.push({ name: d.name, kind: d.detection.kind, value: JSON.parse(d.text) });
  out.push({ name: 'bench 2 MB', kind: 'oas', value: JSON.parse(largeOasDocument(3000)) });
  return out;
}

test('the planned member walk finds exactly what a plain walk finds, on every fixture and real definition', () => {
  const registry = getSchemaRegistry();
  const shared = createSchemaWalker(registry);
  const docs = documents();
  assert.ok(docs.length > 20, `only ${docs.length} documents`);
  let findings = 0;
  for (const { name, kind, value } of docs) {
    const expected = oracle(registry, createSchemaWalker(registry), kind, value);
    assert.deepEqual(planned(registry, shared, kind, value), expected, name);
    findings += expected.length;
  }
  console.log(`${docs.length} documents, ${findings} findings`);
  assert.ok(findings > 10, `the documents hold only ${findings} findings: the comparison would prove little`);
});

test('a value that changes the branch under a planned member: the walk follows the value, not the first one met', () => {
  // Two operations: the first `per` is an integer (the spec's form), the second a string only
  // the non-spec alternative accepts; a plan made on the first must not hide the second.
  const registry = getSchemaRegistry();
  const walker = createSchemaWalker(registry);
  const document = JSON.parse(largeOasDocument(2));
  const ops = document['x-svc-api-gateway'].middleware.operations;
  ops.operation1.rateLimit.per = '1m';
  const found = planned(registry, walker, 'oas', document);
  assert.deepEqual(found, oracle(registry, createSchemaWalker(registry), 'oas', document));
  assert.ok(
    found.some((f) => f.endsWith('/operations/operation1/rateLimit/per')),
    found.join('\n'),
  );
  assert.ok(!found.some((f) => f.endsWith('/operations/operation0/rateLimit/per')), found.join('\n'));
});
