// Formatting a large document off the language server's thread: a worker thread runs the
// formatter (formatWorker.ts), so a hover or a completion in another document is answered
// meanwhile, and a cancelled request terminates the worker at once. Small documents (below
// IN_THREAD_BELOW characters, a few milliseconds of work) are formatted in the thread: starting a
// worker would cost more than it saves.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver-types';
import type { SvcDocument } from '../parser/document';
import { format, formatRequestOf } from './format';
import type { Replacement } from './formatText';

export const IN_THREAD_BELOW = 64 * 1024;

/** What the LSP layer's cancellation token offers (no LSP import in the service). */
export interface Cancellation {
  readonly isCancellationRequested: boolean;
}

/** The worker: dist/formatWorker.js beside the bundled server, or the source through tsx (tests run the sources). */
function startWorker(): Worker {
  const bundled = join(__dirname, 'formatWorker.js');
  if (existsSync(bundled)) return new Worker(bundled);
  const source = join(__dirname, 'formatWorker.ts');
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(source)});`, { eval: true });
}

/** Like `format`, in a worker for large documents; resolves [] when cancelled. */
export async function formatInBackground(
  doc: SvcDocument,
  options: FormattingOptions,
  range: Range | undefined,
  maxSize: number,
  token?: Cancellation,
): Promise<TextEdit[]> {
  if (doc.text.length < IN_THREAD_BELOW) return format(doc, options, range, maxSize);
  const request = formatRequestOf(doc, options, range, maxSize);
  if (!request || token?.isCancellationRequested) return [];
  const worker = startWorker();
  try {
    const replacement = await new Promise<Replacement | null | 'cancelled'>((resolve, reject) => {
      // The token has no event here: a look every 25 ms is plenty next to seconds of formatting.
      const poll = setInterval(() => token?.isCancellationRequested && resolve('cancelled'), 25);
      const done = () => clearInterval(poll);
      worker.once('message', (answer: { replacement?: Replacement | null; error?: string }) => {
        done();
        if (answer.error !== undefined) reject(new Error(`formatting failed: ${answer.error}`));
        else resolve(answer.replacement ?? null);
      });
      worker.once('error', (error) => {
        done();
        reject(error);
      });
      worker.once('exit', (code) => {
        done();
        reject(new Error(`the formatting worker stopped (exit code ${code})`));
      });
      worker.postMessage(request);
    });
    if (replacement === 'cancelled' || replacement === null) return [];
    return [{ range: doc.range(replacement.offset, replacement.length), newText: replacement.newText }];
  } finally {
    await worker.terminate();
  }
}
