// Key ids are credentials: the tree's labels, descriptions and tooltips, the tab title of a
// key document and the document itself show the alias or a masked id (first 4, last 4), never
// the whole id; the consumer secrets in the document are placeholders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ExplorerModel } from '../../../client/src/explorer/explorerModel';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import type { ResourceSource } from '../../../client/src/explorer/resourceSource';
import { keyTooltip } from '../../../client/src/explorer/presentation';
import { maskKeyId, viewableKeyResult } from '../../../client/src/shared/keyIds';
import { SECRET_PLACEHOLDER } from '../../../engine/src/sync/keySecrets';

const ID_A = '5e9d9544a1dcd60001d0ed20a1b2c3d4e5f6';
const ID_B = 'ffee0123456789abcdef0011';

test('maskKeyId: the last 4 characters; never more than half of the id; 8 characters or fewer masked entirely', () => {
  assert.equal(maskKeyId(ID_A), '…e5f6');
  assert.equal(maskKeyId('12345678'), '••••');
  // The audit's case: a 9-character custom id showed 8 of its characters; now 4.
  assert.equal(maskKeyId('123456789'), '…6789');
  for (let n = 1; n <= 40; n++) {
    const id = 'x'.repeat(n);
    const visible = maskKeyId(id).replace(/[…•]/g, '').length;
    assert.ok(visible * 2 <= n, `${n} characters: ${visible} shown`);
  }
});

test('the tree shows the alias or the masked id, and the tooltip the masked id, never the whole id', async () => {
  const source = {
    listKeys: async () => ({
      items: [
        { id: ID_A, alias: 'mobile app', active: true, apiIds: ['a'], raw: {} },
        { id: ID_B, active: true, apiIds: [], raw: {} },
      ],
      pages: 1,
    }),
  } as unknown as ResourceSource;
  const model = new ExplorerModel({
    environments: () => [{ name: 'Dev', builtin: false, active: true, tooltip: 'Dev' }],
    sourceFor: async () => source,
    onLoadResult: () => undefined,
  });
  const env = (await model.children(undefined))[0];
  const keysGroup = (await model.children(env)).find((n) => n.label === 'Keys') as ExplorerNode;
  const keys = await model.children(keysGroup);
  assert.deepEqual(
    keys.map((k) => [k.label, k.description]),
    [
      ['mobile app', '…e5f6'],
      ['key …0011', undefined],
    ],
  );
  const shown = JSON.stringify(keys.map(({ parent: _p, resource: _r, id: _id, ...visible }) => visible));
  for (const id of [ID_A, ID_B]) assert.ok(!shown.includes(id), 'a whole key id is visible in the tree');
  assert.ok(!keyTooltip({ id: ID_A, alias: 'x', active: true, apiIds: [], raw: {} }).includes(ID_A));
  assert.equal(keys[0].resource?.type === 'key' && keys[0].resource.id, ID_A, 'the node still addresses the key (Copy Key ID copies it)');
});

test('a key document shows the masked id and placeholders for its secrets', () => {
  const shown = viewableKeyResult({
    key_id: ID_A,
    key_hash: 'h',
    data: { key_id: ID_A, alias: 'x', hmac_string: 'HMAC-secret', basic_auth_data: { user: 'u', password: 'pw-secret' } },
  });
  const text = JSON.stringify(shown);
  assert.ok(!text.includes(ID_A) && !text.includes('HMAC-secret') && !text.includes('pw-secret'));
  assert.equal(shown.key_id, '…e5f6');
  assert.equal((shown.data as any).basic_auth_data.password, SECRET_PLACEHOLDER);
});

test('a key answer without data, or whose data carries no key id, is shown as it came (the top-level id still masked)', () => {
  assert.deepEqual(viewableKeyResult({ key_id: ID_A, data: null }), { key_id: '…e5f6', data: null });
  assert.deepEqual(viewableKeyResult({ key_id: ID_A, data: { alias: 'x' } }), { key_id: '…e5f6', data: { alias: 'x' } });
});
