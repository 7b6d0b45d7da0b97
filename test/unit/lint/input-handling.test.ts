// svc-lint's input handling: a file that is not valid JSON is an error whatever its kind
// (truncated, empty, nested too deeply), only well-formed JSON of no kind of ours is skipped,
// a UTF-8 BOM is accepted, and members named twice are reported (by the language service, so
// the editor shows the same warning).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { runLint } from '../../../server/src/lint/cli';
import { createLanguageService } from '../../../server/src/service/languageService';
import { DEFAULT_VALIDATION_SETTINGS } from '../../../server/src/service/validation/types';
import { findDuplicateMembers } from '../../../server/src/service/parser/duplicateMembers';

function withFiles(files: Record<string, string>, run: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lint-input-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const POLICY = '{\n  "id": "gold",\n  "name": "Gold",\n  "rate": 10,\n  "per": 60,\n  "access_rights": {}\n}\n';
const nested = (depth: number) =>
  `{"name":"deep","api_id":"a","proxy":{"listen_path":"/a/","target_url":"http://x"},"x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

test('a well-formed file nested deeper than 512 levels is an error "nested too deeply", exit 1; 512 levels is checked normally', () => {
  withFiles({ 'deep.json': nested(513), 'limit.json': nested(512) }, (dir) => {
    const run = runLint(['deep.json'], dir);
    assert.equal(run.exitCode, 1);
    assert.match(run.stdout, /^deep\.json:1:1 error svc\.syntax\.too-deep The document is nested too deeply/);
    const atLimit = runLint(['limit.json'], dir);
    assert.doesNotMatch(atLimit.stdout, /too-deep/);
  });
});

test('invalid JSON is an error whatever its kind: a truncated definition, an empty file, a blank file', () => {
  withFiles({ 'truncated.json': '{ "name": "a", "api_id": ', 'empty.json': '', 'blank.json': '  \n' }, (dir) => {
    const run = runLint(['truncated.json', 'empty.json', 'blank.json'], dir);
    assert.equal(run.exitCode, 1);
    const lines = run.stdout.split('\n');
    assert.ok(
      lines.some((l) => /^truncated\.json:1:\d+ error svc\.syntax\.value-expected /.test(l)),
      run.stdout,
    );
    assert.ok(lines.includes('empty.json:1:1 error svc.syntax.empty The file is empty: a JSON document was expected.'), run.stdout);
    assert.ok(
      lines.some((l) => l.startsWith('blank.json:1:1 error svc.syntax.empty')),
      run.stdout,
    );
  });
});

test('only well-formed JSON of no kind of ours is not checked (exit 0, listed as not checked; stderr says nothing was checked)', () => {
  withFiles({ 'package.json': '{ "name": "x", "version": "1.0.0" }', 'list.json': '[1, 2, 3]' }, (dir) => {
    const run = runLint(['package.json', 'list.json'], dir);
    assert.equal(run.exitCode, 0);
    assert.deepEqual(
      run.stdout.split('\n').map((line) => line.slice(0, line.indexOf(': not checked: '))),
      ['list.json', 'package.json'],
    );
    assert.match(run.stderr, /^svc-lint: checked nothing: the 2 files are no Svc documents/);
  });
});

test('a UTF-8 byte-order mark is accepted, as the editor does: the same findings as without it', () => {
  const wrong = POLICY.replace('"rate": 10', '"rate": "ten"');
  withFiles({ 'bom.json': `\uFEFF${wrong}`, 'plain.json': wrong, 'fine.json': `\uFEFF${POLICY}` }, (dir) => {
    const plain = runLint(['plain.json'], dir);
    assert.equal(plain.exitCode, 1);
    const bom = runLint(['bom.json'], dir);
    assert.deepEqual(bom, { ...plain, stdout: plain.stdout.replaceAll('plain.json', 'bom.json') });
    assert.deepEqual(runLint(['fine.json'], dir), { exitCode: 0, stdout: '', stderr: '' });
  });
});

test('a member named twice is a warning on the ignored one (the reference keeps the last); exit stays 0', () => {
  const text = '{\n  "id": "gold",\n  "name": "First",\n  "rate": 10,\n  "name": "Second",\n  "access_rights": {}\n}\n';
  withFiles({ 'dup.json': text }, (dir) => {
    const run = runLint(['dup.json'], dir);
    assert.equal(run.exitCode, 0);
    assert.equal(
      run.stdout,
      'dup.json:3:3 warning svc.duplicate-member Duplicate member `name`: the gateway keeps only the last one (line 5), so this value is ignored.',
    );
  });
});

test('the duplicate-member warning comes from the language service (the editor shows it too)', () => {
  const text = '{"id": "gold", "name": "a", "access_rights": {"x": {"api_id": "x", "api_id": "y"}}, "name": "b"}';
  const service = createLanguageService();
  const doc = TextDocument.create('file:///w/policy.json', 'json', 1, text);
  const found = service.validate(doc, { ...DEFAULT_VALIDATION_SETTINGS, jsonSyntaxReportedElsewhere: true }).filter((d) => d.code === 'svc.duplicate-member');
  assert.deepEqual(
    found.map((d) => [d.range.start.character, String(d.message).split(':')[0]]),
    [
      [15, 'Duplicate member `name`'],
      [52, 'Duplicate member `api_id`'],
    ],
  );
});

test('findDuplicateMembers: escapes decoded, strings and comments ignored, nested objects apart, arrays not objects', () => {
  assert.deepEqual(
    findDuplicateMembers('{"a": 1, "\\u0061": 2}').map((d) => d.name),
    ['a'],
  );
  assert.deepEqual(findDuplicateMembers('{"a": "x, \\"a\\": 1", "b": {"a": 1}, "c": [{"a": 1}, {"a": 2}]}'), []);
  assert.deepEqual(findDuplicateMembers('{"a": 1, /* "a": 2, */ "b": 2}'), []);
  assert.deepEqual(
    findDuplicateMembers('{"a": 1, "a": 2, "a": 3}').map((d) => d.keyOffset),
    [1, 9],
  );
});
