// The one severity rule (docs/language-server.md, "What is an error"): an error means the
// reference gateway would refuse the document, or it cannot work. Only errors fail svc-lint,
// make push ask "the server will probably refuse it", and make the sandbox answer 400;
// warnings, information and hints never do. Everyone asks these two functions.
// No imports on purpose: the client bundles this file without the validator.

/** The source every diagnostic of ours carries (LSP `Diagnostic.source`). */
export const DIAGNOSTIC_SOURCE = 'svc';

/** LSP's DiagnosticSeverity.Error (1). VS Code's own enum numbers differ: convert first. */
export const REFUSAL_SEVERITY = 1;

/**
 * Does a missing required member make the reference refuse a document of this kind? Not for a
 * classic definition, bare or in a dashboard record (gateway-facts §1): the gateway never runs the
 * classic schema, and a definition that fails it (a documentation snippet without `version_data`,
 * say) still loads, the decoder leaving the member at its default. Wrong types, closed sets and
 * the gateway's rules still refuse it. Every other kind's schema is run, and requires what it says.
 */
export function refusesMissingMembers(kind: string): boolean {
  return kind !== 'classic' && kind !== 'dashboard-api';
}

/** Does a diagnostic of ours (LSP numbering) mean "the reference would refuse it"? */
export function isRefusal(diagnostic: { severity?: number; source?: string }): boolean {
  return diagnostic.source === DIAGNOSTIC_SOURCE && (diagnostic.severity ?? REFUSAL_SEVERITY) === REFUSAL_SEVERITY;
}
