// Formatting a large document never holds up other requests (issue 34, item 6): above 64 KB it
// runs in a worker thread, so a hover in another document is answered while it runs, and a
// cancelled request stops it. The result is the same text as formatting in the thread.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { doc, service } from './completion.helpers';
import { IN_THREAD_BELOW } from '../../../server/src/service/format/backgroundFormat.js';
import { minified } from './format.helpers';

const OPTIONS = { tabSize: 2, insertSpaces: true };

test('just below the threshold formats in the thread; above it in a worker, with the same result', async () => {
  const small = doc(minified(IN_THREAD_BELOW - 200));
  assert.ok(small.getText().length < IN_THREAD_BELOW);
  assert.deepEqual(await service().formatInBackground(small, OPTIONS, undefined, Infinity), service().format(small, OPTIONS));
  const large = doc(minified(IN_THREAD_BELOW + 200));
  const background = await service().formatInBackground(large, OPTIONS, undefined, Infinity);
  assert.equal(background.length, 1);
  assert.equal(TextDocument.applyEdits(large, background), TextDocument.applyEdits(large, service().format(large, OPTIONS)));
});

test('while a large document is formatted, a hover in another document is answered', async () => {
  const large = doc(minified(2_000_000));
  let finished = false;
  const formatting = service()
    .formatInBackground(large, OPTIONS, undefined, Infinity)
    .then((edits) => {
      finished = true;
      return edits;
    });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const other = doc('{"name": "x", "api_id": "a", "proxy": {"listen_path": "/x/"}}');
  const hover = service().hover(other, { line: 0, character: 3 });
  assert.ok(hover, 'the hover is answered');
  assert.equal(finished, false, 'while the format is still running');
  assert.equal((await formatting).length, 1);
});

test('a cancelled format stops and answers no edit; one cancelled before it starts starts no worker', async () => {
  const large = doc(minified(2_000_000));
  const token = { isCancellationRequested: false };
  const formatting = service().formatInBackground(large, OPTIONS, undefined, Infinity, token);
  setTimeout(() => (token.isCancellationRequested = true), 30);
  assert.deepEqual(await formatting, []);
  assert.deepEqual(await service().formatInBackground(large, OPTIONS, undefined, Infinity, { isCancellationRequested: true }), []);
});

test('the size limit applies in the background path too', async () => {
  const large = doc(minified(IN_THREAD_BELOW + 200));
  await assert.rejects(service().formatInBackground(large, OPTIONS, undefined, IN_THREAD_BELOW), /above the .* limit of svc\.validation\.maxFileSize/);
});
