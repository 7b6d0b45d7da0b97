// readContained (readContainment.ts): what sync reads of a workspace file, refused with the reason
// when it lies outside the workspace, named by the state file or given by the user.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { OutsideWorkspaceReadError, readContained } from '../../../engine/src/sync/readContainment';

let base: string;
let root: string;
before(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-read-'));
  root = path.join(base, 'ws');
  await fs.mkdir(path.join(root, 'svc'), { recursive: true });
  await fs.writeFile(path.join(root, 'svc/a.json'), '{"a":1}');
  await fs.writeFile(path.join(base, 'secret.json'), '{"secret":1}');
  await fs.symlink(path.join(base, 'secret.json'), path.join(root, 'svc/link.json'));
});
after(async () => {
  if (base) await fs.rm(base, { recursive: true, force: true });
});

test('a file inside is read, relative to the root or absolute', async () => {
  assert.equal(await readContained(root, 'svc/a.json', '.svc/state.json'), '{"a":1}');
  assert.equal(await readContained(root, path.join(root, 'svc/a.json'), 'the command line'), '{"a":1}');
});

test('a state entry leading out: refused, nothing read, the entry to remove named', async () => {
  await assert.rejects(readContained(root, '../secret.json', '.svc/state.json'), (err: unknown) => {
    assert.ok(err instanceof OutsideWorkspaceReadError);
    assert.equal(
      err.message,
      `Refused to read '../secret.json' (named by .svc/state.json): it is outside the workspace folder '${root}'. Nothing was read or sent. ` +
        'Remove the entry from .svc/state.json (or pull again into a folder inside the workspace).',
    );
    return true;
  });
});

test('a file given by the user, linked out: refused with the real path it leads to', async () => {
  await assert.rejects(readContained(root, 'svc/link.json', 'the command line'), (err: unknown) => {
    assert.ok(err instanceof OutsideWorkspaceReadError);
    const real = err.outside.realPath!;
    assert.equal(path.basename(real), 'secret.json');
    assert.equal(
      err.message,
      `Refused to read 'svc/link.json' (named by the command line): it resolves through a symbolic link to '${real}', ` +
        `outside the workspace folder '${root}'. Nothing was read or sent. Name a file inside the workspace folder.`,
    );
    return true;
  });
});

test('a file inside that is gone: the file system error, not a containment refusal', async () => {
  await assert.rejects(readContained(root, 'svc/gone.json', '.svc/state.json'), (err: unknown) => {
    assert.ok(!(err instanceof OutsideWorkspaceReadError));
    assert.equal((err as NodeJS.ErrnoException).code, 'ENOENT');
    return true;
  });
});
