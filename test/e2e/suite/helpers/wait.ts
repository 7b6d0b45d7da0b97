// Polling instead of sleeping: every e2e assertion about something asynchronous (activation,
// diagnostics from the language server, tree contents) waits for the condition with a deadline.

export interface WaitOptions {
  /** Milliseconds before giving up (default 30 s: first activation on a busy 2-core machine is slow). */
  timeout?: number;
  /** Milliseconds between probes (default 100). */
  interval?: number;
  /** What was awaited, for the error message. */
  message?: string;
}

/**
 * Calls `probe` until it returns a truthy value and returns that value. On timeout throws an
 * error naming `message` and the last value or error the probe produced, so failures explain themselves.
 */
export async function waitFor<T>(probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, options: WaitOptions = {}): Promise<T> {
  const { timeout = 30_000, interval = 100, message = 'condition' } = options;
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
      last = value;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`timed out after ${timeout} ms waiting for ${message} (last: ${detail})`);
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}
