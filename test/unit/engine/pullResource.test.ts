// Pulling one resource into a workspace file, called directly with the server's version in hand
// (no server): the file's name, its format, what is said, and what happens to a file that holds
// the user's work: asked about, kept, copied aside or merged, never lost. docs/sync.md, "Pull".
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { formatDocument, hashDocument } from '../../../engine/src/sync/canonicalJson';
import { overwriteReason, pullResource, type PullPorts, type PullRequest } from '../../../engine/src/sync/pull';
import type { OverwriteDecision, OverwriteReason } from '../../../engine/src/sync/pullTypes';
import { SyncStateStore } from '../../../engine/src/sync/stateStore';

const oas = (title: string, extra: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  info: { title, version: '1' },
  paths: {},
  'x-svc-api-gateway': { info: { id: 'a1', name: title, state: { active: true } }, upstream: { url: 'http://u.invalid' } },
  ...extra,
});

interface Harness {
  root: string;
  store: SyncStateStore;
  asked: Array<{ file: string; reason: OverwriteReason; environment: string }>;
  ports(options?: { decision?: OverwriteDecision; unsaved?: string; merge?: boolean }): PullPorts;
  pull(request: Partial<PullRequest> & { document?: unknown; name?: string }, ports?: PullPorts): ReturnType<typeof pullResource>;
  read(relative: string): Promise<string>;
  done(): Promise<void>;
}

async function harness(): Promise<Harness> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'svc-pull-')));
  const store = new SyncStateStore();
  const asked: Harness['asked'] = [];
  const ports: Harness['ports'] = ({ decision = 'skip', unsaved, merge = false } = {}) => ({
    client: undefined as never,
    store,
    unsavedText: () => unsaved,
    decideOverwrite: (info) => {
      asked.push(info);
      return Promise.resolve(decision);
    },
    ...(merge ? { resolveMerge: () => Promise.resolve(new Map()) } : {}),
  });
  return {
    root,
    store,
    asked,
    ports,
    pull: ({ document = oas('Payments'), name = 'Payments', ...request }, usePorts = ports()) =>
      pullResource(usePorts, {
        environment: 'prod',
        target: { kind: 'oas', id: 'a1' },
        root,
        folder: 'svc',
        remote: { exists: true, document, name },
        ...request,
      }),
    read: (relative) => fs.readFile(path.join(root, relative), 'utf8'),
    done: () => fs.rm(root, { recursive: true, force: true }),
  };
}

test('a resource gone from the server: nothing written, and the message says so by kind and environment', async () => {
  const h = await harness();
  try {
    const outcome = await h.pull({ remote: { exists: false }, target: { kind: 'policy', id: 'p1' } });
    assert.deepEqual(outcome, { status: 'missing', message: "The policy is no longer on 'prod': refresh the view." });
    await assert.rejects(fs.access(path.join(h.root, 'svc')));
  } finally {
    await h.done();
  }
});

test('a first pull: the file named after the resource, the message names it, the record holds both hashes', async () => {
  const h = await harness();
  try {
    const document = oas('Payments');
    const outcome = await h.pull({ document });
    assert.equal(outcome.status, 'pulled');
    assert.equal(outcome.file, path.join(h.root, 'svc', 'payments.oas.json'));
    assert.equal(outcome.message, "Pulled the OAS API 'Payments' from 'prod' into svc/payments.oas.json.");
    assert.equal(await h.read('svc/payments.oas.json'), formatDocument(document));
    const record = (await h.store.get(h.root)).files['svc/payments.oas.json'];
    assert.equal(record.remoteHash, hashDocument('oas', document));
    assert.equal(record.localHash, record.remoteHash);
    assert.deepEqual(record.target, { kind: 'oas', id: 'a1' });
    assert.equal(record.environment, 'prod');
  } finally {
    await h.done();
  }
});

test('a resource without a name is named and announced by its id; the public form says it cannot be pushed back', async () => {
  const h = await harness();
  try {
    const unnamed = await h.pull({ name: undefined as unknown as string, remote: { exists: true, document: oas('x') }, target: { kind: 'oas', id: 'abc123' } });
    assert.equal(unnamed.message, "Pulled the OAS API 'abc123' from 'prod' into svc/abc123.oas.json.");
    const publicForm = await h.pull({ mode: 'public' });
    assert.equal(publicForm.file, path.join(h.root, 'svc', 'payments-public.oas.json'));
    assert.equal(
      publicForm.message,
      "Pulled the OAS API 'Payments' from 'prod' into svc/payments-public.oas.json (public form, without x-svc-api-gateway: it cannot be pushed back).",
    );
  } finally {
    await h.done();
  }
});

