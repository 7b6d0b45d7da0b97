// `.svc/state.json` and `.svc/remote/`: what is kept of a pull, what a damaged state costs, and
// that neither the state nor a snapshot is ever written (or read) outside the workspace folder.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { OutsideWorkspaceError } from '../../../engine/src/sync/pathContainment';
import { findRecordFor, parseState, readSnapshot, readState, saveSnapshot, stateKeyOf, writeState, type SyncRecord } from '../../../engine/src/sync/stateFile';

let base: string;
before(async () => {
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-state-unit-')));
});
after(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

let count = 0;
const freshRoot = async () => {
  const root = path.join(base, `ws${++count}`);
  await fs.mkdir(root, { recursive: true });
  return root;
};

const record = (over: Partial<SyncRecord> = {}): SyncRecord => ({
  environment: 'dev',
  target: { kind: 'policy', id: 'gold' },
  remoteHash: 'r'.repeat(64),
  localHash: 'l'.repeat(64),
  pulledAt: '2026-11-28T00:00:00.000Z',
  ...over,
});
const HASH = 'ab'.repeat(32);

test('a state that is not a state file is refused with the reason: no files object, or another version', () => {
  for (const text of ['null', '3', '{"version":1}', '{"version":1,"files":null}', '{"version":1,"files":[]}', '{"version":1,"files":"x"}']) {
    assert.throws(() => parseState(text), /it has no "files" object/, text);
  }
  assert.throws(() => parseState('{"files":{}}'), /unknown version undefined/);
  assert.throws(() => parseState('{"version":2,"files":{}}'), /unknown version 2/);
  assert.deepEqual(parseState('{"version":1,"files":{}}'), { version: 1, files: {} });
});

test('one damaged entry costs that file its record only; each required member is checked', () => {
  const good = record();
  const damaged: Record<string, unknown> = {
    'no-record': null,
    'not-an-object': 'svc/x.json',
    environment: { ...good, environment: 1 },
    remoteHash: { ...good, remoteHash: undefined },
    localHash: { ...good, localHash: 7 },
    pulledAt: { ...good, pulledAt: false },
    'no-target': { ...good, target: undefined },
    'unknown-kind': { ...good, target: { kind: 'gateway', id: 'x' } },
    'id-not-a-string': { ...good, target: { kind: 'policy', id: 5 } },
  };
  const state = parseState(JSON.stringify({ version: 1, files: { 'svc/good.policy.json': good, ...damaged } }));
  assert.deepEqual(Object.keys(state.files), ['svc/good.policy.json']);
  assert.deepEqual(state.files['svc/good.policy.json'], good);
});

test('no state yet is an empty state without a problem; a folder in its place is an error, not an empty state', async () => {
  const root = await freshRoot();
  assert.deepEqual(await readState(root), { state: { version: 1, files: {} } });
  await fs.mkdir(path.join(root, '.svc', 'state.json'), { recursive: true });
  await assert.rejects(readState(root), (err: NodeJS.ErrnoException) => err.code === 'EISDIR');
});

test('a corrupt state is moved aside (its text kept), and the problem says why and where it went', async () => {
  const root = await freshRoot();
  await fs.mkdir(path.join(root, '.svc'));
  await fs.writeFile(path.join(root, '.svc', 'state.json'), '{"version":9,"files":{}}');
  const read = await readState(root);
  assert.deepEqual(read.state, { version: 1, files: {} });
  const names = await fs.readdir(path.join(root, '.svc'));
  assert.equal(names.includes('state.json'), false, 'the broken state is not left to be read again');
  const aside = names.find((n) => n.startsWith('state.json.corrupt-'));
  assert.ok(aside, names.join(', '));
  assert.match(aside, /^state\.json\.corrupt-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/, 'a file name without colons');
  assert.equal(await fs.readFile(path.join(root, '.svc', aside), 'utf8'), '{"version":9,"files":{}}');
  assert.equal(
    read.problem,
    `.svc/state.json could not be read (unknown version 9); it was moved to ${aside} and pull/push start afresh: files count as not pulled until you pull them again.`,
  );
});

test('the state is written sorted by file name, as 2-space JSON, with no temporary file left', async () => {
  const root = await freshRoot();
  const files = { 'svc/b.policy.json': record({ target: { kind: 'policy', id: 'b' } }), 'svc/a.policy.json': record() };
  await writeState(root, { version: 1, files });
  const text = await fs.readFile(path.join(root, '.svc', 'state.json'), 'utf8');
  assert.equal(
    text,
    `${JSON.stringify({ version: 1, files: { 'svc/a.policy.json': files['svc/a.policy.json'], 'svc/b.policy.json': files['svc/b.policy.json'] } }, null, 2)}\n`,
  );
  assert.deepEqual((await fs.readdir(path.join(root, '.svc'))).sort(), ['.gitignore', 'state.json']);
  assert.deepEqual((await readState(root)).state.files, files);
});

test('.svc/ keeps itself out of git; a .gitignore the user edited is left as it is', async () => {
  const root = await freshRoot();
  await writeState(root, { version: 1, files: {} });
  assert.equal(await fs.readFile(path.join(root, '.svc', '.gitignore'), 'utf8'), '# Svc pull/push state of this machine (see docs/sync.md)\n*\n');
  await fs.writeFile(path.join(root, '.svc', '.gitignore'), '# mine\n');
  await writeState(root, { version: 1, files: { 'svc/a.policy.json': record() } });
  assert.equal(await fs.readFile(path.join(root, '.svc', '.gitignore'), 'utf8'), '# mine\n');
});

test('a committed .svc that is a symlink leading out: neither the state nor a snapshot is written there', async () => {
  const root = await freshRoot();
  const elsewhere = path.join(base, `elsewhere${count}`);
  await fs.mkdir(elsewhere);
  await fs.symlink(elsewhere, path.join(root, '.svc'));
  const refused = (source: string) => (err: unknown) =>
    err instanceof OutsideWorkspaceError && err.source === source && err.message.includes(`Check ${source}`);
  await assert.rejects(writeState(root, { version: 1, files: { 'svc/a.policy.json': record() } }), refused('the .svc folder'));
  await assert.rejects(saveSnapshot(root, HASH, '{}\n'), refused('the .svc/remote folder'));
  assert.deepEqual(await fs.readdir(elsewhere), [], 'nothing landed outside the workspace');
});

test('a state.json that is a symlink leading out is not written through', async () => {
  const root = await freshRoot();
  const outsideFile = path.join(base, `outside-state${count}.json`);
  await fs.writeFile(outsideFile, 'theirs');
  await fs.mkdir(path.join(root, '.svc'));
  await fs.symlink(outsideFile, path.join(root, '.svc', 'state.json'));
  await assert.rejects(writeState(root, { version: 1, files: {} }), (err: unknown) => err instanceof OutsideWorkspaceError && err.source === '.svc/state.json');
  assert.equal(await fs.readFile(outsideFile, 'utf8'), 'theirs');
});

test('a snapshot is kept under its hash and read back; a hash that is not one reads nothing (no path from the state is followed)', async () => {
  const root = await freshRoot();
  await saveSnapshot(root, HASH, '{"a":1}\n');
  assert.equal(await fs.readFile(path.join(root, '.svc', 'remote', `${HASH}.json`), 'utf8'), '{"a":1}\n');
  assert.equal(await readSnapshot(root, HASH), '{"a":1}\n');
  assert.equal(await readSnapshot(root, 'cd'.repeat(32)), undefined, 'a snapshot that is gone');
  // A file a crafted state entry might point at: only a bare 64-digit hex hash is a snapshot name.
  await fs.writeFile(path.join(root, '.svc', 'remote', 'x.json'), 'not a snapshot');
  await fs.writeFile(path.join(root, 'secret.json'), 'not a snapshot');
  for (const hash of ['x', '../../secret', `${HASH}0`, HASH.slice(1), HASH.toUpperCase(), `a${HASH}`, `${HASH.slice(2)}/x`]) {
    assert.equal(await readSnapshot(root, hash), undefined, hash);
  }
  // Names that hold a hash but climb out of .svc/remote/ to files outside the workspace.
  await fs.writeFile(path.join(base, `evil-${HASH}.json`), 'outside');
  await fs.writeFile(path.join(base, 'evil.json'), 'outside');
  assert.equal(await readSnapshot(root, `../../../evil-${HASH}`), undefined);
  assert.equal(await readSnapshot(root, `${HASH}/../../../../evil`), undefined);
});

test('the record of a resource: same environment, kind, id, and public form or not', () => {
  const files = {
    'svc/other-env.json': record({ environment: 'prod' }),
    'svc/other-kind.json': record({ target: { kind: 'oas', id: 'gold' } }),
    'svc/other-id.json': record({ target: { kind: 'policy', id: 'silver' } }),
    'svc/gold.json': record(),
    'svc/public.json': record({ target: { kind: 'policy', id: 'gold', publicMode: true } }),
  };
  const state = { version: 1, files };
  assert.equal(findRecordFor(state, 'dev', { kind: 'policy', id: 'gold' }), 'svc/gold.json');
  assert.equal(findRecordFor(state, 'dev', { kind: 'policy', id: 'gold' }, true), 'svc/public.json');
  assert.equal(findRecordFor(state, 'dev', { kind: 'policy', id: 'bronze' }), undefined);
  assert.equal(findRecordFor(state, 'stage', { kind: 'policy', id: 'gold' }), undefined);
  assert.equal(stateKeyOf('/w', path.join('/w', 'svc', 'deep', 'a.json')), 'svc/deep/a.json');
});
