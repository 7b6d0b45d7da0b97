// What `svc-sandbox` prints at start: exactly one `… listening on <URL>` line (stdout and stderr
// together), then the data folder and the three credential lines scripts read, in that form.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..', '..');

test('svc-sandbox prints one listening line and the three credential lines', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', '--memory', '--port', '0'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
      if (/Admin-Auth: .*\n/.test(stdout)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`CLI exited early (${code}): ${stdout}${stderr}`)));
  });
  child.kill('SIGTERM');
  await exited;
  const all = `${stdout}\n${stderr}`;
  assert.equal((all.match(/listening on/g) ?? []).length, 1, all);
  const lines = stdout.trimEnd().split('\n');
  assert.match(lines[0], /^Svc sandbox listening on http:\/\/127\.0\.0\.1:\d+$/);
  assert.match(lines[1], /^ {2}data folder: {9}\(memory only\)$/);
  assert.match(lines[2], /^ {2}X-Svc-Authorization: \S+$/);
  assert.match(lines[3], /^ {2}Authorization: {7}Bearer \S+$/);
  assert.match(lines[4], /^ {2}Admin-Auth: {10}\S+$/);
  assert.equal(lines.length, 5);
});
