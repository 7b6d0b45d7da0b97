import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normaliseSettings, originOf, parseEnvironmentList, secretKeyOf, validateBaseUrl, validateName } from '../../../client/src/environments/model';
import { CredentialStore, type SecretStore } from '../../../client/src/environments/credentialStore';

function memorySecrets(): SecretStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: async (k) => data.get(k),
    store: async (k, v) => void data.set(k, v),
    delete: async (k) => void data.delete(k),
  };
}

test('origins ignore paths and default ports, and keep scheme, host and port apart', () => {
  assert.equal(originOf('https://Dash.Example.com:443/base/'), 'https://dash.example.com');
  assert.notEqual(originOf('http://dash.example.com'), originOf('https://dash.example.com'));
  assert.notEqual(originOf('https://dash.example.com:8443'), originOf('https://dash.example.com'));
});

test('the gateway secret is keyed by the gateway origin, the others by the dashboard origin', () => {
  const env = { name: 'p', dashboardUrl: 'https://dash.example.com', gatewayUrl: 'https://gw.example.com:8080' };
  assert.equal(secretKeyOf(env, 'gatewaySecret'), 'svc.credential/gatewaySecret/https://gw.example.com:8080/p');
  assert.equal(secretKeyOf(env, 'dashboardToken'), 'svc.credential/dashboardToken/https://dash.example.com/p');
  assert.equal(secretKeyOf(env, 'adminSecret'), 'svc.credential/adminSecret/https://dash.example.com/p');
});

test('a credential saved for one host is not read for another, even under the same name', async () => {
  const store = new CredentialStore(memorySecrets());
  const before = { name: 'prod', dashboardUrl: 'https://dash.example.com' };
  await store.write(before, { dashboardToken: 'tok-1', gatewaySecret: 'gw-1' });
  assert.deepEqual(await store.read(before), { dashboardToken: 'tok-1', gatewaySecret: 'gw-1' });
  const moved = { ...before, dashboardUrl: 'https://evil.example.net' };
  assert.deepEqual(await store.read(moved), {});
  const otherPath = { ...before, dashboardUrl: 'https://dash.example.com/other' };
  assert.deepEqual(await store.read(otherPath), { dashboardToken: 'tok-1', gatewaySecret: 'gw-1' });
});

test('writing an empty string deletes a credential; absent ones stay', async () => {
  const secrets = memorySecrets();
  const store = new CredentialStore(secrets);
  const env = { name: 'a', dashboardUrl: 'http://127.0.0.1:9' };
  await store.write(env, { dashboardToken: 't', adminSecret: 'a' });
  await store.write(env, { dashboardToken: '' });
  assert.deepEqual(await store.read(env), { adminSecret: 'a' });
  assert.deepEqual(await store.presence(env), { gatewaySecret: false, dashboardToken: false, adminSecret: true });
});

test('two environments on one host keep their own credentials', async () => {
  const store = new CredentialStore(memorySecrets());
  const a = { name: 'a', dashboardUrl: 'https://shared.example.com' };
  const b = { name: 'b', dashboardUrl: 'https://shared.example.com' };
  await store.write(a, { dashboardToken: 'token-a' });
  await store.write(b, { dashboardToken: 'token-b' });
  assert.deepEqual(await store.read(a), { dashboardToken: 'token-a' });
  await store.forget(b);
  assert.deepEqual(await store.read(b), {});
  assert.deepEqual(await store.read(a), { dashboardToken: 'token-a' });
});

test('an edit moves credentials only where the host stays the same', async () => {
  const secrets = memorySecrets();
  const store = new CredentialStore(secrets);
  const before = { name: 'old', dashboardUrl: 'https://dash.example.com', gatewayUrl: 'https://gw.example.com' };
  await store.write(before, { dashboardToken: 't', gatewaySecret: 'g' });
  const after = { name: 'new', dashboardUrl: 'https://dash.example.com/v2', gatewayUrl: 'https://elsewhere.example.net' };
  await store.move(before, after);
  assert.deepEqual(await store.read(after), { dashboardToken: 't' });
  assert.deepEqual(await store.read(before), {});
  assert.equal([...secrets.data.values()].includes('g'), false, 'the credential of the changed host is gone, not carried over');
});

test('names and URLs are validated with messages a user can act on', () => {
  assert.match(validateName('', [])!, /Enter a name/);
  assert.match(validateName('Prod', ['Prod'])!, /already exists/);
  assert.equal(validateName('Prod', ['Prod'], 'Prod'), undefined);
  assert.match(validateName('Local sandbox', [])!, /built-in/);
  assert.match(validateBaseUrl('dash.example.com')!, /scheme/);
  assert.match(validateBaseUrl('ftp://x')!, /http/);
  assert.match(validateBaseUrl('https://user:pw@x')!, /credentials/);
  assert.equal(validateBaseUrl('', true), undefined);
  assert.equal(validateBaseUrl('http://127.0.0.1:8080'), undefined);
});

test('settings are normalised and invalid entries in the setting are skipped with a reason', () => {
  assert.deepEqual(normaliseSettings({ name: ' x ', dashboardUrl: 'https://d/ ', gatewayUrl: ' ', tls: { caFile: '', allowSelfSigned: false } }), {
    name: 'x',
    dashboardUrl: 'https://d',
  });
  const { environments, problems } = parseEnvironmentList(
    [{ name: 'ok', dashboardUrl: 'https://d', tls: { allowSelfSigned: true } }, { name: 'bad', dashboardUrl: 'nope' }, 'junk'],
    'workspace',
  );
  assert.deepEqual(environments, [{ name: 'ok', dashboardUrl: 'https://d', tls: { allowSelfSigned: true }, source: 'workspace' }]);
  assert.equal(problems.length, 2);
});
