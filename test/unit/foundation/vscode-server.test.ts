// The workbench URL that the e2e runner and `npm start` open: VS Code reads the folder and the
// development extension from it, and a wrong encoding opens an empty window without our extension.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const lib = pathToFileURL(join(__dirname, '..', '..', '..', 'scripts', 'lib', 'vscode-server.mjs')).href;

test('the workbench URL opens the folder and loads the extension (and tests) from the remote', async () => {
  const { workbenchUrl } = await import(lib);
  const url = new URL(
    workbenchUrl({ port: 8383, folder: '/tmp/a b/ws', extensionDevelopmentPath: '/repo', extensionTestsPath: '/repo/out/e2e/suite/index.js' }),
  );
  assert.equal(url.origin, 'http://127.0.0.1:8383');
  assert.equal(url.searchParams.get('folder'), '/tmp/a b/ws');
  assert.deepEqual(JSON.parse(url.searchParams.get('payload')!), [
    ['extensionDevelopmentPath', 'vscode-remote://127.0.0.1:8383/repo'],
    ['extensionTestsPath', 'vscode-remote://127.0.0.1:8383/repo/out/e2e/suite/index.js'],
  ]);
});

test('without tests the payload only loads the development extension (npm start)', async () => {
  const { workbenchUrl } = await import(lib);
  const url = new URL(workbenchUrl({ port: 9000, folder: '/ws', extensionDevelopmentPath: '/repo' }));
  assert.deepEqual(JSON.parse(url.searchParams.get('payload')!), [['extensionDevelopmentPath', 'vscode-remote://127.0.0.1:9000/repo']]);
});
