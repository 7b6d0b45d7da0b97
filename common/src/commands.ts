// Client command ids the server names in what it sends (code lenses), defined once for both
// sides. Kept apart from protocol.ts, whose message types pull in vscode-jsonrpc: the language
// service (and svc-lint, which bundles it) needs the ids only.

/** Client command the server's code lenses call: (uri, position, locations) in LSP form. */
export const SHOW_REFERENCES_COMMAND = 'svc.showReferences';

/** Client command the effective-access code lens of a key calls: (uri) of the key document. */
export const EXPLAIN_ACCESS_COMMAND = 'svc.explainAccess';
