// What the extension told the user: its log (every area logs what it shows, in the log file
// under context.logUri) and, under the runner that drives the page, the notification toast.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { waitFor } from './wait';
import { hasDriver, queryWorkbench } from './workbench';

/** Every file under a folder, concatenated (the log channel's file lives under context.logUri). */
export function readTree(dir: string): string {
  if (!fs.existsSync(dir)) return '';
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((e) => (e.isDirectory() ? readTree(path.join(dir, e.name)) : fs.readFileSync(path.join(dir, e.name), 'utf8')))
    .join('\n');
}

/** Waits until the log (after `since` characters) has a line matching `pattern`; returns that line. */
export function logLine(logUri: vscode.Uri, pattern: RegExp, since = 0): Promise<string> {
  return waitFor(
    () =>
      readTree(logUri.fsPath)
        .slice(since)
        .split('\n')
        .find((l) => pattern.test(l)),
    { message: `${pattern} in the log` },
  );
}

/** How much the log holds now: pass it to logLine to look only at what comes after. */
export function logLength(logUri: vscode.Uri): number {
  return readTree(logUri.fsPath).length;
}

/**
 * Waits for a notification whose text matches every pattern, in the notification center (every
 * notification since the last clear; toasts come and go with focus and timers). Skipped without
 * a page driver (@vscode/test-electron): the log assertions stand alone there.
 */
export async function notificationShown(...patterns: RegExp[]): Promise<string | undefined> {
  if (!hasDriver()) return undefined;
  let seen: string[] = [];
  await vscode.commands.executeCommand('notifications.showList');
  try {
    const element = await waitFor(
      async () => {
        const items = await queryWorkbench('.notification-list-item-message');
        seen = items.map((e) => `${e.visible ? '' : '(hidden) '}${e.text || e.ariaLabel}`);
        return items.find((e) => e.visible && patterns.every((p) => p.test(e.text)));
      },
      { message: `a visible notification matching ${patterns.join(' and ')}` },
    );
    return element.text;
  } catch (err) {
    // Say what was shown instead: the usual cause is a reworded message.
    throw new Error(`${(err as Error).message}; notifications seen: ${JSON.stringify(seen)}`);
  } finally {
    await vscode.commands.executeCommand('notifications.hideList');
  }
}

/** The text of every notification in the Notification Centre now (since the last clear), to show that one is not there. */
export async function notificationTexts(): Promise<string[]> {
  if (!hasDriver()) return [];
  await vscode.commands.executeCommand('notifications.showList');
  try {
    return (await queryWorkbench('.notification-list-item-message')).map((e) => e.text || e.ariaLabel || '');
  } finally {
    await vscode.commands.executeCommand('notifications.hideList');
  }
}
