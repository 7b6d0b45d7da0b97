// A document can hold hundreds of thousands of findings (a generated file with one mistake
// repeated): `push(...findings)` then overflows the stack (every element is an argument), and a
// report that long helps nobody. Findings are appended with a loop, and each document keeps at
// most MAX_FINDINGS_PER_DOCUMENT, the most severe first, plus one last finding saying how many
// more there are. Errors come first, so a capped report still fails a CI run that has one.
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { Codes } from '../../../../validation/src/codes';
import { DIAGNOSTIC_SOURCE } from './toDiagnostics';

export const MAX_FINDINGS_PER_DOCUMENT = 1000;

/** `target.push(...source)` without one argument per element. */
export function appendAll<T>(target: T[], source: readonly T[]): T[] {
  for (let i = 0; i < source.length; i++) target.push(source[i]);
  return target;
}

/** The first `limit` findings by severity (stable), and a final "N more" finding when some were left out. */
export function capFindings(diagnostics: Diagnostic[], limit = MAX_FINDINGS_PER_DOCUMENT): Diagnostic[] {
  if (diagnostics.length <= limit) return diagnostics;
  const rank = (d: Diagnostic) => d.severity ?? DiagnosticSeverity.Error;
  const kept = diagnostics
    .map((d, i) => ({ d, i }))
    .sort((a, b) => rank(a.d) - rank(b.d) || a.i - b.i)
    .slice(0, limit)
    .sort((a, b) => a.i - b.i)
    .map(({ d }) => d);
  const more = diagnostics.length - limit;
  kept.push({
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Information,
    code: Codes.tooManyFindings,
    source: DIAGNOSTIC_SOURCE,
    message:
      `${more.toLocaleString('en')} more finding(s) not shown: a document shows at most ${limit.toLocaleString('en')}, ` +
      'the most severe first. Fix these and check again.',
  });
  return kept;
}
