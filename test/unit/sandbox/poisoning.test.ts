// Bad input never poisons the sandbox: a body nested deeper than MAX_BODY_DEPTH is refused with
// 400 before it is stored (memory and data-folder modes), and a write that cannot be saved
// answers an error and leaves memory as it was, so later reads keep working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHarness } from './helpers.js';
import { MAX_BODY_DEPTH, nestingDepth } from '../../../sandbox/src/http/body.js';

/** A policy whose body is nested `depth` levels deep in total (the policy object is level 1). */
function deepPolicy(id: string, depth: number): string {
  return `{"id":"${id}","name":"${id}","meta_data":{"x":${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}}}`;
}

test('nestingDepth counts brackets outside strings only', () => {
  assert.equal(nestingDepth('{"a":[1,{"b":"[[[{{"}]}'), 3);
  assert.equal(nestingDepth('"\\"[["'), 0);
  assert.equal(nestingDepth(deepPolicy('p', 40)), 40);
});

for (const mode of ['memory', 'data folder'] as const) {
  test(`${mode}: a body nested ${MAX_BODY_DEPTH + 1} deep gets 400, ${MAX_BODY_DEPTH} is stored, and every list still answers`, async () => {
    const dataDir = mode === 'memory' ? undefined : mkdtempSync(join(tmpdir(), 'svc-deep-'));
    const h = await startHarness(dataDir ? { memory: false, dataDir } : {});
    try {
      const tooDeep = await h.call('POST', '/svc/policies', { raw: deepPolicy('too-deep', MAX_BODY_DEPTH + 1) });
      assert.equal(tooDeep.status, 400);
      assert.match(tooDeep.body.message, /nested 513 levels deep; the limit is 512/);
      const huge = await h.call('POST', '/svc/policies', { raw: deepPolicy('huge', 100_000) });
      assert.equal(huge.status, 400);
      const deepKey = await h.call('POST', '/api/keys/deep-key', { raw: `{"meta_data":${'['.repeat(20_000)}${']'.repeat(20_000)}}` });
      assert.equal(deepKey.status, 400);
      const atLimit = await h.call('POST', '/svc/policies', { raw: deepPolicy('at-limit', MAX_BODY_DEPTH) });
      assert.equal(atLimit.status, 200);
      const list = await h.call('GET', '/svc/policies');
      assert.equal(list.status, 200);
      assert.deepEqual(
        list.body.map((p: any) => p.id).filter((id: string) => id !== 'at-limit' && /deep|huge/.test(id)),
        [],
      );
      assert.ok(list.body.some((p: any) => p.id === 'at-limit'));
      assert.equal((await h.call('GET', '/api/keys')).status, 200);
      assert.equal((await h.call('GET', '/api/apis/-/keys/deep-key')).status, 404);
      if (dataDir) {
        await h.close();
        const again = await startHarness({ memory: false, dataDir });
        const ids = (await again.call('GET', '/svc/policies')).body.map((p: any) => p.id);
        assert.ok(ids.includes('at-limit'), 'the accepted write survived the restart');
        await again.close();
      }
    } finally {
      await h.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

test('a write that cannot be saved answers an error and leaves memory unchanged (create and update)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-unsaveable-'));
  const h = await startHarness({ memory: false, dataDir });
  try {
    assert.equal((await h.call('POST', '/svc/policies', { body: { id: 'kept', name: 'Before' } })).status, 200);
    // The policies folder becomes a file: every later write of a policy fails.
    rmSync(join(dataDir, 'policies'), { recursive: true, force: true });
    writeFileSync(join(dataDir, 'policies'), 'not a folder');
    const create = await h.call('POST', '/svc/policies', { body: { id: 'lost', name: 'Lost' } });
    assert.equal(create.status, 500);
    assert.match(create.body.message, /policies\/lost could not be saved/);
    const update = await h.call('PUT', '/svc/policies/kept', { body: { id: 'kept', name: 'After' } });
    assert.equal(update.status, 500);
    assert.equal((await h.call('GET', '/svc/policies/lost')).status, 404, 'the failed create is not in memory');
    assert.equal((await h.call('GET', '/svc/policies/kept')).body.name, 'Before', 'the failed update is undone');
    assert.equal((await h.call('GET', '/svc/policies')).status, 200);
  } finally {
    await h.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
