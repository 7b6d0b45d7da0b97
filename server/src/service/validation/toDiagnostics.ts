// Turns pointer-addressed problems into LSP diagnostics: one locator pass for the whole
// batch, the range chosen by the problem's target, duplicates (same range and message)
// dropped, results in document order.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { SvcDocument, JsonLocation } from '../parser/document';
import type { Problem } from './types';

import { DIAGNOSTIC_SOURCE } from '../../../../validation/src/severity';

export { DIAGNOSTIC_SOURCE };

export function toDiagnostics(doc: SvcDocument, problems: readonly Problem[]): Diagnostic[] {
  if (problems.length === 0) return [];
  const located = doc.locateAll(new Set(problems.map((p) => p.pointer)));
  const seen = new Set<string>();
  const out: Array<{ offset: number; diagnostic: Diagnostic }> = [];
  for (const problem of problems) {
    let location = located.get(problem.pointer);
    let exact = true;
    if (!location) {
      const nearest = doc.locateNearest(problem.pointer);
      if (!nearest) continue;
      location = nearest.location;
      exact = false;
    }
    const [offset, length] = span(location, exact ? problem.target : 'missing');
    const key = `${offset}:${length}:${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const diagnostic: Diagnostic = {
      range: doc.range(offset, length),
      severity: problem.severity,
      code: problem.code,
      source: DIAGNOSTIC_SOURCE,
      message: problem.message,
    };
    if (problem.tags?.length) diagnostic.tags = problem.tags;
    if (problem.relatedInformation?.length) diagnostic.relatedInformation = problem.relatedInformation;
    diagnostic.data = { pointer: problem.pointer, ...problem.data };
    out.push({ offset, diagnostic });
  }
  out.sort((a, b) => a.offset - b.offset);
  return out.map((e) => e.diagnostic);
}

/** Offset and length to underline for a target. */
function span(location: JsonLocation, target: Problem['target']): [number, number] {
  switch (target) {
    case 'value':
      return [location.valueOffset, location.valueLength];
    case 'key':
      return location.keyOffset !== undefined ? [location.keyOffset, location.keyLength ?? 0] : [location.valueOffset, location.valueLength];
    case 'missing':
      // On the object's key; without a key (root, array item) on its opening brace.
      return location.keyOffset !== undefined ? [location.keyOffset, location.keyLength ?? 0] : [location.valueOffset, Math.min(1, location.valueLength)];
  }
}
