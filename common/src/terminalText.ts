// Text from a server, a file or a file name reaches a terminal only escaped, as kubectl does
// (its printers.EscapeTerminal): an ESC sequence in an API name could set the window title,
// clear the screen or hide a hyperlink; a C1 control (U+009B is a one-byte CSI) does the same on
// some terminals; a newline or carriage return forges a line (a policy named
// "x\n  nothing to push" inside a push plan); bidirectional overrides reorder what is shown.
// Each such character is shown as a visible escape (`\n`, `\x1b`, `\u009b`); everything else,
// including ordinary Unicode, is left as it is. Used by `svc` and `svc-lint` at their print sites.

/** C0 controls (not tab), DEL, C1 controls, bidi embeddings/overrides/isolates, line/paragraph separators. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const UNSAFE_KEEPING_NEWLINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r' };

function visible(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One line for a terminal: every control character (newlines too) shown as an escape. */
export function escapeTerminal(text: string): string {
  return text.replace(UNSAFE, visible);
}

/** A block of our own lines (pretty-printed JSON, say): newlines kept, every other control escaped. */
export function escapeTerminalKeepingNewlines(text: string): string {
  return text.replace(UNSAFE_KEEPING_NEWLINES, visible);
}

/**
 * An error we did not expect (an internal error), for a terminal: its `Name: message` on one
 * line, escaped (the message may quote a file or a server), then its stack's frames, one per
 * line, each escaped. A stack whose first line is not the message (changed after the error was
 * made) is shown on one line, escaped.
 */
export function escapeErrorForTerminal(err: unknown): string {
  if (!(err instanceof Error)) return escapeTerminal(String(err));
  const header = err.message ? `${err.name}: ${err.message}` : err.name;
  const stack = err.stack ?? header;
  if (!stack.startsWith(header)) return escapeTerminal(stack);
  return escapeTerminal(header) + escapeTerminalKeepingNewlines(stack.slice(header.length));
}
