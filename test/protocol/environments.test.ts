// Environments over LSP: a definition whose production overlay breaks it gets an error naming
// production at the member; the overlay itself gets the same error at the member it sets (and no
// "missing member" errors: it is a partial document); a harmless overlay gets none. In an
// overlay, completion and hover follow the definition's schema, and go-to-definition leads to
// the member of the definition it changes.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { LspClient } from './helpers/lspClient';

const policy = { id: 'gold', name: 'Gold', rate: 100, per: 60, quota_max: -1, access_rights: {} };
let folder: string;
let client: LspClient;
const uriOf = (rel: string) => pathToFileURL(path.join(folder, rel)).toString();
const write = (rel: string, value: unknown) => {
  fs.mkdirSync(path.dirname(path.join(folder, rel)), { recursive: true });
  const text = `${JSON.stringify(value, null, 2)}\n`;
  fs.writeFileSync(path.join(folder, rel), text);
  return text;
};
const rendered = (diagnostics: ReadonlyArray<{ code?: unknown }>): any[] => diagnostics.filter((d) => d.code === 'svc.rendered');

before(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-lsp-envs-'));
  write('environments/production/svc/gold.policy.json', { rate: 'fast' });
  write('environments/staging/svc/gold.policy.json', { rate: 5 });
  client = await LspClient.start({ workspaceFolder: folder });
});
after(async () => {
  await client?.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

test('the definition: an error per environment whose rendering breaks it, naming it, at the member', async () => {
  const text = write('svc/gold.policy.json', policy);
  const uri = uriOf('svc/gold.policy.json');
  client.open(uri, text);
  const diagnostics = rendered(await client.waitForDiagnostics(uri, 1));
  assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
  const [d] = diagnostics as Array<{ message: string; severity: number; range: { start: { line: number } } }>;
  assert.match(d.message, /^In environment 'production' \(rendered with environments\/production\/svc\/gold\.policy\.json\): /);
  assert.equal(d.severity, 1);
  assert.equal(text.split('\n')[d.range.start.line].trim().startsWith('"rate"'), true, 'at the member');
});

test('the overlay: the same error at the member it sets; a harmless overlay has none', async () => {
  const uri = uriOf('environments/production/svc/gold.policy.json');
  client.open(uri, fs.readFileSync(path.join(folder, 'environments/production/svc/gold.policy.json'), 'utf8'));
  const [d] = rendered(await client.waitForDiagnostics(uri, 1)) as Array<{ message: string; range: { start: { line: number } } }>;
  assert.match(d.message, /^In environment 'production' \(svc\/gold\.policy\.json rendered with this overlay\): /);
  assert.equal(d.range.start.line, 1);
  const staging = uriOf('environments/staging/svc/gold.policy.json');
  client.open(staging, fs.readFileSync(path.join(folder, 'environments/staging/svc/gold.policy.json'), 'utf8'));
  assert.deepEqual(rendered(await client.waitForDiagnostics(staging, 1)), []);
});

test('an unsaved edit of the open overlay re-checks the open definition at once: fixed, then broken again', async () => {
  const overlay = uriOf('environments/production/svc/gold.policy.json');
  const definition = uriOf('svc/gold.policy.json');
  const renderedNow = () => rendered(client.diagnostics.get(definition)?.diagnostics ?? []).length;
  // The file on disk still says "fast": only the editor's text has the fix.
  client.change(overlay, `${JSON.stringify({ rate: 7 }, null, 2)}\n`);
  await client.waitFor(() => renderedNow() === 0, 'the definition without the per-environment error');
  client.change(overlay, `${JSON.stringify({ rate: 'slow' }, null, 2)}\n`);
  await client.waitFor(() => renderedNow() === 1, 'the per-environment error back on the definition');
});

test('fixed in the overlay: the definition has no per-environment error any more', async () => {
  const overlay = uriOf('environments/production/svc/gold.policy.json');
  client.change(overlay, write('environments/production/svc/gold.policy.json', { rate: 7 })); // edited and saved
  const uri = uriOf('svc/gold.policy.json');
  const version = client.change(uri, `${JSON.stringify({ ...policy, per: 30 }, null, 2)}\n`);
  assert.deepEqual(rendered(await client.waitForDiagnostics(uri, version)), []);
});

test("an overlay is read by the definition's schema: completion, hover, no whole-document errors", async () => {
  const rel = 'environments/staging/svc/gold.policy.json';
  const uri = uriOf(rel);
  const text = '{\n  "rate": 5,\n  \n}\n';
  client.open(uri, text);
  const diagnostics = await client.waitForDiagnostics(uri, 1);
  assert.deepEqual(
    diagnostics.filter((d) => d.severity === 1),
    [],
    'no error for the members a policy needs: the overlay sets only what differs',
  );
  const completion: any = await client.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 2, character: 2 } });
  const labels = (Array.isArray(completion) ? completion : completion.items).map((i: { label: string }) => i.label);
  assert.ok(
    labels.some((l: string) => l.includes('quota_max')),
    `policy members offered: ${labels.slice(0, 10).join(', ')}`,
  );
  const hover: any = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 4 } });
  assert.ok(hover && JSON.stringify(hover.contents).length > 10, 'the policy schema describes rate');
});

test('go to definition from an overlay member leads to the definition member it changes', async () => {
  const uri = uriOf('environments/production/svc/gold.policy.json');
  const locations: any = await client.connection.sendRequest('textDocument/definition', { textDocument: { uri }, position: { line: 1, character: 4 } });
  assert.equal(locations.length, 1);
  assert.equal(locations[0].uri, uriOf('svc/gold.policy.json'));
  const baseLines = fs.readFileSync(path.join(folder, 'svc/gold.policy.json'), 'utf8').split('\n');
  assert.match(baseLines[locations[0].range.start.line], /"rate"/);
});
