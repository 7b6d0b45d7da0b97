// Syntax errors in plain English, each with a stable code derived from jsonc-parser's name.

import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { SvcDocument } from '../parser/document';
import { MAX_NESTING } from '../parser/document';
import { Codes } from './codes';
import { DIAGNOSTIC_SOURCE } from './toDiagnostics';
import { findDuplicateMembers } from '../parser/duplicateMembers';
import { yamlDiagnostics } from '../yaml/yamlDiagnostics';

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
        message: `The document is nested too deeply (more than ${MAX_NESTING} levels): Svc does not check it further.`,
      },
    ];
  }
  if (doc.isYaml) return yamlDiagnostics(doc);
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

/** A warning on each member that a later member of the same name overrides (the reference keeps the last). */
export function duplicateMemberDiagnostics(doc: SvcDocument): Diagnostic[] {
  if (doc.tooDeep) return [];
  // Strict JSON with as many members as names in the text repeats none: no full pass needed.
  if (!doc.mayRepeatMembers) return [];
  return findDuplicateMembers(doc.text).map((d) => {
    const winner = doc.positionAt(d.winnerOffset);
    return {
      range: doc.range(d.keyOffset, d.keyLength),
      severity: DiagnosticSeverity.Warning,
      code: Codes.duplicateMember,
      source: DIAGNOSTIC_SOURCE,
      message: `Duplicate member \`${d.name}\`: the gateway keeps only the last one (line ${winner.line + 1}), so this value is ignored.`,
    };
  });
}

/**
 * For a file whose kind cannot be detected: what makes it unreadable as JSON (empty, nested
 * too deeply, syntax errors). Empty when it is well-formed JSON, which is then simply not ours.
 */
export function unreadableJsonDiagnostics(doc: SvcDocument): Diagnostic[] {
  // A YAML file of no kind is someone else's (CI files, compose files…): nothing to say.
  if (doc.isYaml) return [];
  if (doc.text.trim() === '') {
    return [
      {
        range: doc.range(0, 0),
        severity: DiagnosticSeverity.Error,
        code: Codes.empty,
        source: DIAGNOSTIC_SOURCE,
        message: 'The file is empty: a JSON document was expected.',
      },
    ];
  }
  return syntaxDiagnostics(doc);
}
