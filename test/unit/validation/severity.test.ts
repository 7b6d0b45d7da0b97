// The one severity rule: only our errors are refusals (svc-lint's exit code, push's "the server
// will probably refuse it", the sandbox's 400). Warnings, information, hints and other sources never.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { DIAGNOSTIC_SOURCE, isRefusal } from '../../../validation/src/severity';

test('an error of ours is a refusal; every other severity is not', () => {
  assert.equal(isRefusal({ source: DIAGNOSTIC_SOURCE, severity: DiagnosticSeverity.Error }), true);
  for (const severity of [DiagnosticSeverity.Warning, DiagnosticSeverity.Information, DiagnosticSeverity.Hint]) {
    assert.equal(isRefusal({ source: DIAGNOSTIC_SOURCE, severity }), false, `severity ${severity}`);
  }
});

test("another source's error is not ours to refuse on (e.g. VS Code's JSON service)", () => {
  assert.equal(isRefusal({ source: 'json', severity: DiagnosticSeverity.Error }), false);
  assert.equal(isRefusal({ severity: DiagnosticSeverity.Error }), false);
});

test('LSP leaves severity optional: an error by default', () => {
  assert.equal(isRefusal({ source: DIAGNOSTIC_SOURCE }), true);
});
