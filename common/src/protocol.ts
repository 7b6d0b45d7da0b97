// Custom LSP messages between the Svc client and server, defined once and compiled into both
// bundles: each message is a typed constant, so the sender's and the receiver's parameter
// types are checked against the same declaration.
import { NotificationType } from 'vscode-jsonrpc';
import type { DocumentKind } from './kinds';

export interface DocumentKindParams {
  uri: string;
  /** `undefined` when the document is none of ours: the client hides the item. */
  kind: DocumentKind | undefined;
  /** Human label, e.g. "Svc OAS API". */
  label: string | undefined;
  /** How the kind was chosen: by content, a `$schema` member, or an `svc.files.associations` glob. */
  source: 'content' | '$schema' | 'association' | undefined;
}

/** Server → client: the kind the server detected for an open document (status bar item). */
export const DocumentKindNotification = new NotificationType<DocumentKindParams>('svc/documentKind');

/**
 * Client → server: what the active environment tells navigation. `gatewayUrl` makes listen
 * paths links; the id lists (once the tree has loaded them) keep "unknown API/policy" warnings
 * quiet for what the environment has. Everything `undefined` = no active environment.
 */
export interface ActiveEnvironmentParams {
  gatewayUrl?: string;
  apiIds?: string[];
  policyIds?: string[];
}

export const ActiveEnvironmentNotification = new NotificationType<ActiveEnvironmentParams>('svc/activeEnvironment');

/** Client command the server's code lenses call: (uri, position, locations) in LSP form. */
export const SHOW_REFERENCES_COMMAND = 'svc.showReferences';

/**
 * Client → server at `initialize` (LSP `initializationOptions`). One outline per document: VS
 * Code's JSON language features already give every json/jsonc document its outline (all members,
 * breadcrumbs, "Go to Symbol"), so when the client says so the server offers no second one.
 */
export interface SvcInitializationOptions {
  editorProvidesJsonOutline?: boolean;
}
