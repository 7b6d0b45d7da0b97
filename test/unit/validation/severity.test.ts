// The one severity rule: only our errors are refusals (svc-lint's exit code, push's "the server
// will probably refuse it", the sandbox's 400). Warnings, information, hints and other sources never.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { DIAGNOSTIC_SOURCE, filledInBy, filledOnImportAt, isRefusal, refusesMissingMember } from '../../../validation/src/severity';

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

test("a dashboard record's `oas` part follows the OAS rule: a member only import fills in is refused, with its path below the extension", () => {
  assert.equal(filledInBy('dashboard-api', '/oas/x-svc-api-gateway/server', 'listenPath'), 'import');
  assert.equal(refusesMissingMember('dashboard-api', '/oas/x-svc-api-gateway/server', 'listenPath'), true);
  assert.equal(filledOnImportAt('dashboard-api', '/oas/x-svc-api-gateway/server/listenPath', 'value'), '/server/listenPath/value');
  // The `oas` part itself (pointer `/oas`) is an OAS document too: its extension is nobody's to fill in.
  assert.equal(filledInBy('dashboard-api', '/oas', 'x-svc-api-gateway'), undefined);
  assert.equal(refusesMissingMember('dashboard-api', '/oas', 'x-svc-api-gateway'), true);
  assert.equal(refusesMissingMember('dashboard-api', '/oas/info', 'title'), true);
});

test("just outside the `oas` part (a member merely starting with `oas`, or the record's classic definition) the decoder fills in", () => {
  assert.equal(filledInBy('dashboard-api', '/oasx/x-svc-api-gateway/server', 'listenPath'), 'decoder');
  assert.equal(refusesMissingMember('dashboard-api', '/oasx/x-svc-api-gateway/server', 'listenPath'), false);
  assert.equal(filledOnImportAt('dashboard-api', '/oasx/x-svc-api-gateway/server/listenPath', 'value'), undefined);
  assert.equal(filledInBy('dashboard-api', '/api_definition', 'proxy'), 'decoder');
  assert.equal(refusesMissingMember('dashboard-api', '/api_definition', 'proxy'), false);
});

test("a streams template's missing `streams` under `x-svc-streaming` is filled in by import; anywhere else, or in a streams document, it is refused", () => {
  assert.equal(filledInBy('streams-template', '/x-svc-streaming', 'streams'), 'import');
  assert.equal(refusesMissingMember('streams-template', '/x-svc-streaming', 'streams'), false);
  assert.equal(refusesMissingMember('streams', '/x-svc-streaming', 'streams'), true);
  assert.equal(refusesMissingMember('oas-template', '/x-svc-streaming', 'streams'), true);
  assert.equal(refusesMissingMember('streams-template', '/x-svc-streaming/x', 'streams'), true);
  assert.equal(refusesMissingMember('streams-template', '/x-svc-streaming', 'inputs'), true);
});

test('import templates of both kinds are checked in template mode; OAS and streams documents are refused for what only import fills in', () => {
  for (const kind of ['oas-template', 'streams-template']) {
    assert.equal(refusesMissingMember(kind, '/x-svc-api-gateway/server', 'listenPath'), false, kind);
  }
  for (const kind of ['oas', 'streams']) {
    assert.equal(filledInBy(kind, '/x-svc-api-gateway/server', 'listenPath'), 'import', kind);
    assert.equal(refusesMissingMember(kind, '/x-svc-api-gateway/server', 'listenPath'), true, kind);
  }
});

test('the decoder fills in only classic definitions; a pointer into `/oas` of a classic file is still classic; other kinds are refused', () => {
  assert.equal(filledInBy('classic', '/oas/x-svc-api-gateway/server', 'listenPath'), 'decoder');
  assert.equal(filledInBy('policy', '', 'rate'), undefined);
  assert.equal(refusesMissingMember('policy', '', 'rate'), true);
  assert.equal(refusesMissingMember('key', '', 'org_id'), true);
});
