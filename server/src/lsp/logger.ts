// The server's log: one line per event on the connection's console (the client shows it in the
// "Svc Gateway Tools" output channel), each prefixed with the area it comes from.

import type { Connection } from 'vscode-languageserver/node';

export interface Logger {
  info(area: string, message: string): void;
  error(area: string, message: string, error?: unknown): void;
}

export function connectionLogger(connection: Connection): Logger {
  return {
    info: (area, message) => connection.console.info(`[${area}] ${message}`),
    error: (area, message, error) => connection.console.error(`[${area}] ${message}${error === undefined ? '' : ': ' + describe(error)}`),
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.message}\n${error.stack ?? ''}`;
  return String(error);
}
