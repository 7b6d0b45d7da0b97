// Examples: the built-in catalogue, an index named by x-svc-examples-index (http: only),
// a repository named by x-svc-repo-url, and the reference errors and limits.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { startHarness, type Harness } from './helpers.js';

let h: Harness;
let remote: Server;
let remoteUrl: string;
let folder: string;

before(async () => {
  h = await startHarness({ examplesTimeoutMs: 300, examplesMaxBytes: 4096 });
  folder = mkdtempSync(join(tmpdir(), 'svc-examples-'));
  const index = { examples: { udg: [], oas: [{ location: 'oas/tiny', name: 'Tiny', description: 'A tiny API', features: ['OAS'], minSvcVersion: '5.0' }] } };
  mkdirSync(join(folder, 'oas', 'tiny'), { recursive: true });
  writeFileSync(join(folder, 'index.json'), JSON.stringify(index));
  writeFileSync(join(folder, 'oas', 'tiny', '.svc.json'), JSON.stringify({ type: 'apidef', files: [{ file: 'def.json', oas: {} }] }));
  writeFileSync(join(folder, 'oas', 'tiny', 'def.json'), JSON.stringify({ oas: { openapi: '3.0.3', info: { title: 'Tiny', version: '1' }, paths: {} } }));
  writeFileSync(join(folder, 'oas', 'tiny', 'readme.md'), '# Tiny\n');
  // The same catalogue over HTTP, plus a slow and a huge index.
  remote = createServer((req, res) => {
    if (req.url === '/slow/index.json') return; // never answers: the sandbox must time out
    if (req.url === '/huge/index.json') return res.end(JSON.stringify({ examples: { udg: [], pad: 'x'.repeat(10000) } }));
    try {
      res.end(readFileSync(join(folder, decodeURIComponent(req.url ?? '/'))));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
});
after(async () => {
  await h.close();
  remote.closeAllConnections();
  remote.close();
  rmSync(folder, { recursive: true, force: true });
});

test('GET /api/examples lists the built-in catalogue: six or more across classic, OAS, streams', async () => {
  const r = await h.call('GET', '/api/examples');
  assert.equal(r.status, 200);
  assert.ok(r.body.length >= 6);
  for (const kind of ['classic/', 'oas/', 'streams/'])
    assert.ok(
      r.body.some((e: any) => e.location.startsWith(kind)),
      kind,
    );
  assert.ok(r.body.every((e: any) => e.name && e.shortDescription));
});

test('every built-in example has a readme and a definition of its kind', async () => {
  for (const { location } of (await h.call('GET', '/api/examples')).body) {
    const bare = await h.call('GET', `/api/examples/${location}`);
    assert.equal(bare.status, 200, location);
    assert.equal(bare.body.readme, undefined);
    assert.equal(bare.body.api_definition ?? bare.body.oas, undefined);
    const full = await h.call('GET', `/api/examples/${location}?readme=true&apiDef=true`);
    assert.match(full.body.readme, /^# /, location);
    assert.ok(full.body.min_version);
    if (location.startsWith('classic/')) assert.ok(full.body.api_definition.proxy, location);
    else assert.ok(full.body.oas['x-svc-api-gateway'], location);
    if (location.startsWith('streams/')) assert.ok(full.body.oas['x-svc-streaming'], location);
  }
  const missing = await h.call('GET', '/api/examples/oas/nothing-here');
  assert.deepEqual([missing.status, missing.body.Message], [404, 'Example API definition not found.']);
});

test('x-svc-examples-index may name an http index file or repository root; file: URLs are refused', async () => {
  const fileIndex = pathToFileURL(join(folder, 'index.json')).href;
  const viaFile = await h.call('GET', '/api/examples/oas/tiny?apiDef=1&readme=1', { headers: { 'x-svc-examples-index': fileIndex } });
  assert.deepEqual([viaFile.status, viaFile.body.Message], [400, 'Invalid examples index file or root path.']);
  const list = await h.call('GET', '/api/examples', { headers: { 'x-svc-examples-index': remoteUrl } });
  assert.deepEqual(list.body, [{ location: 'oas/tiny', name: 'Tiny', shortDescription: 'A tiny API' }]);
  const viaHttp = await h.call('GET', '/api/examples/oas/tiny?apiDef=true&readme=1', {
    headers: { 'x-svc-examples-index': `${remoteUrl}/index.json`, 'x-svc-repo-url': remoteUrl },
  });
  assert.equal(viaHttp.body.oas.info.title, 'Tiny');
  assert.equal(viaHttp.body.readme, '# Tiny\n');
  assert.equal(viaHttp.body.min_version, '5.0');
});

test('bad, unreachable, slow and oversized catalogues answer the reference errors', async () => {
  const scheme = await h.call('GET', '/api/examples', { headers: { 'x-svc-examples-index': 'ftp://example.com/index.json' } });
  assert.deepEqual([scheme.status, scheme.body.Message], [400, 'Invalid examples index file or root path.']);
  writeFileSync(join(folder, 'broken.json'), '# not JSON');
  const notJson = await h.call('GET', '/api/examples', { headers: { 'x-svc-examples-index': `${remoteUrl}/broken.json` } });
  assert.equal(notJson.status, 400);
  const slow = await h.call('GET', '/api/examples', { headers: { 'x-svc-examples-index': `${remoteUrl}/slow/index.json` } });
  assert.deepEqual([slow.status, slow.body.Message], [500, 'Failed to fetch examples index file.']);
  const huge = await h.call('GET', '/api/examples', { headers: { 'x-svc-examples-index': `${remoteUrl}/huge/index.json` } });
  assert.equal(huge.status, 500);
  const badRepo = await h.call('GET', '/api/examples/oas/tiny?apiDef=1', {
    headers: { 'x-svc-examples-index': remoteUrl, 'x-svc-repo-url': `${remoteUrl}/elsewhere` },
  });
  assert.deepEqual([badRepo.status, badRepo.body.Message], [500, 'Failed to fetch example API definitions.']);
});
