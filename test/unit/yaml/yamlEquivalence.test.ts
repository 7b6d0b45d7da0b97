// Every OAS and streams definition the repository's fixtures hold, converted to YAML, gets
// exactly the findings of its JSON form (codes, messages, severities, the same member and part
// of it), and so do three mutations of each that must produce findings (a wrong type, an
// unknown member, a missing required member). The real definitions outside the repository are
// compared by yamlEquivalence.conformance.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { kindFromContent } from '../../../common/src/detection';
import { compareForms } from './yamlEquivalence.helpers';

const FIXTURES = join(__dirname, '..', '..', 'fixtures');

function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...jsonFiles(path));
    else if (name.endsWith('.json')) out.push(path);
  }
  return out.sort();
}

/** The OAS and streams documents among the fixtures (by content, as the editor detects them). */
function oasAndStreamsFixtures(): Array<{ name: string; value: Record<string, unknown> }> {
  const found: Array<{ name: string; value: Record<string, unknown> }> = [];
  for (const file of jsonFiles(FIXTURES)) {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue; // broken on purpose (syntax fixtures)
    }
    const kind = kindFromContent(value);
    if (kind === 'oas' || kind === 'streams') found.push({ name: relative(FIXTURES, file), value: value as Record<string, unknown> });
  }
  return found;
}

const fixtures = oasAndStreamsFixtures();

test('the fixtures hold OAS and streams documents to compare (realworld ones among them)', () => {
  assert.ok(fixtures.length >= 20, `only ${fixtures.length} found`);
  assert.ok(fixtures.some((f) => f.name.startsWith('realworld/oas-api/')));
  assert.ok(fixtures.some((f) => f.name.startsWith('realworld/streams-api/')));
});

for (const { name, value } of fixtures) {
  test(`${name}: the YAML form gets exactly the findings of the JSON form`, () => {
    const { json, yaml } = compareForms(value, name.replace(/[^\w.-]/g, '_'));
    assert.deepEqual(yaml, json);
  });
}

/** Mutations that must produce findings, so the comparison is never between two empty lists. */
const MUTATIONS: Array<[string, (v: any) => void]> = [
  ['a string where a boolean goes', (v) => ((v['x-svc-api-gateway'].info ??= {}).state = { active: 'yes' })],
  ['an unknown member in the extension', (v) => (v['x-svc-api-gateway'].server = { ...v['x-svc-api-gateway'].server, listenPth: { value: '/x' } })],
  ['a missing required member of the upstream', (v) => (v['x-svc-api-gateway'].upstream = { rateLimit: { enabled: true } })],
];

test('mutated fixtures: the YAML form gets exactly the findings of the JSON form, and there are findings', () => {
  let compared = 0;
  for (const { name, value } of fixtures) {
    if (typeof value['x-svc-api-gateway'] !== 'object' || value['x-svc-api-gateway'] === null) continue;
    for (const [what, mutate] of MUTATIONS) {
      const copy = structuredClone(value);
      mutate(copy);
      const { json, yaml } = compareForms(copy, `${name}-${what}`.replace(/[^\w.-]/g, '_'));
      assert.ok(json.length > 0, `${name} (${what}): no finding in the JSON form`);
      assert.deepEqual(yaml, json, `${name} (${what})`);
      compared++;
    }
  }
  assert.ok(compared >= 30, `only ${compared} mutations compared`);
});
