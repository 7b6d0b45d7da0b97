// The kind of a Svc document as the client sees it: the language server's answer when it gave
// one (it notifies the kind of every document it validates), else the same detection the
// server runs, with the user's `svc.files.associations`. Push, resource bodies and the status
// bar therefore agree with validation, also for a file recognised only through an association.
import * as vscode from 'vscode';
import { detectKind, type KindAssociations } from '../../../common/src/detection';
import type { DocumentKind } from '../../../common/src/kinds';
import type { DocumentKindParams } from '../../../common/src/protocol';
import { kindOfText } from './kindOfText';

/** The server's latest answer per document URI (only documents it recognised). */
const serverKinds = new Map<string, DocumentKind>();

/** Records what the server notified (the language area calls this for every DocumentKindNotification). */
export function rememberServerKind(params: DocumentKindParams): void {
  if (params.kind) serverKinds.set(params.uri, params.kind);
  else serverKinds.delete(params.uri);
}

export function forgetServerKind(uri: vscode.Uri): void {
  serverKinds.delete(uri.toString());
}

/** The user's `svc.files.associations` for this document (the setting is resource-scoped). */
export function associationsFor(uri: vscode.Uri): KindAssociations {
  const value = vscode.workspace.getConfiguration('svc.files', uri).get<unknown>('associations');
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return Object.fromEntries(Object.entries(value).filter(([, kind]) => typeof kind === 'string'));
}

/** The document's kind: the server's answer, else detection with the user's associations. `value` is the parsed text. */
export function documentKindOf(uri: vscode.Uri, value: () => unknown): DocumentKind | undefined {
  return serverKinds.get(uri.toString()) ?? detectKind(uri.toString(), value(), associationsFor(uri))?.kind;
}

/** The kind of a document from its text (JSON, or YAML for `.yaml`/`.yml`): the server's answer, else detection with the user's associations. */
export function documentKindOfText(uri: vscode.Uri, text: string): DocumentKind | undefined {
  return kindOfText(uri.toString(), text, serverKinds.get(uri.toString()), associationsFor(uri));
}
