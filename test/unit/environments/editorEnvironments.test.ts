// The editor's side of environments declared in svc.environments.json, without VS Code: which
// environment a file is compared with (and whether rendered), and the pull that asks where the
// CLI refuses (definition or overlay; local changes), with the question's wording.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import { chooseEnvironment, definitionOfPath, isUnder } from '../../../client/src/workflows/promote/environmentChoice';
import { intoQuestion, pullAsking, type PullQuestions } from '../../../client/src/workflows/promote/pullQuestions';
import { readDeployRecord, writeDeployRecord } from '../../../engine/src/environments/deployState';
import { pulledRecord } from '../../../engine/src/environments/recordDeploy';
import type { PullDefinitionRequest } from '../../../engine/src/environments/pullDefinition';

describe('which environment a file is compared with', () => {
  const declared = ['development', 'production'];
  test('named by the caller: rendered when declared, else the bare file', () => {
    assert.deepEqual(chooseEnvironment({ declared, tracking: [], explicit: 'production' }), { kind: 'rendered', environment: 'production' });
    assert.deepEqual(chooseEnvironment({ declared, tracking: ['production'], explicit: 'Local sandbox' }), { kind: 'bare', environment: 'Local sandbox' });
  });

  test('an overlay belongs to its environment', () => {
    assert.deepEqual(chooseEnvironment({ declared, tracking: ['development', 'production'], overlayOf: 'production', active: 'development' }), {
      kind: 'rendered',
      environment: 'production',
    });
  });

  test('the one environment that tracks it; the active one among several; else a question', () => {
    assert.deepEqual(chooseEnvironment({ declared, tracking: ['production'], active: 'Local sandbox' }), { kind: 'rendered', environment: 'production' });
    assert.deepEqual(chooseEnvironment({ declared, tracking: ['development', 'production'], active: 'production' }), {
      kind: 'rendered',
      environment: 'production',
    });
    assert.deepEqual(chooseEnvironment({ declared, tracking: ['development', 'production'], active: 'Local sandbox' }), {
      kind: 'ask',
      choices: ['development', 'production'],
    });
  });

  test("a file pulled the old way keeps its environment; a declared one's record is taken as tracking", () => {
    assert.deepEqual(chooseEnvironment({ declared, tracking: [], recorded: ['Local sandbox'], active: 'production' }), {
      kind: 'bare',
      environment: 'Local sandbox',
    });
    assert.deepEqual(chooseEnvironment({ declared, tracking: [], recorded: ['production'] }), { kind: 'rendered', environment: 'production' });
  });

  test('nothing known: the active environment (rendered when declared), or none', () => {
    assert.deepEqual(chooseEnvironment({ declared, tracking: [], active: 'development' }), { kind: 'rendered', environment: 'development' });
    assert.deepEqual(chooseEnvironment({ declared: [], tracking: [], active: 'Local sandbox' }), { kind: 'bare', environment: 'Local sandbox' });
    assert.deepEqual(chooseEnvironment({ declared, tracking: [] }), { kind: 'bare' });
  });

  test('paths: an overlay of a declared environment stands for its definition; folders contain what is under them', () => {
    assert.deepEqual(definitionOfPath('environments/production/svc/gold.policy.json', ['production']), {
      file: 'svc/gold.policy.json',
      overlayOf: 'production',
    });
    assert.deepEqual(definitionOfPath('environments/staging/svc/gold.policy.json', ['production']), { file: 'environments/staging/svc/gold.policy.json' });
    assert.deepEqual(definitionOfPath('svc/gold.policy.json', ['production']), { file: 'svc/gold.policy.json' });
    assert.ok(isUnder('svc/a/b.json', 'svc/a'));
    assert.ok(isUnder('svc/a/b.json', ''));
    assert.ok(!isUnder('svc/ab/b.json', 'svc/a'));
  });
});

