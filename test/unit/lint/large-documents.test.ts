// svc-lint checks a large definition in full: the editor's size limit (svc.validation.maxFileSize,
// 5 MB by default) keeps typing responsive, but CI must not wave a large file through on its syntax.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLint } from '../../../server/src/lint/cli';
import { DEFAULT_VALIDATION_SETTINGS } from '../../../server/src/service/validation/types';
import { largeOasDocument } from '../../../bench/inputs';

/** An OAS definition just past `minLength` characters whose last rate limit has a `per` that is no duration. */
function oasWithError(minLength: number): string {
  let operations = Math.ceil(minLength / 740);
  let text = largeOasDocument(operations);
  while (text.length <= minLength) text = largeOasDocument((operations += 50));
  const at = text.lastIndexOf('"per": 60');
  assert.ok(at > minLength - 2000, 'the error is planted near the end');
  return `${text.slice(0, at)}"per": "sixty"${text.slice(at + '"per": 60'.length)}`;
}

test('just above the editor limit: the whole document is validated and a deep error reported', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lint-large-'));
  try {
    const text = oasWithError(DEFAULT_VALIDATION_SETTINGS.maxValidatedSize + 1);
    assert.ok(text.length > DEFAULT_VALIDATION_SETTINGS.maxValidatedSize);
    writeFileSync(join(dir, 'large.json'), text);
    const run = runLint(['--format', 'json', 'large.json'], dir);
    const report = JSON.parse(run.stdout) as { files: Array<{ diagnostics: Array<{ code: string; line: number; message: string }> }> };
    const [result] = report.files;
    assert.equal(run.exitCode, 1, run.stdout.slice(0, 500));
    assert.ok(!result.diagnostics.some((d) => d.code === 'svc.size-limit'), 'no syntax-only notice');
    const lines = text.split('\n');
    const errorLine = lines.findIndex((l) => l.includes('"per": "sixty"')) + 1;
    assert.ok(errorLine > lines.length - 100, 'planted near the end');
    assert.deepEqual(
      result.diagnostics.map((d) => [d.line, d.code]),
      [[errorLine, 'svc.schema.pattern']],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
