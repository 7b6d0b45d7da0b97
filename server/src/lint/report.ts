// svc-lint output: compiler-style text lines or one JSON document.

import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { escapeTerminal } from '../../../common/src/terminalText';

export interface FileResult {
  file: string;
  kind: string | undefined;
  diagnostics: Diagnostic[];
  /** Why a file given was not checked (no kind could be told): said in every format, never silent. */
  notChecked?: string;
}

const SEVERITY: Record<number, string> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'info',
  [DiagnosticSeverity.Hint]: 'hint',
};

export function severityName(d: Diagnostic): string {
  return SEVERITY[d.severity ?? DiagnosticSeverity.Error] ?? 'error';
}

/** `file:line:col severity code message`, 1-based like compilers. */
export function textReport(results: readonly FileResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    if (r.notChecked) lines.push(`${r.file}: not checked: ${r.notChecked}`);
    for (const d of r.diagnostics) {
      // One line per finding: a newline or ESC in a file name or a quoted value is shown escaped.
      lines.push(
        `${escapeTerminal(r.file)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${severityName(d)} ${d.code ?? ''} ` +
          escapeTerminal(typeof d.message === 'string' ? d.message : d.message.value),
      );
    }
  }
  return lines.join('\n');
}

export function jsonReport(results: readonly FileResult[]): string {
  const counts = { error: 0, warning: 0, info: 0, hint: 0 } as Record<string, number>;
  const files = results.map((r) => ({
    file: r.file,
    kind: r.kind ?? null,
    ...(r.notChecked ? { notChecked: r.notChecked } : {}),
    diagnostics: r.diagnostics.map((d) => {
      counts[severityName(d)]++;
      return {
        line: d.range.start.line + 1,
        column: d.range.start.character + 1,
        endLine: d.range.end.line + 1,
        endColumn: d.range.end.character + 1,
        severity: severityName(d),
        code: d.code ?? null,
        message: d.message,
      };
    }),
  }));
  return JSON.stringify({ files, errors: counts.error, warnings: counts.warning, infos: counts.info, hints: counts.hint }, null, 2);
}
