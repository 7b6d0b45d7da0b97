// The one severity rule (docs/language-server.md, "What is an error"): an error means the
// reference gateway would refuse the document, or it cannot work. Only errors fail svc-lint,
// make push ask "the server will probably refuse it", and make the sandbox answer 400;
// warnings, information and hints never do. Everyone asks these two functions.
// No imports on purpose: the client bundles this file without the validator.

/** The source every diagnostic of ours carries (LSP `Diagnostic.source`). */
export const DIAGNOSTIC_SOURCE = 'svc';

/** LSP's DiagnosticSeverity.Error (1). VS Code's own enum numbers differ: convert first. */
export const REFUSAL_SEVERITY = 1;

/** Does a diagnostic of ours (LSP numbering) mean "the reference would refuse it"? */
export function isRefusal(diagnostic: { severity?: number; source?: string }): boolean {
  return diagnostic.source === DIAGNOSTIC_SOURCE && (diagnostic.severity ?? REFUSAL_SEVERITY) === REFUSAL_SEVERITY;
}
