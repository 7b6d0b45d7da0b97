// Test set-up for the validation service: `«` and `»` in a fixture text mark the exact range
// each diagnostic must cover (in document order); the helper strips them, validates, and
// compares ranges, codes and messages.
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { SvcDocument } from '../../../server/src/service/parser/document';
import { getSchemaRegistry } from '../../../server/src/schemas/registry';
import { createSchemaWalker } from '../../../server/src/service/schema/schemaWalker';
import { validate, type ValidationServices } from '../../../server/src/service/validation/index';
import type { ValidationSettings } from '../../../server/src/service/validation/types';

export interface Marked {
  text: string;
  ranges: Array<{ start: number; end: number }>;
}

export function markup(marked: string): Marked {
  let text = '';
  const ranges: Marked['ranges'] = [];
  const open: number[] = [];
  for (const ch of marked) {
    if (ch === '«') open.push(text.length);
    else if (ch === '»') ranges.push({ start: open.pop()!, end: text.length });
    else text += ch;
  }
  ranges.sort((a, b) => a.start - b.start || a.end - b.end);
  return { text, ranges };
}

/** The registry and walker the tests validate with (the language service builds the same). */
const registry = getSchemaRegistry();
export const testServices: ValidationServices = { registry, walker: createSchemaWalker(registry) };

export function svcDocument(text: string, uri = 'file:///work/api.json', languageId = 'json', version = 1): SvcDocument {
  return new SvcDocument(TextDocument.create(uri, languageId, version, text));
}

export function diagnose(
  text: string,
  options: { uri?: string; languageId?: string; settings?: Partial<ValidationSettings>; services?: Partial<ValidationServices> } = {},
): { doc: SvcDocument; diagnostics: Diagnostic[] } {
  const doc = svcDocument(text, options.uri, options.languageId);
  return { doc, diagnostics: validate(doc, options.settings ?? {}, { ...testServices, ...options.services }) };
}

/** Asserts the diagnostics: one `[code, message]` per marked range, in document order. */
export function expectDiagnostics(
  marked: string,
  expected: Array<[code: string, message: string]>,
  options: Parameters<typeof diagnose>[1] = {},
): Diagnostic[] {
  const { text, ranges } = markup(marked);
  const { doc, diagnostics } = diagnose(text, options);
  const actual = diagnostics.map((d) => ({
    text: text.slice(doc.textDocument.offsetAt(d.range.start), doc.textDocument.offsetAt(d.range.end)),
    start: doc.textDocument.offsetAt(d.range.start),
    code: d.code,
    message: d.message,
  }));
  const wanted = expected.map(([code, message], i) => ({
    text: ranges[i] ? text.slice(ranges[i].start, ranges[i].end) : '<no marker>',
    start: ranges[i]?.start,
    code,
    message,
  }));
  assert.deepEqual(actual, wanted);
  return diagnostics;
}
