// A fresh `npm install` must leave package-lock.json as it is: npm rewrites the lock's root entry
// whenever it differs from package.json (an exact `1.6.32` written as `^1.6.32` in the lock did).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));

test('the lock’s root entry states every dependency range exactly as package.json does', () => {
  const rootEntry = lock.packages[''];
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
    assert.deepEqual(rootEntry[field] ?? {}, manifest[field] ?? {}, `${field} of the lock's root entry`);
  }
  assert.equal(lock.name, manifest.name);
  assert.equal(lock.version, manifest.version);
  assert.equal(rootEntry.version, manifest.version);
});

test('every dependency is locked at a version its range accepts', () => {
  for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies } as Record<string, string>)) {
    const locked = lock.packages[`node_modules/${name}`]?.version;
    assert.ok(locked, `${name} is in the lock`);
    if (/^\d+\.\d+\.\d+$/.test(range)) assert.equal(locked, range, `${name} is pinned`);
  }
});