test("a name already taken, by a file on disk or by another resource's record, gets the id appended", async () => {
  const h = await harness();
  try {
    await fs.mkdir(path.join(h.root, 'svc'));
    await fs.writeFile(path.join(h.root, 'svc', 'payments.oas.json'), '{"mine": true}\n');
    const besideAFile = await h.pull({});
    assert.equal(besideAFile.file, path.join(h.root, 'svc', 'payments-a1.oas.json'));
    assert.equal(await h.read('svc/payments.oas.json'), '{"mine": true}\n', "the user's file is untouched");

    // Recorded for another resource, its file since deleted: the name is still that resource's.
    const other = await harness();
    try {
      await other.pull({ target: { kind: 'oas', id: 'b2' } });
      await fs.rm(path.join(other.root, 'svc', 'payments.oas.json'));
      const besideARecord = await other.pull({ target: { kind: 'oas', id: 'a1' } });
      assert.equal(besideARecord.file, path.join(other.root, 'svc', 'payments-a1.oas.json'));
    } finally {
      await other.done();
    }
  } finally {
    await h.done();
  }
});

test('format yaml: OAS and streams documents are written as YAML, other kinds stay JSON', async () => {
  const h = await harness();
  try {
    assert.match((await h.pull({ format: 'yaml' })).file!, /payments\.oas\.yaml$/);
    assert.match(await h.read('svc/payments.oas.yaml'), /^openapi: 3\.0\.3$/m);
    const streams = await h.pull({ format: 'yaml', target: { kind: 'streams', id: 's1' }, name: 'Events' });
    assert.match(streams.file!, /events\.streams\.yaml$/);
    const policy = await h.pull({ format: 'yaml', target: { kind: 'policy', id: 'p1' }, name: 'Gold', document: { rate: 1 } });
    assert.match(policy.file!, /gold\.policy\.json$/);
    assert.equal(await h.read('svc/gold.policy.json'), '{\n  "rate": 1\n}\n');
  } finally {
    await h.done();
  }
});

test('pulling again: unchanged when file and record match the server; rewritten when only the record is behind or the file is only reformatted', async () => {
  const h = await harness();
  try {
    await h.pull({});
    const again = await h.pull({});
    assert.deepEqual(again, {
      status: 'unchanged',
      file: path.join(h.root, 'svc', 'payments.oas.json'),
      message: "payments.oas.json is already up to date with 'prod'.",
    });

    // The same text on disk, but the record says another server version: rewritten and recorded.
    await h.store.update(h.root, (s) => {
      s.files['svc/payments.oas.json'].remoteHash = 'older';
    });
    assert.equal((await h.pull({})).status, 'pulled');
    assert.equal((await h.store.get(h.root)).files['svc/payments.oas.json'].remoteHash, hashDocument('oas', oas('Payments')));

    // Reformatted by the user (same value): nothing to lose, so nobody is asked; written as pulled.
    await fs.writeFile(path.join(h.root, 'svc', 'payments.oas.json'), JSON.stringify(oas('Payments')));
    assert.equal((await h.pull({})).status, 'pulled');
    assert.equal(h.asked.length, 0);
    assert.equal(await h.read('svc/payments.oas.json'), formatDocument(oas('Payments')));
  } finally {
    await h.done();
  }
});

test('local changes: skip keeps them and says which (local or unsaved); the question names file, reason and environment', async () => {
  const h = await harness();
  try {
    await h.pull({});
    const file = path.join(h.root, 'svc', 'payments.oas.json');
    await fs.writeFile(file, formatDocument(oas('Payments (mine)')));
    const skipped = await h.pull({ document: oas('Payments (server)') });
    assert.deepEqual(skipped, { status: 'skipped', file, message: 'Pull of payments.oas.json skipped: your local changes are kept.' });
    assert.deepEqual(h.asked, [{ file, reason: 'modified', environment: 'prod' }]);
    assert.equal(await h.read('svc/payments.oas.json'), formatDocument(oas('Payments (mine)')));

    const unsaved = await h.pull({ document: oas('Payments (server)') }, h.ports({ unsaved: '{ "typing": ' }));
    assert.equal(unsaved.message, 'Pull of payments.oas.json skipped: your unsaved changes are kept.');
    assert.equal(h.asked[1].reason, 'unsaved');
  } finally {
    await h.done();
  }
});

test('local changes, "keep mine as a copy": the copy holds what the user sees (unsaved text first), beside the file, under a free name', async () => {
  const h = await harness();
  try {
    await h.pull({});
    const file = path.join(h.root, 'svc', 'payments.oas.json');
    await fs.writeFile(file, formatDocument(oas('Payments (mine)')));
    await fs.writeFile(path.join(h.root, 'svc', 'payments.oas.mine.json'), 'an older copy\n');
    const copied = await h.pull({ document: oas('Payments (server)') }, h.ports({ decision: 'copy' }));
    assert.equal(copied.status, 'pulled');
    assert.equal(copied.copiedTo, path.join(h.root, 'svc', 'payments.oas.mine-2.json'));
    assert.equal(copied.message, "Pulled the OAS API 'Payments' from 'prod' into svc/payments.oas.json; your version is kept in payments.oas.mine-2.json.");
    assert.equal(await h.read('svc/payments.oas.mine-2.json'), formatDocument(oas('Payments (mine)')));
    assert.equal(await h.read('svc/payments.oas.mine.json'), 'an older copy\n');
    assert.equal(await h.read('svc/payments.oas.json'), formatDocument(oas('Payments (server)')));

    const unsavedText = '{ "unsaved": true }';
    const fromEditor = await h.pull({ document: oas('Payments (server 2)') }, h.ports({ decision: 'copy', unsaved: unsavedText }));
    assert.equal(await fs.readFile(fromEditor.copiedTo!, 'utf8'), unsavedText);
  } finally {
    await h.done();
  }
});

