// Reads text files as UTF-8 through one reused buffer. A fresh page of memory costs a page fault
// when first written (about 12 µs each on the virtual machines CI runs on: docs/performance.md),
// and Node's readFileSync gives every file a fresh buffer: svc-lint instead reads every file
// (its bundle and code cache too, in bin/svc-lint.js) into the same buffer, whose pages are
// written once. Decoding goes through Buffer#toString (Node 20's readFileSync(…, 'utf8') native
// path is markedly slower on a 2 MB file).

import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';

/** Reserved, not touched: pages are only faulted in as files are read into them. */
const DEFAULT_SIZE = 8 * 1024 * 1024;

let scratch: Buffer | undefined;

/** Starts from a buffer the caller already read into (bin/svc-lint.js: the bundle's). */
export function reuseBuffer(buffer: Buffer): void {
  if (!scratch || buffer.length > scratch.length) scratch = buffer;
}

/** The bytes of a file, in the shared buffer: valid until the next read. */
export function readBytes(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return readFileSync(path); // a pipe or a special file: read to its end
    if (!scratch || scratch.length < size) scratch = Buffer.allocUnsafeSlow(Math.max(size, DEFAULT_SIZE));
    let length = 0;
    // A file that grows while being read is read up to the size it had.
    while (length < size) {
      const read = readSync(fd, scratch, length, size - length, length);
      if (read === 0) break;
      length += read;
    }
    return scratch.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

export function readText(path: string): string {
  return readBytes(path).toString('utf8');
}
