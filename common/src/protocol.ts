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
 * Client → server: what the active environment tells navigation. `gatewayUrl` makes listen
 * paths links; the id lists (once the tree has loaded them) keep "unknown API/policy" warnings
 * quiet for what the environment has. Everything `undefined` = no active environment.
 */
export const ActiveEnvironmentNotification = {
  method: 'svc/activeEnvironment',
} as const;

export interface ActiveEnvironmentParams {
  gatewayUrl?: string;
  apiIds?: string[];
  policyIds?: string[];
}

/** Client command the server's code lenses call: (uri, position, locations) in LSP form. */
export const SHOW_REFERENCES_COMMAND = 'svc.showReferences';
