// Test data carried from elsewhere says where it comes from: every file of a carried folder is
// named in that folder's README (repository, commit, path, licence), only files under a licence that
// allows carrying them are there (MPL-2.0), and the README names no file that is missing.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

const FIXTURES = join(__dirname, '..', '..', 'fixtures');
const CARRIED = ['real-definitions', 'reference-fixtures', 'reference-schemas'];

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, posix.join(prefix, name));
    return name === 'README.md' ? [] : [posix.join(prefix, name)];
  });
}

/** The rows of the README's tables whose first cell names a file (`a/b.json` or `` `a/b.json` ``). */
export function fileRows(readme: string): Array<{ file: string; cells: string[] }> {
  return readme
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    )
    .map((cells) => ({ file: cells[0].replace(/`/g, ''), cells }))
    .filter(({ file }) => /^[\w.-]+(\/[\w.-]+)*\.(json|yml)$/.test(file));
}

test('the README rows are read from its tables, with or without backquotes, and nothing else', () => {
  const readme = [
    '| file | repository |',
    '|---|---|',
    '| `migration/a.yml` | o/r |',
    '| classic/b.json | o/r |',
    'text | c.json |',
    '| `folder/` | what |',
  ].join('\n');
  assert.deepEqual(
    fileRows(readme).map((r) => r.file),
    ['migration/a.yml', 'classic/b.json'],
  );
});

for (const folder of CARRIED) {
  test(`test/fixtures/${folder}: every file has its origin and an MPL-2.0 licence in the README, and every row its file`, () => {
    const readme = readFileSync(join(FIXTURES, folder, 'README.md'), 'utf8');
    assert.match(readme, /Mozilla Public License, v\. 2\.0/);
    assert.match(readme, /\b[0-9a-f]{40}\b/, 'the commit of the source');
    const rows = fileRows(readme);
    const listed = new Set(rows.map((r) => r.file));
    const files = filesUnder(join(FIXTURES, folder));
    assert.ok(files.length > 0);
    assert.deepEqual(
      files.filter((f) => !listed.has(f)),
      [],
      'files without a row in the README',
    );
    assert.deepEqual(
      [...listed].filter((f) => !files.includes(f)),
      [],
      'rows without a file',
    );
    for (const { file, cells } of rows) {
      assert.ok(
        cells.some((c) => /^TykTechnologies\/[\w-]+$/.test(c)),
        `${file}: no repository`,
      );
      assert.ok(
        cells.some((c) => /\//.test(c) && c !== file && !c.startsWith('TykTechnologies/')),
        `${file}: no source path`,
      );
      // A per-file licence column (real definitions) must say MPL-2.0; the others state it for the whole folder.
      const licence = cells.at(-1) ?? '';
      if (/MPL|none stated/.test(licence)) assert.match(licence, /^MPL-2\.0/, `${file}: ${licence}`);
    }
  });
}
