// No file silently unchecked (issue 26): a well-formed file svc-lint cannot tell the kind of is
// still in the report, with `kind: null` and the reason, in text, JSON and SARIF (a notification).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLint } from '../../../server/src/lint/cli';

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lint-not-checked-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'not-ours', version: '1.0.0' }));
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} }));
  writeFileSync(join(dir, 'policy.json'), JSON.stringify({ id: 'gold', name: 'Gold', access_rights: {} }));
  return dir;
}

test('text: the unrecognised files are listed as not checked, the recognised one is linted', () => {
  const run = runLint(['package.json', 'openapi.json', 'policy.json'], workspace());
  assert.equal(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, /^package\.json: not checked: no API definition/m);
  assert.match(run.stdout, /^openapi\.json: not checked: an OpenAPI document without `x-svc-api-gateway`/m);
  assert.doesNotMatch(run.stdout, /policy\.json: not checked/);
});

test('JSON: every file given is in `files`, unrecognised ones with kind null and the reason', () => {
  const run = runLint(['--format', 'json', 'package.json', 'openapi.json', 'policy.json'], workspace());
  const report = JSON.parse(run.stdout) as { files: Array<{ file: string; kind: string | null; notChecked?: string }> };
  assert.deepEqual(
    report.files.map((f) => [f.file, f.kind, typeof f.notChecked]),
    [
      ['openapi.json', null, 'string'],
      ['package.json', null, 'string'],
      ['policy.json', 'policy', 'undefined'],
    ],
  );
});

test('SARIF: an unrecognised file is a tool execution notification naming it', () => {
  const run = runLint(['--format', 'sarif', 'package.json', 'policy.json'], workspace());
  const log = JSON.parse(run.stdout) as {
    runs: Array<{ invocations: Array<{ executionSuccessful: boolean; toolExecutionNotifications: Array<{ level: string; message: { text: string } }> }> }>;
  };
  const notes = log.runs[0].invocations[0].toolExecutionNotifications;
  assert.equal(notes.length, 1);
  assert.equal(notes[0].level, 'note');
  assert.match(notes[0].message.text, /^package\.json was not checked: /);
});
