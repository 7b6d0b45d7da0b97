// Keys told apart in the tree (issue 33, item 2): by alias, else by what they grant (the first
// API's name and the policies), with the masked id beside it; an inactive key says so in words,
// not only by the colour of its icon; the tooltip names the alias.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summariseKey } from '../../../client/src/explorer/apiSummaries';
import { keyNode } from '../../../client/src/explorer/explorerNodes';
import type { GroupNode } from '../../../client/src/explorer/nodes';
import { keyTooltip } from '../../../client/src/explorer/presentation';
import type { GatewaySession } from '../../../api/src/types';

const ID = '5e9d9544a1dcd60001d0ed20a1b2c3d4e5f6';
const group = { id: 'Dev/keys', type: 'keys', environment: 'Dev', label: 'Keys' } as unknown as GroupNode;
const session = (s: Record<string, unknown>) => s as GatewaySession;

test('summariseKey without an alias: named by the first API (as the key names it) and its policies', () => {
  const key = summariseKey(
    ID,
    session({
      access_rights: { 'api-1': { api_id: 'api-1', api_name: 'Petstore' }, 'api-2': { api_id: 'api-2', api_name: 'Weather' } },
      apply_policies: ['gold', 'silver'],
    }),
  );
  assert.equal(key.alias, undefined);
  assert.equal(key.displayName, 'key for Petstore +1 · policies gold, silver');
  assert.deepEqual(key.apiIds, ['api-1', 'api-2']);
  assert.equal(key.active, true);
  assert.deepEqual(key.raw, { key_id: ID }, 'the session (and its secrets) stays out of the summary');
});

test('summariseKey: an API without a name is named by its id; the old single policy counts; a blank alias is no alias', () => {
  assert.equal(
    summariseKey(ID, session({ alias: '  ', access_rights: { 'api-1': {} }, apply_policy_id: 'gold' })).displayName,
    'key for api-1 · policies gold',
  );
  assert.equal(summariseKey(ID, session({ alias: '  ', access_rights: { 'api-1': {} } })).alias, undefined);
  assert.equal(summariseKey(ID, session({ apply_policies: ['gold'] })).displayName, 'key for policies gold');
  assert.equal(summariseKey(ID, session({})).displayName, undefined, 'nothing to name it by: the tree shows the masked id');
  assert.equal(summariseKey(ID, session({ is_inactive: true })).active, false);
});

test('an inactive key says "inactive" in its description, with or without an alias', () => {
  const node = (k: Parameters<typeof keyNode>[1]) => keyNode(group, k);
  const named = node({ id: ID, alias: 'mobile app', active: false, apiIds: [], raw: {} });
  assert.equal(named.label, 'mobile app');
  assert.equal(named.description, '…e5f6 · inactive');
  assert.equal(named.iconColor, 'disabledForeground');
  const granted = node({ id: ID, displayName: 'key for Petstore', active: false, apiIds: ['a'], raw: {} });
  assert.equal(granted.description, '…e5f6 · inactive');
  assert.equal(node({ id: ID, active: false, apiIds: [], raw: {} }).description, 'inactive');
  // Active keys as before.
  assert.equal(node({ id: ID, alias: 'mobile app', active: true, apiIds: [], raw: {} }).description, '…e5f6');
  assert.equal(node({ id: ID, active: true, apiIds: [], raw: {} }).description, undefined);
});

test("a key's tooltip names its alias (title and Alias row) and masks its id", () => {
  const tip = keyTooltip({ id: ID, alias: 'mobile app', active: true, apiIds: ['api-1'], raw: {} });
  assert.match(tip, /^\*\*mobile app\*\*/);
  assert.match(tip, /\| Alias \| mobile app \|/);
  assert.ok(!tip.includes(ID));
});
