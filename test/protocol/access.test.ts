// Effective access over stdio, on a workspace folder on disk: the code lens above a key
// ("effective: N APIs · rate · quota", calling Explain Access), the hover on an access_rights
// entry with the limits that apply and their source, and the access warnings on a policy and a key.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CodeLens, Diagnostic, Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { LspClient, pathUri } from './helpers/lspClient';

const orders = `{
  "name": "Orders",
  "api_id": "orders-1",
  "proxy": { "listen_path": "/orders/", "target_url": "https://orders.example.com" },
  "version_data": { "not_versioned": true, "versions": {} }
}`;
const gold = `{
  "id": "gold",
  "name": "Gold plan",
  "rate": 100, "per": 60,
  "quota_max": 10000, "quota_renewal_rate": 2592000,
  "meta_data": { "tier": "gold" },
  "access_rights": { "orders-1": { "api_id": "orders-1", "versions": ["Default"] } }
}`;
const silver = `{
  "id": "silver",
  "name": "Silver plan",
  "rate": 5, "per": 1,
  "quota_max": 50,
  "meta_data": { "tier": "silver" },
  "partitions": { "quota": true, "rate_limit": false, "acl": false, "complexity": false, "per_api": false }
}`;
const key = `{
  "alias": "alice",
  "apply_policies": ["gold"],
  "access_rights": {
    "orders-1": { "api_id": "orders-1" }
  }
}`;
const twoPlans = `{
  "alias": "bob",
  "apply_policies": ["gold", "silver"],
  "access_rights": {}
}`;

let dir: string;
let client: LspClient;
const fileUri = (name: string) => pathUri(join(dir, name));

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-access-'));
  writeFileSync(join(dir, 'orders.json'), orders);
  writeFileSync(join(dir, 'gold.json'), gold);
  writeFileSync(join(dir, 'silver.json'), silver);
  writeFileSync(join(dir, 'alice.key.json'), key);
  writeFileSync(join(dir, 'bob.key.json'), twoPlans);
  client = await LspClient.start({ workspaceFolder: dir });
  await client.waitFor(
    () => client.notifications.some((n) => n.method === 'window/logMessage' && /indexed .* of 5 workspace file/.test(n.params.message)),
    'the workspace scan',
  );
});
after(async () => {
  await client.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('the code lens above a key: effective APIs, rate and quota, calling Explain Access with the key', async () => {
  client.open(fileUri('alice.key.json'), key);
  const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: fileUri('alice.key.json') } });
  const effective = lenses.filter((l) => l.command?.command === 'svc.explainAccess');
  assert.equal(effective.length, 1);
  assert.equal(effective[0].command?.title, 'effective: 1 API · 100 req / 60 s · quota 10,000 / month');
  assert.deepEqual(effective[0].command?.arguments, [fileUri('alice.key.json')]);
  assert.deepEqual(effective[0].range.start, { line: 0, character: 0 });
  // A policy gets no effective-access lens.
  const onPolicy = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: fileUri('gold.json') } });
  assert.equal(onPolicy.filter((l) => l.command?.command === 'svc.explainAccess').length, 0);
});

test('the lens follows an edit: naming a policy that does not exist says the gateway refuses the key', async () => {
  const edited = key.replace('"gold"', '"platinum"');
  client.change(fileUri('alice.key.json'), edited);
  const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: fileUri('alice.key.json') } });
  assert.equal(
    lenses.find((l) => l.command?.command === 'svc.explainAccess')?.command?.title,
    'effective: refused by the gateway (policy not found: "platinum")',
  );
  client.change(fileUri('alice.key.json'), key);
});

test('hover on an access_rights entry: the policy that granted it, the rate and quota with their source', async () => {
  const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri: fileUri('alice.key.json') }, position: { line: 4, character: 6 } });
  const text = (hover.contents as MarkupContent).value;
  assert.match(text, /\*\*Effective access to `orders-1`\*\*/);
  assert.match(text, /granted by: policy 'Gold plan'/);
  assert.match(text, /rate: 100 req \/ 60 s — from policy 'Gold plan'/);
  assert.match(text, /quota: quota 10,000 \/ month — from policy 'Gold plan'/);
  assert.deepEqual(hover.range, { start: { line: 4, character: 4 }, end: { line: 4, character: 14 } });
  // Just outside the entry's name (its value): the schema's hover, not ours.
  const inside = await client.request<Hover | null>('textDocument/hover', {
    textDocument: { uri: fileUri('alice.key.json') },
    position: { line: 4, character: 21 },
  });
  assert.doesNotMatch((inside?.contents as MarkupContent | undefined)?.value ?? '', /Effective access/);
});

test('warnings: a policy limit its partitions never apply; two policies disagreeing where the last one wins', async () => {
  client.open(fileUri('silver.json'), silver);
  const onPolicy = await client.waitFor(
    () => client.diagnostics.get(fileUri('silver.json'))?.diagnostics.filter((d: Diagnostic) => String(d.code).startsWith('svc.access.')),
    'the policy warnings',
  );
  assert.deepEqual(
    onPolicy.map((d) => [d.code, d.severity, d.range.start.line]),
    [['svc.access.unreachable-limit', 2, 3]],
  );
  assert.match(String(onPolicy[0].message), /^rate is never applied: the policy's partitions leave rate_limit off, so the gateway ignores it/);
  client.open(fileUri('bob.key.json'), twoPlans);
  const onKey = await client.waitFor(
    () => client.diagnostics.get(fileUri('bob.key.json'))?.diagnostics.filter((d: Diagnostic) => String(d.code).startsWith('svc.access.')),
    'the key warnings',
  );
  assert.equal(onKey.length, 1);
  assert.match(
    String(onKey[0].message),
    /Policies 'gold' and 'silver' set meta_data\.tier differently\. The gateway applies policies in order and keeps 'silver''s value \("silver"\)\./,
  );
  assert.deepEqual(onKey[0].range.start, { line: 2, character: 29 });
});
