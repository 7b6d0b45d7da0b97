// The quick check of `svc diff` and `svc push` (quickCheck.ts), without a server: a pulled file's
// normalised hash (none for a file outside the workspace, unreadable or not JSON), whether the
// file and the server's version are as recorded, and the name a resource is shown by.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { hashDocument } from '../../../engine/src/sync/canonicalJson';
import { LocalHashCache } from '../../../engine/src/sync/localHashes';
import { localStateOf, nameOf, unchangedLocally, unchangedRemotely } from '../../../engine/src/sync/quickCheck';
import type { SyncRecord } from '../../../engine/src/sync/stateFile';

let root: string;
let hashes: LocalHashCache;
const policy = { id: 'gold', name: 'Gold', rate: 10, per: 60 };
const everywhere = () => true;

before(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-quick-'));
  await fs.writeFile(path.join(root, 'gold.policy.json'), JSON.stringify(policy, null, 2));
  await fs.writeFile(path.join(root, 'broken.policy.json'), '{ "id": ');
  hashes = await LocalHashCache.load(root);
});
after(async () => {
  if (root) await fs.rm(root, { recursive: true, force: true });
});

const record = (localHash: string, remoteHash = 'r'): SyncRecord =>
  ({ environment: 'sb', target: { kind: 'policy', id: 'gold' }, localHash, remoteHash }) as unknown as SyncRecord;

test("a readable pulled file's state is its normalised hash, whatever its indentation", () => {
  const state = localStateOf(hashes, 'gold.policy.json', path.join(root, 'gold.policy.json'), 'policy', everywhere);
  assert.deepEqual(state, { hash: hashDocument('policy', policy) });
});

test('a file outside the workspace is not read: no hash, even though it could be read', () => {
  let asked = '';
  const outside = (file: string) => ((asked = file), false);
  assert.deepEqual(localStateOf(hashes, 'gold.policy.json', path.join(root, 'gold.policy.json'), 'policy', outside), {});
  assert.equal(asked, path.join(root, 'gold.policy.json'));
});

test('a file that is gone, or no longer JSON, has no hash (the full check says why)', () => {
  assert.deepEqual(localStateOf(hashes, 'gone.policy.json', path.join(root, 'gone.policy.json'), 'policy', everywhere), {});
  assert.deepEqual(localStateOf(hashes, 'broken.policy.json', path.join(root, 'broken.policy.json'), 'policy', everywhere), {});
});

test('unchanged locally exactly when the hash is the recorded one; no hash is never unchanged', () => {
  const hash = hashDocument('policy', policy);
  assert.equal(unchangedLocally({ hash }, record(hash)), true);
  assert.equal(unchangedLocally({ hash: `${hash}x` }, record(hash)), false);
  assert.equal(unchangedLocally({}, record(hash)), false);
});

test('unchanged remotely exactly when the server has it and its version hashes as recorded', () => {
  const remoteHash = hashDocument('policy', policy);
  assert.equal(unchangedRemotely({ exists: true, document: policy }, record('l', remoteHash)), true);
  assert.equal(unchangedRemotely({ exists: true, document: { ...policy, rate: 11 } }, record('l', remoteHash)), false);
  assert.equal(unchangedRemotely({ exists: false }, record('l', hashDocument('policy', undefined))), false);
});

test("a resource's name: the server's name first, else an OAS or streams document's own, else its id", () => {
  const oas = { info: { title: 'Title' }, 'x-svc-api-gateway': { info: { name: 'Gateway name' } } };
  assert.equal(nameOf('policy', { exists: true, name: 'Named', document: {} }, 'id-1'), 'Named');
  assert.equal(nameOf('oas', { exists: true, document: oas }, 'id-2'), 'Gateway name');
  assert.equal(nameOf('streams', { exists: true, document: { info: { title: 'Stream title' } } }, 'id-3'), 'Stream title');
  assert.equal(nameOf('policy', { exists: true, document: { name: 'not read for policies' } }, 'id-4'), 'id-4');
  assert.equal(nameOf('classic', { exists: true, document: oas }, 'id-5'), 'id-5', 'only OAS and streams documents name themselves');
  assert.equal(nameOf('oas', { exists: true, document: {} }, 'id-6'), 'id-6');
});
