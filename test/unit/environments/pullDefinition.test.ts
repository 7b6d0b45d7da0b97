// The pull of a definition for an environment of svc.environments.json, which `svc pull --env` and
// the editor's Pull and Pull All share (engine/src/environments/pullDefinition.ts): where a server
// change goes (overlay or definition), when it waits for a choice, local and unsaved changes, the
// file a new resource gets, and the loop over an environment's resources. On files, no server.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import { readDeployRecord, writeDeployRecord } from '../../../engine/src/environments/deployState';
import {
  definitionFileFor,
  definitionIndex,
  pullDefinition,
  pullEnvironment,
  type EnvPullItem,
  type PullDefinitionRequest,
} from '../../../engine/src/environments/pullDefinition';
import { pulledRecord } from '../../../engine/src/environments/recordDeploy';
import { overlaySets } from '../../../engine/src/environments/render';
import { parseSelectors } from '../../../engine/src/environments/selection';
import type { RemoteTarget } from '../../../engine/src/sync/syncKinds';

const FILE = 'svc/gold.policy.json';
const OVERLAY = `environments/production/${FILE}`;
const DEV_OVERLAY = `environments/development/${FILE}`;
const TARGET: RemoteTarget = { kind: 'policy', id: 'gold' };
const DEFINITION = { name: 'Gold', rate: 1000, per: 60, tags: ['team-a'] };

const roots: string[] = [];
let root: string;
after(async () => Promise.all(roots.map((r) => fs.rm(r, { recursive: true, force: true }))));

const write = async (file: string, value: unknown) => {
  await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await fs.writeFile(path.join(root, file), `${JSON.stringify(value, null, 2)}\n`);
};
const read = async (file: string) => JSON.parse(await fs.readFile(path.join(root, file), 'utf8'));
const exists = (file: string) =>
  fs.access(path.join(root, file)).then(
    () => true,
    () => false,
  );

/** Production as last deployed: the definition with its overlay, the server's version of then as the base. */
async function deployed(overlay: unknown, server: unknown): Promise<void> {
  await write(FILE, DEFINITION);
  if (overlay !== undefined) await write(OVERLAY, overlay);
  await writeDeployRecord(root, pulledRecord('production', FILE, TARGET, { base: DEFINITION, overlay, identity: { '/id': 'gold' } }, server));
}

const request = async (remote: unknown, more: Partial<PullDefinitionRequest> = {}): Promise<PullDefinitionRequest> => ({
  root,
  environment: 'production',
  others: ['development'],
  file: FILE,
  record: await readDeployRecord(root, 'production', FILE),
  target: TARGET,
  remote,
  ...more,
});

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-pull-definition-'));
  roots.push(root);
});

