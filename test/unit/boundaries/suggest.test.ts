// "Did you mean": the exact edit-distance limit (1 edit for names under 6 characters, 2 from 6),
// case and separator matching, and the closest candidate winning over the first.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { closestName, editDistance } from '../../../validation/src/suggest';

test('editDistance: insert, delete and substitute cost 1; the early stop answers max + 1', () => {
  assert.equal(editDistance('', ''), 0);
  assert.equal(editDistance('abc', 'abc'), 0);
  assert.equal(editDistance('abc', 'abd'), 1);
  assert.equal(editDistance('abc', 'ab'), 1);
  assert.equal(editDistance('ab', 'abc'), 1);
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(editDistance('abc', ''), 3);
  assert.equal(editDistance('abcdef', 'abcxyz', 1), 2, 'stops once over the limit');
  assert.equal(editDistance('a', 'abcd', 2), 3, 'length difference over the limit');
  assert.equal(editDistance('abcd', 'abef', 2), 2, 'exactly the limit is computed, not cut');
  assert.equal(editDistance('ab', 'abcd', 2), 2);
  assert.equal(editDistance('a', 'abcdef', 2), 3, 'far apart in length: max + 1 at once');
});

test('did-you-mean limit for names of 6+ characters: 2 edits suggest (just inside), 3 edits do not (just outside)', () => {
  assert.equal(closestName('listen_pxth', ['listen_path']), 'listen_path', '1 edit');
  assert.equal(closestName('listxn_pxth', ['listen_path']), 'listen_path', '2 edits');
  assert.equal(closestName('lxstxn_pxth', ['listen_path']), undefined, '3 edits');
  assert.equal(closestName('targxx', ['target']), 'target', '6 characters, 2 edits');
  assert.equal(closestName('txrgxx', ['target']), undefined, '6 characters, 3 edits');
});

test('did-you-mean limit for names under 6 characters: 1 edit suggests, 2 edits do not', () => {
  assert.equal(closestName('nane', ['name']), 'name', '1 edit');
  assert.equal(closestName('naxx', ['name']), undefined, '2 edits');
  assert.equal(closestName('activx', ['active']), 'active', '6 letters each, 1 edit');
  assert.equal(closestName('actxx', ['active']), undefined, 'the shorter name has 5 letters: limit 1, and this is 2 edits');
  assert.equal(closestName('abcxy', ['abcde']), undefined, '5 characters, 2 edits');
  assert.equal(closestName('actxe', ['active']), undefined, 'the shorter of the two sets the limit: 5 letters, 2 edits');
});

test('did-you-mean ignores case and separators before counting edits', () => {
  assert.equal(closestName('ListenPath', ['listen_path']), 'listen_path');
  assert.equal(closestName('LISTEN-PATH', ['listen_path']), 'listen_path');
  assert.equal(closestName('listen path', ['listen_path']), 'listen_path');
  assert.equal(closestName('listenpath', ['listen_path']), 'listen_path');
  assert.equal(closestName('TargetUrl', ['target_url', 'target_list']), 'target_url');
  assert.equal(closestName('NAME', ['name']), 'name', 'case only');
  // Three separators apart: past the 2-edit limit, so only the same-letters rule can find it.
  assert.equal(closestName('XSvcApiGateway', ['x_svc_api_gateway']), 'x_svc_api_gateway');
  assert.equal(closestName('x svc-api_gateway', ['XSvcApiGateway']), 'XSvcApiGateway');
  assert.equal(closestName('Nane', ['name']), 'name', 'case is free, one real edit');
});

test('did-you-mean: the closest candidate wins over the first one that is close enough', () => {
  assert.equal(closestName('listen_pzzh', ['listen_pxyz', 'listen_path']), 'listen_path');
  assert.equal(closestName('listen_pzzh', ['listen_path', 'listen_pxyz']), 'listen_path');
  assert.equal(closestName('abcdef', ['abcdxy', 'abcdex']), 'abcdex');
  assert.equal(closestName('abcdef', ['abcdex', 'abcdey']), 'abcdex', 'a tie keeps the first');
  assert.equal(closestName('abcdef', ['xbcdef', 'Abc_Def']), 'Abc_Def', 'a same-letters match beats any edit');
});

test('did-you-mean: the name itself is never suggested, and nothing comes from an empty list', () => {
  assert.equal(closestName('name', ['name']), undefined);
  assert.equal(closestName('name', ['name', 'nome']), 'nome');
  assert.equal(closestName('name', []), undefined);
});
