// Custom LSP messages between the Svc client and server, defined once and compiled into
// both bundles. Plain method names and parameter types keep this folder free of any
// dependency on a particular vscode-languageserver-protocol version.

import type { DocumentKind } from './kinds';

/** Server → client: the kind the server detected for an open document (status bar item). */
export const DocumentKindNotification = {
  method: 'svc/documentKind',
} as const;

export interface DocumentKindParams {
  uri: string;
  /** `undefined` when the document is none of ours: the client hides the item. */
  kind: DocumentKind | undefined;
  /** Human label, e.g. "Svc OAS API". */
  label: string | undefined;
  /** How the kind was chosen: by content, a `$schema` member, or an `svc.files.associations` glob. */
  source: 'content' | '$schema' | 'association' | undefined;
}

/**
 * Client → server at `initialize` (LSP `initializationOptions`). One outline per document: VS
 * Code's JSON language features already give every json/jsonc document its outline (all members,
 * breadcrumbs, "Go to Symbol"), so when the client says so the server offers no second one.
 */
export interface SvcInitializationOptions {
  editorProvidesJsonOutline?: boolean;
}
