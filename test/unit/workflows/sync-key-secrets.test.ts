// Consumer secrets never reach disk: a pulled key file and its base copy in .svc/remote hold a
// placeholder for hmac_string, basic_auth_data.password, jwt_data.secret (and any credential
// member); push understands the placeholder as "keep the server's value", a diff treats it as
// equal, and a placeholder with nothing to keep is refused.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { ManagementClient } from '../../../api/src';
import { startSandbox } from '../../../sandbox/src/index';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { pullResource } from '../../../client/src/workflows/sync/pull';
import { pushDocument, type PushUi } from '../../../client/src/workflows/sync/pushPipeline';
import { SyncStateStore } from '../../../client/src/workflows/sync/stateStore';
import { readRemote } from '../../../client/src/workflows/sync/remoteReader';
import { setKeySecret } from '../../../client/src/workflows/sync/setKeySecret';
import { SECRET_PLACEHOLDER, redactSecrets, restoreSecrets } from '../../../engine/src/sync/keySecrets';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;
let client: ManagementClient;
let root: string;
const SECRETS = { hmac: 'HMAC-very-secret-1', password: 'PASSWORD-very-secret-2', jwt: 'JWT-very-secret-3', oauth: 'OAUTH-very-secret-4' };
const api = SEED_API_IDS.weatherClassic;
let keyHash: string;

