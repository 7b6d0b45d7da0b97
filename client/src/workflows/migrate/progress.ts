// A notification with progress and a Cancel button whose click aborts the request: every long
// migrate/examples operation goes through here so cancelling always reaches the HTTP client.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/** Resolves to undefined when the user cancelled (the abort error is swallowed). */
export async function withCancellableProgress<R>(title: string, work: (signal: AbortSignal, report: (message: string) => void) => Promise<R>): Promise<R | undefined> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      return await work(controller.signal, (message) => progress.report({ message }));
    } catch (err) {
      if (controller.signal.aborted) return undefined;
      throw err;
    } finally {
      subscription.dispose();
    }
  });
}

/** A fresh nonce for a webview's Content-Security-Policy. */
export function makeNonce(): string {
  return randomBytes(18).toString('base64url');
}
