// YAML's own findings as diagnostics: the library's syntax errors, duplicate keys, a second
// document, bad merges, and plain scalars that read differently from what they look like (a
// warning whose quick fix quotes them: codeActions/yamlFixes.ts).

import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { SvcDocument } from '../parser/document';
import { DIAGNOSTIC_SOURCE } from '../validation/toDiagnostics';
import { YamlCodes } from './yamlCodes';

/** What a surprising scalar's diagnostic carries for its quick fix. */
export interface QuoteData {
  quoted: string;
}

export function yamlDiagnostics(doc: SvcDocument): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const finding of doc.yamlFindings) {
    const key = `${finding.offset}|${finding.code}`;
    if (seen.has(key)) continue; // the library may report one place twice
    seen.add(key);
    const diagnostic: Diagnostic = {
      range: doc.range(finding.offset, finding.length),
      severity: finding.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
      code: finding.code,
      source: DIAGNOSTIC_SOURCE,
      message: finding.message,
    };
    if (finding.quoted !== undefined) diagnostic.data = { quoted: finding.quoted } satisfies QuoteData;
    out.push(diagnostic);
  }
  return out;
}

/** The errors of a YAML document whose kind could not be told (its warnings wait until it can). */
export function unreadableYamlDiagnostics(doc: SvcDocument): Diagnostic[] {
  return yamlDiagnostics(doc).filter((d) => d.severity === DiagnosticSeverity.Error);
}

/** Ours, about the gateway's reading: kept even when the YAML extension validates the file. */
const GATEWAY_YAML_CODES = new Set<string>([
  YamlCodes.severalDocuments,
  YamlCodes.badMerge,
  YamlCodes.aliasExpansion,
  YamlCodes.notJson,
  YamlCodes.surprisingScalar,
]);

/**
 * What the YAML extension (redhat.vscode-yaml) reports as well: the YAML library's syntax errors
 * and duplicate keys. Left to it while its `yaml.validate` is on, so no error shows twice.
 */
export function reportedByYamlExtension(code: string): boolean {
  return code.startsWith(YamlCodes.syntaxPrefix) && !GATEWAY_YAML_CODES.has(code);
}
