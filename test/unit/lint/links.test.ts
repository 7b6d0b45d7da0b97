// svc-lint's link diagnostics: every definition under the git root (or the current directory)
// is indexed, the findings are reported only for the files asked for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLint } from '../../../server/src/lint/cli';
import { WorkspaceModel } from '../../../server/src/service/index/workspaceModel';

const api = (id: string, listenPath: string) =>
  JSON.stringify(
    { name: id, api_id: id, proxy: { listen_path: listenPath, target_url: 'http://up.example.com' }, version_data: { not_versioned: true, versions: {} } },
    null,
    2,
  );
const policy = (id: string, ...apis: string[]) =>
  JSON.stringify({ id, name: id, rate: 1, per: 1, access_rights: Object.fromEntries(apis.map((a) => [a, { api_id: a, versions: ['Default'] }])) }, null, 2);

function project(files: Record<string, string>, git = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lint-links-'));
  if (git) mkdirSync(join(dir, '.git'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

test('one staged policy: its grants are checked against every API of the repository, only its own findings are printed', () => {
  const dir = project({
    'apis/petstore.json': api('petstore-1', '/petstore/'),
    'apis/weather.json': api('weather-1', '/petstore/'),
    'policies/gold.json': policy('gold', 'petstore-1', 'ghost-9'),
    'policies/silver.json': policy('silver', 'nowhere-1'),
    '.svc/remote/abc.json': api('ghost-9', '/ghost/'),
  });
  try {
    const run = runLint(['policies/gold.json'], dir);
    assert.equal(run.exitCode, 0);
    assert.equal(
      run.stdout,
      'policies/gold.json:13:5 warning svc.link.unknown-api No API with the id `ghost-9` is in this workspace: this grant gives access to nothing here.',
    );
    // From a sub-folder: the git root is still the project.
    const sub = runLint(['gold.json'], join(dir, 'policies'));
    assert.match(sub.stdout, /^gold\.json:13:5 warning svc\.link\.unknown-api .*`ghost-9`/);
    // The APIs share a listen path, but they were not asked for: no duplicate warning printed.
    assert.doesNotMatch(run.stdout, /duplicate-listen-path/);
    assert.match(runLint(['apis'], dir).stdout, /duplicate-listen-path/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a project without any API definition: no link warnings (the APIs live elsewhere)', () => {
  const dir = project({ 'gold.json': policy('gold', 'petstore-1') }, false);
  try {
    assert.deepEqual(runLint(['gold.json'], dir), { exitCode: 0, stdout: '', stderr: '' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the project is read only as far as a rule looks: not at all for an API definition, every file for a policy', () => {
  const linted = new Set<string>();
  const index = new WorkspaceModel({ comparesListenPaths: (uri) => linted.has(uri), localNames: false });
  const reads: string[] = [];
  const queue = (name: string, text: string) =>
    index.updateFile(`file:///p/${name}`, () => {
      reads.push(name);
      return text;
    });
  queue('apis/weather.json', api('weather-1', '/petstore/'));
  queue('policies/silver.json', policy('silver', 'weather-1'));
  queue('broken.json', '{"no": ');
  const lint = (name: string, text: string) => {
    const uri = `file:///p/${name}`;
    linted.add(uri);
    index.updateText(uri, text);
    return index.problemsFor(uri).map((p) => p.code);
  };
  // Same listen path as weather.json, which is not linted: nothing to compare, nothing read.
  assert.deepEqual(lint('apis/petstore.json', api('petstore-1', '/petstore/')), []);
  assert.deepEqual(reads, []);
  // A policy's grants are looked up in every definition: now the project is read, once.
  assert.deepEqual(lint('policies/gold.json', policy('gold', 'petstore-1', 'ghost-9')), ['svc.link.unknown-api']);
  assert.deepEqual(reads.sort(), ['apis/weather.json', 'broken.json', 'policies/silver.json']);
  lint('policies/bronze.json', policy('bronze', 'weather-1'));
  assert.equal(reads.length, 3, 'each file is read once');
});

test('a project file that cannot be read is left out of the index', () => {
  const index = new WorkspaceModel();
  index.updateFile('file:///p/gone.json', () => undefined);
  assert.equal(index.factsOf('file:///p/gone.json'), undefined);
  assert.deepEqual(index.all(), []);
});
