// The gateway's policies.json (kind `policies`, a map of policy id → policy): its ids are policies
// for navigation, its grants are checked like a policy file's (issue 26).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { workspace } from './navigation.helpers';

const classic = (id: string) =>
  `{ "name": "Orders", "api_id": "${id}", "proxy": { "listen_path": "/orders/", "target_url": "http://up" }, "version_data": { "not_versioned": true, "versions": {} } }`;
const policies = (goldKey: string, grant = 'orders') =>
  `{ ${goldKey}: { "id": "gold", "name": "Gold", "rate": 10, "per": 60, "access_rights": { "${grant}": { "api_id": "${grant}", "versions": ["Default"] } } },` +
  ` "silver": { "id": "silver", "name": "Silver", "rate": 1, "per": 60, "access_rights": {} } }`;

test("a key's apply_policies goes to the policy's entry in policies.json", () => {
  const ws = workspace({
    'orders.json': classic('orders'),
    'policies.json': policies('"«gold»"'),
    'key.json': '{ "apply_policies": ["go|ld"], "access_rights": {} }',
  });
  assert.deepEqual(ws.service.definition(ws.document, ws.position), ws.marked);
});

test('a grant in policies.json goes to the API definition', () => {
  const ws = workspace({
    'orders.json': classic('«orders»'),
    'policies.json': policies('"gold"').replace('"orders": {', '"ord|ers": {'),
  });
  assert.deepEqual(ws.service.definition(ws.document, ws.position), ws.marked);
});

test('a grant of an unknown API in policies.json is warned about, like in a policy file', () => {
  const ws = workspace({
    'orders.json': classic('orders'),
    'policies.json': policies('"gold"', 'nowhere').replace('"silver"', '"si|lver"'),
  });
  const codes = ws.service.validate(ws.document).map((d) => String(d.code));
  assert.ok(codes.includes('svc.link.unknown-api'), codes.join(', '));
});
