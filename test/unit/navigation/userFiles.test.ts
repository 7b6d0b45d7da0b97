// Which documents count as the user's own files for the workspace index.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { isUserFileUri } from '../../../server/src/service/index/userFiles';

const folders = ['file:///work/project'];

test("a file in the workspace is the user's; views of other schemes are not", () => {
  assert.equal(isUserFileUri('file:///work/project/apis/petstore.json', { folders }), true);
  for (const uri of [
    'untitled:Untitled-1',
    'svc:/E2E/policy/gold.json',
    'svc-remote:/Local/api/abc.json',
    'svc-push-remote:/1/petstore',
    'svc-example:/udg/vat.json',
    'svc-migrate:/Local/1/abc/petstore.json',
    'git:/work/project/apis/petstore.json?%7B%7D',
  ]) {
    assert.equal(isUserFileUri(uri, { folders }), false, uri);
  }
});

test(".svc/ base copies (and node_modules, .git) are not the user's; a folder merely named like it is", () => {
  assert.equal(isUserFileUri('file:///work/project/.svc/remote/0a1b.json', { folders }), false);
  assert.equal(isUserFileUri('file:///work/project/sub/.svc/state.json', { folders }), false);
  assert.equal(isUserFileUri('file:///work/project/node_modules/x/api.json', { folders }), false);
  assert.equal(isUserFileUri('file:///work/project/.svcx/api.json', { folders }), true);
  assert.equal(isUserFileUri('file:///work/project/svc/petstore.classic.json', { folders }), true);
  // The workspace folder itself may sit below a `.svc` folder: only what is inside it counts.
  assert.equal(isUserFileUri('file:///home/u/.svc/project/api.json', { folders: ['file:///home/u/.svc/project'] }), true);
});

test('files.exclude hides a file or a folder above it; a pattern switched off does not', () => {
  const exclude = { '**/generated': true, 'build/*.json': true, '**/*.tmp.json': true, '**/old': false };
  const ctx = { folders, exclude };
  assert.equal(isUserFileUri('file:///work/project/generated/api.json', ctx), false);
  assert.equal(isUserFileUri('file:///work/project/a/generated/b/api.json', ctx), false);
  assert.equal(isUserFileUri('file:///work/project/build/api.json', ctx), false);
  assert.equal(isUserFileUri('file:///work/project/build/sub/api.json', ctx), true);
  assert.equal(isUserFileUri('file:///work/project/x.tmp.json', ctx), false);
  assert.equal(isUserFileUri('file:///work/project/old/api.json', ctx), true);
  assert.equal(isUserFileUri('file:///work/project/generated-not/api.json', ctx), true);
});
