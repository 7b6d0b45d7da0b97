// The fixture workspace (test/e2e/workspace, copied to a temp dir by the runner so tests may
// write into it) and the extension under test.
import * as vscode from 'vscode';
import type { SvcExtensionApi } from '../../../../client/src/extensionApi';
import type { SvcTestingApi } from '../../../../client/src/testing/testingApi';
import { waitFor } from './wait';

export const EXTENSION_ID = 'svc-gateway-tools.svc-gateway-tools';

/** The root folder of the opened fixture workspace. */
export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder is open: the runner must open test/e2e/workspace');
  return folder.uri;
}

/** Uri of a file in the fixture workspace, e.g. fixtureUri('broken-definition.jsonc'). */
export function fixtureUri(name: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), ...name.split('/'));
}

/** Opens a fixture file in an editor (as a user would) and returns the document and editor. */
export async function openFixture(name: string): Promise<{ document: vscode.TextDocument; editor: vscode.TextEditor }> {
  const document = await vscode.workspace.openTextDocument(fixtureUri(name));
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  return { document, editor };
}

/** Writes (creates or replaces) a file in the fixture workspace. */
export async function writeFixture(name: string, text: string): Promise<vscode.Uri> {
  const uri = fixtureUri(name);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  return uri;
}

/** The extension under test, once active (activating it if nothing has yet). */
export async function activeExtension(): Promise<vscode.Extension<unknown>> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not loaded in this window`);
  if (!extension.isActive) await extension.activate();
  return waitFor(() => extension.isActive && extension, { message: `${EXTENSION_ID} to be active` });
}

/** The extension's test-only export (present because the tests run in ExtensionMode.Test). */
export async function testingApi(): Promise<SvcTestingApi> {
  const testing = ((await activeExtension()).exports as SvcExtensionApi | undefined)?.testing;
  if (!testing) throw new Error(`${EXTENSION_ID} returned no test-only export: is the extension host in test mode?`);
  return testing;
}

/** Diagnostics for `uri` once `accept` holds for them (the language server publishes asynchronously). */
export function diagnosticsFor(
  uri: vscode.Uri,
  accept: (d: readonly vscode.Diagnostic[]) => boolean,
  message = `diagnostics for ${uri.path}`,
): Promise<readonly vscode.Diagnostic[]> {
  return waitFor(
    () => {
      const found = vscode.languages.getDiagnostics(uri);
      return accept(found) && found;
    },
    { message },
  );
}

/**
 * Edits a JSON file as a user would (the whole text replaced in the editor) and saves it. VS Code
 * now and then answers a save right after an edit with false although it wrote the file (the
 * issue 14 note; pull and push use `saveHolding` for it): the save is retried until it lands.
 */
export async function editAndSave(uri: vscode.Uri, change: (doc: Record<string, any>) => void): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(uri);
  const doc = JSON.parse(document.getText()) as Record<string, unknown>;
  change(doc);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify(doc, null, 2)}\n`);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`the edit of ${uri.fsPath} did not apply`);
  await waitFor(async () => (await document.save()) && !document.isDirty, { message: `saving ${uri.fsPath}` });
  return document;
}
