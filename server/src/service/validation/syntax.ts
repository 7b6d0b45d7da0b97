// Syntax errors in plain English, each with a stable code derived from jsonc-parser's name.

import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { SvcDocument } from '../parser/document';
import { MAX_NESTING } from '../parser/document';
import { Codes } from './codes';
import { DIAGNOSTIC_SOURCE } from './toDiagnostics';

const MESSAGES: Record<string, string> = {
  InvalidSymbol: 'Unexpected character: expected a JSON value, a member or a delimiter here.',
  InvalidNumberFormat: 'Invalid number.',
  PropertyNameExpected: 'Expected a member name in double quotes.',
  ValueExpected: 'Expected a value.',
  ColonExpected: 'Expected a colon after the member name.',
  CommaExpected: 'Expected a comma.',
  CloseBraceExpected: 'Expected a closing brace `}`.',
  CloseBracketExpected: 'Expected a closing bracket `]`.',
  EndOfFileExpected: 'Expected the end of the document: only one top-level value is allowed.',
  InvalidCommentToken: 'Comments are not allowed in JSON (use a .jsonc file if the tools reading it accept comments).',
  UnexpectedEndOfComment: 'The comment is not closed.',
  UnexpectedEndOfString: 'The string is not closed.',
  UnexpectedEndOfNumber: 'The number is incomplete.',
  InvalidUnicode: 'Invalid unicode escape sequence.',
  InvalidEscapeCharacter: 'Invalid escape character in the string.',
  InvalidCharacter: 'Invalid character in the string (control characters must be escaped).',
};

/** `CommaExpected` → `svc.syntax.comma-expected`. */
export function syntaxCode(name: string): string {
  return Codes.syntaxPrefix + name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
}

export function syntaxDiagnostics(doc: SvcDocument): Diagnostic[] {
  if (doc.tooDeep) {
    return [
      {
        range: doc.range(0, 0),
        severity: DiagnosticSeverity.Error,
        code: Codes.tooDeep,
        source: DIAGNOSTIC_SOURCE,
        message: `The document is nested more than ${MAX_NESTING} levels deep: Svc does not check it further.`,
      },
    ];
  }
  const seen = new Set<number>();
  const out: Diagnostic[] = [];
  for (const error of doc.syntaxErrors) {
    if (seen.has(error.offset)) continue; // one error per position: the first explains it best
    seen.add(error.offset);
    out.push({
      range: doc.range(error.offset, error.length),
      severity: DiagnosticSeverity.Error,
      code: syntaxCode(error.name),
      source: DIAGNOSTIC_SOURCE,
      message: MESSAGES[error.name] ?? 'Syntax error.',
    });
  }
  return out;
}
