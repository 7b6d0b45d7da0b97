// Every request handler runs through `runSafe`: it yields once so a cancellation that arrives
// right behind the request is seen, catches and logs any error with the feature's area, and
// answers a safe default instead of failing the request. A crash in one feature must never
// take the editor's other features with it.

import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver/node';
import type { Logger } from './logger';

export function runSafe<T>(
  log: Logger,
  area: string,
  token: CancellationToken | undefined,
  fallback: T,
  work: () => T | Promise<T>,
): Promise<T | ResponseError<void>> {
  return new Promise((resolve) => {
    setImmediate(async () => {
      if (token?.isCancellationRequested) return resolve(cancelled());
      try {
        const result = await work();
        resolve(token?.isCancellationRequested ? cancelled() : result);
      } catch (error) {
        log.error(area, 'request failed', error);
        resolve(fallback);
      }
    });
  });
}

function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
}
