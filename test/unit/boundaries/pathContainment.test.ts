// Path containment at its boundaries, without a server: the root itself and `..x` names are
// inside, `..` and anything that climbs out are not; symlinks (also dangling ones) are followed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { containedPath, OutsideWorkspaceError } from '../../../engine/src/sync/pathContainment';

let base: string;
let root: string;
let outside: string;
before(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-contain-unit-')));
  root = path.join(base, 'ws');
  outside = path.join(base, 'elsewhere');
  await fs.mkdir(path.join(root, 'svc', 'deep'), { recursive: true });
  await fs.mkdir(outside);
  await fs.writeFile(path.join(root, 'svc', 'file.json'), '{}');
});
after(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

async function refusal(given: string, source = '.svc/state.json'): Promise<OutsideWorkspaceError> {
  try {
    await containedPath(root, given, source);
  } catch (e) {
    assert.ok(e instanceof OutsideWorkspaceError, String(e));
    return e;
  }
  assert.fail(`'${given}' was accepted`);
}

test('just inside: the root itself, names starting with two dots, and paths that climb back in', async () => {
  assert.equal(await containedPath(root, '', 's'), root);
  assert.equal(await containedPath(root, '.', 's'), root);
  assert.equal(await containedPath(root, '..x', 's'), path.join(root, '..x'));
  assert.equal(await containedPath(root, '..x/y.json', 's'), path.join(root, '..x', 'y.json'));
  assert.equal(await containedPath(root, 'svc/../svc/a.json', 's'), path.join(root, 'svc', 'a.json'));
  assert.equal(await containedPath(root, path.join(root, 'svc', 'new', 'x.json'), 's'), path.join(root, 'svc', 'new', 'x.json'));
  assert.equal(await containedPath(root, 'svc/file.json', 's'), path.join(root, 'svc', 'file.json'));
  assert.equal(await containedPath(root, '../ws/a.json', 's'), path.join(root, 'a.json'), 'out and back in by name');
  assert.equal(await containedPath(root + path.sep, 'svc/a.json', 's'), path.join(root, 'svc', 'a.json'), 'a root with a trailing separator');
});

test('just outside: `..`, `../x`, a sibling sharing the prefix, an absolute path elsewhere', async () => {
  for (const given of ['..', '../x.json', 'svc/../../x.json', '../ws2/a.json', outside, path.join(outside, 'a.json'), '/']) {
    const e = await refusal(given);
    assert.equal(e.given, given);
    assert.equal(e.realPath, undefined, `${given}: refused as written, before any symlink`);
  }
});

test('the refusal names the path, where it came from and what to do', async () => {
  const e = await refusal('../evil.json');
  assert.equal(e.source, '.svc/state.json');
  assert.equal(e.root, root);
  assert.equal(
    e.message,
    `Refused: .svc/state.json names '../evil.json', which outside the workspace folder '${root}'. Nothing was written. ` +
      'Check .svc/state.json (delete the entry, or the file, and pull again).',
  );
  const setting = await refusal('../evil.json', 'the setting svc.pull.folder');
  assert.equal(setting.message.endsWith('Check the setting svc.pull.folder.'), true, setting.message);
});

test('a symlink inside the workspace leading out is refused with its real path; one leading to another inside folder is fine', async () => {
  await fs.symlink(outside, path.join(root, 'out-link'), 'dir');
  await fs.symlink(path.join(root, 'svc'), path.join(root, 'in-link'), 'dir');
  const e = await refusal('out-link/a.json');
  assert.equal(e.realPath, path.join(outside, 'a.json'));
  assert.match(e.message, /resolves \(through a symbolic link\) to '.*elsewhere.a\.json', outside the workspace folder/);
  assert.equal(await containedPath(root, 'in-link/new/a.json', 's'), path.join(root, 'in-link', 'new', 'a.json'));
});

test('a dangling symlink pointing out is refused (a write would land outside); one pointing inside is fine', async () => {
  await fs.symlink(path.join(outside, 'missing', 'x'), path.join(root, 'dangling-out'));
  await fs.symlink(path.join(root, 'svc', 'not-yet'), path.join(root, 'dangling-in'));
  assert.equal((await refusal('dangling-out')).realPath, path.join(outside, 'missing', 'x'));
  assert.equal((await refusal('dangling-out/y.json')).realPath, path.join(outside, 'missing', 'x', 'y.json'));
  assert.equal((await refusal('dangling-out/y/z.json')).realPath, path.join(outside, 'missing', 'x', 'y', 'z.json'), 'segments in order');
  assert.equal((await refusal('out-link/new/y/z.json')).realPath, path.join(outside, 'new', 'y', 'z.json'), 'segments in order');
  assert.equal(await containedPath(root, 'dangling-in', 's'), path.join(root, 'dangling-in'));
});

test('a path through a file (ENOTDIR) is judged by its existing part; a root that is itself a symlink works', async () => {
  assert.equal(await containedPath(root, 'svc/file.json/x', 's'), path.join(root, 'svc', 'file.json', 'x'));
  const linkedRoot = path.join(base, 'ws-link');
  await fs.symlink(root, linkedRoot, 'dir');
  assert.equal(await containedPath(linkedRoot, 'svc/a.json', 's'), path.join(linkedRoot, 'svc', 'a.json'));
  await assert.rejects(containedPath(linkedRoot, '../elsewhere/a.json', 's'), OutsideWorkspaceError);
});

test('a symlink loop is an error of its own (ELOOP), not taken for a missing path', async () => {
  await fs.symlink(path.join(root, 'loop-b'), path.join(root, 'loop-a'));
  await fs.symlink(path.join(root, 'loop-a'), path.join(root, 'loop-b'));
  await assert.rejects(containedPath(root, 'loop-a/x.json', 's'), (e: NodeJS.ErrnoException) => e.code === 'ELOOP');
});
