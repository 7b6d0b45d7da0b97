// The worker thread that formats large documents (backgroundFormat.ts): the language server's
// thread stays free for other documents' requests, and a cancelled format is stopped by
// terminating this worker. Built to dist/formatWorker.js beside dist/server.js.
import { parentPort } from 'node:worker_threads';
import { formatText, type FormatRequest } from './formatText';

parentPort?.on('message', (request: FormatRequest) => {
  try {
    parentPort?.postMessage({ replacement: formatText(request) ?? null });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