describe('where a server change goes', () => {
  test('a member the overlay sets: the overlay takes it; the definition is not touched; the record takes the server version', async () => {
    await deployed({ rate: 4000 }, { ...DEFINITION, rate: 4000, id: 'gold' });
    const before = await fs.readFile(path.join(root, FILE), 'utf8');
    const result = await pullDefinition(await request({ ...DEFINITION, rate: 4321, id: 'gold' }));
    assert.equal(result.status, 'pulled');
    assert.deepEqual(result.status === 'pulled' && result.wrote, [OVERLAY]);
    assert.deepEqual(await read(OVERLAY), { rate: 4321 });
    assert.equal(await fs.readFile(path.join(root, FILE), 'utf8'), before);
    const record = await readDeployRecord(root, 'production', FILE);
    assert.deepEqual(record?.base, { ...DEFINITION, rate: 4321, id: 'gold' });
    assert.equal((await pullDefinition(await request({ ...DEFINITION, rate: 4321, id: 'gold' }))).status, 'unchanged', 'pulled again: nothing to do');
  });

  test('a member only the definition sets, which development renders too: nothing is written until `into` says where', async () => {
    await deployed({ rate: 4000 }, { ...DEFINITION, rate: 4000, id: 'gold' });
    const remote = { ...DEFINITION, rate: 4000, per: 30, id: 'gold' };
    const recordBefore = await fs.readFile(path.join(root, `.svc-deploy/production/${FILE}`), 'utf8');
    const waiting = await pullDefinition(await request(remote));
    assert.deepEqual(waiting, { status: 'needs-choice', file: FILE, overlayFile: OVERLAY, affected: ['development'] });
    assert.deepEqual(await read(FILE), DEFINITION);
    assert.deepEqual(await read(OVERLAY), { rate: 4000 });
    assert.equal(await fs.readFile(path.join(root, `.svc-deploy/production/${FILE}`), 'utf8'), recordBefore, 'nothing recorded');

    const intoOverlay = await pullDefinition(await request(remote, { into: 'overlay' }));
    assert.deepEqual(intoOverlay.status === 'pulled' && intoOverlay.wrote, [OVERLAY]);
    assert.deepEqual(await read(OVERLAY), { rate: 4000, per: 30 });
    assert.deepEqual(await read(FILE), DEFINITION);
  });

  test('into the definition: every environment gets it', async () => {
    await deployed({ rate: 4000 }, { ...DEFINITION, rate: 4000, id: 'gold' });
    const result = await pullDefinition(await request({ ...DEFINITION, rate: 4000, per: 30, id: 'gold' }, { into: 'base' }));
    assert.deepEqual(result.status === 'pulled' && result.wrote, [FILE]);
    assert.deepEqual(await read(FILE), { ...DEFINITION, per: 30 }, 'the ids stay out of the definition');
    assert.deepEqual(await read(OVERLAY), { rate: 4000 });
  });

  test('no question when no other environment renders the member differently: alone, or its overlay sets that member', async () => {
    await deployed(undefined, { ...DEFINITION, id: 'gold' });
    const alone = await pullDefinition(await request({ ...DEFINITION, per: 30, id: 'gold' }, { others: [] }));
    assert.deepEqual(alone.status === 'pulled' && alone.wrote, [FILE]);

    await deployed(undefined, { ...DEFINITION, id: 'gold' });
    await write(DEV_OVERLAY, { per: 10 });
    const shielded = await pullDefinition(await request({ ...DEFINITION, per: 30, id: 'gold' }));
    assert.deepEqual(shielded.status === 'pulled' && shielded.wrote, [FILE], "development's overlay sets per: its rendering does not move");
  });

  test('a definition not there yet is written whole, with the server’s ids (its home environment’s)', async () => {
    const result = await pullDefinition(await request({ ...DEFINITION, id: 'gold' }));
    assert.equal(result.status, 'pulled');
    assert.deepEqual(await read(FILE), { ...DEFINITION, id: 'gold' }, 'first pull: the home environment’s ids');
    assert.equal(await exists(OVERLAY), false, 'no overlay needed');
  });
});

describe('changes here', () => {
  test('a definition changed since the last deploy is kept, unless forced', async () => {
    await deployed(undefined, { ...DEFINITION, id: 'gold' });
    await write(FILE, { ...DEFINITION, rate: 7 });
    const kept = await pullDefinition(await request({ ...DEFINITION, rate: 5, id: 'gold' }));
    assert.deepEqual(kept, { status: 'kept', file: FILE, reason: 'modified' });
    assert.equal((await read(FILE)).rate, 7);
    const forced = await pullDefinition(await request({ ...DEFINITION, rate: 5, id: 'gold' }, { force: true, others: [] }));
    assert.equal(forced.status, 'pulled');
    assert.equal((await read(FILE)).rate, 5);
  });

  test('unsaved edits count for the files about to be written only', async () => {
    await deployed({ rate: 4000 }, { ...DEFINITION, rate: 4000, id: 'gold' });
    const unsavedOverlay = { unsaved: (file: string) => file === OVERLAY };
    const kept = await pullDefinition(await request({ ...DEFINITION, rate: 4321, id: 'gold' }), unsavedOverlay);
    assert.deepEqual(kept, { status: 'kept', file: FILE, reason: 'unsaved' });
    assert.deepEqual(await read(OVERLAY), { rate: 4000 });
    const baseOnly = await pullDefinition(await request({ ...DEFINITION, rate: 4000, per: 30, id: 'gold' }, { into: 'base' }), unsavedOverlay);
    assert.equal(baseOnly.status, 'pulled', 'the overlay is not written, so its unsaved edits are not in the way');
  });

  test('writes go through the port (the editor writes open files through their editor)', async () => {
    await deployed({ rate: 4000 }, { ...DEFINITION, rate: 4000, id: 'gold' });
    const written: string[] = [];
    await pullDefinition(await request({ ...DEFINITION, rate: 1, id: 'gold' }), {
      writeText: async (file, text) => {
        written.push(file);
        await fs.writeFile(path.join(root, file), text);
      },
    });
    assert.deepEqual(written, [OVERLAY]);
  });
});

