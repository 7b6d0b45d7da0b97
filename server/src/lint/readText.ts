// Reads a text file as UTF-8. Node 20's `readFileSync(path, 'utf8')` decodes in its own native
// path, which on this project's CI machines takes 25 ms for a 2 MB file; reading the bytes and
// decoding them with Buffer#toString takes 16 ms for the same text (docs/performance.md).

import { readFileSync } from 'node:fs';

export function readText(path: string): string {
  return readFileSync(path).toString('utf8');
}
