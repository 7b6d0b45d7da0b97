// Which arrays the diff and merge edit member by member, and by what identity: targets by URL (or
// as URL strings), versions by name, access rights by API id, extended_paths lists by method and
// path (`*` when an entry has no method), anything by operationId. An array where one member lacks
// its identity, or two share one, is a single value; so is any array when no array has members.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IDENTITY_RULES, identityFor, keysOf } from '../../../engine/src/diff/arrayIdentity';

const keys = (path: Array<string | number>, ...arrays: unknown[][]) => {
  const identity = identityFor(path, arrays);
  return identity && arrays.map((a) => keysOf(a, identity));
};

test('each rule by its array: targets by URL or as strings, versions by name, access rights by API id', () => {
  assert.deepEqual(keys(['upstream', 'loadBalancing', 'targets'], [{ url: 'http://a' }, { url: 'http://b' }]), [['http://a', 'http://b']]);
  assert.deepEqual(keys(['proxy', 'targets'], ['http://a', 'http://b']), [['http://a', 'http://b']]);
  assert.deepEqual(keys(['versioning', 'versions'], [{ name: 'v1', id: 'x' }]), [['v1']]);
  assert.deepEqual(keys(['access_rights_array'], [{ api_id: 'a1', name: 'n' }]), [['a1']]);
});

test('a rule applies only to its own array: versions elsewhere are not keyed by name, nor API ids outside access rights', () => {
  assert.equal(keys(['tags'], [{ name: 'v1' }]), undefined);
  assert.equal(keys(['apis'], [{ api_id: 'a1' }]), undefined);
  assert.equal(keys(['extended_paths'], [{ path: '/a', method: 'GET' }]), undefined, 'the middleware lists are one level below extended_paths');
});

test('extended_paths middleware lists: by method and path, `*` for an entry without a method; an entry without a path has no identity', () => {
  const path = ['version_data', 'versions', 'Default', 'extended_paths', 'ignored'];
  assert.deepEqual(
    keys(path, [
      { path: '/a', method: 'GET' },
      { path: '/a', method: 'POST' },
      { path: '/b', method_actions: {} },
    ]),
    [['GET /a', 'POST /a', '* /b']],
  );
  assert.equal(keys(path, [{ path: '/a', method: 'GET' }, { method: 'GET' }]), undefined);
});

test('anything listed by operationId is keyed by it, wherever it is', () => {
  assert.deepEqual(keys(['x-operations'], [{ operationId: 'list' }, { operationId: 'get' }]), [['list', 'get']]);
});

test('a missing, non-text or repeated identity makes the array one value; members that are not objects have none', () => {
  assert.equal(keys(['versions'], [{ name: 'v1' }, { name: 'v1' }]), undefined, 'repeated');
  assert.equal(keys(['versions'], [{ name: 'v1' }, { id: 'x' }]), undefined, 'missing');
  assert.equal(keys(['versions'], [{ name: 1 }]), undefined, 'not text');
  assert.equal(keys(['versions'], [null]), undefined, 'null');
  assert.equal(keys(['versions'], [['name']]), undefined, 'an array member');
  assert.equal(keys(['versions'], ['v1']), undefined, 'a string where an object is expected');
  assert.equal(keysOf([{ name: 'a' }, { name: 'a' }], IDENTITY_RULES[1].identity), undefined);
});

test('an empty array takes the identity of the other side; two empty arrays have none', () => {
  assert.deepEqual(keys(['versions'], [], [{ name: 'v1' }]), [[], ['v1']]);
  assert.equal(identityFor(['versions'], [[], []]), undefined);
  assert.equal(identityFor(['versions'], []), undefined);
  assert.equal(keys(['versions'], [{ name: 'v1' }], [{ id: 'no name' }]), undefined, 'every non-empty side must have identities');
});