describe('which definition, and the loop over an environment', () => {
  test('the recorded definition; else the pull folder and the name, with the id when the name is taken', async () => {
    await deployed(undefined, { ...DEFINITION, id: 'gold' });
    const index = definitionIndex(new Map([[FILE, (await readDeployRecord(root, 'production', FILE))!]]));
    assert.deepEqual(definitionFileFor(index, 'svc', TARGET, 'Another name').file, FILE, 'recorded');
    assert.equal(definitionFileFor(index, 'svc', { kind: 'policy', id: 'silver' }, 'Silver').file, 'svc/silver.policy.json');
    assert.equal(definitionFileFor(index, 'svc', { kind: 'policy', id: 'silver2' }, 'Silver').file, 'svc/silver-silver2.policy.json');
    assert.equal(definitionFileFor(definitionIndex(new Map()), '.', { kind: 'policy', id: 'x' }, 'Gold').file, 'gold.policy.json');
  });

  test('missing, failed, not selected and pulled, in order; an error the caller calls fatal ends the run', async () => {
    const targets: RemoteTarget[] = [
      { kind: 'policy', id: 'gone' },
      { kind: 'policy', id: 'broken' },
      { kind: 'policy', id: 'other' },
      { kind: 'policy', id: 'gold' },
    ];
    const remotes = [
      { exists: false },
      new Error('read failed'),
      { exists: true, name: 'Other', document: { name: 'Other', tags: ['team-b'] } },
      { exists: true, name: 'Gold', document: { ...DEFINITION, id: 'gold' } },
    ] as const;
    const seen: Array<[number, EnvPullItem['status'], string | undefined]> = [];
    const records = new Map();
    await pullEnvironment(
      {
        root,
        environment: 'production',
        others: [],
        folder: 'svc',
        records,
        targets,
        remoteOf: async (i) => remotes[i],
        selectors: parseSelectors(['tag:team-a']),
      },
      { onItem: (i, item) => void seen.push([i, item.status, item.file]) },
    );
    assert.deepEqual(seen, [
      [0, 'missing', undefined],
      [1, 'failed', undefined],
      [2, 'not-selected', 'svc/other.policy.json'],
      [3, 'pulled', 'svc/gold.policy.json'],
    ]);
    assert.ok(records.has('svc/gold.policy.json'), 'the records follow the pulls');
    await assert.rejects(
      pullEnvironment(
        { root, environment: 'production', others: [], folder: 'svc', records, targets, remoteOf: async (i) => remotes[i] },
        { onItem: () => undefined, isFatal: (err) => (err as Error).message === 'read failed' },
      ),
      /read failed/,
    );
  });
});

test('overlaySets: the member, or a parent the overlay sets as a whole', () => {
  const overlay = { rate: 1, upstream: { url: 'x' }, targets: ['a'] };
  assert.ok(overlaySets(overlay, '/rate'));
  assert.ok(overlaySets(overlay, '/upstream/url'));
  assert.ok(!overlaySets(overlay, '/upstream/timeout'));
  assert.ok(overlaySets(overlay, '/targets/0'), 'an array is replaced whole');
  assert.ok(!overlaySets(overlay, '/per'));
  assert.ok(!overlaySets(undefined, '/rate'));
  assert.ok(overlaySets({ 'a/b': 1 }, '/a~1b'));
});
