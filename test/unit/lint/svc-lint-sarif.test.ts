// svc-lint --format sarif: a valid SARIF 2.1.0 log (checked against the OASIS schema), rules with
// help text, one result per diagnostic with the same exact region the text output gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { runLint } from '../../../server/src/lint/cli';

const root = join(__dirname, '../../..');
const lint = (...args: string[]) => runLint(args, root);

/** The OASIS SARIF 2.1.0 (rtm.5) schema, written in draft-04: only its `id` keyword differs for ajv's draft-07. */
function sarifValidator() {
  const schema = JSON.parse(readFileSync(join(root, 'test/fixtures/sarif/sarif-2.1.0-rtm.5.json'), 'utf8'));
  delete schema.$schema;
  schema.$id = schema.id;
  delete schema.id;
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }); // the schema's `language` pattern is not valid with the u flag;
  addFormats(ajv);
  return ajv.compile<any>(schema);
}

test('sarif: a valid SARIF 2.1.0 log with one result per text line, same regions', () => {
  const file = 'test/fixtures/service/invalid/classic.json';
  const sarif = lint('--format', 'sarif', file);
  const text = lint(file);
  assert.equal(sarif.exitCode, 1);
  const log: any = JSON.parse(sarif.stdout);
  const validate = sarifValidator();
  assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
  assert.equal(log.version, '2.1.0');
  const run = log.runs[0];
  assert.equal(run.tool.driver.name, 'svc-lint');
  assert.match(run.tool.driver.semanticVersion, /^\d+\.\d+\.\d+/);
  const lines = text.stdout.split('\n');
  assert.equal(run.results.length, lines.length);
  run.results.forEach((r: any, i: number) => {
    const { uri } = r.locations[0].physicalLocation.artifactLocation;
    const { startLine, startColumn } = r.locations[0].physicalLocation.region;
    const level = r.level === 'note' ? /(info|hint)/ : new RegExp(r.level);
    assert.ok(lines[i].startsWith(`${uri}:${startLine}:${startColumn} `), `${lines[i]} vs ${uri}:${startLine}:${startColumn}`);
    assert.match(lines[i], level);
    assert.ok(lines[i].endsWith(` ${r.ruleId} ${r.message.text}`));
    assert.equal(run.tool.driver.rules[r.ruleIndex].id, r.ruleId);
  });
});

test('sarif: the exact region of a finding (start and end, 1-based)', () => {
  const log = JSON.parse(lint('--format', 'sarif', 'test/fixtures/service/invalid/classic.json').stdout);
  const enumResult = log.runs[0].results.find((r: any) => r.ruleId === 'svc.schema.enum');
  // line 4 is `  "protocol": "htp",`: the region is exactly the value `"htp"`.
  const source = readFileSync(join(root, 'test/fixtures/service/invalid/classic.json'), 'utf8').split('\n')[3];
  const region = enumResult.locations[0].physicalLocation.region;
  assert.equal(region.startLine, 4);
  assert.equal(region.endLine, 4);
  assert.equal(source.slice(region.startColumn - 1, region.endColumn - 1), source.slice(14).replace(/,\s*$/, ''));
  assert.ok(region.endColumn > region.startColumn);
});

test('sarif: a YAML OAS document gives its finding at the YAML line and column', () => {
  const fixture = readFileSync(join(root, 'test/fixtures/yaml/payments.oas.yaml'), 'utf8');
  const text = fixture.replace('      value: /payments/\n', '      value: payments/\n');
  assert.notEqual(text, fixture);
  const dir = mkdtempSync(join(tmpdir(), 'svc-lint-sarif-'));
  try {
    writeFileSync(join(dir, 'payments.oas.yaml'), text);
    const sarif = runLint(['--format', 'sarif', 'payments.oas.yaml'], dir);
    assert.equal(sarif.exitCode, 1);
    const log: any = JSON.parse(sarif.stdout);
    const validate = sarifValidator();
    assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
    const results = log.runs[0].results;
    assert.deepEqual(
      results.map((r: any) => [r.ruleId, r.level, r.message.text, r.locations[0].physicalLocation.artifactLocation.uri]),
      [['svc.semantic.listen-path', 'error', 'The listen path `payments/` must start with `/`.', 'payments.oas.yaml']],
    );
    const region = results[0].locations[0].physicalLocation.region;
    assert.deepEqual(region, { startLine: 47, startColumn: 14, endLine: 47, endColumn: 23 });
    // The region is exactly the value on line 47, as written in the YAML.
    assert.equal(text.split('\n')[region.startLine - 1].slice(region.startColumn - 1, region.endColumn - 1), 'payments/');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sarif: each rule that fired has a description and help text; no rule twice', () => {
  const log = JSON.parse(lint('--format', 'sarif', 'test/fixtures/service/**/*.json').stdout);
  const rules = log.runs[0].tool.driver.rules;
  assert.ok(rules.length >= 10);
  assert.equal(new Set(rules.map((r: any) => r.id)).size, rules.length);
  for (const rule of rules) {
    assert.ok(rule.shortDescription.text.length > 5, rule.id);
    assert.ok(rule.help.text.length > 10, rule.id);
    assert.doesNotMatch(rule.shortDescription.text, /^Svc check/, `${rule.id} has no specific help`);
  }
  assert.ok(rules.some((r: any) => r.id.startsWith('svc.syntax.')));
});

test('sarif: valid files give a valid log with no results and exit 0; unknown formats are usage errors', () => {
  const run = lint('--format', 'sarif', 'test/fixtures/service/valid');
  assert.equal(run.exitCode, 0);
  const log: any = JSON.parse(run.stdout);
  assert.ok(sarifValidator()(log));
  assert.deepEqual(log.runs[0].results, []);
  assert.equal(lint('--format', 'xml', 'test/fixtures/service/valid').exitCode, 2);
});
