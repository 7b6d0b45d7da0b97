// The questions resource commands ask, on VS Code's input box and quick picks. Every command
// takes the answers as an argument too, so callers (and tests) can skip these.
import * as vscode from 'vscode';
import type { ManagementClient } from '../../../../api/src';
import { answered } from './commandContext';
import { optionsFor, type KeyOperation } from './keyOptions';
import { pickApiOfKey } from '../../shared/pickApi';

export async function askText(
  title: string,
  prompt: string,
  options: { value?: string; placeHolder?: string; validate?: (v: string) => string | undefined } = {},
): Promise<string> {
  const value = await vscode.window.showInputBox({
    title,
    prompt,
    value: options.value,
    placeHolder: options.placeHolder,
    ignoreFocusOut: true,
    validateInput: options.validate,
  });
  return answered(value).trim();
}

export async function pickOne<T>(title: string, placeHolder: string, items: Array<vscode.QuickPickItem & { value: T }>): Promise<T> {
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder, ignoreFocusOut: true, matchOnDetail: true });
  return answered(picked).value;
}

/**
 * The query options of a key operation as a multi-select list; each item's detail line
 * explains the option. An operation without options asks nothing.
 */
export async function pickKeyOptions(operation: KeyOperation, title: string): Promise<string[]> {
  const infos = optionsFor(operation);
  if (infos.length === 0) return [];
  const picked = await vscode.window.showQuickPick(
    infos.map((i) => ({ label: i.label, description: i.query, detail: i.detail, option: i.option })),
    { title, placeHolder: 'Options (none is the usual choice); Enter to continue', canPickMany: true, ignoreFocusOut: true },
  );
  return answered(picked).map((p) => p.option);
}

/** The API a key path needs: picked from the server's list, or typed when it lists none. */
export async function pickApiId(client: ManagementClient, title: string): Promise<string> {
  return answered(await pickApiOfKey(client, title));
}
