// `npm start` opens a copy of samples/workspace (scripts/lib/demoWorkspace.mjs), so a demo session
// leaves the repository clean: the first run copies, later runs keep the user's edits and additions,
// and a reset brings back the samples as they are. The folder start.mjs opens is that copy, in the
// start profile, never the repository's samples.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
// @ts-expect-error: a plain .mjs module of the build scripts, without type declarations
import { demoFolderToOpen, prepareDemoWorkspace, startProfileDir } from '../../../scripts/lib/demoWorkspace.mjs';

function samples(): { source: string; target: string } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-demo-'));
  const source = join(dir, 'samples', 'workspace');
  mkdirSync(join(source, 'apis'), { recursive: true });
  writeFileSync(join(source, 'README.md'), 'samples\n');
  writeFileSync(join(source, 'apis', 'orders.classic.json'), '{"name":"Orders"}\n');
  return { source, target: join(dir, 'profile', 'workspace') };
}

test('the first run copies the samples, folders and all, and leaves the samples as they were', () => {
  const { source, target } = samples();
  assert.equal(prepareDemoWorkspace({ source, target }), 'copied');
  assert.equal(readFileSync(join(target, 'apis', 'orders.classic.json'), 'utf8'), '{"name":"Orders"}\n');
  assert.equal(readFileSync(join(target, 'README.md'), 'utf8'), 'samples\n');
  writeFileSync(join(target, 'apis', 'orders.classic.json'), '{"name":"Orders (fixed)"}\n');
  assert.equal(readFileSync(join(source, 'apis', 'orders.classic.json'), 'utf8'), '{"name":"Orders"}\n', 'an edit of the copy stays in the copy');
});

test('a later run keeps the copy as the user left it: edits, pulled files and deletions', () => {
  const { source, target } = samples();
  prepareDemoWorkspace({ source, target });
  writeFileSync(join(target, 'apis', 'orders.classic.json'), '{"name":"Orders (fixed)"}\n');
  mkdirSync(join(target, 'svc'));
  writeFileSync(join(target, 'svc', 'pulled.oas.json'), '{}');
  rmSync(join(target, 'README.md'));
  writeFileSync(join(source, 'new-sample.json'), '{}');
  assert.equal(prepareDemoWorkspace({ source, target }), 'kept');
  assert.ok(!existsSync(join(target, 'README.md')), 'a file the user deleted stays deleted');
  assert.equal(readFileSync(join(target, 'apis', 'orders.classic.json'), 'utf8'), '{"name":"Orders (fixed)"}\n');
  assert.ok(existsSync(join(target, 'svc', 'pulled.oas.json')));
  assert.ok(!existsSync(join(target, 'new-sample.json')), 'a kept copy is not merged with the samples');
});

test('a reset replaces the copy with the samples as they are now; a reset with no copy yet is a first copy', () => {
  const { source, target } = samples();
  assert.equal(prepareDemoWorkspace({ source, target, reset: true }), 'copied');
  writeFileSync(join(target, 'apis', 'orders.classic.json'), 'edited');
  mkdirSync(join(target, 'svc'));
  writeFileSync(join(source, 'new-sample.json'), '{}');
  assert.equal(prepareDemoWorkspace({ source, target, reset: true }), 'reset');
  assert.equal(readFileSync(join(target, 'apis', 'orders.classic.json'), 'utf8'), '{"name":"Orders"}\n');
  assert.ok(!existsSync(join(target, 'svc')));
  assert.ok(existsSync(join(target, 'new-sample.json')));
});

test('missing samples are an error that names the folder, and nothing is created', () => {
  const { target } = samples();
  assert.throws(() => prepareDemoWorkspace({ source: join(target, 'nowhere'), target }), /samples to copy are missing: .*nowhere/);
  assert.ok(!existsSync(target));
});

test('the copy lives in the start profile: $XDG_CACHE_HOME when set, ~/.cache otherwise', () => {
  assert.equal(startProfileDir({ XDG_CACHE_HOME: '/x/cache' }, '/home/u'), join('/x/cache', 'svc-gateway-tools', 'start-profile'));
  assert.equal(startProfileDir({}, '/home/u'), join('/home/u', '.cache', 'svc-gateway-tools', 'start-profile'));
});

test('the real samples folder exists where start.mjs copies it from', () => {
  assert.ok(existsSync(join(__dirname, '..', '..', '..', 'samples', 'workspace', 'apis')));
});

/** A repository with its samples, and a cache folder beside it (`cacheName`) for the start profile. */
function repository(cacheName = 'cache'): { root: string; env: { XDG_CACHE_HOME: string }; samplesDir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-start-'));
  const root = join(dir, 'repo');
  const samplesDir = join(root, 'samples', 'workspace');
  mkdirSync(join(samplesDir, 'apis'), { recursive: true });
  writeFileSync(join(samplesDir, 'apis', 'orders.classic.json'), '{"name":"Orders"}\n');
  return { root, env: { XDG_CACHE_HOME: join(dir, cacheName) }, samplesDir };
}

test('the folder npm start opens is the copy in the start profile, never the repository samples', () => {
  const { root, env, samplesDir } = repository();
  const first = demoFolderToOpen({ root, env, home: '/nohome' });
  assert.equal(first.profile, startProfileDir(env, '/nohome'));
  assert.equal(first.folder, join(first.profile, 'workspace'));
  assert.notEqual(first.folder, samplesDir);
  assert.ok(relative(root, first.folder).startsWith('..'), `${first.folder} is outside the repository`);
  assert.equal(first.prepared, 'copied');
  assert.equal(readFileSync(join(first.folder, 'apis', 'orders.classic.json'), 'utf8'), '{"name":"Orders"}\n');
  // Later runs open the same copy, kept; a reset makes it fresh.
  assert.deepEqual(demoFolderToOpen({ root, env, home: '/nohome' }), { ...first, prepared: 'kept' });
  assert.deepEqual(demoFolderToOpen({ root, env, home: '/nohome', reset: true }), { ...first, prepared: 'reset' });
});

test('a start profile inside the repository is refused (nothing copied); one beside it whose name starts alike is not', () => {
  const inside = repository();
  const env = { XDG_CACHE_HOME: join(inside.root, '.cache') };
  assert.throws(() => demoFolderToOpen({ root: inside.root, env }), /the demo workspace .* would be inside the repository .*: set XDG_CACHE_HOME/);
  assert.ok(!existsSync(env.XDG_CACHE_HOME), 'nothing written into the repository');
  // Just outside: `repo-cache` beside `repo` shares its name's start, and is not inside it.
  const beside = repository('repo-cache');
  assert.equal(demoFolderToOpen({ root: beside.root, env: beside.env }).prepared, 'copied');
});

test('start.mjs takes the folder it opens from demoFolderToOpen and names no other', () => {
  const start = readFileSync(join(__dirname, '..', '..', '..', 'scripts', 'start.mjs'), 'utf8');
  assert.match(start, /demoFolderToOpen\(\{ root,/);
  assert.doesNotMatch(start, /prepareDemoWorkspace|startProfileDir|join\([^)]*['"]samples/);
});
