// svc-lint reads every file through one reused buffer (server/src/lint/readText.ts): each read
// must give that file's text, whatever was read before it and whatever its size.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBytes, readText, reuseBuffer } from '../../../server/src/lint/readText';

test('files read one after another through the shared buffer: each its own text, a shorter one after a longer one too', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-read-'));
  try {
    const files = {
      long: '{"name": "' + 'x'.repeat(5000) + '"}',
      short: '{"a": 1}',
      empty: '',
      utf8: '\uFEFF{"name": "Grüße 🚀"}',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    reuseBuffer(Buffer.alloc(16)); // smaller than the long file: a larger buffer replaces it
    for (const name of ['long', 'short', 'empty', 'utf8', 'short'] as const) assert.equal(readText(join(dir, name)), files[name], name);
    // The bytes view ends where the file ends, even in a buffer that held a longer file.
    assert.equal(readBytes(join(dir, 'short')).length, Buffer.byteLength(files.short));
    assert.throws(() => readText(join(dir, 'missing')), /ENOENT/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
