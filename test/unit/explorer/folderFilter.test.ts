// The tree filter's `folder:PATH`, with the CLI's own rule (engine/src/environments/selection.ts):
// APIs and policies whose definition in the workspace is under PATH. The paths come from the
// deploy state of an environment declared in svc.environments.json, else from .svc/state.json.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { definitionFilesOf } from '../../../client/src/explorer/definitionFiles';
import { ExplorerModel } from '../../../client/src/explorer/explorerModel';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import { matchesTreeFilter, treeSelector } from '../../../client/src/explorer/presentation';
import type { ApiSummary, ResourceSource } from '../../../client/src/explorer/resourceSource';
import { formatDeployRecord, type DeployRecord } from '../../../engine/src/environments/deployState';
import { parseSelectors, selects } from '../../../engine/src/environments/selection';

test('folder:PATH matches a definition under PATH, as --select does (./, trailing / and \\ normalised; a sibling prefix is not under it)', () => {
  const cases: Array<[string, string | undefined, boolean]> = [
    ['folder:svc/team-a', 'svc/team-a/pay.oas.json', true],
    ['folder:./svc/team-a/', 'svc/team-a/deep/pay.oas.json', true],
    ['folder:svc\\team-a', 'svc/team-a/pay.oas.json', true],
    ['folder:svc/team', 'svc/team-a/pay.oas.json', false],
    ['folder:svc/team-a', 'svc/team-b/pay.oas.json', false],
    ['folder:svc', undefined, false],
  ];
  for (const [filter, file, expected] of cases) {
    assert.equal(matchesTreeFilter(filter, { texts: ['Payments', 'id1'], file }), expected, `${filter} on ${file}`);
    // The CLI's own answer for the same definition.
    if (file) assert.equal(selects(parseSelectors([filter]), { kind: 'oas', file, document: {} }), expected, `svc --select ${filter} on ${file}`);
  }
});

test('the filter text is a selector only with something after the colon; anything else is searched as text', () => {
  assert.equal(treeSelector('folder:svc')?.by, 'folder');
  assert.equal(treeSelector('  tag:team-a ')?.by, 'tag');
  assert.equal(treeSelector('name:Gold*')?.by, 'name');
  assert.equal(treeSelector('folder:'), undefined);
  assert.equal(treeSelector('Gold plan'), undefined);
  assert.ok(matchesTreeFilter('folder:', { texts: ['has folder: in its name'] }), 'an empty selector is plain text');
  assert.ok(!matchesTreeFilter('folder:svc', { texts: ['svc'] }), 'folder: never looks at names');
});

const api = (id: string, kind: ApiSummary['kind']): ApiSummary => ({ id, kind, name: `API ${id}`, active: true, usesOAuth: false, raw: {} });

function source(): ResourceSource {
  return {
    listApis: async () => ({ items: [api('a1', 'oas'), api('a2', 'oas'), api('a3', 'classic')], pages: 1 }),
    listOAuthClients: async () => [],
    listPolicies: async () => [
      { id: 'gold', name: 'Gold', active: true, raw: {} },
      { id: 'silver', name: 'Silver', active: true, raw: {} },
    ],
    listKeys: async () => ({ items: [{ id: 'k1', alias: 'svc-key', active: true, apiIds: [], raw: {} }], pages: 1 }),
    listWebhooks: async () => ({ items: [], pages: 1 }),
    listExamples: async () => [],
    fetchDocument: async () => ({}),
  };
}

async function child(model: ExplorerModel, parent: ExplorerNode | undefined, label: string): Promise<ExplorerNode> {
  const found = (await model.children(parent)).find((c) => c.label === label);
  assert.ok(found, `no child '${label}'`);
  return found;
}

test('the tree under folder: shows the APIs and policies whose definition is under it, counts them, and reads the paths once per filter', async () => {
  const reads: string[] = [];
  const files = new Map([
    ['oas:a1', 'svc/team-a/one.oas.json'],
    ['classic:a3', 'svc/team-b/three.classic.json'],
    ['policy:gold', 'svc/team-a/gold.policy.json'],
  ]);
  const model = new ExplorerModel({
    environments: () => [{ name: 'production', builtin: false, active: true, tooltip: '' }],
    sourceFor: async () => source(),
    definitionFiles: async (environment) => (reads.push(environment), files),
  });
  const env = await child(model, undefined, 'production');
  await model.children(await child(model, env, 'Policies'));
  assert.deepEqual(reads, [], 'no paths read without a folder: filter');

  model.setFilter('folder:svc/team-a');
  const apis = await child(model, env, 'APIs');
  const kinds = await model.children(apis);
  assert.deepEqual(
    kinds.map((k) => `${k.label} ${k.description}`),
    ['Classic APIs 0 of 1', 'OAS APIs 1 of 2', 'Streams APIs 0'],
  );
  assert.deepEqual(
    (await model.children(kinds[1])).map((n) => n.label),
    ['API a1'],
  );
  assert.deepEqual(
    (await model.children(await child(model, env, 'Policies'))).map((n) => n.label),
    ['Gold'],
  );
  assert.deepEqual(
    (await model.children(await child(model, env, 'Keys'))).map((n) => n.label),
    ["No match for 'folder:svc/team-a' (1 hidden)."],
    'keys have no definition path in the tree',
  );
  assert.deepEqual(reads, ['production'], 'read once for this filter');

  model.setFilter('folder:svc/team-b');
  assert.deepEqual(
    (await model.children(await child(model, env, 'Policies'))).map((n) => n.label),
    ["No match for 'folder:svc/team-b' (2 hidden)."],
  );
  assert.deepEqual(reads, ['production', 'production'], 'read again for a new filter (files may have been pulled since)');
});

test('the paths come from the deploy state of a declared environment, else from .svc/state.json; a damaged record is reported', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-folder-filter-'));
  try {
    const write = async (file: string, text: string) => {
      await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await fs.writeFile(path.join(root, file), text);
    };
    await write('svc.environments.json', JSON.stringify([{ name: 'production', dashboardUrl: 'http://127.0.0.1:1' }]));
    const record: DeployRecord = {
      environment: 'production',
      file: 'svc/team-a/gold.policy.json',
      kind: 'policy',
      id: 'gold',
      ids: {},
      serverHash: 'h',
      fileHash: 'h',
    };
    await write(`.svc-deploy/production/${record.file}`, formatDeployRecord(record));
    const legacy = (environment: string, id: string) => ({
      environment,
      target: { kind: 'oas', id },
      remoteHash: 'h',
      localHash: 'h',
      pulledAt: '2024-01-01T00:00:00.000Z',
    });
    await write(
      '.svc/state.json',
      JSON.stringify({ version: 1, files: { 'svc/mine/a1.oas.json': legacy('Local sandbox', 'a1'), 'svc/other.oas.json': legacy('production', 'a2') } }),
    );
    assert.deepEqual([...(await definitionFilesOf([root], 'production'))], [['policy:gold', 'svc/team-a/gold.policy.json']], 'declared: the deploy state only');
    assert.deepEqual([...(await definitionFilesOf([root], 'Local sandbox'))], [['oas:a1', 'svc/mine/a1.oas.json']], 'not declared: the pull records');

    await write(`.svc-deploy/production/svc/broken.policy.json`, '<<<<<<< HEAD\n');
    const problems: string[] = [];
    await definitionFilesOf([root], 'production', (p) => problems.push(p));
    assert.match(problems.join('\n'), /\.svc-deploy\/production\/svc\/broken\.policy\.json cannot be read/);
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
});