test('local changes, overwrite: the server version replaces the file, no copy', async () => {
  const h = await harness();
  try {
    await h.pull({});
    await fs.writeFile(path.join(h.root, 'svc', 'payments.oas.json'), formatDocument(oas('Payments (mine)')));
    const outcome = await h.pull({ document: oas('Payments (server)') }, h.ports({ decision: 'overwrite' }));
    assert.equal(outcome.status, 'pulled');
    assert.equal(outcome.copiedTo, undefined);
    assert.equal(outcome.message, "Pulled the OAS API 'Payments' from 'prod' into svc/payments.oas.json.");
    assert.equal(await h.read('svc/payments.oas.json'), formatDocument(oas('Payments (server)')));
  } finally {
    await h.done();
  }
});

test('a caller that can answer conflicts: recorded local changes are merged, not asked about; unsaved ones are still asked about', async () => {
  const h = await harness();
  try {
    await h.pull({});
    await fs.writeFile(path.join(h.root, 'svc', 'payments.oas.json'), formatDocument(oas('Payments', { 'x-mine': 1 })));
    const merged = await h.pull({ document: oas('Payments', { 'x-theirs': 2 }) }, h.ports({ merge: true }));
    assert.equal(merged.status, 'merged');
    assert.equal(h.asked.length, 0);
    assert.deepEqual(JSON.parse(await h.read('svc/payments.oas.json')), oas('Payments', { 'x-mine': 1, 'x-theirs': 2 }));

    const unsaved = await h.pull({ document: oas('Payments', { 'x-theirs': 3 }) }, h.ports({ merge: true, unsaved: '{}' }));
    assert.equal(unsaved.status, 'skipped');
    assert.equal(h.asked[0].reason, 'unsaved');

    // The server has not moved since: nothing to merge, so the local changes are asked about.
    await fs.writeFile(path.join(h.root, 'svc', 'payments.oas.json'), formatDocument(oas('Payments', { 'x-mine': 4 })));
    const serverStill = await h.pull({ document: oas('Payments', { 'x-theirs': 2 }) }, h.ports({ merge: true }));
    assert.equal(serverStill.status, 'skipped');
    assert.deepEqual(
      h.asked.map((a) => a.reason),
      ['unsaved', 'modified'],
    );
    assert.deepEqual(JSON.parse(await h.read('svc/payments.oas.json')), oas('Payments', { 'x-mine': 4 }));
  } finally {
    await h.done();
  }
});

test('a pulled folder that leads outside the workspace: refused before anything is written, naming the setting', async () => {
  const h = await harness();
  const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-pull-outside-'));
  try {
    await fs.symlink(outside, path.join(h.root, 'svc'));
    await assert.rejects(h.pull({}), /svc\.pull\.folder/);
    assert.deepEqual(await fs.readdir(outside), []);
    await fs.rm(path.join(h.root, 'svc'));
    await fs.symlink(outside, path.join(h.root, '.svc'));
    await assert.rejects(h.pull({}), /the \.svc folder/);
  } finally {
    await h.done();
    await fs.rm(outside, { recursive: true, force: true });
  }
});

test('overwriteReason: nothing to lose (same text, or the same value as recorded) needs no answer; otherwise why', () => {
  const target = { kind: 'oas' as const, id: 'a1' };
  const pulled = formatDocument({ a: 1 });
  const recorded = hashDocument('oas', { a: 1 });
  assert.equal(overwriteReason(pulled, pulled, pulled, recorded, target), undefined, 'an open editor holding the disk text');
  assert.equal(overwriteReason('{"a": 2}', pulled, pulled, recorded, target), 'unsaved');
  assert.equal(overwriteReason(undefined, pulled, pulled, undefined, target), undefined, 'the very text pulled, even unrecorded');
  assert.equal(overwriteReason(undefined, '{"a":1}', pulled, undefined, target), 'unrecorded');
  assert.equal(overwriteReason(undefined, '{"a":1}', pulled, recorded, target), undefined, 'reformatted, same value');
  assert.equal(overwriteReason(undefined, '{"a":2}', pulled, recorded, target), 'modified');
  assert.equal(overwriteReason(undefined, '{"a":', pulled, recorded, target), 'modified', 'a file that no longer parses');
  assert.equal(overwriteReason(undefined, 'a: 1\n', formatDocument({ a: 2 }), recorded, target, 'x.oas.yaml'), undefined, 'read as YAML by its name');
  assert.equal(overwriteReason(undefined, 'a: 1\n', formatDocument({ a: 2 }), recorded, target), 'modified', 'JSON by default');
});
