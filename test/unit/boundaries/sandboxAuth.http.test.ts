// The sandbox's credential check as a client sees it: over HTTP on 127.0.0.1.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { startHarness } from '../sandbox/helpers';

test('over HTTP: `Authorization: Bearer ` (empty) and a truncated token get 401 from /api/apis; the full token gets 200', async () => {
  const h = await startHarness();
  try {
    const t = h.credentials.dashboardToken;
    assert.equal((await h.call('GET', '/api/apis', { auth: '' })).status, 401);
    assert.equal((await h.call('GET', '/api/apis', { auth: t.slice(0, -1) })).status, 401);
    const ok = await h.call('GET', '/api/apis');
    assert.equal(ok.status, 200);
  } finally {
    await h.close();
  }
});
