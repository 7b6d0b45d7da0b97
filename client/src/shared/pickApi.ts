// "Which API does this key grant access to?": a quick pick of the server's APIs (every page of
// endpoint 10), or an input box when the server lists none. Endpoints 17 and 18 need that API in
// their path, and a server built to the spec may check it, so it is asked, never guessed.
import * as vscode from 'vscode';
import type { ManagementClient } from '../../../api/src';
import { listAllApis } from '../../../api/src/specFallbacks';
import { summariseApi } from '../explorer/apiSummaries';

/** The picked or typed API id; undefined when the user cancels. */
export async function pickApiOfKey(client: ManagementClient, title: string): Promise<string | undefined> {
  let apis: Array<{ id: string; name: string; kind: string }> = [];
  try {
    apis = (await listAllApis(client)).map(summariseApi).filter((a) => a.id);
  } catch {
    // A server that cannot list APIs still accepts a typed id.
  }
  if (apis.length === 0) {
    const typed = await vscode.window.showInputBox({
      title,
      prompt: 'The id of the API the key grants access to',
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? undefined : 'Enter an API id.'),
    });
    return typed?.trim() || undefined;
  }
  const items = apis.map((a) => ({ label: a.name, description: `${a.id} · ${a.kind}`, value: a.id }));
  const picked = await vscode.window.showQuickPick(items, {
    title,
    placeHolder: 'The API the key grants access to (the key path names one)',
    ignoreFocusOut: true,
  });
  return picked?.value;
}
