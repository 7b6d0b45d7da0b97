// Long server calls run under one kind of notification: progress messages and a Cancel button
// whose click aborts the request (the signal reaches the HTTP client). Errors pass through;
// `isCancellation` tells the user's own cancel apart, and `unlessCancelled` turns it into
// `undefined` for flows that stop quietly.
import * as vscode from 'vscode';

export interface ProgressReport {
  (message: string, increment?: number): void;
}

/** Runs `work` under a progress notification with a Cancel button; `report` updates its message (and bar). */
export function withCancellableProgress<R>(title: string, work: (signal: AbortSignal, report: ProgressReport) => Promise<R>): Promise<R> {
  return Promise.resolve(
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      try {
        return await work(controller.signal, (message, increment) => progress.report({ message, increment }));
      } finally {
        subscription.dispose();
      }
    }),
  );
}

/** The user pressed Escape in a prompt: the whole command stops quietly. */
export class UserCancelled extends Error {
  constructor() {
    super('Cancelled');
  }
}

/** True for the user's own cancellation (Escape in a prompt, Cancel on progress). */
export function isCancellation(err: unknown): boolean {
  if (err instanceof UserCancelled) return true;
  return err instanceof Error && (err.name === 'AbortError' || (err as { kind?: string }).kind === 'cancelled');
}

/** Resolves to undefined when the user cancelled; other errors pass through. */
export async function unlessCancelled<R>(pending: Promise<R>): Promise<R | undefined> {
  try {
    return await pending;
  } catch (err) {
    if (isCancellation(err)) return undefined;
    throw err;
  }
}
