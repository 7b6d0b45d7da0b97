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
  /**
   * How the kind was chosen: by content, a `$schema` member, an `svc.files.associations` glob, or
   * the file name's template suffix (`payments.oas-template.json`) on top of the content.
   */
  source: 'content' | '$schema' | 'association' | 'file name' | undefined;
}

/** Server → client: the kind the server detected for an open document (status bar item). */
export const DocumentKindNotification = new NotificationType<DocumentKindParams>('svc/documentKind');

/**
 * Client → server: what the active environment tells navigation, sent again whenever it changes.
 * `gatewayUrl` makes listen paths links; the id lists (once the explorer tree has loaded them)
 * keep "unknown API/policy" warnings quiet for what the environment has, and the warnings say
 * whether the environment was checked. Everything `undefined` = no active environment.
 */
export interface ActiveEnvironmentParams {
  /** The active environment's name (shown in warnings). */
  environment?: string;
  gatewayUrl?: string;
  /** API ids the tree has loaded for the active environment (`undefined` = not loaded). */
  apiIds?: string[];
  /** True while further pages of APIs are not loaded yet: an id not listed may still exist. */
  apiIdsPartial?: boolean;
  /** Policy ids the tree has loaded for the active environment (`undefined` = not loaded). */
  policyIds?: string[];
}

export const ActiveEnvironmentNotification = new NotificationType<ActiveEnvironmentParams>('svc/activeEnvironment');

/**
 * Client → server at `initialize` (LSP `initializationOptions`). One outline per document: VS
 * Code's JSON language features already give every json/jsonc document its outline (all members,
 * breadcrumbs, "Go to Symbol"), so when the client says so the server offers no second one.
 */
export interface SvcInitializationOptions {
  editorProvidesJsonOutline?: boolean;
}
