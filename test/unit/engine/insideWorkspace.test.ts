// insideWorkspace (readContainment.ts): which pulled files the quick check of `svc diff` and
// `svc push` may read on its own. Inside: a file in the root or a folder under it, a symlink to a
// file inside, a root reached through a symlink. Not inside: a path that traverses out, a folder
// or a file linked out, a file that is gone (the full way says why).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { insideWorkspace } from '../../../engine/src/sync/readContainment';

let base: string;
let root: string;
let outside: string;
before(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-inside-'));
  root = path.join(base, 'ws');
  outside = path.join(base, 'outside');
  await fs.mkdir(path.join(root, 'svc'), { recursive: true });
  await fs.mkdir(outside);
  for (const f of [path.join(root, 'top.json'), path.join(root, 'svc/a.json'), path.join(outside, 'o.json')]) await fs.writeFile(f, '{}');
  await fs.symlink(outside, path.join(root, 'linked-out'));
  await fs.symlink(path.join(root, 'svc'), path.join(root, 'linked-in'));
  await fs.symlink(path.join(outside, 'o.json'), path.join(root, 'svc/out.json'));
  await fs.symlink(path.join(root, 'svc/a.json'), path.join(root, 'svc/in.json'));
});
after(async () => {
  if (base) await fs.rm(base, { recursive: true, force: true });
});

test('files in the root and its folders are inside, absolute or relative to the root', () => {
  const inside = insideWorkspace(root);
  assert.equal(inside(path.join(root, 'top.json')), true);
  assert.equal(inside(path.join(root, 'svc/a.json')), true);
  assert.equal(inside('svc/a.json'), true);
});

test('a path that traverses out is not inside, even to a file that exists', () => {
  const inside = insideWorkspace(root);
  assert.equal(inside('../outside/o.json'), false);
  assert.equal(inside(path.join(outside, 'o.json')), false);
});

test('a folder linked out is not inside; a folder linked to one inside is', () => {
  const inside = insideWorkspace(root);
  assert.equal(inside('linked-out/o.json'), false);
  assert.equal(inside('linked-in/a.json'), true);
});

test('a file linked out is not inside; a file linked to one inside is', () => {
  const inside = insideWorkspace(root);
  assert.equal(inside('svc/out.json'), false);
  assert.equal(inside('svc/in.json'), true);
  assert.equal(inside('svc/a.json'), true, 'its folder answered once, for every file in it');
});

test('a file that is gone is not known to be inside', () => {
  assert.equal(insideWorkspace(root)('svc/gone.json'), false);
});

test('a root reached through a symlink: its files are inside', async () => {
  const alias = path.join(base, 'alias');
  await fs.symlink(root, alias);
  const inside = insideWorkspace(alias);
  assert.equal(inside('svc/a.json'), true);
  assert.equal(inside('svc/out.json'), false);
});

test('a path written outside the root is not inside, even where it resolves into it', async () => {
  const alias = path.join(base, 'alias-in');
  await fs.symlink(root, alias);
  assert.equal(insideWorkspace(root)('../alias-in/svc/a.json'), false);
});

test('a file in a folder that is gone is not known to be inside', () => {
  assert.equal(insideWorkspace(root)('gone-folder/a.json'), false);
});
