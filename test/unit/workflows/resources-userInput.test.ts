import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parsePermissions, validateEmail, validateName, validatePermissions } from '../../../client/src/workflows/resources/userInput';
import { PERMISSIONS_TEMPLATE } from '../../../client/src/workflows/resources/templates';
import { maskOAuthClient, maskSecret, MASK } from '../../../client/src/shared/masking';
import { validatePolicyId } from '../../../client/src/workflows/resources/policyRules';

test('permissions: the prefilled template is accepted as it is', () => {
  const result = parsePermissions(JSON.stringify(PERMISSIONS_TEMPLATE));
  assert.deepEqual(result, { ok: true, permissions: PERMISSIONS_TEMPLATE, unknownAreas: [] });
});

test('permissions: read, write and deny; unknown areas are reported, not refused', () => {
  const result = parsePermissions('{"apis": "write", "keys": "deny", "reports": "read"}');
  assert.deepEqual(result, { ok: true, permissions: { apis: 'write', keys: 'deny', reports: 'read' }, unknownAreas: ['reports'] });
});

test('permissions: the administrator form', () => {
  assert.deepEqual(parsePermissions('{"IsAdmin": "admin"}'), { ok: true, permissions: { IsAdmin: 'admin' }, unknownAreas: [] });
  assert.match(validatePermissions('{"IsAdmin": "yes"}')!, /administrator is written/);
});

test('permissions: refused with the reason', () => {
  assert.match(validatePermissions('{apis: read}')!, /not valid JSON/);
  assert.match(validatePermissions('["apis"]')!, /must be a JSON object/);
  assert.match(validatePermissions('{}')!, /at least one permission/);
  assert.equal(validatePermissions('{"apis": "admin"}'), `'apis' must be "read", "write" or "deny", not "admin".`);
  assert.match(validatePermissions('{"apis": true}')!, /not true/);
});

test('e-mail and names are required; the address must look like one', () => {
  assert.equal(validateEmail(' ada@example.com '), undefined);
  assert.match(validateEmail('')!, /required/);
  assert.match(validateEmail('ada@example')!, /is not an e-mail address/);
  assert.match(validateEmail('ada lovelace@example.com')!, /is not an e-mail address/);
  assert.match(validateName('first name')('  ')!, /Enter the first name/);
  assert.equal(validateName('last name')('Lovelace'), undefined);
});

test('OAuth client secret: masked in the copy, the original untouched, other members kept', () => {
  const client = { client_id: 'c1', api_id: 'a1', secret: 'abcdefghijklmnopqrstuvwxyz012345', redirect_uri: 'https://x' };
  const masked = maskOAuthClient(client);
  assert.equal(masked.secret, `${MASK}2345`);
  assert.ok(!JSON.stringify(masked).includes('abcdefghijklmnop'));
  assert.equal(client.secret, 'abcdefghijklmnopqrstuvwxyz012345');
  assert.deepEqual({ ...masked, secret: undefined }, { ...client, secret: undefined });
  assert.equal(maskSecret('short'), MASK);
  assert.equal(maskSecret(''), '');
  assert.deepEqual(maskOAuthClient({ client_id: 'c2' }), { client_id: 'c2' });
});

test('policy ids follow the gateway rule', () => {
  assert.equal(validatePolicyId('gold.tier_1-~'), undefined);
  assert.match(validatePolicyId('gold tier')!, /allowed characters/);
  assert.match(validatePolicyId('')!, /needs an "id"/);
});
