// Writing YAML: new texts read back as the same value; updates of an existing text touch only
// the nodes whose values changed (comments, order, quoting and flow style elsewhere stay).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml } from '../../../server/src/service/yaml/yamlParse';
import { toYamlText } from '../../../server/src/service/yaml/yamlWrite';
import { updateYamlText } from '../../../server/src/service/yaml/yamlUpdate';

const read = (text: string) => parseYaml(text, 512).value;

const TEXT = `# Payments API
openapi: 3.0.3 # the version
info:
  title: 'Payments'   # shown in the portal
  version: "1.0"

  description: Old
base: &base
  active: true
x-svc-api-gateway:
  <<: {}
  info: {name: Payments, state: {active: true}}
  tags:
    - a
    - b
`;

test('an unchanged value gives back the text itself', () => {
  assert.equal(updateYamlText(TEXT, read(TEXT)), TEXT);
});

test('a changed string keeps its quotes and its comment; nothing else moves', () => {
  const value = read(TEXT) as any;
  value.info.title = "Payments 'v2'";
  const out = updateYamlText(TEXT, value)!;
  assert.equal(out, TEXT.replace("'Payments'", "'Payments ''v2'''"));
  assert.deepEqual(read(out), value);
});

test('a member removed takes only its lines; one added goes at the end of its mapping, same indentation', () => {
  const value = read(TEXT) as any;
  delete value.info.description;
  value.info.contact = { name: 'Team' };
  const out = updateYamlText(TEXT, value)!;
  assert.equal(out, TEXT.replace('\n  description: Old', '\n  contact:\n    name: Team'));
  assert.deepEqual(read(out), value);
});

test('a sequence whose length changed and a flow mapping that changed are written anew at their place', () => {
  const value = read(TEXT) as any;
  value['x-svc-api-gateway'].tags.push('c');
  value['x-svc-api-gateway'].info.state.active = false;
  const out = updateYamlText(TEXT, value)!;
  assert.equal(
    out,
    TEXT.replace('  tags:\n    - a\n    - b\n', '  tags:\n    - a\n    - b\n    - c\n').replace(
      '{name: Payments, state: {active: true}}',
      '{ name: Payments, state: { active: false } }'.replace(/\{ /g, '{').replace(/ \}/g, '}'),
    ),
  );
  assert.deepEqual(read(out), value);
});

test('a scalar that becomes a mapping is written as a block under its key', () => {
  const value = read(TEXT) as any;
  value.openapi = { a: 1, b: [1] };
  const out = updateYamlText(TEXT, value)!;
  assert.match(out, /^openapi:\n {2}a: 1\n {2}b:\n {4}- 1 # the version$/m);
  assert.deepEqual(read(out), value);
});

test('strings a plain scalar would change are quoted (timestamps, yes, octal, 1.10)', () => {
  const value = { a: '2024-01-02', b: 'yes', c: '0777', d: '1.10', e: 'plain text', f: '1_000' };
  const text = toYamlText(value);
  assert.equal(text, 'a: "2024-01-02"\nb: "yes"\nc: "0777"\nd: "1.10"\ne: plain text\nf: "1_000"\n');
  assert.deepEqual(read(text), value);
  const updated = updateYamlText('a: x # keep\n', { a: '2024-01-02' })!;
  assert.equal(updated, 'a: "2024-01-02" # keep\n');
});

test('a text that is not one readable YAML document is not updated', () => {
  assert.equal(updateYamlText('a: 1\n---\nb: 2\n', { a: 2 }), undefined);
  assert.equal(updateYamlText('a: 1\na: 2\n', { a: 2 }), undefined);
  assert.equal(updateYamlText('a: "open\n', { a: 2 }), undefined);
});

test('a real OAS document written as YAML reads back as the same value', () => {
  const value = JSON.parse(readFileSync(join(__dirname, '../../fixtures/realworld/oas-api/pet-clinic-40-operations.json'), 'utf8'));
  assert.deepEqual(read(toYamlText(value)), value);
});
