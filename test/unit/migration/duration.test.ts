// migration-mapping.md §5: seconds become the shortest Go-style readable duration.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { duration } from '../../../migration/src/index.js';

test('seconds → shortest readable duration', () => {
  assert.equal(duration(60), '1m');
  assert.equal(duration(90), '1m30s');
  assert.equal(duration(0), '0s');
  assert.equal(duration(3600), '1h');
  assert.equal(duration(3661), '1h1m1s');
  assert.equal(duration(86400), '24h');
  assert.equal(duration(1.5), '1s500ms');
});
