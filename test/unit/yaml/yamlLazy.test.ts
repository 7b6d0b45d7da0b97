// The YAML parsers load only when a YAML file is read: svc-lint on JSON files in a project
// without YAML definitions never loads them (its start-up is measured: docs/performance.md), and
// a well-formed YAML file loads the fast parser only. (In a project that holds YAML OAS
// documents, the index reads them when a rule needs every API: that is a YAML file seen.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '../../..');

/** Lints `files` in a fresh process and says which YAML libraries it loaded. */
function loadedWhileLinting(...fixtures: string[]): { yaml: boolean; jsYaml: boolean; exitCode: number } {
  // Outside the repository (svc-lint indexes the project around the files it lints).
  const dir = mkdtempSync(join(tmpdir(), 'svc-yaml-lazy-'));
  const files = fixtures.map((fixture, i) => {
    const name = `${i}-${fixture.split('/').pop()!}`;
    copyFileSync(join(root, fixture), join(dir, name));
    return name;
  });
  try {
    return lintIn(dir, files);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function lintIn(dir: string, files: string[]): { yaml: boolean; jsYaml: boolean; exitCode: number } {
  const script = `
    const { runLint } = require(${JSON.stringify(join(root, 'server/src/lint/cli'))});
    const run = runLint(${JSON.stringify(files)}, process.cwd());
    const loaded = Object.keys(require.cache);
    console.log(JSON.stringify({
      yaml: loaded.some((f) => /node_modules[\\\\/]yaml[\\\\/]/.test(f)),
      jsYaml: loaded.some((f) => /node_modules[\\\\/]js-yaml[\\\\/]/.test(f)),
      exitCode: run.exitCode,
    }));`;
  const result = spawnSync(process.execPath, ['--import', require.resolve('tsx'), '-e', script], { cwd: dir, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as { yaml: boolean; jsYaml: boolean; exitCode: number };
}

test('linting JSON files loads neither YAML library', () => {
  assert.deepEqual(loadedWhileLinting('test/fixtures/realworld/oas-api/pet-clinic-40-operations.json', 'test/fixtures/service/valid/oas.json'), {
    yaml: false,
    jsYaml: false,
    exitCode: 0,
  });
});

test('a well-formed YAML file loads the fast parser only', () => {
  assert.deepEqual(loadedWhileLinting('test/fixtures/yaml/payments.oas.yaml'), { yaml: false, jsYaml: true, exitCode: 0 });
});
