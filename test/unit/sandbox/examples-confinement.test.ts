// The examples endpoint reads only the bundled catalogue and the catalogue's own http(s) origin:
// a manifest naming `file:///…` (the sandbox's data file with its three secrets), another host,
// a redirect to another origin or scheme, or a symlink out of the bundled folder is refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, symlinkSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { startHarness, type Harness } from './helpers.js';
import { startSandbox, type RunningSandbox } from '../../../sandbox/src/index.js';

const SECRET = 'TOP-SECRET-outside-the-catalogue';
let root: string;
let catalogue: string;
let secretFile: string;
let h: Harness;
let remote: Server;
let remoteUrl: string;
let other: Server;
let otherUrl: string;

/** One example folder whose manifest names `file`. */
function example(dir: string, location: string, file: string, def?: unknown): void {
  mkdirSync(join(dir, location), { recursive: true });
  writeFileSync(join(dir, location, '.svc.json'), JSON.stringify({ type: 'apidef', files: [{ file }] }));
  writeFileSync(join(dir, location, 'readme.md'), '# x\n');
  if (def) writeFileSync(join(dir, location, 'def.json'), JSON.stringify(def));
}

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'svc-examples-confine-'));
  catalogue = join(root, 'catalogue');
  secretFile = join(root, 'sandbox.json');
  writeFileSync(secretFile, JSON.stringify({ gatewaySecret: SECRET, openapi: '3.0.3', 'x-svc-api-gateway': {} }));
  const entries = ['ok', 'file-url', 'other-host', 'symlink', 'dotdot-url', 'redirect-other', 'redirect-file', 'redirect-same'];
  mkdirSync(catalogue, { recursive: true });
  writeFileSync(join(catalogue, 'index.json'), JSON.stringify({ examples: { oas: entries.map((e) => ({ location: `oas/${e}`, name: e, description: e })) } }));
  const def = { openapi: '3.0.3', info: { title: 'Fine', version: '1' }, paths: {}, 'x-svc-api-gateway': {} };
  example(catalogue, 'oas/ok', 'def.json', def);
  example(catalogue, 'oas/file-url', pathToFileURL(secretFile).href);
  example(catalogue, 'oas/symlink', 'link.json');
  symlinkSync(secretFile, join(catalogue, 'oas', 'symlink', 'link.json'));
  example(catalogue, 'oas/dotdot-url', '%2e%2e/%2e%2e/%2e%2e/sandbox.json');
  other = createServer((_req, res) => res.end(readFileSync(secretFile)));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  example(catalogue, 'oas/other-host', `${otherUrl}/secret.json`);
  example(catalogue, 'oas/redirect-other', 'to-other');
  example(catalogue, 'oas/redirect-file', 'to-file');
  example(catalogue, 'oas/redirect-same', 'to-same', def);
  // The same catalogue served over HTTP, with three redirecting files.
  remote = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (/\/to-other(\.json)?$/.test(path)) return res.writeHead(302, { Location: `${otherUrl}/secret.json` }).end();
    if (path.endsWith('/to-file')) return res.writeHead(302, { Location: pathToFileURL(secretFile).href }).end();
    if (path.endsWith('/to-same')) return res.writeHead(301, { Location: 'def.json' }).end();
    try {
      res.end(readFileSync(join(catalogue, path)));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  h = await startHarness({ examplesDir: catalogue, examplesTimeoutMs: 1000, examplesMaxBytes: 4096 });
});
after(async () => {
  await h.close();
  for (const s of [remote, other]) {
    s.closeAllConnections();
    s.close();
  }
  rmSync(root, { recursive: true, force: true });
});

const detail = (location: string, headers: Record<string, string> = {}) => h.call('GET', `/api/examples/oas/${location}?apiDef=1`, { headers });
function assertRefused(answer: { status: number; body: any }, what: string): void {
  assert.equal(answer.status, 500, what);
  assert.equal(answer.body.Message, 'Failed to fetch example API definitions.', what);
  assert.ok(!JSON.stringify(answer.body).includes(SECRET), `${what}: the secret leaked`);
}

test('bundled catalogue: a manifest naming file:///…/sandbox.json, another host, a symlink out or an encoded .. is refused', async () => {
  assert.equal((await detail('ok')).body.oas.info.title, 'Fine');
  for (const location of ['file-url', 'other-host', 'symlink', 'dotdot-url']) assertRefused(await detail(location), location);
});

test('http catalogue: redirects to another origin or to file: are refused, a same-origin redirect is followed', async () => {
  const headers = { 'x-svc-examples-index': `${remoteUrl}/index.json` };
  assert.equal((await detail('ok', headers)).body.oas.info.title, 'Fine');
  assert.equal((await detail('redirect-same', headers)).body.oas.info.title, 'Fine');
  for (const location of ['redirect-other', 'redirect-file', 'file-url', 'other-host']) assertRefused(await detail(location, headers), location);
});

test('an index redirecting to another origin, and a repository on another origin, are refused', async () => {
  const crossRepo = await h.call('GET', '/api/examples/oas/ok?apiDef=1', {
    headers: { 'x-svc-examples-index': `${remoteUrl}/index.json`, 'x-svc-repo-url': otherUrl },
  });
  assert.deepEqual([crossRepo.status, crossRepo.body.Message], [400, 'Invalid examples index file or root path.']);
  const fileRepo = await h.call('GET', '/api/examples/oas/ok?apiDef=1', { headers: { 'x-svc-repo-url': pathToFileURL(root).href } });
  assert.equal(fileRepo.status, 400);
  const index = await h.call('GET', '/api/examples', { headers: { 'x-svc-examples-index': `${remoteUrl}/to-other.json` } });
  assert.equal(index.status, 500);
  assert.ok(!JSON.stringify(index.body).includes(SECRET));
});

test('the sandbox never returns its own data file (all three secrets) through a manifest naming it', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-examples-data-'));
  const own = join(dataDir, 'catalogue');
  mkdirSync(own);
  writeFileSync(join(own, 'index.json'), JSON.stringify({ examples: { oas: [{ location: 'oas/steal', name: 'steal', description: 'steal' }] } }));
  example(own, 'oas/steal', pathToFileURL(join(dataDir, 'sandbox.json')).href);
  let sandbox: RunningSandbox | undefined;
  try {
    sandbox = await startSandbox({ dataDir, seed: false, examplesDir: own });
    const headers = { Authorization: `Bearer ${sandbox.credentials.dashboardToken}` };
    const answer = await fetch(`${sandbox.url}/api/examples/oas/steal?apiDef=1`, { headers });
    const text = await answer.text();
    assert.equal(answer.status, 500);
    for (const secret of Object.values(sandbox.credentials)) assert.ok(!text.includes(secret), 'a sandbox secret leaked');
  } finally {
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