describe('the pull that asks', () => {
  const FILE = 'svc/gold.policy.json';
  const OVERLAY = `environments/production/${FILE}`;
  const DEFINITION = { name: 'Gold', rate: 1000, per: 60 };
  const roots: string[] = [];
  let root: string;
  after(async () => Promise.all(roots.map((r) => fs.rm(r, { recursive: true, force: true }))));
  const write = async (file: string, value: unknown) => {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), `${JSON.stringify(value, null, 2)}\n`);
  };
  const read = async (file: string) => JSON.parse(await fs.readFile(path.join(root, file), 'utf8'));

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-pull-asking-'));
    roots.push(root);
    await write(FILE, DEFINITION);
    await write(OVERLAY, { rate: 4000 });
    const server = { ...DEFINITION, rate: 4000, id: 'gold' };
    await writeDeployRecord(
      root,
      pulledRecord('production', FILE, { kind: 'policy', id: 'gold' }, { base: DEFINITION, overlay: { rate: 4000 }, identity: { '/id': 'gold' } }, server),
    );
  });

  const request = async (remote: unknown): Promise<PullDefinitionRequest> => ({
    root,
    environment: 'production',
    others: ['development'],
    file: FILE,
    record: await readDeployRecord(root, 'production', FILE),
    target: { kind: 'policy', id: 'gold' },
    remote,
  });

  /** Questions answered in advance; what was asked is written down. */
  function answering(answers: { local?: 'overwrite' | 'copy' | 'skip'; into?: 'base' | 'overlay' }) {
    const asked: string[] = [];
    const questions: PullQuestions = {
      askLocal: async (file, reason) => (asked.push(`local ${file} ${reason}`), answers.local ?? 'skip'),
      keepCopies: async (file, overlay) => (asked.push(`copy ${file} ${overlay}`), ['svc/gold.policy.mine.json']),
      askInto: async (facts) => (asked.push(`into ${facts.items.map((i) => `${i.file} → ${i.affected.join(',')}`).join('; ')}`), answers.into),
    };
    return { asked, questions };
  }

  test('a change that would reach development: asked once; the overlay', async () => {
    const { asked, questions } = answering({ into: 'overlay' });
    const result = await pullAsking(await request({ ...DEFINITION, rate: 4000, per: 30, id: 'gold' }), {}, questions);
    assert.equal(result.status, 'pulled');
    assert.deepEqual(asked, [`into ${FILE} → development`]);
    assert.deepEqual(await read(OVERLAY), { rate: 4000, per: 30 });
    assert.deepEqual(await read(FILE), DEFINITION);
  });

  test('the definition', async () => {
    const { questions } = answering({ into: 'base' });
    await pullAsking(await request({ ...DEFINITION, rate: 4000, per: 30, id: 'gold' }), {}, questions);
    assert.deepEqual(await read(FILE), { ...DEFINITION, per: 30 });
  });

  test('cancel: nothing written', async () => {
    const { questions } = answering({});
    const result = await pullAsking(await request({ ...DEFINITION, rate: 4000, per: 30, id: 'gold' }), {}, questions);
    assert.deepEqual(result, { status: 'skipped', file: FILE, why: 'no-choice' });
    assert.deepEqual(await read(FILE), DEFINITION);
    assert.deepEqual(await read(OVERLAY), { rate: 4000 });
  });

  test('no question for a member the overlay sets', async () => {
    const { asked, questions } = answering({});
    const result = await pullAsking(await request({ ...DEFINITION, rate: 5000, id: 'gold' }), {}, questions);
    assert.equal(result.status, 'pulled');
    assert.deepEqual(asked, []);
    assert.deepEqual(await read(OVERLAY), { rate: 5000 });
  });

  test('local changes: kept when the answer is keep; replaced after a copy when the answer is copy', async () => {
    await write(OVERLAY, { rate: 4444 });
    const keep = answering({ local: 'skip' });
    assert.deepEqual(await pullAsking(await request({ ...DEFINITION, rate: 5000, id: 'gold' }), {}, keep.questions), {
      status: 'skipped',
      file: FILE,
      why: 'kept',
    });
    assert.deepEqual(await read(OVERLAY), { rate: 4444 });

    const copy = answering({ local: 'copy' });
    const result = await pullAsking(await request({ ...DEFINITION, rate: 5000, id: 'gold' }), {}, copy.questions);
    assert.equal(result.status, 'kept-copy');
    assert.deepEqual(copy.asked, [`local ${FILE} modified`, `copy ${FILE} ${OVERLAY}`]);
    assert.deepEqual(await read(OVERLAY), { rate: 5000 });
  });

  test('the question names the definitions, the environments they reach, and where the overlay is', () => {
    const one = intoQuestion({ environment: 'production', items: [{ file: FILE, overlayFile: OVERLAY, affected: ['development', 'staging'] }] });
    assert.match(one.message, /'production' changed svc\/gold\.policy\.json in members its overlay does not set\. .*changes 'development', 'staging' too/);
    assert.match(one.detail, /only 'production' gets it, in environments\/production\/svc\/gold\.policy\.json/);
    assert.equal(one.base, 'Write to the Definition (changes development, staging too)');
    assert.equal(one.overlay, "Write to production's Overlay");
    const many = intoQuestion({
      environment: 'production',
      items: Array.from({ length: 10 }, (_, i) => ({ file: `svc/p${i}.policy.json`, overlayFile: '', affected: ['development'] })),
    });
    assert.match(many.message, /changed 10 definitions/);
    assert.match(many.detail, /… and 2 more/);
  });
});
