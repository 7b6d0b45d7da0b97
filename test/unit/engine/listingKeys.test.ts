// Keys as pull targets, and `--api` as people give it: a key is addressed by its hash through an
// API it grants (never an arbitrary one), a listing of keys the server does not offer is a note
// saying how to pull a key anyway, and an `--api` name several APIs share reads nothing.
import { strict as assert } from 'node:assert';
import { after, before, test } from 'node:test';
import { ManagementClient } from '../../../api/src';
import { KEY_API_UNKNOWN } from '../../../api/src/specFallbacks';
import { KEYS_NOT_LISTED, keyTargetOf, listTargets, resolveApiArgument } from '../../../engine/src/sync/listing';
import { SECRETS, configFor, json, startServer, type TestServer } from '../api/servers';

const RECORDS = [
  { api_definition: { api_id: 'c1', id: 'db1', name: 'Orders', proxy: { listen_path: '/c1/' } } },
  { api_definition: { api_id: 'c2', id: 'db2', name: 'Twin', proxy: { listen_path: '/c2/' } } },
  { api_definition: { api_id: 'c3', id: 'db3', name: 'Twin', proxy: { listen_path: '/c3/' } } },
  // A record without any id cannot be addressed: it is not a target.
  { api_definition: { name: 'Nameless', proxy: { listen_path: '/n/' } } },
];
/** key id → what the server knows of it. */
const KEYS: Record<string, { hash?: string; grants: string[] }> = {
  'key-granting-c2': { hash: 'hash-c2', grants: ['c2'] },
  'key-without-rights': { hash: 'hash-free', grants: [] },
  'key-without-hash': { grants: ['c1'] },
};
let keyListing: 'ok' | 'missing' | 'no-data' = 'ok';
let policyListing: 'ok' | 'missing' = 'ok';
let server: TestServer;

before(async () => {
  server = await startServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/api/apis') return json(res, 200, { apis: RECORDS, pages: 1 });
    if (url.pathname === '/svc/policies') {
      if (policyListing === 'missing') return json(res, 405, { status: 'error', message: 'Method Not Allowed' });
      return json(res, 200, [{ id: 'gold', name: 'Gold' }, { name: 'Without an id' }]);
    }
    if (url.pathname === '/api/keys') {
      if (keyListing === 'missing') return json(res, 404, { status: 'error', message: '404 page not found' });
      if (keyListing === 'no-data') return json(res, 200, { pages: 1 });
      return json(res, 200, { data: { keys: Object.keys(KEYS) }, pages: 1 });
    }
    const gateway = /^\/svc\/keys\/([^/]+)$/.exec(url.pathname);
    if (gateway) {
      const key = KEYS[decodeURIComponent(gateway[1])];
      if (!key) return json(res, 404, { status: 'error', message: 'Key not found' });
      return json(res, 200, { access_rights: Object.fromEntries(key.grants.map((api) => [api, { api_id: api }])) });
    }
    const dashboard = /^\/api\/apis\/([^/]+)\/keys\/([^/]+)$/.exec(url.pathname);
    if (dashboard) {
      const key = KEYS[decodeURIComponent(dashboard[2])];
      if (!key) return json(res, 404, { Status: 'Error', Message: 'Key not found', Meta: null });
      const data = { access_rights: Object.fromEntries(key.grants.map((api) => [api, { api_id: api }])) };
      return json(res, 200, { api_model: {}, key_id: decodeURIComponent(dashboard[2]), ...(key.hash ? { key_hash: key.hash } : {}), data });
    }
    return json(res, 404, { status: 'error', message: 'not found' });
  });
});
after(() => server.close());

