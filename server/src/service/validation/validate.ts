// validate(doc, settings) → Diagnostic[]: the one entry point the language server, svc-lint
// and the tests share. Order of work: detect the kind (not ours → nothing), syntax, then
// (below the size limit) ajv with the registry's compiled validator, the member walk
// (unknown, deprecated, non-spec forms), the semantic rules and the workspace-wide rule.

import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { SchemaRegistry } from '../../schemas/registry';
import type { SchemaWalker } from '../schema/schemaWalker';
import { detectKind, type Detection } from '../../../../common/src/detection';
import type { SvcDocument } from '../parser/document';
import { Codes } from './codes';
import { Messages } from './messages';
import { problemsFromAjv } from './ajvErrors';
import { memberProblems } from './memberChecks';
import { semanticProblems } from './semantic/index';
import { duplicateMemberDiagnostics, syntaxDiagnostics } from './syntax';
import { reportedByYamlExtension } from '../yaml/yamlDiagnostics';
import { referenceRefusesNull } from '../../../../validation/src/nullPolicy';
import { goDecodingProblems } from '../../../../validation/src/refusals';
import { noteNumberLiterals } from '../../../../validation/src/numberLiterals';
import { valueAtPointer } from '../parser/jsonPointer';
import { DIAGNOSTIC_SOURCE, toDiagnostics } from './toDiagnostics';
import { appendAll, capFindings } from './findingsCap';
import { DEFAULT_VALIDATION_SETTINGS, type Problem, type ValidationSettings } from './types';
import type { WorkspaceModel as WorkspaceIndex } from '../index/workspaceModel';
import { accessProblems } from '../access/access';

/** What validation works with: the language service passes its own (svc-lint builds the same service). */
export interface ValidationServices {
  registry: SchemaRegistry;
  walker: SchemaWalker;
  /** Listen paths of the workspace (for the duplicate rule); omitted = rule off. */
  workspace?: WorkspaceIndex;
}

export function validate(doc: SvcDocument, settings: Partial<ValidationSettings>, services: ValidationServices): Diagnostic[] {
  const options = { ...DEFAULT_VALIDATION_SETTINGS, ...settings };
  if (!options.validationEnabled) return [];
  const detection = detectKind(doc.uri, doc.value, options.associations);
  if (!detection) return [];
  return validateAs(doc, detection, options, services);
}

/** Validation for a document whose kind is already known. */
export function validateAs(doc: SvcDocument, detection: Detection, settings: ValidationSettings, services: ValidationServices): Diagnostic[] {
  const skipSyntax = settings.jsonSyntaxReportedElsewhere === true && doc.textDocument.languageId === 'json' && !doc.tooDeep;
  let diagnostics = skipSyntax ? [] : syntaxDiagnostics(doc);
  if (doc.isYaml && settings.yamlSyntaxReportedElsewhere === true) diagnostics = diagnostics.filter((d) => !reportedByYamlExtension(String(d.code)));
  if (doc.tooDeep) return capFindings(diagnostics);
  appendAll(diagnostics, duplicateMemberDiagnostics(doc));
  const size = doc.text.length;
  if (size > settings.maxValidatedSize) {
    diagnostics.push({
      range: doc.range(0, 0),
      severity: DiagnosticSeverity.Information,
      code: Codes.tooLarge,
      source: DIAGNOSTIC_SOURCE,
      message: Messages.sizeLimit(size, settings.maxValidatedSize),
    });
    return capFindings(diagnostics);
  }
  const value = doc.value;
  if (value === undefined) return capFindings(diagnostics);
  const { registry, walker } = services;
  const kind = detection.kind;
  const problems: Problem[] = [];
  // The walker's findings first: they carry "did you mean" data that ajv's do not.
  appendAll(problems, memberProblems(registry, walker, kind, value));
  // The Go decoder's verdict on a member (semantic/decoding.ts) replaces the schema's message there.
  if (doc.isStrictJson) noteNumberLiterals(doc.text, value);
  const decoded = goDecodingProblems(kind, value, registry);
  const decodedAt = new Set(decoded.map((p) => p.pointer));
  const validator = registry.validatorForKind(kind);
  const schemaProblems = softenNulls(
    kind,
    value,
    !validator(value) && validator.errors ? problemsFromAjv(validator.errors, { registry, walker, kind, value }) : [],
  ).filter((p) => !(p.target === 'value' && decodedAt.has(p.pointer)));
  appendAll(problems, decoded);
  appendAll(problems, schemaProblems);
  // A key a closed object refuses is not also "unknown" (the walker's warning): one message.
  const refusedKeys = new Set(schemaProblems.filter((p) => p.code === Codes.notAllowed && p.target === 'key').map((p) => p.pointer));
  if (refusedKeys.size > 0) {
    for (let i = problems.length - 1; i >= 0; i--) if (problems[i].code === Codes.unknownMember && refusedKeys.has(problems[i].pointer)) problems.splice(i, 1);
  }
  // A semantic rule restating a schema error at the same place (e.g. empty load-balancing
  // targets and `minItems`) would be a second message for one problem: the schema's wins.
  const reported = new Set([...schemaProblems.map((p) => p.pointer), ...decodedAt]);
  appendAll(
    problems,
    semanticProblems(kind, value).filter((p) => !reported.has(p.pointer)),
  );
  if (services.workspace) appendAll(problems, services.workspace.problemsFor(doc.uri));
  appendAll(problems, accessProblems(doc, kind, services.workspace));
  return capFindings(appendAll(diagnostics, toDiagnostics(doc, dedupeByPointerAndCode(problems))));
}

/** `null` the reference takes (its decoder leaves the default) is a hint, not an error (see nullPolicy.ts). */
function softenNulls(kind: Detection['kind'], root: unknown, problems: Problem[]): Problem[] {
  return problems.map((p) => {
    if (p.target !== 'value' || p.severity !== DiagnosticSeverity.Error || valueAtPointer(root, p.pointer) !== null) return p;
    if (referenceRefusesNull(kind, p.pointer, root)) return p;
    const name = p.pointer.split('/').pop() ?? '';
    return { ...p, severity: DiagnosticSeverity.Hint, message: Messages.nullIgnored(name.replace(/~1/g, '/').replace(/~0/g, '~')) };
  });
}

/** The same finding from two sources (ajv's additionalProperties and the walker): keep the first. */
function dedupeByPointerAndCode(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.pointer}|${p.code}|${p.code === '' ? p.message : ''}`;
    if (p.code !== Codes.unknownMember && p.code !== Codes.deprecated) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
