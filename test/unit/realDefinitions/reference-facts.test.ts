// One small fixture of our own per fact learned from the reference gateway's public source
// (docs/language-server.md, "What is an error"): each pins the severity the fact implies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { createLanguageService } from '../../../server/src/service/languageService';

const service = createLanguageService();

const DIR = join(__dirname, '..', '..', 'fixtures', 'reference-facts');

/** file → the codes expected per severity (sorted); absent severities must be empty. */
const FACTS: Record<string, { error?: string[]; warning?: string[]; hint?: string[] }> = {
  'classic-empty-method-with-method-actions.json': {},
  'classic-fractional-rates.json': {},
  'key-fractional-smoothing-trigger.json': {},
  'classic-key-value-references.json': {},
  'oas-key-value-references.json': {},
  'oas-scheme-source-from-components.json': {},
  'oas-scheme-default-header.json': {},
  'oas-unknown-operation-id.json': { warning: ['svc.semantic.operation-id'] },
  'classic-null-members.json': { hint: ['svc.schema.type', 'svc.schema.type'] },
  'key-null-members.json': { hint: ['svc.schema.type'] },
  'classic-uptime-timeout-nanoseconds.json': {},
  // A readable duration (internal/time/duration.go): the decoder refuses a number, negative or not.
  'classic-negative-global-timeout.json': { error: ['svc.decode'] },
  'classic-negative-hard-timeout.json': { error: ['svc.schema.range'] },
  'oas-null-refused.json': { error: ['svc.schema.type'] },
  'oas-upstream-url-as-go-parses.json': {},
  'classic-missing-version-data.json': { warning: ['svc.schema.required'] },
};

const NAMES: Record<number, 'error' | 'warning' | 'hint' | 'info'> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'info',
  [DiagnosticSeverity.Hint]: 'hint',
};

for (const [file, expected] of Object.entries(FACTS)) {
  test(`reference fact ${file}`, () => {
    const text = readFileSync(join(DIR, file), 'utf8');
    const doc = TextDocument.create(`file:///facts/${file}`, 'json', 1, text);
    const got: Record<string, string[]> = {};
    for (const d of service.validate(doc)) (got[NAMES[d.severity ?? 1]] ??= []).push(String(d.code));
    for (const list of Object.values(got)) list.sort();
    const want = Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, [...v].sort()]));
    assert.deepEqual(got, want, JSON.stringify(service.validate(doc).map((d) => [d.severity, d.code, d.message])));
  });
}