const client = () => new ManagementClient({ ...configFor(server.url), retries: 0 });
const keyReads = (from: number) => server.requests.slice(from).filter((r) => /\/keys\//.test(r.url));

test('--api given as an id or as a name resolves to the id; a shared name is refused with the ids, an unknown one named', async () => {
  assert.equal(await resolveApiArgument(client(), 'c2'), 'c2');
  assert.equal(await resolveApiArgument(client(), 'Orders'), 'c1');
  await assert.rejects(resolveApiArgument(client(), 'Twin'), {
    message: "Several APIs are named 'Twin' (c2, c3): give --api one of these ids.",
  });
  await assert.rejects(resolveApiArgument(client(), 'Nope'), {
    message: "No API 'Nope' on this server (neither an id nor a name): check --api.",
  });
});

test('a key is a target by its hash, through the API it grants (learned from the gateway), never its id', async () => {
  const from = server.requests.length;
  const target = await keyTargetOf(client(), 'key-granting-c2');
  assert.deepEqual(target, { kind: 'key', id: 'hash-c2', apiId: 'c2' });
  assert.deepEqual(
    keyReads(from).map((r) => new URL(r.url, 'http://x').pathname),
    ['/svc/keys/key-granting-c2', '/api/apis/c2/keys/key-granting-c2'],
  );
  // The dashboard is asked to recognise the id whatever its form (custom or generated).
  assert.equal(new URL(keyReads(from)[1].url, 'http://x').searchParams.get('auto_guess'), 'true');
});

test('a stopped pull reads no key at all', async () => {
  const controller = new AbortController();
  controller.abort();
  const from = server.requests.length;
  await assert.rejects(resolveApiArgument(client(), 'Orders', controller.signal));
  assert.deepEqual(server.requests.slice(from), [], 'not even the API listing');
  await assert.rejects(keyTargetOf(client(), 'key-granting-c2', undefined, controller.signal));
  await assert.rejects(keyTargetOf(client(), 'key-granting-c2', 'c2', controller.signal));
  assert.deepEqual(keyReads(from), []);
});

test('a key read through the API given is addressed by the API it grants; one granting none, by the API it was read through', async () => {
  assert.deepEqual(await keyTargetOf(client(), 'key-granting-c2', 'c1'), { kind: 'key', id: 'hash-c2', apiId: 'c2' });
  assert.deepEqual(await keyTargetOf(client(), 'key-without-rights', 'c3'), { kind: 'key', id: 'hash-free', apiId: 'c3' });
});

test('an answer without the key hash is refused: keys are never addressed by their id', async () => {
  await assert.rejects(keyTargetOf(client(), 'key-without-hash', 'c1'), /did not return the key's hash/);
});

test('without the gateway secret the API is asked for; with no answer, the reason is given and nothing is read', async () => {
  const dashboardOnly = new ManagementClient({ ...configFor(server.url), credentials: { dashboardToken: SECRETS.dashboardToken }, retries: 0 });
  assert.deepEqual(await keyTargetOf(dashboardOnly, 'key-granting-c2', undefined, undefined, () => Promise.resolve('c2')), {
    kind: 'key',
    id: 'hash-c2',
    apiId: 'c2',
  });
  const from = server.requests.length;
  await assert.rejects(
    keyTargetOf(dashboardOnly, 'key-granting-c2', undefined, undefined, () => Promise.resolve(undefined)),
    { message: KEY_API_UNKNOWN },
  );
  await assert.rejects(keyTargetOf(dashboardOnly, 'key-granting-c2'), { message: KEY_API_UNKNOWN });
  assert.deepEqual(keyReads(from), [], 'no key read through a guessed API');
});

test('pull --all lists each key by hash, in the listing order; a key that cannot be read is left out, not a failure', async () => {
  keyListing = 'ok';
  const from = server.requests.length;
  const listing = await listTargets(client());
  // One listing of every key (p=-1), not its first page.
  const keyListings = server.requests.slice(from).filter((r) => r.url.startsWith('/api/keys'));
  assert.deepEqual(
    keyListings.map((r) => new URL(r.url, 'http://x').searchParams.get('p')),
    ['-1'],
  );
  assert.deepEqual(
    listing.targets.filter((t) => t.kind !== 'key').map((t) => `${t.kind}:${t.id}`),
    ['classic:c1', 'classic:c2', 'classic:c3', 'policy:gold'],
    'records without an id are left out',
  );
  assert.deepEqual(
    listing.targets.filter((t) => t.kind === 'key'),
    [
      { kind: 'key', id: 'hash-c2', apiId: 'c2' },
      { kind: 'key', id: 'hash-free', apiId: 'c1' },
    ],
  );
  assert.deepEqual(listing.notes, []);
});

test('a server without the key listing: the APIs are still listed, and the note says how to pull a key by its id', async () => {
  keyListing = 'missing';
  try {
    const listing = await listTargets(client());
    assert.deepEqual(
      listing.targets.map((t) => `${t.kind}:${t.id}`),
      ['classic:c1', 'classic:c2', 'classic:c3', 'policy:gold'],
    );
    assert.deepEqual(listing.notes, [`keys not pulled: ${KEYS_NOT_LISTED}`]);
    assert.match(listing.notes[0], /^keys not pulled: this server does not list keys \(GET \/api\/keys is beyond the spec\)\. Pull a key by its id: /);
    assert.match(
      listing.notes[0],
      /`SVC_KEY_ID=… svc pull --key --api API` \(the id only from the environment: it is a credential\), or open it in the editor with Svc: Open Key by ID\.$/,
    );
  } finally {
    keyListing = 'ok';
  }
});

test('a key listing answer without data lists no key (and is no failure)', async () => {
  keyListing = 'no-data';
  try {
    const from = server.requests.length;
    const listing = await listTargets(client());
    assert.deepEqual(keyReads(from), [], 'no key is looked up');
    assert.deepEqual(
      listing.targets.filter((t) => t.kind === 'key'),
      [],
    );
    assert.deepEqual(listing.notes, []);
  } finally {
    keyListing = 'ok';
  }
});

test("a server without the policy listing: the note is the server's own answer, not the key advice", async () => {
  policyListing = 'missing';
  try {
    const listing = await listTargets(client());
    assert.equal(listing.notes.length, 1);
    assert.match(listing.notes[0], /^policies not pulled: This server does not offer GET \/svc\/policies/);
    assert.doesNotMatch(listing.notes[0], /SVC_KEY_ID/);
    assert.ok(
      listing.targets.some((t) => t.kind === 'key'),
      'the keys are still listed',
    );
  } finally {
    policyListing = 'ok';
  }
});

test('without the dashboard credential the APIs are a note naming them, and the policies are still listed', async () => {
  const gatewayOnly = new ManagementClient({ ...configFor(server.url), credentials: { gatewaySecret: SECRETS.gatewaySecret }, retries: 0 });
  const listing = await listTargets(gatewayOnly);
  assert.match(listing.notes.join('\n'), /^APIs not pulled: /m);
  assert.ok(listing.targets.some((t) => t.kind === 'policy' && t.id === 'gold'));
  assert.equal(
    listing.targets.some((t) => t.kind === 'classic'),
    false,
  );
});

test('an aborted listing looks up no key', async () => {
  const controller = new AbortController();
  const c = client();
  const listKeys = c.listKeys.bind(c);
  // The run is stopped while the key listing arrives: what follows reads nothing more.
  c.listKeys = async (options) => {
    const answer = await listKeys(options);
    controller.abort();
    return answer;
  };
  const from = server.requests.length;
  const listing = await listTargets(c, controller.signal).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
  assert.deepEqual(keyReads(from), []);
  if (!(listing instanceof Error))
    assert.deepEqual(
      listing.targets.filter((t) => t.kind === 'key'),
      [],
    );
});