before(async () => {
  sandbox = await startSandbox({ port: 0, memory: true });
  client = new ManagementClient({ name: 'unit', dashboardUrl: sandbox.url, credentials: sandbox.credentials, retries: 0 });
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-secrets-'));
  const session = {
    alias: 'secret consumer',
    rate: 10,
    per: 60,
    quota_max: 100,
    hmac_enabled: true,
    hmac_string: SECRETS.hmac,
    basic_auth_data: { user: 'bob', password: SECRETS.password, hash_type: '' },
    jwt_data: { secret: SECRETS.jwt },
    oauth_keys: { provider: SECRETS.oauth },
    access_rights: { [api]: { api_id: api, api_name: 'Weather', versions: ['Default'] } },
  };
  const created = await fetch(`${sandbox.url}/svc/keys/secret-consumer-key`, {
    method: 'POST',
    headers: { 'X-Svc-Authorization': sandbox.credentials.gatewaySecret },
    body: JSON.stringify(session),
  });
  keyHash = ((await created.json()) as { key_hash: string }).key_hash;
});
after(async () => {
  await sandbox?.close();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

const ui = (): PushUi => ({
  confirmDespiteErrors: async () => true,
  resolveConflict: async () => 'overwrite',
  chooseOasCreate: async () => 'new',
  chooseStreamsUpdate: async () => 'put',
  askKeyId: async () => undefined,
  showDiff: async () => undefined,
  confirmSend: async () => true,
  offerReload: async () => false,
});
const serverSession = async () => (await readRemote(client, { kind: 'key', id: keyHash, apiId: api }, { withSecrets: true })).document as any;
async function everyFileUnder(dir: string): Promise<string> {
  const names = await fs.readdir(dir, { recursive: true });
  const texts = await Promise.all(names.map((n) => fs.readFile(path.join(dir, n), 'utf8').catch(() => '')));
  return texts.join('\n');
}

test('a pulled key file and .svc/ hold no secret, only placeholders', async () => {
  const store = new SyncStateStore();
  const outcome = await pullResource(
    { client, store, unsavedText: () => undefined, decideOverwrite: async () => 'overwrite' },
    { environment: 'sb', target: { kind: 'key', id: keyHash, apiId: api }, root, folder: 'svc' },
  );
  assert.equal(outcome.status, 'pulled');
  const file = JSON.parse(await fs.readFile(outcome.file!, 'utf8'));
  assert.equal(file.hmac_string, SECRET_PLACEHOLDER);
  assert.equal(file.basic_auth_data.password, SECRET_PLACEHOLDER);
  assert.equal(file.basic_auth_data.user, 'bob', 'the user name is no secret');
  assert.equal(file.jwt_data.secret, SECRET_PLACEHOLDER);
  assert.equal(file.oauth_keys.provider, SECRET_PLACEHOLDER);
  const everything = await everyFileUnder(root);
  for (const secret of Object.values(SECRETS)) assert.ok(!everything.includes(secret), `${secret.slice(0, 8)}… reached the disk`);
});

test('push with placeholders: unchanged is a no-op; an edit keeps every server secret', async () => {
  const file = (await fs.readdir(path.join(root, 'svc'))).find((n) => n.endsWith('.key.json'))!;
  const text = await fs.readFile(path.join(root, 'svc', file), 'utf8');
  const push = (t: string) =>
    pushDocument(
      { clientFor: async () => client, ui: ui() },
      { environment: 'sb', name: file, uri: `file:///${file}`, text: t, errors: [], target: { kind: 'key', id: keyHash, apiId: api } },
    );
  const same = await push(text);
  assert.equal(same.status, 'no-op', same.message);
  const edited = JSON.parse(text);
  edited.rate = 42;
  const pushed = await push(JSON.stringify(edited));
  assert.equal(pushed.status, 'pushed', pushed.message);
  const now = await serverSession();
  assert.equal(now.rate, 42);
  assert.equal(now.hmac_string, SECRETS.hmac);
  assert.equal(now.basic_auth_data.password, SECRETS.password);
  assert.equal(now.jwt_data.secret, SECRETS.jwt);
  assert.equal(now.oauth_keys.provider, SECRETS.oauth);
  assert.ok(!JSON.stringify(pushed.remoteDocument).includes(SECRETS.hmac), 'what push records holds no secret either');
});

test('a placeholder where the server has no value is refused, naming the member; nothing is sent', async () => {
  const file = (await fs.readdir(path.join(root, 'svc'))).find((n) => n.endsWith('.key.json'))!;
  const doc = JSON.parse(await fs.readFile(path.join(root, 'svc', file), 'utf8'));
  doc.meta_data = { client_secret: SECRET_PLACEHOLDER };
  doc.rate = 7;
  const outcome = await pushDocument(
    { clientFor: async () => client, ui: ui() },
    { environment: 'sb', name: file, uri: `file:///${file}`, text: JSON.stringify(doc), errors: [], target: { kind: 'key', id: keyHash, apiId: api } },
  );
  assert.equal(outcome.status, 'refused');
  assert.match(outcome.message, /`meta_data\.client_secret` says "<secret kept on the server>", but the server has no value/);
  assert.equal((await serverSession()).rate, 42, 'nothing was sent');
});

test('redactSecrets / restoreSecrets: empty secrets stay empty, nested credentials found, round trip', () => {
  const session = { hmac_string: '', basic_auth_data: { password: 'p', user: 'u' }, meta_data: { nested: { token: 't' } }, alias: 'a' };
  const { document, found } = redactSecrets(session);
  assert.deepEqual(found, [
    ['basic_auth_data', 'password'],
    ['meta_data', 'nested', 'token'],
  ]);
  assert.equal((document as any).hmac_string, '');
  assert.deepEqual(restoreSecrets(document, session), session);
});

test('redactSecrets: meta_data members named __proto__ or constructor are kept as data (and a secret among them redacted)', () => {
  const session = JSON.parse('{"alias":"a","meta_data":{"__proto__":{"token":"t","plan":"gold"},"constructor":"c"}}');
  const { document, found } = redactSecrets(session);
  assert.deepEqual(found, [['meta_data', '__proto__', 'token']]);
  assert.equal(JSON.stringify(document), '{"alias":"a","meta_data":{"__proto__":{"token":"' + SECRET_PLACEHOLDER + '","plan":"gold"},"constructor":"c"}}');
  assert.equal(JSON.stringify(restoreSecrets(document, session)), JSON.stringify(session));
});

test('Set Key Secret: the new value reaches the server, the others are kept, the file still holds only placeholders and push stays a no-op', async () => {
  const target = { kind: 'key' as const, id: keyHash, apiId: api };
  const dir = path.join(root, 'svc');
  const file = (await fs.readdir(dir)).find((n) => n.endsWith('.key.json'))!;
  const before = await fs.readFile(path.join(dir, file), 'utf8');
  await setKeySecret(client, target, ['basic_auth_data', 'password'], 'NEW-password-value');
  const now = await serverSession();
  assert.equal(now.basic_auth_data.password, 'NEW-password-value');
  assert.equal(now.hmac_string, SECRETS.hmac);
  assert.equal(now.jwt_data.secret, SECRETS.jwt);
  assert.equal(await fs.readFile(path.join(dir, file), 'utf8'), before, 'the key file is untouched');
  assert.ok(!(await everyFileUnder(root)).includes('NEW-password-value'), 'the new value was stored nowhere');
  // What a fresh pull would write (placeholders): pushing it back changes nothing on the server.
  const shown = JSON.stringify((await readRemote(client, target)).document);
  assert.ok(!shown.includes('NEW-password-value'));
  const push = await pushDocument(
    { clientFor: async () => client, ui: ui() },
    { environment: 'sb', name: file, uri: `file:///${file}`, text: shown, errors: [], target },
  );
  assert.equal(push.status, 'no-op', push.message);
  await assert.rejects(setKeySecret(client, target, ['hmac_string'], ''), /empty: nothing was sent/);
});
