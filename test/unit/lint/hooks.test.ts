// The pre-commit framework's hook definition and the documented husky hook: they run the
// svc-lint this package installs, on staged definitions only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '../../..');

test(".pre-commit-hooks.yaml: the svc-lint hook runs the package's svc-lint bin on JSON files", () => {
  const text = readFileSync(join(root, '.pre-commit-hooks.yaml'), 'utf8');
  const field = (name: string) => text.match(new RegExp(`^\\s+${name}: (.*)$`, 'm'))?.[1];
  assert.match(text, /^- id: svc-lint$/m);
  const bins = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin as Record<string, string>;
  const [bin, ...args] = field('entry')!.split(' ');
  assert.ok(bins[bin], 'the entry is a bin of this package');
  // pre-commit appends the staged names: after `--` they are literal paths, never globs or options.
  assert.deepEqual(args, ['--']);
  assert.equal(field('language'), 'node');
  const files = new RegExp(field('files')!);
  assert.ok(files.test('apis/orders.json') && files.test('a.jsonc'));
  assert.ok(!files.test('README.md') && !files.test('x.json.bak'));
});

test('the documented husky hook lints the staged definitions only', (t) => {
  const git = spawnSync('git', ['--version']);
  if (git.status !== 0) return t.skip('git is not installed');
  const docs = readFileSync(join(root, 'docs/svc-lint.md'), 'utf8');
  const hook = docs.match(/\*\*husky\*\*[\s\S]*?```sh\n(.*)\n```/)?.[1];
  assert.ok(hook, 'docs/svc-lint.md shows the husky hook');
  const dir = mkdtempSync(join(tmpdir(), 'svc-hook-'));
  try {
    const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: dir, encoding: 'utf8' });
    run('git', ['init', '-q']);
    mkdirSync(join(dir, 'apis'));
    // Staged and broken; staged and fine; broken but not staged; staged then deleted from disk.
    writeFileSync(join(dir, 'apis/staged-broken.json'), '{ "name": "x", "api_id": "a", "proxy": { "listen_path": "no-slash/", "target_url": "http://u" } }\n');
    writeFileSync(join(dir, 'apis/staged-ok.json'), '{ "rate": 10, "per": 60, "access_rights": {} }\n');
    writeFileSync(join(dir, 'apis/unstaged-broken.json'), '{ "name": "y", "api_id": "b", "proxy": { "listen_path": "bad/", "target_url": "http://u" } }\n');
    run('git', ['add', 'apis/staged-broken.json', 'apis/staged-ok.json']);
    // `npx svc-lint` of the hook is this repository's bin.
    const script = hook!.replace('npx svc-lint', `node ${JSON.stringify(join(root, 'bin/svc-lint.js'))}`);
    const result = spawnSync('sh', ['-c', script], { cwd: dir, encoding: 'utf8' });
    assert.notEqual(result.status, 0, 'the commit is stopped');
    assert.match(result.stdout, /staged-broken\.json:1:\d+ error svc\.semantic\.listen-path/);
    assert.doesNotMatch(result.stdout, /unstaged-broken/);
    run('git', ['rm', '-q', '--cached', 'apis/staged-broken.json']);
    const clean = spawnSync('sh', ['-c', script], { cwd: dir, encoding: 'utf8' });
    assert.equal(clean.status, 0, clean.stdout + clean.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
