// Nothing is written outside the workspace folder: a committed `.svc/state.json` whose file key
// traverses (`../../…`), a committed `svc` symlink leading out, a `.svc` symlink, an absolute
// pull folder — each pull is refused with a message naming the file, and nothing is written
// outside (nor inside: the state stays as it was).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { ManagementClient } from '../../../api/src';
import { startSandbox } from '../../../sandbox/src/index';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { pullResource } from '../../../client/src/workflows/sync/pull';
import { SyncStateStore } from '../../../client/src/workflows/sync/stateStore';
import { containedPath, OutsideWorkspaceError } from '../../../engine/src/sync/pathContainment';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;
let client: ManagementClient;
let base: string;
const target = { kind: 'classic' as const, id: SEED_API_IDS.weatherClassic };

before(async () => {
  sandbox = await startSandbox({ port: 0, memory: true });
  client = new ManagementClient({ name: 'unit', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-contain-'));
});
after(async () => {
  await sandbox?.close();
  await fs.rm(base, { recursive: true, force: true });
});

/** A fresh workspace folder beside an "outside" folder, both under `base`. */
async function workspace(name: string): Promise<{ root: string; outside: string }> {
  const root = path.join(base, name, 'workspace');
  const outside = path.join(base, name, 'outside');
  await fs.mkdir(root, { recursive: true });
  await fs.mkdir(outside, { recursive: true });
  return { root, outside };
}
const pull = (root: string, folder = 'svc') =>
  pullResource(
    { client, store: new SyncStateStore(), unsavedText: () => undefined, decideOverwrite: async () => 'overwrite' },
    { environment: 'sb', target, root, folder },
  );
const listing = async (dir: string) => (await fs.readdir(dir, { recursive: true })).sort();

test('a committed state file whose key traverses out is refused, naming .svc/state.json; nothing is written outside', async () => {
  const { root, outside } = await workspace('traverse');
  const evil = path.relative(root, path.join(outside, 'evil.json')).split(path.sep).join('/');
  assert.match(evil, /^\.\.\//);
  const state = { version: 1, files: { [evil]: { environment: 'sb', target, remoteHash: 'x', localHash: 'x', pulledAt: '2026-01-01T00:00:00Z' } } };
  await fs.mkdir(path.join(root, '.svc'));
  await fs.writeFile(path.join(root, '.svc', 'state.json'), JSON.stringify(state));
  const before = await fs.readFile(path.join(root, '.svc', 'state.json'), 'utf8');
  await assert.rejects(pull(root), (error: unknown) => {
    assert.ok(error instanceof OutsideWorkspaceError);
    assert.match(error.message, /^Refused: \.svc\/state\.json names '\.\.\/outside\/evil\.json', which .*outside the workspace folder/);
    return true;
  });
  assert.deepEqual(await listing(outside), [], 'nothing written outside');
  assert.equal(await fs.readFile(path.join(root, '.svc', 'state.json'), 'utf8'), before, 'the state is unchanged');
});

test('a committed svc symlink leading out of the workspace does not redirect pulls', async () => {
  const { root, outside } = await workspace('symlink');
  await fs.symlink(outside, path.join(root, 'svc'));
  await assert.rejects(
    pull(root),
    (error: unknown) =>
      error instanceof OutsideWorkspaceError && /resolves \(through a symbolic link\) to/.test(error.message) && error.message.includes('svc.pull.folder'),
  );
  assert.deepEqual(await listing(outside), []);
});

test('a .svc symlink leading out is refused too, and a pull folder outside (absolute or ..) is refused', async () => {
  const { root, outside } = await workspace('dotsvc');
  await fs.symlink(outside, path.join(root, '.svc'));
  await assert.rejects(pull(root), OutsideWorkspaceError);
  assert.deepEqual(await listing(outside), []);
  const other = await workspace('folder');
  await assert.rejects(pull(other.root, other.outside), OutsideWorkspaceError);
  await assert.rejects(pull(other.root, '../outside'), OutsideWorkspaceError);
  assert.deepEqual(await listing(other.outside), []);
});

test('just inside: a pull folder that is a symlink to another folder of the workspace works', async () => {
  const { root } = await workspace('inside');
  await fs.mkdir(path.join(root, 'apis'));
  await fs.symlink(path.join(root, 'apis'), path.join(root, 'svc'));
  const outcome = await pull(root);
  assert.equal(outcome.status, 'pulled');
  assert.equal((await fs.readdir(path.join(root, 'apis'))).length, 1);
  assert.equal(await containedPath(root, 'svc/new/deeper.json', 'test'), path.join(root, 'svc', 'new', 'deeper.json'));
});

test('a dangling symlink pointing out is refused (the write would land outside)', async () => {
  const { root, outside } = await workspace('dangling');
  await fs.mkdir(path.join(root, 'svc'));
  await fs.symlink(path.join(outside, 'later.json'), path.join(root, 'svc', 'weather.classic.json'));
  await assert.rejects(containedPath(root, 'svc/weather.classic.json', 'the pulled name'), OutsideWorkspaceError);
});

test('a state file replaced on disk while the store holds the old one (git pull) is read again, and its traversing key refused', async () => {
  const { root, outside } = await workspace('replaced');
  const store = new SyncStateStore();
  const ports = { client, store, unsavedText: () => undefined, decideOverwrite: async () => 'overwrite' as const };
  const first = await pullResource(ports, { environment: 'sb', target, root, folder: 'svc' });
  assert.equal(first.status, 'pulled');
  const evil = path.relative(root, path.join(outside, 'evil.json')).split(path.sep).join('/');
  const state = JSON.parse(await fs.readFile(path.join(root, '.svc', 'state.json'), 'utf8'));
  state.files = { [evil]: Object.values(state.files)[0] };
  await new Promise((resolve) => setTimeout(resolve, 20)); // a later modification time
  await fs.writeFile(path.join(root, '.svc', 'state.json'), JSON.stringify(state));
  await assert.rejects(pullResource(ports, { environment: 'sb', target, root, folder: 'svc' }), OutsideWorkspaceError);
  assert.deepEqual(await listing(outside), []);
});
