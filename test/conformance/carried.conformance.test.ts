// What the repository carries from the team's material (test/fixtures/real-definitions,
// reference-fixtures, reference-schemas: the MPL-2.0 files, see their READMEs) is still the same,
// byte for byte, as its source beside the repository, and nothing the licence allows is left behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { SHARED } from './shared.conformance';

const FIXTURES = join(__dirname, '..', 'fixtures');

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, posix.join(prefix, name));
    return name.endsWith('.md') ? [] : [posix.join(prefix, name)];
  });
}

for (const folder of ['real-definitions', 'reference-fixtures', 'reference-schemas']) {
  test(`test/fixtures/${folder} equals its source in the team's material`, () => {
    const changed = filesUnder(join(FIXTURES, folder)).filter(
      (file) => readFileSync(join(FIXTURES, folder, file), 'utf8') !== readFileSync(join(SHARED, folder, file), 'utf8'),
    );
    assert.deepEqual(changed, []);
  });
}

test('every real definition whose source states MPL-2.0 is carried, and no other', () => {
  const sources = readFileSync(join(SHARED, 'real-definitions', 'SOURCES.md'), 'utf8');
  const carried = new Set(filesUnder(join(FIXTURES, 'real-definitions')));
  const allowed = sources
    .split('\n')
    .filter((line) => /^\| (classic|oas|streams|policies|keys)\//.test(line))
    .map((line) => line.split('|').map((c) => c.trim()))
    .filter((cells) => cells[5]?.startsWith('MPL-2.0'))
    .map((cells) => cells[1]);
  // SOURCES.md names some files as the source spells them; the files themselves have the product word replaced.
  const onDisk = (name: string) => (carried.has(name) ? name : name.replace(/tyk/g, 'svc').replace(/Tyk/g, 'Svc'));
  assert.equal(allowed.length, carried.size);
  assert.deepEqual(
    allowed.map(onDisk).filter((name) => !carried.has(name)),
    [],
  );
});
