// An internal error (a bug) reaches the terminal escaped like every other line (issue 34, item 4):
// `svc` and `svc-lint` print the message on one escaped line and the stack's frames below it, so
// an error whose message quotes a hostile file or server (ESC, OSC, C1, a newline) neither drives
// the terminal nor forges a line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeErrorForTerminal } from '../../../common/src/terminalText';
import { reportInternalError } from '../../../engine/src/cli/main';
import { runLintAsProcess } from '../../../server/src/lint/cli';
import { WorkspaceModel } from '../../../server/src/service/index/workspaceModel';

// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const HOSTILE = 'bad \u001b]0;owned\u0007 \u009b2J\nsvc: nothing to push';
const ESCAPED = 'bad \\x1b]0;owned\\x07 \\u009b2J\\nsvc: nothing to push';

test('svc: an internal error is one escaped line for its message, then its stack frames; exit 2', () => {
  const err = new TypeError(HOSTILE);
  let printed = '';
  assert.equal(
    reportInternalError(err, (text) => (printed += text)),
    2,
  );
  assert.doesNotMatch(printed, RAW_CONTROL);
  const lines = printed.trimEnd().split('\n');
  assert.equal(lines[0], `svc: internal error: TypeError: ${ESCAPED}`);
  assert.ok(lines.length > 1, 'the stack frames follow');
  assert.ok(
    lines.slice(1).every((l) => /^\s+at /.test(l)),
    'every other line is a frame: none forged',
  );
});

test('svc-lint: an internal error (the project index failing) is printed escaped the same way; exit 2', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-internal-'));
  try {
    const policy = JSON.stringify({ $schema: 'https://svc.invalid/schemas/policy.schema.json', id: 'p', name: 'P', rate: 10, per: 60 });
    writeFileSync(join(dir, 'given.json'), policy);
    writeFileSync(join(dir, 'other.json'), policy);
    t.mock.method(WorkspaceModel.prototype, 'updateFile', () => {
      throw new Error(HOSTILE);
    });
    const run = runLintAsProcess(['given.json'], dir);
    assert.equal(run.exitCode, 2);
    assert.doesNotMatch(run.stderr, RAW_CONTROL);
    const lines = run.stderr.split('\n');
    assert.equal(lines[0], `svc-lint: internal error: Error: ${ESCAPED}`);
    assert.ok(lines.slice(1).every((l) => /^\s+at /.test(l)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('escapeErrorForTerminal: a plain message keeps its stack as is; a value, an empty message and a changed message are escaped on one line', () => {
  // Just inside: nothing to escape, the stack comes out unchanged.
  const plain = new Error('plain message');
  assert.equal(escapeErrorForTerminal(plain), plain.stack);
  // A thrown value that is no Error.
  assert.equal(escapeErrorForTerminal('a\u001b[2Jb\nc'), 'a\\x1b[2Jb\\nc');
  // No message: the header is the name alone.
  const empty = new RangeError('');
  assert.equal(escapeErrorForTerminal(empty), empty.stack);
  // The message changed after the error was made: the stack no longer starts with it, all on one line.
  const changed = new Error('first');
  assert.ok(changed.stack, 'V8 writes the stack when it is first read');
  changed.message = 'second\nforged';
  const shown = escapeErrorForTerminal(changed);
  assert.ok(!shown.includes('\n') && shown.startsWith('Error: first\\n    at '), shown);
  // A tab (not a control that moves the cursor oddly) is left alone.
  assert.ok(escapeErrorForTerminal(new Error('a\tb')).startsWith('Error: a\tb\n'));
});
