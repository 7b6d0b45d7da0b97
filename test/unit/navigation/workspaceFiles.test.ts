// The LSP layer's feed of the workspace index from disk: only the user's files are indexed
// (not .svc/, not what files.exclude hides, not read-only files), and watcher events for the
// others are ignored.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WorkspaceModel } from '../../../server/src/service/index/workspaceModel';
import { WorkspaceFiles } from '../../../server/src/lsp/workspaceFiles';
import { largeOasDocument } from '../../../bench/inputs';

const api = (id: string) =>
  JSON.stringify({ name: id, api_id: id, proxy: { listen_path: '/same/', target_url: 'http://up' }, version_data: { not_versioned: true, versions: {} } });
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

test("scan and watcher events index the user's files only", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-ws-files-'));
  try {
    for (const [name, text] of Object.entries({
      'apis/a.json': api('a'),
      'gen/b.json': api('b'),
      '.svc/remote/c.json': api('c'),
      'locked.json': api('d'),
    })) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    chmodSync(join(dir, 'locked.json'), 0o444);
    const index = new WorkspaceModel();
    const folder = pathToFileURL(dir).href;
    const files = new WorkspaceFiles(
      index,
      () => false,
      async () => undefined,
      silent,
      async (f) => (f === folder ? { '**/gen': true } : undefined),
    );
    files.folders = [folder];
    await files.scan([folder]);
    const uri = (name: string) => pathToFileURL(join(dir, name)).href;
    // Root may write anything: the read-only case is only observable for other users.
    const readOnlyCounts = process.getuid?.() === 0;
    assert.deepEqual(index.namesOf('api').sort(), readOnlyCounts ? ['a', 'd'] : ['a']);
    assert.equal(await files.refresh(uri('.svc/remote/c.json')), false, 'a watcher event for a base copy');
    assert.equal(await files.refresh(uri('gen/b.json')), false, 'a watcher event for an excluded file');
    assert.equal(index.has(uri('.svc/remote/c.json')), false);
    assert.deepEqual(
      index.problemsFor(uri('apis/a.json')).map((p) => p.code),
      readOnlyCounts ? ['svc.semantic.duplicate-listen-path'] : [],
    );
    assert.equal(await files.isUserFile('svc-remote:/Local/api/a.json'), false);
    assert.equal(await files.isUserFile(uri('apis/not-yet-saved.json')), true, "a file not on disk yet is still the user's");
  } finally {
    chmodSync(join(dir, 'locked.json'), 0o644);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an index without document-local names (svc-lint): the same APIs and listen paths, no operations or schemes', () => {
  const uri = 'file:///ws/big.json';
  const text = largeOasDocument(8).replace('"info": {\n   "name"', '"info": {\n   "id": "bench-id",\n   "name"');
  const full = new WorkspaceModel();
  const lint = new WorkspaceModel({ localNames: false });
  for (const index of [full, lint]) index.updateText(uri, text);
  const names = (index: WorkspaceModel) => index.factsOf(uri)!.definitions.map((d) => `${d.kind} ${d.name}`);
  assert.equal(names(full).filter((n) => n.startsWith('operation ')).length, 8);
  assert.ok(names(full).includes('scheme authToken'));
  assert.deepEqual(names(lint), ['api bench-id']);
  assert.deepEqual(lint.factsOf(uri)!.listenPaths, full.factsOf(uri)!.listenPaths);
  assert.equal(lint.definitionsOf('api', 'bench-id').length, 1);
  assert.deepEqual(lint.factsOf(uri)!.references, []);
});
