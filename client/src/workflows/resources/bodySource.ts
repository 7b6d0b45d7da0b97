// Where the JSON body of a create or update comes from, losing nothing: the active editor
// when it holds a document of the right kind (unsaved changes included), else a new untitled
// editor with a starting document that the user edits and then sends with the action on the
// document (CodeLens, editor title button; the notification is a shortcut, see pendingSends.ts).
// The untitled editor stays open whatever the user does, so no edit is ever thrown away; once the
// server has accepted what it held, closeSentTemplate closes it unsaved.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocumentKind } from '../../../../common/src/kinds';
import { documentKindOf } from '../../shared/documentKind';
import { UserCancelled } from '../../shared/progress';
import { pendingSends, sendTitle } from './pendingSends';
import { pickOne } from './prompts';
import { pretty } from './templates';

export interface BodyRequest {
  /** The document kind the body must be (`session` for keys, `policy` for policies). */
  kind: DocumentKind;
  /** What the body is, in the user's words: "key", "policy". */
  what: string;
  /** The button that sends the edited template, e.g. "Create Key". */
  action: string;
  /** The starting document (a template, or the current remote resource for updates). */
  start: () => Promise<unknown>;
  title: string;
  /** The environment it goes to, named on the document's action ("Create Key on Local sandbox"). */
  envName?: string;
}

/** The parsed object of a document's text, or undefined when it is not a JSON object. */
export function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The active editor's document when it parses and is of the wanted kind. */
export function activeDocumentOfKind(kind: DocumentKind): { document: vscode.TextDocument; value: Record<string, unknown> } | undefined {
  const document = vscode.window.activeTextEditor?.document;
  if (!document) return undefined;
  const value = parseObject(document.getText());
  if (!value) return undefined;
  return documentKindOf(document.uri, () => value) === kind ? { document, value } : undefined;
}

/** The body given by the caller, else chosen by the user as described above. */
export async function resolveBody(request: BodyRequest, given?: unknown): Promise<Record<string, unknown>> {
  if (given !== undefined) {
    if (!given || typeof given !== 'object' || Array.isArray(given)) throw new Error(`The ${request.what} must be a JSON object.`);
    return given as Record<string, unknown>;
  }
  const active = activeDocumentOfKind(request.kind);
  if (active) {
    const name = active.document.isUntitled ? active.document.uri.path : path.basename(active.document.uri.fsPath || active.document.uri.path);
    const choice = await pickOne(request.title, `Which ${request.what} to send?`, [
      {
        label: `$(file) ${name}`,
        description: 'active editor',
        detail: `Sends the ${request.what} as the editor shows it now${active.document.isDirty ? ' (unsaved changes included)' : ''}.`,
        value: 'active' as const,
      },
      {
        label: '$(new-file) Start from a new document',
        detail: `Opens an untitled editor with a starting ${request.what}; edit it, then choose ${request.action}.`,
        value: 'start' as const,
      },
    ]);
    if (choice === 'active') return parseObject(active.document.getText()) ?? active.value;
  }
  return editThenSend(request);
}

/** The untitled template each sent body came from: once the server took it, the template is done. */
const templates = new WeakMap<object, vscode.TextDocument>();

/**
 * After the server accepted `body`: the template it was edited in has done its job, so it is
 * reverted and closed (closing it later would ask to save an "Untitled-1" nobody needs). A body
 * that came from a file or from the caller has no template: nothing happens.
 */
export async function closeSentTemplate(body: object): Promise<void> {
  const document = templates.get(body);
  templates.delete(body);
  if (!document || document.isClosed) return;
  await vscode.window.showTextDocument(document, { preview: false });
  if (vscode.window.activeTextEditor?.document === document) await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
}

async function editThenSend(request: BodyRequest): Promise<Record<string, unknown>> {
  const document = await vscode.workspace.openTextDocument({ language: 'json', content: pretty(await request.start()) });
  await vscode.window.showTextDocument(document, { preview: false });
  const registry = pendingSends();
  const title = sendTitle({ action: request.action, envName: request.envName });
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    registry.add(document, {
      action: request.action,
      envName: request.envName,
      accept: (edited) => {
        const value = parseObject(edited.getText());
        if (!value) return `The ${request.what} is not a JSON object yet; fix the problems shown in the editor, then choose ${title} again.`;
        templates.set(value, edited);
        resolve(value);
        return undefined;
      },
      cancel: () => reject(new UserCancelled()),
    });
    // A shortcut only: dismissing it cancels nothing, the action stays on the document.
    void vscode.window
      .showInformationMessage(`Edit the ${request.what}, then choose ${title} above it or in the editor's title bar. The editor stays open either way.`, title)
      .then((pressed) => (pressed === title ? registry.send(document.uri) : undefined));
  });
}
