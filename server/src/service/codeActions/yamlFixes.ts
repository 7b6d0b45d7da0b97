// The YAML quick fix: quote a plain scalar the gateway reads differently from how it looks
// (`on`, `0777`, `2024-01-02`, `1.10`: yaml/yamlScalars.ts), so it stays the text as written.

import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver-types';
import type { SvcDocument } from '../parser/document';
import { YamlCodes } from '../yaml/yamlCodes';
import type { QuoteData } from '../yaml/yamlDiagnostics';

export function yamlQuoteFixes(doc: SvcDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    const quoted = (diagnostic.data as Partial<QuoteData> | undefined)?.quoted;
    if (diagnostic.code !== YamlCodes.surprisingScalar || typeof quoted !== 'string') continue;
    // The text under the diagnostic must still be the scalar it was about.
    const current = doc.textDocument.getText(diagnostic.range);
    if (JSON.stringify(current) !== quoted) continue;
    actions.push({
      title: `Quote ${current} (keep it as the text ${quoted})`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: { changes: { [doc.uri]: [{ range: diagnostic.range, newText: quoted }] } },
    });
  }
  return actions;
}
